// What only the parts' own values show: malformed times, padded widths exceeded, mixed or
// missing zones, dates written for people (inferredtypes.h).

#include "model/design/checks/inferredtypes.h"
#include "model/design/recovery/partvalues.h"

#include "model/value/keyorder.h"

#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>
#include <functional>
#include <map>

namespace keyscope::model::checks {

using namespace inferred;
// ---------------------------------------------------------------------------------------------
// The parts' own values.

namespace {

// One placeholder part of an inferred key over the group's items, from their key text.
struct PartValues
{
    std::vector<QString> values;
    std::vector<qint64> items; // population indexes
    std::vector<QString> prefixes;
    std::vector<QString> rests; // the key from the part on
};

PartValues partValues(const CheckContext &context, const InferredTypes &types,
                      const EntityProposal &proposal, const InferredKey &key, int part)
{
    PartValues values;
    std::vector<QString> outputs;
    for (const qsizetype i : proposal.items) {
        const QString text = stringKey(types.handWritten[size_t(i)], key.keyAttribute);
        if (text.isEmpty() || !splitKey(text, key, outputs))
            continue;
        QString prefix;
        for (int p = 0; p < part; ++p)
            prefix += outputs[size_t(p)];
        values.values.push_back(outputs[size_t(part)]);
        values.items.push_back(context.population.generatedCount + i);
        values.rests.push_back(text.mid(prefix.size()));
        values.prefixes.push_back(std::move(prefix));
    }
    return values;
}

bool allDigits(const QString &text)
{
    return !text.isEmpty()
        && std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// The instant a time part's text names, read as the part's kind writes it; zoneless ISO text
// is read as UTC.
std::optional<qint64> instantOf(const PartKind &kind, const QString &text)
{
    using Kind = PartKind::Kind;
    switch (kind.kind) {
    case Kind::IsoDateTime:
    case Kind::IsoDate:
        if (const auto instant = parseInstant(text))
            return instant;
        return parseInstant(text + u'Z');
    case Kind::DisplayDate: {
        if (kind.format.isEmpty())
            return std::nullopt;
        const QDateTime local = QLocale::c().toDateTime(text, kind.format);
        if (!local.isValid())
            return std::nullopt;
        return QDateTime(local.date(), local.time(), QTimeZone::utc()).toMSecsSinceEpoch();
    }
    case Kind::EpochSeconds:
        return allDigits(text) ? std::optional(text.toLongLong() * 1000) : std::nullopt;
    case Kind::EpochMillis:
        return allDigits(text) ? std::optional(text.toLongLong()) : std::nullopt;
    default:
        return std::nullopt;
    }
}

// Each value's instant as bytes in time order (empty where the value is not a time).
std::vector<QByteArray> timeOrder(const PartValues &values, const PartKind &kind)
{
    std::vector<QByteArray> intended(values.values.size());
    for (size_t i = 0; i < values.values.size(); ++i) {
        if (const auto instant = instantOf(kind, values.values[i]))
            intended[i] = orderedInt64(*instant);
    }
    return intended;
}

// A part's value rewritten as ISO-8601 in UTC, where it reads as a time of `kind`.
std::function<std::optional<QString>(const QString &)> isoRewrite(const PartKind &kind)
{
    return [kind](const QString &value) -> std::optional<QString> {
        const auto instant = instantOf(kind, value);
        return instant ? std::optional(isoText(*instant)) : std::nullopt;
    };
}

// "Z", "+02:00", or "" (no zone) of an ISO-8601 date and time.
QString zoneOf(const QString &text)
{
    static const QRegularExpression zone(QStringLiteral(R"((Z|[+-]\d\d(?::?\d\d)?)$)"));
    if (text.size() <= 10)
        return QString();
    const auto match = zone.match(text.mid(10));
    return match.hasMatch() ? match.captured(1) : QString();
}

class PartChecker
{
public:
    PartChecker(const CheckContext &context, const InferredTypes &types,
                std::vector<Finding> &findings, int entity, const KeySite &site,
                const InferredKey &key, int part)
        : m_context(context)
        , m_types(types)
        , m_findings(findings)
        , m_entity(entity)
        , m_site(site)
        , m_key(key)
        , m_part(part)
    { }

    void run(const PartValues &values);

private:
    bool reported(const QString &id, const std::vector<qint64> &items = {}) const;
    Finding finding(const QString &id, Finding::Severity severity, std::vector<qint64> examples,
                    std::vector<qint64> concerned) const;
    QString placeholder() const;
    QString describe(qint64 item) const { return m_context.describeItem(item); }
    QString key(qint64 item) const
    {
        return CheckContext::quoted(m_context.keyValue(item, m_key.keyAttribute));
    }
    std::optional<InversionFinder::Pair> inversion(const PartValues &values,
                                                   const std::vector<QByteArray> &intended) const;
    QString keyOrder(const InversionFinder::Pair &pair) const;
    QString laterYet(const std::optional<InversionFinder::Pair> &pair) const;
    QStringList rewrittenKeys(const PartValues &values, const std::vector<qint64> &items,
                              const std::function<std::optional<QString>(const QString &)> &rewrite,
                              qsizetype most = -1) const;

    void reportMalformed(const std::vector<qint64> &bad, const QString &found, const QString &form);
    void malformedTimes(const PartValues &values, const PartKind &kind);
    void nearTimes(const PartValues &values);
    void paddedOutliers(const PartValues &values, const PartKind &kind);
    using ZoneItems = std::map<QString, std::vector<qint64>>; // zone -> items
    void zones(const PartValues &values, const PartKind &kind);
    void zonelessTimes(const PartValues &values, const std::vector<qint64> &all);
    void mixedZones(const PartValues &values, const PartKind &kind, const ZoneItems &byZone);
    void displayDates(const PartValues &values, const PartKind &kind);

    const CheckContext &m_context;
    const InferredTypes &m_types;
    std::vector<Finding> &m_findings;
    int m_entity;
    const KeySite &m_site;
    const InferredKey &m_key;
    int m_part;
};

QString PartChecker::placeholder() const
{
    const InferredKey::Part &part = m_key.parts[size_t(m_part)];
    return m_key.templateText.mid(part.column - 1, part.length);
}

bool PartChecker::reported(const QString &id, const std::vector<qint64> &items) const
{
    const QString path
        = QStringLiteral("entities[%1].keys.%2").arg(m_entity).arg(m_key.keyAttribute);
    for (const Finding &f : m_findings) {
        if (f.id != id || f.path != path)
            continue;
        if (items.empty())
            return true;
        for (const qint64 item : items) {
            if (std::binary_search(f.concerned.begin(), f.concerned.end(), item))
                return true;
        }
    }
    return false;
}

Finding PartChecker::finding(const QString &id, Finding::Severity severity,
                             std::vector<qint64> examples, std::vector<qint64> concerned) const
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.entity = m_context.entityName(m_entity);
    f.attribute = m_key.keyAttribute;
    f.index = m_site.storeName;
    f.items = std::move(examples);
    setConcerned(f, std::move(concerned));
    f.path = f.items.empty()
        ? QStringLiteral("items")
        : QStringLiteral("items[%1]").arg(f.items.front() - m_context.population.generatedCount);
    int ordinal = 0;
    for (int p = 0; p < m_part; ++p)
        ordinal += m_key.parts[size_t(p)].isPlaceholder ? 1 : 0;
    f.scopeNote = scopeNote(m_context, m_types, m_entity, m_key.keyAttribute, ordinal, f.items);
    return f;
}

std::optional<InversionFinder::Pair>
PartChecker::inversion(const PartValues &values, const std::vector<QByteArray> &intended) const
{
    InversionFinder finder;
    for (size_t i = 0; i < values.items.size(); ++i) {
        if (intended[i].isEmpty())
            continue;
        QByteArray context = m_context.collectionOf(m_site, values.items[i]);
        context += '\0';
        context += values.prefixes[i].toUtf8();
        if (!finder.add(context, intended[i], values.rests[i].toUtf8(), values.items[i]))
            break;
    }
    return finder.find();
}

// How the pair's keys compare ("'A' sorts before 'B' ...").
QString PartChecker::keyOrder(const InversionFinder::Pair &pair) const
{
    return explainKeyOrder(m_context.keyValue(pair.later.item, m_key.keyAttribute),
                           m_context.keyValue(pair.earlier.item, m_key.keyAttribute));
}

// " In your data, <later> is later than <earlier>, ... yet <order>." for a pair out of time
// order, or nothing.
QString PartChecker::laterYet(const std::optional<InversionFinder::Pair> &pair) const
{
    if (!pair)
        return QString();
    return QStringLiteral(" In your data, %1 is later than %2, both in one collection (%3), "
                          "yet %4.")
        .arg(describe(pair->later.item), describe(pair->earlier.item),
             m_context.describeCollection(m_site, pair->later.item), keyOrder(*pair));
}

// "'<key with the part rewritten>' for <key>" for each of `items` whose part `rewrite` can
// rewrite, at most `most` of them (all when negative).
QStringList
PartChecker::rewrittenKeys(const PartValues &values, const std::vector<qint64> &items,
                           const std::function<std::optional<QString>(const QString &)> &rewrite,
                           qsizetype most) const
{
    QStringList rewritten;
    for (const qint64 at : items) {
        const auto i = size_t(std::find(values.items.begin(), values.items.end(), at)
                              - values.items.begin());
        if (i >= values.items.size())
            continue;
        const auto part = rewrite(values.values[i]);
        if (!part)
            continue;
        rewritten << QStringLiteral("'%1%2%3' for %4")
                         .arg(values.prefixes[i], *part,
                              values.rests[i].mid(values.values[i].size()), key(at));
        if (rewritten.size() == most)
            break;
    }
    return rewritten;
}

void PartChecker::run(const PartValues &values)
{
    if (values.values.empty())
        return;
    const PartKind kind = recovery::classifyPart(values.values);
    if (!isTimeKind(kind.kind))
        nearTimes(values);
    if (values.values.size() < 2)
        return;
    if (isTimeKind(kind.kind))
        malformedTimes(values, kind);
    if (kind.kind == PartKind::Kind::PaddedInteger)
        paddedOutliers(values, kind);
    if (kind.kind == PartKind::Kind::IsoDateTime)
        zones(values, kind);
    if (kind.kind == PartKind::Kind::DisplayDate)
        displayDates(values, kind);
}

// An unsortable-timestamp warning on times that are not well formed: `found` says what the
// items write, `form` what to correct them to.
void PartChecker::reportMalformed(const std::vector<qint64> &bad, const QString &found,
                                  const QString &form)
{
    const qint64 first = bad.front();
    Finding f
        = finding(QStringLiteral("unsortable-timestamp"), Finding::Severity::Warning, {first}, bad);
    f.title = QStringLiteral("Malformed time in %1 %2").arg(m_key.keyAttribute, key(first));
    f.explanation = found
        + QStringLiteral(" A time that is not well formed sorts by its characters wherever they "
                         "happen to fall, so time-ordered Queries and range conditions (BETWEEN, "
                         "<, >) on %1 return it out of order or miss it, and code that parses the "
                         "time fails on it.")
              .arg(m_key.keyAttribute);
    f.fix = QStringLiteral("Correct the time in the key of %1 (and in any attribute holding it) "
                           "to %2, and validate times before building keys from them.")
                .arg(bad.size() == 1 ? QStringLiteral("this item")
                                     : QStringLiteral("these %1 items").arg(bad.size()),
                     form);
    m_findings.push_back(std::move(f));
}

void PartChecker::malformedTimes(const PartValues &values, const PartKind &kind)
{
    if (kind.outlierCount == 0 && kind.outliers.empty())
        return;
    std::vector<qint64> outliers;
    qint64 good = -1;
    for (size_t i = 0; i < values.values.size(); ++i) {
        if (recovery::attributeValueOf(kind, values.values[i]))
            good = good < 0 ? values.items[i] : good;
        else
            outliers.push_back(values.items[i]);
    }
    if (outliers.empty()) {
        for (const qsizetype i : kind.outliers) {
            if (i >= 0 && i < qsizetype(values.items.size()))
                outliers.push_back(values.items[size_t(i)]);
        }
    }
    if (outliers.empty() || reported(QStringLiteral("unsortable-timestamp"), outliers))
        return;
    const qsizetype total = qsizetype(values.values.size());
    reportMalformed(outliers,
                    QStringLiteral("%1 of the %2 hand-written %3 items write %4 in %5 as %6, but "
                                   "%7 do not: %8.")
                        .arg(QString::number(total - qsizetype(outliers.size())),
                             QString::number(total), m_context.entityName(m_entity), placeholder(),
                             m_key.keyAttribute, kind.describe(), QString::number(outliers.size()),
                             describe(outliers.front())),
                    QStringLiteral("the form the others have")
                        + (good >= 0 ? QStringLiteral(", like ") + key(good) : QString()));
}

// Values that start as an ISO-8601 date and time but are not one ("2021-09-15T02:00\"00"): a
// time typed by hand, found even when it is the only value of its part.
void PartChecker::nearTimes(const PartValues &values)
{
    static const QRegularExpression looksLikeTime(
        QStringLiteral("^\\d{4}-\\d{2}-\\d{2}[T ]\\d[\\d:.,\"'+Z -]+$"));
    std::vector<qint64> bad;
    for (size_t i = 0; i < values.values.size(); ++i) {
        const QString &value = values.values[i];
        if (!looksLikeTime.match(value).hasMatch())
            continue;
        if (recovery::partvalues::parseIso(value))
            continue;
        bad.push_back(values.items[i]);
    }
    if (bad.empty() || reported(QStringLiteral("unsortable-timestamp"), bad))
        return;
    reportMalformed(bad,
                    QStringLiteral("%1 of the hand-written %2 items write%3 in %4 what starts as "
                                   "an ISO-8601 date and time but is not one: %5.")
                        .arg(QString::number(bad.size()), m_context.entityName(m_entity),
                             bad.size() == 1 ? QStringLiteral("s") : QString(), m_key.keyAttribute,
                             describe(bad.front())),
                    QStringLiteral("YYYY-MM-DDTHH:MM:SSZ"));
}

void PartChecker::paddedOutliers(const PartValues &values, const PartKind &kind)
{
    std::vector<qint64> wider;
    std::vector<qint64> narrower;
    std::vector<QByteArray> intended(values.values.size());
    int widest = kind.width;
    for (size_t i = 0; i < values.values.size(); ++i) {
        const QString &value = values.values[i];
        if (!allDigits(value))
            continue;
        if (const auto number = plainNumber(value))
            intended[i] = number->sortableBytes();
        widest = std::max(widest, int(value.size()));
        if (value.size() > kind.width)
            wider.push_back(values.items[i]);
        else if (value.size() < kind.width)
            narrower.push_back(values.items[i]);
    }
    const auto pair = inversion(values, intended);
    const int width = widest + (wider.empty() ? 0 : 3);
    const auto report = [&](const QString &id, Finding::Severity severity,
                            const std::vector<qint64> &items, bool overflow) {
        if (items.empty() || reported(id, items))
            return;
        std::vector<qint64> examples {items.front()};
        if (pair && (pair->later.item == items.front() || pair->earlier.item == items.front()))
            examples = {pair->later.item, pair->earlier.item};
        Finding f = finding(id, severity, examples, items);
        const qint64 item = items.front();
        f.title = overflow ? QStringLiteral("%1 %2 is wider than the %3-digit numbers beside it")
                                 .arg(m_key.keyAttribute, key(item), QString::number(kind.width))
                           : QStringLiteral("%1 %2 is not padded like the others (%3 digits)")
                                 .arg(m_key.keyAttribute, key(item), QString::number(kind.width));
        QString order;
        if (examples.size() == 2)
            order
                = QStringLiteral(" In your data, in one collection (%1): %2.")
                      .arg(m_context.describeCollection(m_site, pair->later.item), keyOrder(*pair));
        f.explanation
            = QStringLiteral("The %1 part of %2 is a number zero-padded to %3 digits in the "
                             "other hand-written %4 items, but %5 %6 written %7: DynamoDB "
                             "compares the characters, so such a key sorts by its first digits, "
                             "not by value, among the padded ones.%8")
                  .arg(placeholder(), m_key.keyAttribute, QString::number(kind.width),
                       m_context.entityName(m_entity),
                       items.size() == 1 ? describe(item)
                                         : QStringLiteral("%1 items, the first %2")
                                               .arg(QString::number(items.size()), describe(item)),
                       items.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"),
                       overflow ? QStringLiteral("with more digits") : QStringLiteral("with fewer"),
                       order);
        const QStringList rewritten = rewrittenKeys(
            values, examples, [width](const QString &output) { return padded(output, width); });
        f.fix = QStringLiteral("Write every number of this part with one width that fits them "
                               "all, %1 digits, rewriting the keys of all these items: %2. ")
                    .arg(width)
                    .arg(rewritten.join(QStringLiteral(", ")))
            + adoptText(QStringLiteral("{%1|pad:%2}")
                            .arg(m_key.parts[size_t(m_part)].attribute, QString::number(width)));
        m_findings.push_back(std::move(f));
    };
    report(QStringLiteral("pad-overflow"), Finding::Severity::Error, wider, true);
    report(QStringLiteral("unpadded-number"), Finding::Severity::Warning, narrower, false);
}

void PartChecker::zones(const PartValues &values, const PartKind &kind)
{
    if (reported(QStringLiteral("unsortable-timestamp")))
        return;
    // Among the values that are times (malformed ones are reported on their own).
    ZoneItems byZone;
    for (size_t i = 0; i < values.values.size(); ++i) {
        if (recovery::attributeValueOf(kind, values.values[i]))
            byZone[zoneOf(values.values[i])].push_back(values.items[i]);
    }
    if (byZone.empty())
        return;
    const bool mixed = kind.mixedZones || byZone.size() > 1;
    if (!mixed && (kind.hasZone && !byZone.count(QString())))
        return;
    if (mixed)
        mixedZones(values, kind, byZone);
    else
        zonelessTimes(values, byZone.begin()->second);
}

// No zone at all: the order holds only while every writer uses one zone.
void PartChecker::zonelessTimes(const PartValues &values, const std::vector<qint64> &all)
{
    const QString attribute = m_key.parts[size_t(m_part)].attribute;
    const qint64 item = all.front();
    Finding f
        = finding(QStringLiteral("unsortable-timestamp"), Finding::Severity::Warning, {item}, all);
    const size_t i = 0;
    f.title = QStringLiteral("%1 times have no time zone (%2)").arg(m_key.keyAttribute, key(item));
    f.explanation
        = QStringLiteral("The %1 part of %2 holds ISO-8601 times without a time zone in all "
                         "%3 hand-written %4 items (%5). Whoever reads or writes them must "
                         "guess the zone: items written from two zones, or across a "
                         "daylight-saving change, sort out of time order in %2 and compare "
                         "wrongly in range conditions.")
              .arg(placeholder(), m_key.keyAttribute, QString::number(all.size()),
                   m_context.entityName(m_entity), describe(item));
    f.fix = QStringLiteral("Write the times in UTC with a 'Z' ('%1%2Z%3' if they are UTC), "
                           "one precision in every key. ")
                .arg(values.prefixes[i], values.values[i],
                     values.rests[i].mid(values.values[i].size()))
        + adoptText(QStringLiteral("{%1|iso8601}").arg(attribute));
    m_findings.push_back(std::move(f));
}

// Times in several zones: the zone most items use stays, the others are the ones to rewrite.
void PartChecker::mixedZones(const PartValues &values, const PartKind &kind,
                             const ZoneItems &byZone)
{
    const QString attribute = m_key.parts[size_t(m_part)].attribute;
    auto most = byZone.begin();
    for (auto it = byZone.begin(); it != byZone.end(); ++it) {
        if (it->second.size() > most->second.size())
            most = it;
    }
    std::vector<qint64> others;
    for (const auto &[zone, items] : byZone) {
        if (zone != most->first)
            others.insert(others.end(), items.begin(), items.end());
    }
    const auto pair = inversion(values, timeOrder(values, kind));
    std::vector<qint64> examples = pair
        ? std::vector<qint64> {pair->later.item, pair->earlier.item}
        : std::vector<qint64> {most->second.front(), others.front()};
    Finding f = finding(QStringLiteral("unsortable-timestamp"), Finding::Severity::Warning,
                        examples, others);
    const auto zoneName
        = [](const QString &zone) { return zone.isEmpty() ? QStringLiteral("no zone") : zone; };
    QStringList zones;
    for (const auto &[zone, items] : byZone)
        zones << QStringLiteral("%1 (%2 items)").arg(zoneName(zone), QString::number(items.size()));
    f.title = QStringLiteral("%1 times mix time zones: %2")
                  .arg(m_key.keyAttribute, zones.join(QStringLiteral(", ")));
    f.explanation
        = QStringLiteral("The %1 part of %2 holds ISO-8601 times written in different zones "
                         "(%3) in the hand-written %4 items. DynamoDB compares the characters: "
                         "the same instant written in two zones sorts in two places, so the "
                         "keys of one collection no longer sort in time order.%5")
              .arg(placeholder(), m_key.keyAttribute, zones.join(QStringLiteral(", ")),
                   m_context.entityName(m_entity), laterYet(pair));
    const QStringList rewritten = rewrittenKeys(values, others, isoRewrite(kind), 2);
    f.fix = QStringLiteral("Write every time in this part in UTC with a 'Z', one precision in "
                           "every key%1. ")
                .arg(rewritten.isEmpty()
                         ? QString()
                         : QStringLiteral(": ") + rewritten.join(QStringLiteral(", ")))
        + adoptText(QStringLiteral("{%1|iso8601}").arg(attribute));
    m_findings.push_back(std::move(f));
}

void PartChecker::displayDates(const PartValues &values, const PartKind &kind)
{
    if (reported(QStringLiteral("unsortable-timestamp")))
        return;
    const auto pair = inversion(values, timeOrder(values, kind));
    const qint64 first = pair ? pair->later.item : values.items.front();
    std::vector<qint64> examples = pair ? std::vector<qint64> {pair->later.item, pair->earlier.item}
                                        : std::vector<qint64> {first};
    Finding f = finding(QStringLiteral("unsortable-timestamp"), Finding::Severity::Warning,
                        examples, values.items);
    f.title = pair
        ? QStringLiteral("%1 sorts before %2").arg(key(pair->later.item), key(pair->earlier.item))
        : QStringLiteral("%1 writes dates for people (%2)").arg(m_key.keyAttribute, key(first));
    f.explanation
        = QStringLiteral("The %1 part of %2 writes dates for people (%3) in the hand-written %4 "
                         "items, and their characters do not sort in time order.%5")
              .arg(placeholder(), m_key.keyAttribute, kind.describe(),
                   m_context.entityName(m_entity), laterYet(pair));
    const QStringList rewritten = rewrittenKeys(values, examples, isoRewrite(kind));
    f.fix = QStringLiteral("Write the dates sortably, as ISO-8601, in the keys of these items%1; "
                           "keep the display format for the screen, not the key. ")
                .arg(rewritten.isEmpty()
                         ? QString()
                         : QStringLiteral(": ") + rewritten.join(QStringLiteral(", ")))
        + adoptText(QStringLiteral("{%1|date}").arg(m_key.parts[size_t(m_part)].attribute));
    m_findings.push_back(std::move(f));
}

} // namespace

void checkInferredParts(const CheckContext &context, const InferredTypes &types,
                        std::vector<Finding> &findings)
{
    const auto &proposals = types.recovery.proposals;
    for (int p = 0; p < int(proposals.size()); ++p) {
        const int entity = types.itemTypes.declaredEntities + p;
        for (const InferredKey &key : proposals[size_t(p)].keys) {
            const KeySite *site = context.site(entity, key.keyAttribute);
            if (!site || !site->isStringSortKey())
                continue;
            for (int part = 0; part < int(key.parts.size()); ++part) {
                if (!key.parts[size_t(part)].isPlaceholder)
                    continue;
                PartChecker checker(context, types, findings, entity, *site, key, part);
                checker.run(partValues(context, types, proposals[size_t(p)], key, part));
            }
        }
    }
}

} // namespace keyscope::model::checks
