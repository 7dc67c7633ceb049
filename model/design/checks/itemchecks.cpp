// Checks over every populated item: key-too-large, empty-key, invalid-item (DynamoDB's own
// validation messages, via Table::validate) and duplicate-key.

#include "model/design/checks/checksupport.h"
#include "model/table/table.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace keyscope::model::checks {

namespace {

struct Group
{
    qint64 count = 0;
    std::vector<qint64> items; // examples
    std::vector<qint64> all;
    QString message;
};

QString keyAttributeOf(const QString &message, const TableDefinition &table)
{
    static const QRegularExpression named(QStringLiteral(
        R"((?:IndexKey: |Index Key |Missing the key |Type mismatch for key |Key: )([^\s,]+))"));
    const auto match = named.match(message);
    if (match.hasMatch())
        return match.captured(1);
    if (message.contains(QLatin1String("hashkey")) && !table.keys.hash.empty())
        return table.keys.hash.front().name;
    if (message.contains(QLatin1String("range keys")) && !table.keys.range.empty())
        return table.keys.range.front().name;
    return QString();
}

QString itemPath(const CheckContext &context, qint64 item, const QString &keyAttribute)
{
    const int entity = context.entityOf(item);
    if (entity < 0)
        return QStringLiteral("items[%1]").arg(item - context.population.generatedCount);
    const EntityType &type = context.project.entities[size_t(entity)];
    if (!keyAttribute.isEmpty() && type.keys.count(keyAttribute))
        return QStringLiteral("entities[%1].keys.%2").arg(entity).arg(keyAttribute);
    return QStringLiteral("entities[%1].keys").arg(entity);
}

QString shortened(const QString &text)
{
    return text.size() <= 60 ? text : text.left(57) + QStringLiteral("...");
}

QByteArray primaryKeyBytes(const Item &item, const TableDefinition &table, bool *ok)
{
    QByteArray bytes;
    *ok = true;
    for (const auto &k : table.keys.all()) {
        if (!appendKeyBytes(bytes, item, k.name)) {
            *ok = false;
            return {};
        }
    }
    return bytes;
}

} // namespace

namespace {

// The words of a key-too-large, empty-key or invalid-item finding.
void describeInvalid(const CheckContext &context, Finding &f, const QString &id,
                     const QString &attribute, const Group &group, qint64 item)
{
    const Project &project = context.project;
    const int entity = context.entityOf(item);
    const AttributeValue value
        = attribute.isEmpty() ? AttributeValue() : context.keyValue(item, attribute);
    const QString what = entity >= 0 ? sentenceStart(context.itemsOf(entity, group.count))
                                     : QStringLiteral("A hand-written item");
    const QString templateText
        = entity >= 0 && project.entities[size_t(entity)].keys.count(attribute)
        ? project.entities[size_t(entity)].keys.at(attribute)
        : QString();
    if (id == QLatin1String("key-too-large")) {
        const bool hash = group.message.contains(QLatin1String("hashkey"))
            || group.message.contains(QLatin1String("Max Size: 2048"))
            || (!project.table.keys.hash.empty()
                && project.table.keys.hash.front().name == attribute);
        f.title = QStringLiteral("%1 over DynamoDB's %2-byte key limit")
                      .arg(attribute, QString::number(hash ? 2048 : 1024));
        f.explanation
            = QStringLiteral("%1 would be rejected by PutItem: a partition key holds at most "
                             "2048 bytes and a sort key at most 1024. DynamoDB says: \"%2\". "
                             "In your data, %3 has a %4 of %5 bytes: '%6'.")
                  .arg(what, group.message, context.describeItem(item), attribute,
                       QString::number(value.bytes().size()),
                       shortened(CheckContext::valueText(value)));
        f.fix = QStringLiteral("Keep keys short: build %1 from ids and short codes%2, and "
                               "keep long text in ordinary attributes (which count only "
                               "toward the 400 KB item limit).")
                    .arg(attribute,
                         templateText.isEmpty()
                             ? QString()
                             : QStringLiteral(" instead of '%1'").arg(templateText));
    } else if (id == QLatin1String("empty-key")) {
        f.title = QStringLiteral("Empty %1").arg(attribute);
        f.explanation
            = QStringLiteral("%1 would be rejected by PutItem: a key attribute cannot be an "
                             "empty string or binary. DynamoDB says: \"%2\". In your data, "
                             "%3 has an empty %4%5.")
                  .arg(what, group.message, context.describeItem(item), attribute,
                       templateText.isEmpty()
                           ? QString()
                           : QStringLiteral(" (its template '%1' rendered nothing)")
                                 .arg(templateText));
        f.fix
            = QStringLiteral("Make sure %1 never renders empty: start the template with a "
                             "literal type prefix ('%2#{...}') and use attributes whose "
                             "generators never produce an empty string; an item that "
                             "should not be in an index leaves the index key out "
                             "altogether (a sparse index) instead of writing it empty.")
                  .arg(attribute,
                       entity >= 0 ? context.entityName(entity).toUpper() : QStringLiteral("TYPE"));
    } else {
        f.title = QStringLiteral("Invalid item: %1").arg(group.message);
        f.explanation = QStringLiteral("%1 would be rejected by PutItem. DynamoDB says: "
                                       "\"%2\". In your data: %3.")
                            .arg(what, group.message, context.describeItem(item));
        f.fix = attribute.isEmpty()
            ? QStringLiteral("Make the items smaller than 400 KB: keep large values "
                             "elsewhere (S3) and store a reference.")
            : QStringLiteral("Give every item a %1 of the type the table declares: "
                             "add a key template for %1 to the entity type.")
                  .arg(attribute);
    }
}

// key-too-large, empty-key, invalid-item: what Table::validate rejects, grouped by template.
void checkInvalidItems(const CheckContext &context, std::vector<Finding> &findings)
{
    const Project &project = context.project;
    const Population &population = context.population;
    const Table table(project.table);

    // (id, path, key attribute) -> what was found there.
    std::map<std::tuple<QString, QString, QString>, Group> groups;
    for (qint64 i = 0; i < population.size(); ++i) {
        const auto error = table.validate(population.items[size_t(i)]);
        if (!error)
            continue;
        QString id;
        if (error->contains(QLatin1String("cannot contain an empty")))
            id = QStringLiteral("empty-key");
        else if (error->contains(QLatin1String("Size of hashkey"))
                 || error->contains(QLatin1String("Aggregated size of all range keys"))
                 || error->contains(QLatin1String("Size limit exceeded for Index Key")))
            id = QStringLiteral("key-too-large");
        else
            id = QStringLiteral("invalid-item");
        const QString attribute = keyAttributeOf(*error, project.table);
        Group &group = groups[{id, itemPath(context, i, attribute), attribute}];
        if (group.count++ == 0)
            group.message = *error;
        if (group.items.size() < 3)
            group.items.push_back(i);
        group.all.push_back(i);
    }
    for (const auto &[key, group] : groups) {
        const auto &[id, path, attribute] = key;
        const qint64 item = group.items.front();
        const int entity = context.entityOf(item);
        Finding f
            = findingOf(id, Finding::Severity::Error,
                        entity >= 0 ? context.entityName(entity) : QString(), attribute, path);
        f.items = group.items;
        setConcerned(f, group.all);
        const KeySite *site = entity >= 0 ? context.site(entity, attribute) : nullptr;
        if (!site) {
            f.scopeNote = entity >= 0
                ? QStringLiteral("About the items as a whole (%1), not a part of a key template.")
                      .arg(attribute.isEmpty()
                               ? QStringLiteral("their size or attributes")
                               : QStringLiteral("no template writes %1").arg(attribute))
                : QStringLiteral("About %1, not a key template.").arg(context.describeItem(item));
        } else if (id == QLatin1String("key-too-large")) {
            // The placeholder writing the most of the key is the part to shorten.
            std::vector<QString> outputs;
            markTemplate(f, *site);
            if (context.partOutputs(*site, item, outputs)) {
                int longest = -1;
                for (int p = 0; p < int(outputs.size()); ++p) {
                    if (site->keyTemplate.parts()[size_t(p)].isPlaceholder
                        && (longest < 0
                            || outputs[size_t(p)].toUtf8().size()
                                > outputs[size_t(longest)].toUtf8().size()))
                        longest = p;
                }
                if (longest >= 0)
                    markPart(f, *site, longest);
            }
        } else {
            markTemplate(f, *site);
        }
        describeInvalid(context, f, id, attribute, group, item);
        findings.push_back(std::move(f));
    }
}

// Two different items whose values hold the separator of the key they share: the parts run
// together ('ANA#LU' + 'RUIZ' and 'ANA' + 'LU#RUIZ' both make 'MEMBER#ANA#LU#RUIZ').
struct Collision
{
    QChar separator;
    QStringList differences; // "First 'ANA#LU' and 'ANA'"
    QStringList holding;     // the values holding the separator, quoted
    QStringList escapedKeys; // each item's key with those values percent-encoded, quoted
};

// The values of `item` (not key attributes) that hold a separator character of `key` and are
// written into it.
QStringList separatorValues(const Item &item, const QStringList &keys, const QString &key,
                            QChar &separator)
{
    QStringList out;
    for (const auto &[name, value] : item) {
        if (keys.contains(name) || value.type() != AttributeValue::Type::S)
            continue;
        const QString text = value.asString();
        if (text.isEmpty() || !key.contains(text))
            continue;
        for (const QChar c : text) {
            if (!c.isLetterOrNumber() && !c.isSpace() && key.contains(c)) {
                separator = c;
                out << text;
                break;
            }
        }
    }
    return out;
}

QString escapedKey(QString key, const QStringList &values)
{
    for (const QString &value : values)
        key.replace(value, QString::fromLatin1(value.toUtf8().toPercentEncoding()));
    return u'\'' + key + u'\'';
}

std::optional<Collision> separatorCollision(const CheckContext &context, qint64 earlier,
                                            qint64 later, const QString &keyAttribute)
{
    const QStringList keys = context.project.table.allKeyAttributeNames();
    const Item a = context.item(earlier);
    const Item b = context.item(later);
    const AttributeValue key = context.keyValue(later, keyAttribute);
    if (key.type() != AttributeValue::Type::S)
        return std::nullopt;
    Collision collision;
    const QStringList heldA = separatorValues(a, keys, key.asString(), collision.separator);
    const QStringList heldB = separatorValues(b, keys, key.asString(), collision.separator);
    if (heldA.isEmpty() && heldB.isEmpty())
        return std::nullopt;
    for (const auto &[name, value] : a) {
        const auto other = b.find(name);
        if (!keys.contains(name) && other != b.end() && !(other->second == value))
            collision.differences << QStringLiteral("%1 %2 and %3")
                                         .arg(name, CheckContext::quoted(value),
                                              CheckContext::quoted(other->second));
    }
    if (collision.differences.isEmpty())
        return std::nullopt; // the same values: a real duplicate, not a collision
    for (const QString &value : heldA + heldB)
        collision.holding << u'\'' + value + u'\'';
    collision.holding.removeDuplicates();
    collision.escapedKeys << escapedKey(key.asString(), heldA) << escapedKey(key.asString(), heldB);
    return collision;
}

// delimiter-in-value beside the duplicate-key finding `dup` its collision causes.
void reportCollision(const CheckContext &context, const Finding &dup, const Collision &c,
                     std::vector<Finding> &findings)
{
    Finding f = findingOf(QStringLiteral("delimiter-in-value"), Finding::Severity::Warning,
                          dup.entity, dup.attribute, dup.path);
    f.items = dup.items;
    f.concerned = dup.concerned;
    f.keyAttribute = dup.keyAttribute;
    f.column = dup.column;
    f.length = dup.length;
    f.scopeNote = dup.scopeNote;
    const QString sep(c.separator);
    const QString key = CheckContext::quoted(context.keyValue(dup.items.back(), dup.attribute));
    f.title = QStringLiteral("%1 hold the separator '%2', so two different items get the same "
                             "%3 %4")
                  .arg(c.holding.join(QStringLiteral(" and ")), sep, dup.attribute, key);
    f.explanation
        = QStringLiteral("%1 and %2 are different items (%3), but values of theirs hold '%4', "
                         "the separator %5 joins its parts with, so the parts run together and "
                         "both keys read %6: the same key, and the later PutItem replaces the "
                         "earlier item (duplicate-key).")
              .arg(sentenceStart(context.describeItem(dup.items.front())),
                   context.describeItem(dup.items.back()), c.differences.join(QStringLiteral(", ")),
                   sep, dup.attribute, key);
    f.fix = QStringLiteral("Keep '%1' out of the values that go into %2 (%3), or escape it in "
                           "the key, so the keys read %4, or join the parts with a character the "
                           "values never hold.")
                .arg(sep, dup.attribute, c.holding.join(QStringLiteral(", ")),
                     c.escapedKeys.join(QStringLiteral(" and ")));
    findings.push_back(std::move(f));
}

// A hash of the item's whole primary key, or nullopt when it lacks a key attribute (or has one
// of a non-key type).
std::optional<size_t> primaryKeyHash(const Item &item, const std::vector<KeyAttribute> &tableKeys)
{
    size_t hash = 0x5eed;
    for (const auto &k : tableKeys) {
        const auto found = item.find(k.name);
        if (found == item.end() || !found->second.isKeyType())
            return std::nullopt;
        const AttributeValue &value = found->second;
        if (value.type() == AttributeValue::Type::N) {
            const QByteArray bytes = value.sortableBytes();
            hash = qHashBits(bytes.constData(), size_t(bytes.size()), hash ^ 0x4e);
        } else {
            const QByteArray &bytes = value.bytes();
            hash = qHashBits(bytes.constData(), size_t(bytes.size()), hash ^ size_t(value.type()));
        }
    }
    return hash;
}

// (hash of the primary key, item) for every item with a whole key, sorted.
std::vector<std::pair<size_t, qint64>> sortedKeyHashes(const CheckContext &context)
{
    const Population &population = context.population;
    std::vector<std::pair<size_t, qint64>> hashes;
    hashes.reserve(size_t(population.size()));
    const std::vector<KeyAttribute> tableKeys = context.project.table.keys.all();
    for (qint64 i = 0; i < population.size(); ++i) {
        if (const auto hash = primaryKeyHash(population.items[size_t(i)], tableKeys))
            hashes.emplace_back(*hash, i);
    }
    std::sort(hashes.begin(), hashes.end());
    return hashes;
}

// The attribute a duplicate-key finding is about: the sort key, or the partition key without.
QString duplicateKeyAttribute(const TableDefinition &table)
{
    return table.keys.range.empty() ? table.keys.hash.front().name : table.keys.range.front().name;
}

struct DuplicateKeyGroup
{
    qint64 count = 0;
    qint64 earlier = -1;
    qint64 later = -1;
    std::vector<qint64> all; // every item sharing its key with another
};
using DuplicateKeyGroups = std::map<QString, DuplicateKeyGroup>; // path of the later item's key

// Within one hash (hashes[begin, end)): group by the real key bytes, earliest item first.
void groupEqualKeys(const CheckContext &context,
                    const std::vector<std::pair<size_t, qint64>> &hashes, size_t begin, size_t end,
                    DuplicateKeyGroups &groups)
{
    const TableDefinition &table = context.project.table;
    std::vector<std::pair<QByteArray, qint64>> keys;
    for (size_t k = begin; k < end; ++k) {
        bool ok = false;
        keys.emplace_back(
            primaryKeyBytes(context.population.items[size_t(hashes[k].second)], table, &ok),
            hashes[k].second);
    }
    std::sort(keys.begin(), keys.end());
    for (size_t k = 1; k < keys.size(); ++k) {
        if (keys[k].first != keys[k - 1].first)
            continue;
        // keys[k] repeats the key of the first item with these bytes.
        size_t first = k - 1;
        while (first > 0 && keys[first - 1].first == keys[k].first)
            --first;
        const qint64 earlier = keys[first].second;
        const qint64 later = keys[k].second;
        DuplicateKeyGroup &d = groups[itemPath(context, later, duplicateKeyAttribute(table))];
        ++d.count;
        d.all.push_back(earlier);
        d.all.push_back(later);
        if (d.earlier < 0 || later < d.later) {
            d.earlier = earlier;
            d.later = later;
        }
    }
}

// Hash each key, sort, compare the real bytes within equal hashes.
DuplicateKeyGroups findDuplicateKeys(const CheckContext &context)
{
    const auto hashes = sortedKeyHashes(context);
    DuplicateKeyGroups groups;
    for (size_t begin = 0; begin < hashes.size();) {
        size_t end = begin + 1;
        while (end < hashes.size() && hashes[end].first == hashes[begin].first)
            ++end;
        if (end - begin > 1)
            groupEqualKeys(context, hashes, begin, end, groups);
        begin = end;
    }
    return groups;
}

// The fix for a duplicate key of the entity type's items, or of hand-written ones (entity < 0).
QString duplicateKeyFix(const CheckContext &context, int entity, const QString &attribute)
{
    if (entity < 0)
        return QStringLiteral("Give the hand-written item a key of its own, or remove it if "
                              "it is meant to replace the generated item.");
    const EntityType &type = context.project.entities[size_t(entity)];
    const auto keyTemplate = type.keys.find(attribute);
    QString idName;
    for (const AttributeSpec &a : type.attributes) {
        if (a.name.endsWith(QLatin1String("Id"), Qt::CaseInsensitive)
            && (keyTemplate == type.keys.end() || !keyTemplate->second.contains(u'{' + a.name))) {
            idName = a.name;
            break;
        }
    }
    QString fix = QStringLiteral("Make the key unique for every %1: add what tells two of them "
                                 "apart to %2")
                      .arg(type.name, attribute);
    if (keyTemplate != type.keys.end() && !idName.isEmpty())
        fix += QStringLiteral(", e.g. %1#{%2}").arg(keyTemplate->second, idName);
    fix += QStringLiteral(" (a unique id, or a finer timestamp), so every item "
                          "gets a key of its own.");
    return fix;
}

// The duplicate-key finding for one group: its items, scope, title, explanation and fix.
Finding duplicateKeyFinding(const CheckContext &context, const QString &path,
                            const DuplicateKeyGroup &d)
{
    const Project &project = context.project;
    const int entity = context.entityOf(d.later);
    // An error: the later PutItem silently replaces the item.
    Finding f = findingOf(QStringLiteral("duplicate-key"), Finding::Severity::Error,
                          entity >= 0 ? context.entityName(entity) : QString(),
                          duplicateKeyAttribute(project.table), path);
    f.items = {d.earlier, d.later};
    setConcerned(f, d.all);
    if (const KeySite *site = entity >= 0 ? context.site(entity, f.attribute) : nullptr)
        markTemplate(f, *site); // the whole key fails to tell the items apart
    else
        f.scopeNote = QStringLiteral("About hand-written items (%1 and %2), not a key template.")
                          .arg(context.describeItem(d.earlier), context.describeItem(d.later));
    QStringList keyText;
    for (const auto &k : project.table.keys.all())
        keyText << k.name + u' ' + CheckContext::quoted(context.keyValue(d.later, k.name));
    f.title = QStringLiteral("Duplicate primary key %1").arg(keyText.join(QStringLiteral(", ")));
    const QString who = entity >= 0
        ? sentenceStart(context.itemsOf(entity, d.count)) + QStringLiteral(" have")
        : QStringLiteral("A hand-written item has");
    f.explanation = QStringLiteral("%1 the primary key of an earlier item, and a PutItem with an "
                                   "existing key replaces that item: the later write wins, so the "
                                   "table holds fewer items than %6. In your data, "
                                   "%2 and %3 both have %4; only the later, %5, remains.")
                        .arg(who, context.describeItem(d.earlier), context.describeItem(d.later),
                             keyText.join(QStringLiteral(", ")), context.itemName(d.later),
                             d.later >= context.population.generatedCount
                                 ? QStringLiteral("the project lists")
                                 : QStringLiteral("the design generates"));
    f.fix = duplicateKeyFix(context, entity, f.attribute);
    return f;
}

// duplicate-key, and beside it delimiter-in-value where a separator in the values caused it.
void checkDuplicateKeys(const CheckContext &context, std::vector<Finding> &findings)
{
    if (context.project.table.keys.hash.empty())
        return;
    for (const auto &[path, d] : findDuplicateKeys(context)) {
        Finding f = duplicateKeyFinding(context, path, d);
        const auto collision = separatorCollision(context, d.earlier, d.later, f.attribute);
        if (collision)
            f.fix = QStringLiteral("These are different items whose values hold the key's "
                                   "separator '%1' (delimiter-in-value, beside this finding): "
                                   "escape it in the key, or join the parts with a character "
                                   "the values never hold.")
                        .arg(QString(collision->separator));
        findings.push_back(f);
        if (collision)
            reportCollision(context, f, *collision, findings);
    }
}

} // namespace

void checkKeyLimits(const CheckContext &context, std::vector<Finding> &findings)
{
    checkInvalidItems(context, findings);
    checkDuplicateKeys(context, findings);
}

} // namespace keyscope::model::checks
