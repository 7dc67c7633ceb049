// Pattern diagnosis's candidates for the children's order: sort-key filters, ISO-8601 times,
// time-ordered ids and local indexes by the order attribute.
#include "model/design/patterndiagnosisparts.h"

#include "model/design/displaydates.h"
#include "model/design/keytemplate.h"
#include "model/design/projectfile.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

namespace keyscope::model::diagnosis {

namespace {

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

} // namespace

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

} // namespace keyscope::model::diagnosis
