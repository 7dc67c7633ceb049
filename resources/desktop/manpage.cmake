# Usage: cmake -DKEYSCOPE=<binary> -DOUT=<keyscope.1> -DVERSION=<x.y.z> -P manpage.cmake
# keyscope(1), made from the command line's own help texts (`keyscope --help` and each
# `keyscope COMMAND --help`), so the page and the program never say different things.
set(ENV{QT_QPA_PLATFORM} offscreen)
function(help_of out)
    execute_process(COMMAND "${KEYSCOPE}" ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE text
                    ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "keyscope ${ARGN} failed (${rc}): ${err}")
    endif()
    # roff: a backslash is \e; a line may not start with '.' or '\''.
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

help_of(overview --help)
set(page ".TH KEYSCOPE 1 \"\" \"Keyscope ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\nkeyscope \\- DynamoDB sort-key design visualizer and command-line tool\n")
string(APPEND page ".SH SYNOPSIS\n.nf\n${overview}.fi\n")
string(APPEND page ".SH DESCRIPTION\nKeyscope lets you define entity types and key templates, populates an item\n"
                   "collection from them, runs and animates DynamoDB Query traversals, checks the\n"
                   "design and says what it costs. Without a command it opens the desktop\n"
                   "application, with the files given.\n")
string(APPEND page ".SH COMMANDS\n")
foreach(command query check cost populate keys live export doc explain convert infer)
    help_of(text ${command} --help)
    string(APPEND page ".SS ${command}\n.nf\n${text}.fi\n")
endforeach()
string(APPEND page ".SH EXIT STATUS\n0 success; 1 a check or keys found a problem; 252 a command-line mistake;\n"
                   "254 a query DynamoDB would reject; 255 an unreadable or invalid input file.\n")
string(APPEND page ".SH FILES\n.TP\n.I *.keyscope.json\nA Keyscope design (project file).\n")
file(WRITE "${OUT}" "${page}")
