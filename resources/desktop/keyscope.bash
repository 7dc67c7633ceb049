# bash completion for keyscope: subcommands, their options, example ids, and the access
# patterns and entity types of the project file on the command line.

_keyscope_project()
{
    local word
    for word in "${COMP_WORDS[@]:2}"; do
        case "$word" in
        *.keyscope.json | *.json) [[ -f "$word" ]] && { printf '%s\n' "$word"; return; } ;;
        esac
    done
}

_keyscope_names()
{
    local IFS=$'\n' project
    if [[ $1 == examples ]]; then
        COMPREPLY=($(compgen -W "$(keyscope __complete examples 2>/dev/null)" -- "$cur"))
        return
    fi
    project=$(_keyscope_project)
    [[ -n $project ]] || return
    COMPREPLY=($(compgen -W "$(keyscope __complete "$1" "$project" 2>/dev/null)" -- "$cur"))
    local i
    for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=$(printf '%q' "${COMPREPLY[i]}"); done
}

_keyscope()
{
    local cur prev command
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    command=${COMP_WORDS[1]}
    local commands="query check cost populate keys live export doc explain convert infer"
    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W "$commands --help --version --new-instance" -- "$cur"))
        [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
        return
    fi
    case "$prev" in
    --example) _keyscope_names examples; return ;;
    --pattern) _keyscope_names patterns; return ;;
    --entity) _keyscope_names entities; return ;;
    --format)
        COMPREPLY=($(compgen -W "svg png pdf md frames html json csv batch-write workbench cloudformation create-table" -- "$cur"))
        return ;;
    --theme) COMPREPLY=($(compgen -W "light dark" -- "$cur")); return ;;
    --region) COMPREPLY=($(compgen -W "us-east-1 us-east-2 us-west-2" -- "$cur")); return ;;
    -o | --output | --project | --items | --table-definition | --compare)
        COMPREPLY=($(compgen -f -- "$cur")); return ;;
    esac
    if [[ $cur == -* ]]; then
        # The options each command's own --help lists.
        local options
        options=$(keyscope "$command" --help 2>/dev/null | grep -oE -- '(^|[ ,\[])--?[a-z][a-z-]*' | tr -d ' ,[' | sort -u)
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}

complete -o filenames -F _keyscope keyscope
