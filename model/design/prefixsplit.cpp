#include "model/design/prefixsplit.h"

#include "model/design/keytemplate.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace keyscope::model {

QString templatePrefix(const QString &templateText)
{
    const auto parsed = KeyTemplate::parse(templateText);
    if (!std::holds_alternative<KeyTemplate>(parsed))
        return QString();
    QString text;
    for (const KeyTemplate::Part &part : std::get<KeyTemplate>(parsed).parts()) {
        if (part.isPlaceholder)
            break;
        text += part.text;
    }
    return text;
}

namespace {

// The separator a prefix ends its parts with: its last character that is not a letter or
// digit ('#' of "ORDER#"), '#' when it has none.
QChar separatorOf(const QString &prefix)
{
    for (qsizetype i = prefix.size() - 1; i >= 0; --i) {
        if (!prefix.at(i).isLetterOrNumber())
            return prefix.at(i);
    }
    return u'#';
}

// How the other type's keys get a prefix of their own: the first literal after a placeholder
// that holds a word ("#ITEM#" of "ORDER#{OrderId}#ITEM#{ItemId}") becomes the prefix, and the
// shared prefix goes: "ITEM#{OrderId}#{ItemId}". Without such a word, the entity type's name.
struct Rewrite
{
    QString shared;  // "ORDER#"
    QString word;    // "ITEM#", the new prefix
    QString literal; // "#ITEM#", replaced by the separator; "" when the word is the type's name
    QChar separator = u'#';

    bool applies(const QString &text) const
    {
        return text.startsWith(shared)
            && (literal.isEmpty() || text.mid(shared.size()).contains(literal));
    }
    QString apply(const QString &text) const
    {
        QString rest = text.mid(shared.size());
        if (!literal.isEmpty())
            rest.replace(rest.indexOf(literal), literal.size(), QString(separator));
        return word + rest;
    }
};

std::optional<Rewrite> rewriteFor(const QString &otherTemplate, const QString &otherName,
                                  const QString &shared)
{
    const auto parsed = KeyTemplate::parse(otherTemplate);
    if (!std::holds_alternative<KeyTemplate>(parsed))
        return std::nullopt;
    Rewrite rewrite;
    rewrite.shared = shared;
    rewrite.separator = separatorOf(shared);
    bool afterPlaceholder = false;
    for (const KeyTemplate::Part &part : std::get<KeyTemplate>(parsed).parts()) {
        if (part.isPlaceholder) {
            afterPlaceholder = true;
            continue;
        }
        if (!afterPlaceholder)
            continue;
        const QString source = otherTemplate.mid(part.column - 1, part.length);
        qsizetype from = 0;
        while (from < source.size() && !source.at(from).isLetter())
            ++from;
        qsizetype to = from;
        while (to < source.size() && source.at(to).isLetterOrNumber())
            ++to;
        if (to > from) {
            rewrite.word = source.mid(from, to - from) + rewrite.separator;
            rewrite.literal = source;
            return rewrite;
        }
    }
    QString name;
    for (const QChar c : otherName) {
        if (c.isLetterOrNumber())
            name += c.toUpper();
    }
    if (name.isEmpty())
        return std::nullopt;
    rewrite.word = name + rewrite.separator;
    return rewrite;
}

// No other entity type's prefix begins with `prefix`, nor does `prefix` begin with one.
bool prefixIsFree(const Project &project, const QString &sortKey, const QString &prefix,
                  const QString &except)
{
    for (const EntityType &entity : project.entities) {
        const auto key = entity.keys.find(sortKey);
        if (entity.name == except || key == entity.keys.end())
            continue;
        const QString theirs = templatePrefix(key->second);
        if (!theirs.isEmpty() && (theirs.startsWith(prefix) || prefix.startsWith(theirs)))
            return false;
    }
    return true;
}

QString literalJson(const QString &text)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonObject {{QStringLiteral("S"), text}}).toJson(QJsonDocument::Compact));
}

// The values of the patterns that read the other type (and not the first) by its old prefix.
void moveValues(const Project &project, const PrefixSplit &split, const Rewrite &rewrite,
                DesignFix &fix)
{
    for (const AccessPattern &pattern : project.accessPatterns) {
        if (!pattern.expect.entityTypes.contains(split.other)
            || pattern.expect.entityTypes.contains(split.reads))
            continue;
        for (const auto &[name, value] : pattern.values) {
            const bool literal = value.literal.has_value();
            if (literal && value.literal->type() != AttributeValue::Type::S)
                continue;
            const QString text = literal ? value.literal->asString() : value.templateText;
            if (!rewrite.applies(text))
                continue;
            FixChange change;
            change.kind = FixChange::Kind::PatternValue;
            change.pattern = pattern.name;
            change.valueName = name;
            change.before = literal ? literalJson(text) : text;
            change.after = literal ? literalJson(rewrite.apply(text)) : rewrite.apply(text);
            fix.changes.push_back(change);
        }
    }
}

// The first returned item of a type the pattern does not expect (`first`), and how many of
// its type the page returned (`returned`).
const EntityType *unexpectedType(const Project &project, const Population &population,
                                 const AccessPattern &pattern, const PatternResult &result,
                                 qint64 &first, int &returned)
{
    const EntityType *other = nullptr;
    for (const ItemId id : result.response->itemIds) {
        const qint64 item = qint64(id);
        const int e = item < population.size() ? population.entityOf[size_t(item)] : -1;
        if (e < 0 || pattern.expect.entityTypes.contains(project.entities[size_t(e)].name))
            continue;
        if (!other) {
            other = &project.entities[size_t(e)];
            first = item;
        }
        if (other == &project.entities[size_t(e)])
            ++returned;
    }
    return other;
}

} // namespace

std::optional<PrefixSplit> prefixSplit(const Project &project, const Population &population,
                                       const AccessPattern &pattern, const PatternResult &result,
                                       const QString &sortKey)
{
    if (!result.response || pattern.expect.entityTypes.isEmpty() || sortKey.isEmpty())
        return std::nullopt;
    PrefixSplit split;
    split.sortKey = sortKey;
    const EntityType *other = unexpectedType(project, population, pattern, result, split.otherItem,
                                             split.otherReturned);
    if (!other || !other->keys.count(sortKey))
        return std::nullopt;
    split.other = other->name;
    split.otherBefore = other->keys.at(sortKey);
    const QString otherPrefix = templatePrefix(split.otherBefore);
    for (const QString &name : pattern.expect.entityTypes) {
        const EntityType *reads = project.entity(name);
        if (!reads || !reads->keys.count(sortKey))
            continue;
        const QString readsPrefix = templatePrefix(reads->keys.at(sortKey));
        // Equal prefixes, or a shorter one ending with its separator ('TASK' before
        // 'TASKNOTE#' is the template check's: end 'TASK' with '#').
        if (readsPrefix.isEmpty() || !otherPrefix.startsWith(readsPrefix)
            || readsPrefix.back().isLetterOrNumber())
            continue;
        split.reads = reads->name;
        split.readsTemplate = reads->keys.at(sortKey);
        split.prefix = readsPrefix;
        break;
    }
    if (split.reads.isEmpty())
        return std::nullopt;
    auto rewrite = rewriteFor(split.otherBefore, other->name, otherPrefix);
    if (!rewrite)
        return std::nullopt;
    if (!prefixIsFree(project, sortKey, rewrite->word, other->name)) {
        // "ITEM#" is taken: the shared prefix's word and this one, "ORDERITEM#".
        QString joined = otherPrefix;
        while (!joined.isEmpty() && !joined.back().isLetterOrNumber())
            joined.chop(1);
        rewrite->word = joined + rewrite->word;
        if (!prefixIsFree(project, sortKey, rewrite->word, other->name))
            return std::nullopt;
    }
    split.otherAfter = rewrite->apply(split.otherBefore);
    FixChange change;
    change.kind = FixChange::Kind::KeyTemplate;
    change.entity = other->name;
    change.key = sortKey;
    change.before = split.otherBefore;
    change.after = split.otherAfter;
    split.fix.summary = QStringLiteral("Give %1 a prefix of its own: %2 = %3")
                            .arg(other->name, sortKey, split.otherAfter);
    split.fix.changes.push_back(change);
    moveValues(project, split, *rewrite, split.fix);
    return split;
}

namespace {

// The value name of the pattern's begins_with on `sortKey` (":sk" of "begins_with(#sk, :sk)").
QString beginsWithValue(const AccessPattern &pattern, const QString &sortKey)
{
    static const QRegularExpression call(
        QStringLiteral(R"(begins_with\s*\(\s*([#\w.-]+)\s*,\s*(:[\w-]+)\s*\))"));
    const auto match = call.match(pattern.keyConditionExpression);
    if (!match.hasMatch())
        return QString();
    QString attribute = match.captured(1);
    if (const auto name = pattern.names.find(attribute); name != pattern.names.end())
        attribute = name->second;
    return attribute == sortKey ? match.captured(2) : QString();
}

// The value's text when it is plain text (a literal S, or a template without placeholders).
std::optional<QString> plainValue(const PatternValue &value)
{
    if (value.literal)
        return value.literal->type() == AttributeValue::Type::S
            ? std::optional(value.literal->asString())
            : std::nullopt;
    if (value.templateText.isEmpty() || templatePrefix(value.templateText) != value.templateText)
        return std::nullopt;
    return value.templateText;
}

// `prefix` extended along `longer` up to and including its next separator ('TASK' along
// 'TASK#' gives 'TASK#'), or the whole of `longer`.
QString upToSeparator(const QString &prefix, const QString &longer)
{
    qsizetype end = prefix.size();
    while (end < longer.size() && longer.at(end).isLetterOrNumber())
        ++end;
    return longer.left(std::min(end + 1, longer.size()));
}

} // namespace

std::optional<BeginsWithReach> beginsWithReach(const Project &project, const Population &population,
                                               const AccessPattern &pattern,
                                               const PatternResult &result, const QString &sortKey)
{
    if (!result.response || pattern.expect.entityTypes.isEmpty() || sortKey.isEmpty())
        return std::nullopt;
    BeginsWithReach reach;
    reach.sortKey = sortKey;
    reach.valueName = beginsWithValue(pattern, sortKey);
    const auto value = pattern.values.find(reach.valueName);
    const auto text = value == pattern.values.end() ? std::nullopt : plainValue(value->second);
    if (!text || text->isEmpty())
        return std::nullopt;
    reach.prefix = *text;
    const EntityType *other = unexpectedType(project, population, pattern, result, reach.otherItem,
                                             reach.otherReturned);
    if (!other || !other->keys.count(sortKey))
        return std::nullopt;
    reach.other = other->name;
    reach.otherPrefix = templatePrefix(other->keys.at(sortKey));
    for (const QString &name : pattern.expect.entityTypes) {
        const EntityType *reads = project.entity(name);
        const QString readsPrefix = reads && reads->keys.count(sortKey)
            ? templatePrefix(reads->keys.at(sortKey))
            : QString();
        if (readsPrefix.size() <= reach.prefix.size() || !readsPrefix.startsWith(reach.prefix))
            continue;
        const QString narrowed = upToSeparator(reach.prefix, readsPrefix);
        if (!reach.otherPrefix.startsWith(reach.prefix) || reach.otherPrefix.startsWith(narrowed))
            continue;
        reach.reads = name;
        reach.readsPrefix = readsPrefix;
        reach.narrowed = narrowed;
        break;
    }
    if (reach.reads.isEmpty())
        return std::nullopt;
    FixChange change;
    change.kind = FixChange::Kind::PatternValue;
    change.pattern = pattern.name;
    change.valueName = reach.valueName;
    const bool literal = value->second.literal.has_value();
    change.before = literal ? literalJson(reach.prefix) : reach.prefix;
    change.after = literal ? literalJson(reach.narrowed) : reach.narrowed;
    reach.fix.summary = QStringLiteral("Read %1 items with begins_with(%2, '%3')")
                            .arg(reach.reads, sortKey, reach.narrowed);
    reach.fix.changes.push_back(change);
    return reach;
}

} // namespace keyscope::model
