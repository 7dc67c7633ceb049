#include "model/design/patterndiagnosis.h"

#include "model/design/displaydates.h"
#include "model/design/keytemplate.h"
#include "model/design/prefixsplit.h"
#include "model/design/projectedindex.h"
#include "model/design/projectfile.h"
#include "model/value/keyorder.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>

namespace keyscope::model {

namespace {

struct Candidate
{
    QString diagnosis;
    QString findingId;
    DesignFix fix;
};

FixChange keyChange(const QString &entity, const QString &key, const QString &before,
                    const QString &after)
{
    FixChange change;
    change.kind = FixChange::Kind::KeyTemplate;
    change.entity = entity;
    change.key = key;
    change.before = before;
    change.after = after;
    return change;
}

FixChange patternChange(FixChange::Kind kind, const QString &pattern, const QString &before,
                        const QString &after)
{
    FixChange change;
    change.kind = kind;
    change.pattern = pattern;
    change.before = before;
    change.after = after;
    return change;
}

QString quoted(const QString &text)
{
    return QLatin1Char('\'') + text + QLatin1Char('\'');
}

// A placeholder's source text with new filters: "{PostNo|pad:5}".
QString placeholderText(const QString &attribute, const QStringList &filters)
{
    QString out = QStringLiteral("{") + attribute;
    for (const QString &filter : filters)
        out += QLatin1Char('|') + filter;
    return out + QLatin1Char('}');
}

QStringList filterTexts(const KeyTemplate::Part &part)
{
    QStringList out;
    for (const KeyTemplate::Filter &filter : part.filters)
        out << (filter.argument.isEmpty() ? filter.name
                                          : filter.name + QLatin1Char(':') + filter.argument);
    return out;
}

// The template with one part's text replaced.
QString replacedPart(const QString &text, const KeyTemplate::Part &part, const QString &with)
{
    return text.left(part.column - 1) + with + text.mid(part.column - 1 + part.length);
}

bool looksMutable(const AttributeSpec &attribute)
{
    static const QRegularExpression changing(
        QStringLiteral("(updated|modified|changed|status|state|lastlogin|version)"),
        QRegularExpression::CaseInsensitiveOption);
    return attribute.isMutable || changing.match(attribute.name).hasMatch();
}

const AttributeSpec *attributeOf(const EntityType &entity, const QString &name)
{
    for (const AttributeSpec &attribute : entity.attributes) {
        if (attribute.name == name)
            return &attribute;
    }
    return nullptr;
}

// What one diagnosis works from: the run, the parent, the sort key it reads.
struct Context
{
    const Project &project;
    const Population &population;
    const Table &table;
    const AccessPattern &pattern;
    const PatternResult &result;
    QString sortKey;

    const EntityType *parent() const { return project.entity(pattern.parentEntity); }
    QString keyOf(const EntityType &entity) const
    {
        const auto it = entity.keys.find(sortKey);
        return it == entity.keys.end() ? QString() : it->second;
    }
    const std::vector<ItemId> &ids() const
    {
        static const std::vector<ItemId> none;
        return result.response ? result.response->itemIds : none;
    }
    QString entityOf(qint64 item) const
    {
        const int e
            = item >= 0 && item < population.size() ? population.entityOf[size_t(item)] : -1;
        return e < 0 ? QString() : project.entities[size_t(e)].name;
    }
    // The first child of the pattern's parent item of type `entity`, or -1.
    qint64 childOf(const QString &entity) const
    {
        for (qint64 i = 0; i < population.generatedCount; ++i) {
            if (population.parentOf[size_t(i)] == result.parentItem && entityOf(i) == entity)
                return i;
        }
        return -1;
    }
    AttributeValue sortValue(qint64 item) const { return table.attribute(ItemId(item), sortKey); }
    // The types the pattern reads other than the parent, returned unexpected ones first.
    std::vector<const EntityType *> childTypes() const;
    bool parentProblem() const;
};

std::vector<const EntityType *> Context::childTypes() const
{
    QStringList names;
    for (ItemId id : ids()) {
        const QString type = entityOf(qint64(id));
        if (!pattern.expect.entityTypes.isEmpty() && !pattern.expect.entityTypes.contains(type))
            names << type;
    }
    names << pattern.expect.entityTypes;
    for (const EntityType &entity : project.entities) {
        if (entity.parent == pattern.parentEntity && pattern.expect.entityTypes.isEmpty())
            names << entity.name;
    }
    std::vector<const EntityType *> out;
    names.removeDuplicates();
    for (const QString &name : names) {
        const EntityType *entity = project.entity(name);
        if (entity && name != pattern.parentEntity && !keyOf(*entity).isEmpty())
            out.push_back(entity);
    }
    return out;
}

bool Context::parentProblem() const
{
    if (!pattern.expect.parentFirst || !*pattern.expect.parentFirst || result.parentItem < 0)
        return false;
    if (ids().empty() || qint64(ids().front()) != result.parentItem)
        return true;
    for (ItemId id : ids()) {
        if (!pattern.expect.entityTypes.isEmpty()
            && !pattern.expect.entityTypes.contains(entityOf(qint64(id))))
            return true;
    }
    return pattern.expect.count && qint64(ids().size()) < *pattern.expect.count;
}

// Literal values of the patterns that select a type by the prefix it had ("REVIEW#") follow
// the prefix when it gains or loses its '#'.
void movePrefixValues(const Context &c, const QString &prefix, bool hashed, Candidate &candidate)
{
    if (prefix.isEmpty())
        return;
    for (const AccessPattern &pattern : c.project.accessPatterns) {
        for (const auto &[name, value] : pattern.values) {
            if (!value.literal || value.literal->type() != AttributeValue::Type::S)
                continue;
            const QString text = value.literal->asString();
            if (text.isEmpty() || !prefix.startsWith(text)
                || text.startsWith(QLatin1Char('#')) != hashed)
                continue;
            const auto json = [](const QString &s) {
                return QString::fromUtf8(QJsonDocument(QJsonObject {{QStringLiteral("S"), s}})
                                             .toJson(QJsonDocument::Compact));
            };
            FixChange change
                = patternChange(FixChange::Kind::PatternValue, pattern.name, json(text),
                                json(hashed ? text.mid(1) : QLatin1Char('#') + text));
            change.valueName = name;
            candidate.fix.changes.push_back(change);
        }
    }
}

// The parent sorts on the wrong side of its children: move the children across it with '#'.
void parentSide(const Context &c, std::vector<Candidate> &out)
{
    const EntityType *parent = c.parent();
    if (!parent || c.sortKey.isEmpty() || c.result.parentItem < 0)
        return;
    const PatternExpectation &expect = c.pattern.expect;
    if (!expect.parentFirst && !expect.entityTypes.isEmpty()
        && !expect.entityTypes.contains(parent->name))
        return; // the pattern does not read the parent: which side it sorts on is no matter
    const AttributeValue parentKey = c.sortValue(c.result.parentItem);
    for (const EntityType *child : c.childTypes()) {
        const QString before = c.keyOf(*child);
        const bool hashed = before.startsWith(QLatin1Char('#'));
        const QString after = hashed ? before.mid(1) : QLatin1Char('#') + before;
        if (after.isEmpty())
            continue;
        Candidate candidate;
        candidate.findingId = QStringLiteral("parent-side");
        const qint64 item = c.childOf(child->name);
        QString order;
        if (item >= 0 && parentKey.isKeyType() && c.sortValue(item).type() == parentKey.type())
            order = QStringLiteral(" (") + explainKeyOrder(parentKey, c.sortValue(item))
                + QLatin1Char(')');
        const bool parentBefore = item >= 0 && parentKey.isKeyType()
            && c.sortValue(item).type() == parentKey.type()
            && AttributeValue::compareKeys(parentKey, c.sortValue(item)) < 0;
        candidate.diagnosis = QStringLiteral("The ") + parent->name + QStringLiteral(" (")
            + c.sortKey + QLatin1Char(' ') + quoted(parentKey.displayText())
            + QStringLiteral(") sorts ")
            + (parentBefore ? QStringLiteral("before") : QStringLiteral("after"))
            + QStringLiteral(" every ") + child->name + QLatin1Char(' ') + c.sortKey + order
            + QStringLiteral(", so reading ")
            + (c.pattern.scanIndexForward ? QStringLiteral("forward") : QStringLiteral("backward"))
            + QStringLiteral(" does not meet the ") + parent->name
            + QStringLiteral(" where the pattern wants it");
        candidate.diagnosis += hashed ? QStringLiteral(": drop the '#' before the ") + child->name
                + QStringLiteral(" prefix so they sort on the other side.")
                                      : QStringLiteral(": prefix the ") + child->name
                + QStringLiteral(" keys with '#' so they sort on the other side ('#' is 0x23, "
                                 "below letters and digits).");
        candidate.fix.summary
            = QStringLiteral("Key ") + child->name + QStringLiteral(" as ") + after;
        candidate.fix.changes.push_back(keyChange(child->name, c.sortKey, before, after));
        movePrefixValues(c, before.left(before.indexOf(QLatin1Char('{'))), hashed, candidate);
        out.push_back(std::move(candidate));
    }
}

// The other way round: read in the other direction, with the key condition's comparison
// turned to match.
void flipDirection(const Context &c, std::vector<Candidate> &out)
{
    Candidate candidate;
    const QString before = c.pattern.keyConditionExpression;
    QString after = before;
    static const QRegularExpression comparison(QStringLiteral("(<=|>=|<|>)"));
    const auto match = comparison.match(before);
    if (match.hasMatch()) {
        const QString op = match.captured(1);
        const QString flipped = op == QLatin1String("<=") ? QStringLiteral(">=")
            : op == QLatin1String(">=")                   ? QStringLiteral("<=")
            : op == QLatin1String("<")                    ? QStringLiteral(">")
                                                          : QStringLiteral("<");
        after = before.left(match.capturedStart(1)) + flipped + before.mid(match.capturedEnd(1));
    }
    const bool forward = c.pattern.scanIndexForward;
    candidate.diagnosis = QStringLiteral("The items the pattern wants lie the other way from "
                                         "where the query starts: read ")
        + (forward ? QStringLiteral("backward") : QStringLiteral("forward"))
        + (after != before ? QStringLiteral(" with ") + after : QString()) + QLatin1Char('.');
    candidate.fix.summary = QStringLiteral("Read ")
        + (forward ? QStringLiteral("backward") : QStringLiteral("forward"))
        + (after != before ? QStringLiteral(" with ") + after : QString());
    candidate.fix.changes.push_back(
        patternChange(FixChange::Kind::PatternDirection, c.pattern.name,
                      forward ? QStringLiteral("forward") : QStringLiteral("backward"),
                      forward ? QStringLiteral("backward") : QStringLiteral("forward")));
    if (after != before)
        candidate.fix.changes.push_back(
            patternChange(FixChange::Kind::PatternKeyCondition, c.pattern.name, before, after));
    out.push_back(std::move(candidate));
}

// The widest integer `attribute` of `entity` holds in the population, in digits.
int digitsUsed(const Context &c, const QString &entity, const QString &attribute)
{
    int digits = 1;
    for (qint64 i = 0; i < c.population.generatedCount; ++i) {
        if (c.entityOf(i) != entity)
            continue;
        if (const auto value = c.population.items.attribute(size_t(i), attribute))
            digits = std::max(digits, int(value->displayText().remove(QLatin1Char('-')).size()));
    }
    return digits;
}

// A literal bound written in the old time format ("EVENT#Dec 1, 2023"), in ISO-8601 UTC; the
// upper bound of a day-precision format becomes the day's last second.
std::optional<QString> isoBound(const QString &text, const QString &prefix, const QString &format,
                                bool upper)
{
    if (!text.startsWith(prefix))
        return std::nullopt;
    QDateTime time = QLocale(QLocale::English).toDateTime(text.mid(prefix.size()), format);
    if (!time.isValid())
        return std::nullopt;
    time = QDateTime(time.date(), time.time(), Qt::UTC);
    static const QRegularExpression clock(QStringLiteral("[hHms]"));
    if (upper && !clock.match(format).hasMatch())
        time = time.addSecs(24 * 3600 - 1);
    return prefix + time.toString(Qt::ISODate);
}

// The pattern's literal values written in the old time format, rewritten in ISO-8601.
void rewriteBounds(const Context &c, const QString &prefix, const QString &format,
                   Candidate &candidate)
{
    static const QRegularExpression upperOperand(
        QStringLiteral(R"((?:BETWEEN\s+:\w+\s+AND\s+|<=?\s*)(:\w+))"),
        QRegularExpression::CaseInsensitiveOption);
    QStringList uppers;
    for (auto it = upperOperand.globalMatch(c.pattern.keyConditionExpression); it.hasNext();)
        uppers << it.next().captured(1);
    for (const auto &[name, value] : c.pattern.values) {
        if (!value.literal || value.literal->type() != AttributeValue::Type::S)
            continue;
        const auto bound
            = isoBound(value.literal->asString(), prefix, format, uppers.contains(name));
        if (!bound)
            continue;
        const auto json = [](const QString &text) {
            return QString::fromUtf8(QJsonDocument(QJsonObject {{QStringLiteral("S"), text}})
                                         .toJson(QJsonDocument::Compact));
        };
        FixChange change = patternChange(FixChange::Kind::PatternValue, c.pattern.name,
                                         json(value.literal->asString()), json(*bound));
        change.valueName = name;
        candidate.fix.changes.push_back(change);
    }
}

// The order attribute chooses among dates written for people, after the key's text `prefix`:
// write its choices, and the patterns' bounds written with them, as ISO-8601.
void isoChoices(const EntityType &entity, const AttributeSpec &spec, const DisplayDates &dates,
                const QString &prefix, const Project &project, std::vector<Candidate> &out)
{
    auto fix = isoDatesFix(project, entity.name, spec.name, prefix, dates);
    if (!fix)
        return;
    Candidate candidate;
    candidate.findingId = QStringLiteral("unsortable-timestamp");
    candidate.diagnosis = spec.name + QStringLiteral(" holds dates written for people (")
        + dates.format->pattern
        + QStringLiteral("), and the key compares them as text, not as time: ")
        + dates.whyUnsorted()
        + QStringLiteral(". Write them as ISO-8601, whose text sorts in time order: ")
        + dates.rewrites(3) + QLatin1Char('.');
    candidate.fix = std::move(*fix);
    out.push_back(std::move(candidate));
}

// Candidates that rewrite one placeholder of a child's sort key.
struct PartRewrite
{
    const Context &c;
    const EntityType &entity;
    const QString &key;
    const KeyTemplate::Part &part;
    const QString before; // the sort key's template as it is
    std::vector<Candidate> &out;

    // A candidate that writes the placeholder with the filters `now`.
    Candidate *add(const QString &finding, const QString &why, const QStringList &now) const
    {
        Candidate candidate;
        candidate.findingId = finding;
        const QString after = replacedPart(before, part, placeholderText(part.text, now));
        candidate.diagnosis = why;
        candidate.fix.summary
            = entity.name + QLatin1Char(' ') + key + QStringLiteral(" as ") + after;
        candidate.fix.changes.push_back(keyChange(entity.name, key, before, after));
        out.push_back(std::move(candidate));
        return &out.back();
    }
};

// A number without pad gets one; a pad or invert is turned the other way. False when the
// placeholder is neither.
bool rewritePaddedOrder(const PartRewrite &r, const AttributeSpec &spec, const QStringList &filters)
{
    const QString &name = r.part.text;
    const bool number = spec.type == AttributeKind::N
        || spec.generator.kind == GeneratorSpec::Kind::Sequence
        || spec.generator.kind == GeneratorSpec::Kind::IntegerRange;
    const qsizetype pad = filters.indexOf(QRegularExpression(QStringLiteral("^pad:\\d+$")));
    const qsizetype invert = filters.indexOf(QRegularExpression(QStringLiteral("^invert:\\d+$")));
    if (number && pad < 0 && invert < 0) {
        const int width = std::max(5, digitsUsed(r.c, r.entity.name, name) + 2);
        r.add(QStringLiteral("unpadded-number"),
              name
                  + QStringLiteral(" is written without padding, so its numbers compare digit by "
                                   "digit ('10' sorts before '9'): pad it to ")
                  + QString::number(width) + QStringLiteral(" digits."),
              filters + QStringList {QStringLiteral("pad:") + QString::number(width)});
        return true;
    }
    if (pad < 0 && invert < 0)
        return false;
    const qsizetype at = pad >= 0 ? pad : invert;
    const QString width = filters[at].section(QLatin1Char(':'), 1);
    QStringList now = filters;
    now[at] = (pad >= 0 ? QStringLiteral("invert:") : QStringLiteral("pad:")) + width;
    r.add(QString(),
          QStringLiteral("The keys follow ") + name
              + (pad >= 0 ? QStringLiteral(" ascending (pad)")
                          : QStringLiteral(" descending (invert)"))
              + QStringLiteral(", the opposite of the order the pattern wants in the direction it "
                               "reads: write the zero-padded difference the other way (")
              + now[at] + QStringLiteral(")."),
          now);
    return true;
}

// A timestamp written through a format that does not sort by time gets ISO-8601.
void rewriteTimestampOrder(const PartRewrite &r, const QStringList &filters)
{
    const bool sortable = filters.isEmpty() || filters.contains(QStringLiteral("iso8601"))
        || filters.contains(QStringLiteral("date"));
    if (sortable)
        return;
    Candidate *candidate = r.add(
        QStringLiteral("unsortable-timestamp"),
        r.part.text + QStringLiteral(" is written as ") + filters.join(QLatin1Char('|'))
            + QStringLiteral(", which does not sort by time (month names, unpadded days or a "
                             "changing digit count): write ISO-8601 UTC instead."),
        {QStringLiteral("iso8601")});
    for (const KeyTemplate::Filter &filter : r.part.filters) {
        if (filter.name == QLatin1String("format"))
            rewriteBounds(r.c, r.before.left(r.part.column - 1), filter.argument, *candidate);
    }
}

// One placeholder of a child's sort key that reads the order attribute: the filter that
// makes its text sort by meaning.
void orderPart(const Context &c, const EntityType &entity, const QString &key,
               const KeyTemplate::Part &part, const QStringList &sourceFilters,
               std::vector<Candidate> &out)
{
    const AttributeSpec *spec = attributeOf(entity, part.text);
    if (!spec)
        return;
    QStringList filters = filterTexts(part);
    const PartRewrite rewrite {c, entity, key, part, c.keyOf(entity), out};
    if (rewritePaddedOrder(rewrite, *spec, filters))
        return;
    if (const auto dates = displayDatesOf(*spec); dates && filters.isEmpty()) {
        const QString prefix = rewrite.before.left(part.column - 1);
        isoChoices(entity, *spec, *dates, prefix.contains(QLatin1Char('{')) ? QString() : prefix,
                   c.project, out);
        return;
    }
    if (spec->type == AttributeKind::Timestamp) {
        rewriteTimestampOrder(rewrite, filters);
        return;
    }
    const bool cased
        = filters.contains(QStringLiteral("upper")) || filters.contains(QStringLiteral("lower"));
    if (!cased
        && (spec->generator.kind == GeneratorSpec::Kind::Names
            || sourceFilters.contains(QStringLiteral("lower"))
            || sourceFilters.contains(QStringLiteral("upper"))))
        rewrite.add(QStringLiteral("mixed-case"),
                    part.text
                        + QStringLiteral(" goes into the key as typed, and keys compare as bytes: "
                                         "every upper-case letter sorts before every lower-case "
                                         "one ('DeBrie' < 'Dean'). Upper-case it in the key."),
                    filters + QStringList {QStringLiteral("upper")});
}

// The order attribute's generator as the project file writes it.
QJsonObject orderGeneratorJson(const Context &c, const EntityType &entity, const QString &order)
{
    const QJsonObject file = ProjectFile::toJson(c.project);
    QJsonObject orderGenerator;
    for (const QJsonValue &e : file.value(QLatin1String("entities")).toArray()) {
        if (e.toObject().value(QLatin1String("name")).toString() != entity.name)
            continue;
        for (const QJsonValue &a : e.toObject().value(QLatin1String("attributes")).toArray()) {
            if (a.toObject().value(QLatin1String("name")).toString() == order)
                orderGenerator = a.toObject().value(QLatin1String("generator")).toObject();
        }
    }
    return orderGenerator;
}

// Generate the random id `id` as a KSUID, with the order attribute's times.
Candidate ksuidIdCandidate(const EntityType &entity, const QString &id, const QString &order,
                           QJsonObject ksuid)
{
    ksuid.insert(QStringLiteral("kind"), QStringLiteral("ksuid"));
    Candidate candidate;
    candidate.findingId = QStringLiteral("random-id-order");
    candidate.diagnosis = id
        + QStringLiteral(" is a random UUIDv4: its order says nothing "
                         "about ")
        + order
        + QStringLiteral(", so the keys come back in random order. Make it a KSUID, "
                         "whose leading characters are its creation time.");
    FixChange change;
    change.kind = FixChange::Kind::AttributeGenerator;
    change.entity = entity.name;
    change.attribute = id;
    change.before = QStringLiteral("{\"kind\":\"uuid4\"}");
    change.after = QString::fromUtf8(QJsonDocument(ksuid).toJson(QJsonDocument::Compact));
    candidate.fix.summary = QStringLiteral("Generate ") + entity.name + QLatin1Char('.') + id
        + QStringLiteral(" as a KSUID");
    candidate.fix.changes.push_back(change);
    return candidate;
}

// Add the local index `index` (sort key `key`, template `indexKey`) and query it.
Candidate localIndexCandidate(const Context &c, const EntityType &entity, const QString &index,
                              const QString &key, const QString &indexKey)
{
    const QString &order = c.pattern.expect.orderAttribute;
    Candidate candidate;
    candidate.findingId = QStringLiteral("random-id-order");
    candidate.diagnosis = entity.name + QStringLiteral("'s ") + c.sortKey + QLatin1Char(' ')
        + quoted(c.keyOf(entity)) + QStringLiteral(" does not follow ") + order
        + QStringLiteral(", so no read of the table returns them in that order. Add a local "
                         "secondary index whose sort key starts with ")
        + order + QStringLiteral(" and query it.");
    candidate.fix.summary = QStringLiteral("Add the index ") + index + QStringLiteral(" (") + key
        + QStringLiteral(" ") + indexKey + QStringLiteral(") and query it");
    FixChange table;
    table.kind = FixChange::Kind::TableIndex;
    table.key = key;
    table.after = index;
    candidate.fix.changes.push_back(table);
    candidate.fix.changes.push_back(keyChange(entity.name, key, QString(), indexKey));
    candidate.fix.changes.push_back(
        patternChange(FixChange::Kind::PatternIndex, c.pattern.name, QString(), index));
    QString condition = c.pattern.keyConditionExpression;
    condition.replace(QRegularExpression(QStringLiteral("\\b") + c.sortKey + QStringLiteral("\\b")),
                      key);
    if (condition != c.pattern.keyConditionExpression)
        candidate.fix.changes.push_back(patternChange(FixChange::Kind::PatternKeyCondition,
                                                      c.pattern.name,
                                                      c.pattern.keyConditionExpression, condition));
    return candidate;
}

// A local index whose sort key is the entity's sort key with the order attribute first, when
// the table may get one (the pattern reads the table, which has a sort key and room).
void orderByLocalIndex(const Context &c, const EntityType &entity, const KeyTemplate &parsed,
                       const AttributeSpec &orderSpec, std::vector<Candidate> &out)
{
    if (!c.pattern.indexName.isEmpty() || !c.project.table.keys.hasRange()
        || c.project.table.indexes.size() >= 5)
        return;
    const QString &order = c.pattern.expect.orderAttribute;
    QString key = QStringLiteral("LSI1SK");
    for (int n = 2; c.project.table.allKeyAttributeNames().contains(key); ++n)
        key = QStringLiteral("LSI%1SK").arg(n);
    const QString index = QStringLiteral("By") + order;
    if (c.project.table.index(index))
        return;
    const QString before = c.keyOf(entity);
    std::size_t literal = 0;
    while (literal < parsed.parts().size() && !parsed.parts()[literal].isPlaceholder)
        ++literal;
    const int at
        = literal < parsed.parts().size() ? parsed.parts()[literal].column - 1 : int(before.size());
    const QString orderText = orderSpec.type == AttributeKind::Timestamp
        ? placeholderText(order, {QStringLiteral("iso8601")})
        : placeholderText(order, {QStringLiteral("pad:10")});
    const QString indexKey = before.left(at) + orderText + QLatin1Char('#') + before.mid(at);
    out.push_back(localIndexCandidate(c, entity, index, key, indexKey));
}

// The children are keyed by something that does not follow the order attribute (a random
// id): a time-ordered id, or a local index whose sort key starts with the order attribute.
void orderById(const Context &c, const EntityType &entity, const KeyTemplate &parsed,
               std::vector<Candidate> &out)
{
    const QString &order = c.pattern.expect.orderAttribute;
    const AttributeSpec *orderSpec = attributeOf(entity, order);
    if (!orderSpec)
        return;
    const QJsonObject orderGenerator = orderGeneratorJson(c, entity, order);
    for (const KeyTemplate::Part &part : parsed.parts()) {
        const AttributeSpec *id = part.isPlaceholder ? attributeOf(entity, part.text) : nullptr;
        if (!id || id->generator.kind != GeneratorSpec::Kind::Uuid4
            || orderGenerator.value(QLatin1String("kind")).toString() != QLatin1String("timestamp")
            || orderSpec->generator.random)
            continue;
        out.push_back(ksuidIdCandidate(entity, part.text, order, orderGenerator));
    }
    orderByLocalIndex(c, entity, parsed, *orderSpec, out);
}

void orderFixes(const Context &c, std::vector<Candidate> &out)
{
    const QString &order = c.pattern.expect.orderAttribute;
    if (order.isEmpty() || c.sortKey.isEmpty())
        return;
    for (const EntityType *entity : c.childTypes()) {
        auto parsed = KeyTemplate::parse(c.keyOf(*entity));
        if (!std::holds_alternative<KeyTemplate>(parsed))
            continue;
        const KeyTemplate &key = std::get<KeyTemplate>(parsed);
        // What the order attribute means: itself, or the placeholders of its key template.
        QStringList sources {order};
        QStringList sourceFilters;
        if (entity->keys.count(order)) {
            if (auto source = KeyTemplate::parse(entity->keys.at(order));
                std::holds_alternative<KeyTemplate>(source)) {
                sources = std::get<KeyTemplate>(source).placeholders();
                for (const auto &part : std::get<KeyTemplate>(source).parts())
                    sourceFilters << filterTexts(part);
            }
        }
        bool found = false;
        for (const KeyTemplate::Part &part : key.parts()) {
            if (part.isPlaceholder && sources.contains(part.text)) {
                found = true;
                orderPart(c, *entity, c.sortKey, part, sourceFilters, out);
            }
        }
        if (!found)
            orderById(c, *entity, key, out);
    }
}

// The pattern looks its item up by a sort key the item is not keyed by ("TICKET#{TicketId}"
// against "{UpdatedAt}"): key it by what the caller knows, and move the patterns that read
// the old key's order to a local index on it.
void lookupKey(const Context &c, std::vector<Candidate> &out)
{
    const EntityType *entity = c.parent();
    if (!entity || c.sortKey.isEmpty() || !c.pattern.indexName.isEmpty())
        return;
    const QString before = c.keyOf(*entity);
    for (const auto &[name, value] : c.pattern.values) {
        const QRegularExpression equal(QStringLiteral("\\b") + c.sortKey
                                       + QStringLiteral("\\s*=\\s*")
                                       + QRegularExpression::escape(name) + QStringLiteral("\\b"));
        if (value.literal || before.isEmpty() || value.templateText == before
            || !equal.match(c.pattern.keyConditionExpression).hasMatch())
            continue;
        auto parsed = KeyTemplate::parse(before);
        if (!std::holds_alternative<KeyTemplate>(parsed))
            continue;
        const QStringList read = std::get<KeyTemplate>(parsed).placeholders();
        Candidate candidate;
        QStringList changing;
        for (const QString &attribute : read) {
            if (const AttributeSpec *spec = attributeOf(*entity, attribute);
                spec && looksMutable(*spec))
                changing << attribute;
        }
        if (!changing.isEmpty())
            candidate.findingId = QStringLiteral("mutable-in-key");
        candidate.diagnosis = entity->name + QStringLiteral("'s ") + c.sortKey
            + QStringLiteral(" is ") + quoted(before)
            + QStringLiteral(", but the pattern looks it up as ") + quoted(value.templateText)
            + QStringLiteral(": the key holds a value the caller does not know")
            + (changing.isEmpty() ? QString()
                                  : QStringLiteral(" and one that changes (")
                       + changing.join(QStringLiteral(", ")) + QLatin1Char(')'))
            + QStringLiteral(". Key the item by ") + quoted(value.templateText) + QLatin1Char('.');
        candidate.fix.summary
            = QStringLiteral("Key ") + entity->name + QStringLiteral(" as ") + value.templateText;
        candidate.fix.changes.push_back(
            keyChange(entity->name, c.sortKey, before, value.templateText));
        // Patterns that read the old key's order get a local index on it.
        const bool single = read.size() == 1 && before == placeholderText(read.front(), {});
        const AttributeSpec *spec = single ? attributeOf(*entity, read.front()) : nullptr;
        const QString key = spec && spec->type != AttributeKind::N && spec->type != AttributeKind::B
            ? read.front()
            : QStringLiteral("LSI1SK");
        const QString index = QStringLiteral("By") + (single ? read.front() : c.sortKey);
        bool indexed = false;
        for (const AccessPattern &other : c.project.accessPatterns) {
            if (&other == &c.pattern || !other.indexName.isEmpty()
                || !read.contains(other.expect.orderAttribute) || c.project.table.index(index)
                || c.project.table.allKeyAttributeNames().contains(key))
                continue;
            if (!indexed) {
                FixChange table;
                table.kind = FixChange::Kind::TableIndex;
                table.key = key;
                table.after = index;
                candidate.fix.changes.push_back(table);
                if (key != read.front() || !single)
                    candidate.fix.changes.push_back(
                        keyChange(entity->name, key, QString(), before));
                candidate.fix.summary += QStringLiteral(", and read by ")
                    + read.join(QStringLiteral(", ")) + QStringLiteral(" through the new index ")
                    + index;
                indexed = true;
            }
            candidate.fix.changes.push_back(
                patternChange(FixChange::Kind::PatternIndex, other.name, QString(), index));
            QString condition = other.keyConditionExpression;
            condition.replace(
                QRegularExpression(QStringLiteral("\\b") + c.sortKey + QStringLiteral("\\b")), key);
            if (condition != other.keyConditionExpression)
                candidate.fix.changes.push_back(
                    patternChange(FixChange::Kind::PatternKeyCondition, other.name,
                                  other.keyConditionExpression, condition));
        }
        out.push_back(std::move(candidate));
    }
}

// Limit counts the items read before the filter drops any.
void limitBeforeFilter(const Context &c, std::vector<Candidate> &out)
{
    if (!c.pattern.limit || !c.pattern.filterExpression || !c.result.response)
        return;
    const QueryResponse &response = *c.result.response;
    Candidate candidate;
    candidate.findingId = QStringLiteral("limit-before-filter");
    candidate.diagnosis = QStringLiteral("Limit %1 counts the items read before the filter: the "
                                         "query read %2 (ScannedCount) and the filter kept %3 "
                                         "(Count). Drop the Limit and paginate, or move the "
                                         "filtered value into the key.")
                              .arg(*c.pattern.limit)
                              .arg(response.scannedCount)
                              .arg(response.count);
    candidate.fix.summary
        = QStringLiteral("Drop Limit %1 and read every page").arg(*c.pattern.limit);
    candidate.fix.changes.push_back(patternChange(FixChange::Kind::PatternLimit, c.pattern.name,
                                                  QString::number(*c.pattern.limit), QString()));
    out.push_back(std::move(candidate));
}

// The pattern's begins_with value stops short of the separator and reaches another type:
// end it with the separator.
void narrowBeginsWith(const Context &c, std::vector<Candidate> &out)
{
    const auto reach = beginsWithReach(c.project, c.population, c.pattern, c.result, c.sortKey);
    if (!reach)
        return;
    out.push_back({QStringLiteral("begins_with(%1, '%2') is meant for %3 items, but %4 keys "
                                  "start with '%5', which begins with '%2' too. End the value "
                                  "with the separator: '%6'.")
                       .arg(c.sortKey, reach->prefix, reach->reads, reach->other,
                            reach->otherPrefix, reach->narrowed),
                   QStringLiteral("prefix-overlap"), reach->fix});
}

// Another type starts its sort key like the one the pattern expects: give it its own prefix.
void distinctPrefix(const Context &c, std::vector<Candidate> &out)
{
    const auto split = prefixSplit(c.project, c.population, c.pattern, c.result, c.sortKey);
    if (!split)
        return;
    out.push_back(
        {QStringLiteral("%1 and %2 both start %3 with '%4', so the key condition meant "
                        "for %1 returns %2 items too. Give %2 a prefix of its own: %5.")
             .arg(split->reads, split->other, c.sortKey, split->prefix, split->otherAfter),
         QStringLiteral("prefix-overlap"), split->fix});
}

// The 1 MB page ends before the expected count: read a narrow index of the same keys.
void projectedIndex(const Context &c, std::vector<Candidate> &out)
{
    const PatternExpectation &expect = c.pattern.expect;
    if (c.pattern.limit || !c.result.response || !c.result.response->lastEvaluatedKey)
        return;
    const qint64 wanted = expect.count ? *expect.count : expect.minCount.value_or(0);
    const QueryResponse &response = *c.result.response;
    if (response.count >= wanted)
        return;
    auto fix = projectedIndexFix(c.project, c.pattern, c.result);
    if (!fix)
        return;
    out.push_back(
        {QStringLiteral("The 1 MB page ends after %1 items, where the pattern expects %2: "
                        "the items are too large for one page. An index that projects "
                        "only the keys (and what the pattern reads) holds them all.")
             .arg(response.count)
             .arg(wanted),
         QStringLiteral("page-size"), std::move(*fix)});
}

std::vector<Candidate> candidates(const Context &c)
{
    std::vector<Candidate> out;
    if (c.result.error || !c.result.response)
        return out;
    lookupKey(c, out);
    limitBeforeFilter(c, out);
    narrowBeginsWith(c, out);
    distinctPrefix(c, out);
    projectedIndex(c, out);
    if (c.parentProblem()) {
        parentSide(c, out);
        orderFixes(c, out);
    } else {
        orderFixes(c, out);
        parentSide(c, out);
    }
    flipDirection(c, out);
    return out;
}

} // namespace

namespace {

// What to change by hand when no candidate made the pattern pass, from what it got wrong.
QString handAdvice(const Context &c)
{
    const PatternExpectation &expect = c.pattern.expect;
    QStringList others;
    for (ItemId id : c.ids()) {
        const QString type = c.entityOf(qint64(id));
        if (!expect.entityTypes.isEmpty() && !expect.entityTypes.contains(type)
            && !others.contains(type))
            others << type;
    }
    if (!others.isEmpty())
        return QStringLiteral("Change by hand what selects the items: the key condition (%1) "
                              "and its values, or the sort key prefix of %2, so that only %3 "
                              "items match.")
            .arg(c.pattern.keyConditionExpression, others.join(QStringLiteral(", ")),
                 expect.entityTypes.join(QStringLiteral(", ")));
    const qint64 wanted = expect.count ? *expect.count : expect.minCount.value_or(0);
    const qint64 got = qint64(c.ids().size());
    if (got < wanted)
        return QStringLiteral("The query returns %1 items where the pattern expects %2: change "
                              "by hand the expected count, how many items the design generates "
                              "for each parent, or the key condition.")
            .arg(QString::number(got), QString::number(wanted));
    if (!expect.orderAttribute.isEmpty())
        return QStringLiteral("Change by hand how the sort key writes %1, so that its text "
                              "sorts in the order the pattern expects.")
            .arg(expect.orderAttribute);
    return QStringLiteral("Change by hand the key condition, the sort key templates or what "
                          "the pattern expects, so that they agree.");
}

// The candidates tried, by what each would do: "Read backward; Key Task as ...".
QString triedText(const std::vector<Candidate> &found)
{
    QStringList tried;
    for (const Candidate &candidate : found)
        tried << candidate.fix.summary;
    tried.removeDuplicates();
    return tried.join(QStringLiteral("; "));
}

// The first candidate that makes the pattern pass without breaking a passing one, else the
// first that makes it pass at all (`breaks` set), else null.
const Candidate *passingCandidate(const Context &c, const std::vector<Candidate> &found,
                                  FixTrials &trials, bool &breaks)
{
    const Candidate *passing = nullptr;
    for (const Candidate &candidate : found) {
        const FixTrial trial = trials.tryFix(candidate.fix, c.pattern);
        if (trial.passes && trial.broken == 0) {
            breaks = false;
            return &candidate;
        }
        if (trial.passes && !passing)
            passing = &candidate;
    }
    breaks = passing != nullptr;
    return passing;
}

} // namespace

void diagnosePattern(const Project &project, const Population &population, const Table &table,
                     const AccessPattern &pattern, PatternResult &result, FixTrials &trials)
{
    if (result.passed)
        return;
    const IndexStore *store = table.store(pattern.indexName);
    const Context context {
        project, population,
        table,   pattern,
        result,  store && store->keys().hasRange() ? store->keys().range.front().name : QString()};
    const std::vector<Candidate> found = candidates(context);
    if (found.empty()) {
        result.diagnosis = result.error
            ? QStringLiteral("The request itself is invalid: fix the key condition, values or "
                             "index it names.")
            : QStringLiteral("No automatic fix was found: no change to the templates, the "
                             "direction, the key condition or the Limit applies here. ")
                + handAdvice(context);
        return;
    }
    if (population.size() > kTrialItems) {
        result.diagnosis = found.front().diagnosis
            + QStringLiteral(" (Not tried: the design is too large to populate again.)");
        result.findingId = found.front().findingId;
        result.fix = found.front().fix;
        return;
    }
    bool breaks = false;
    const Candidate *chosen = passingCandidate(context, found, trials, breaks);
    if (!chosen) {
        // A change that was tried and left the pattern failing is no fix: offer none.
        result.diagnosis = QStringLiteral("No automatic fix was found: the pattern still fails "
                                          "with each change tried (%1). ")
                               .arg(triedText(found))
            + handAdvice(context);
        return;
    }
    result.diagnosis = chosen->diagnosis;
    if (breaks)
        result.diagnosis += QStringLiteral(" (This change makes another pattern fail.)");
    result.findingId = chosen->findingId;
    result.fix = chosen->fix;
}

} // namespace keyscope::model
