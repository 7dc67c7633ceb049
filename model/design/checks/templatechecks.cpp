// What the key templates say about each other and about the values they write:
// zoneless-timestamp, delimiter-in-value, prefix-overlap, mixed-width (signed-pad is with the
// other pad checks, padchecks.cpp).
#include "model/design/checks/ordersupport.h"

#include <QRegularExpression>

#include <map>

namespace keyscope::model::checks {

namespace {

// How many example values a finding quotes.
constexpr qsizetype kExamples = 3;

QString quotedList(const QStringList &values)
{
    QStringList quoted;
    for (const QString &v : values)
        quoted << u'\'' + v + u'\'';
    return quoted.join(QStringLiteral(", "));
}

// ---------------------------------------------------------------------------------------------
// zoneless-timestamp

// An ISO-8601 date and time without 'Z' or an offset: "2024-03-10T02:30:00".
bool isZonelessIso(const QString &text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?$"));
    return pattern.match(text).hasMatch();
}

// A format:PATTERN that writes a time of day but no zone ("yyyy-MM-ddTHH:mm:ss").
bool isZonelessFormat(const PlaceholderRef &ref)
{
    for (const KeyTemplate::Filter &filter : ref.templatePart->filters) {
        if (filter.name != QLatin1String("format"))
            continue;
        const QString &p = filter.argument;
        const bool timeOfDay = p.contains(u'H') || p.contains(u'h');
        const bool zone = p.contains(u't') || p.contains(u'Z') || p.contains(u'z');
        if (timeOfDay && !zone)
            return true;
    }
    return false;
}

void checkZonelessPlaceholder(const CheckContext &context, const KeySite &site,
                              const PlaceholderRef &ref, std::vector<Finding> &findings)
{
    const bool formatted = isZonelessFormat(ref);
    if (!formatted && (ref.hasTimeFilter() || ref.spec->type != AttributeKind::S))
        return;
    std::vector<qint64> items;
    QStringList examples;
    context.forSampledOutputs(site, [&](qint64 item, const std::vector<QString> &outputs) {
        const QString &output = outputs[size_t(ref.part)];
        if (!formatted && !isZonelessIso(output))
            return;
        items.push_back(item);
        if (examples.size() < kExamples && !examples.contains(output))
            examples << output;
    });
    if (items.empty())
        return;
    const QString &text = site.keyTemplate.text();
    Finding f = makeFinding(context, QStringLiteral("zoneless-timestamp"),
                            Finding::Severity::Warning, site, &ref);
    f.items = {items.front()};
    setConcerned(f, items);
    f.title = ref.name + QStringLiteral(" times in ") + site.keyAttribute
        + QStringLiteral(" have no time zone ('") + examples.front() + QStringLiteral("')");
    const QString how = formatted
        ? QStringLiteral("writes %1 through %2, a time of day without 'Z' or an offset")
              .arg(ref.name, ref.source(text))
        : QStringLiteral("writes %1 as stored, ISO-8601 times without 'Z' or an offset")
              .arg(ref.name);
    f.explanation
        = QStringLiteral("%1 ('%2') %3: %4 in your data (%5, key %6). Whoever writes such a "
                         "time writes their own clock's time, so the order of the keys depends "
                         "on the writer's zone: items written from two zones, or across a "
                         "daylight-saving change (when local clocks repeat an hour), sort out of "
                         "time order, and range conditions on %7 select the wrong items. %8")
              .arg(sentenceStart(site.description), text, how, quotedList(examples),
                   context.describeItem(items.front()),
                   CheckContext::quoted(context.keyValue(items.front(), site.keyAttribute)),
                   site.keyAttribute,
                   items.size() == 1
                       ? QStringLiteral("1 item in the sample holds such a time.")
                       : QStringLiteral("%1 in the sample hold such times.")
                             .arg(counted(qint64(items.size()), QStringLiteral("item"),
                                          QStringLiteral("items"))));
    const QString iso = isoTemplate(site, ref);
    f.fix = QStringLiteral("Write times in UTC with a 'Z': %1 ('2024-03-10T02:30:00Z'), "
                           "converting local times to UTC when they are written; show local "
                           "time on the screen, not in the key.")
                .arg(iso);
    setIsoEdit(f, context, site, ref, iso);
    findings.push_back(std::move(f));
}

// ---------------------------------------------------------------------------------------------
// delimiter-in-value

// Generators whose values have one form and length, so a separator inside them is no
// ambiguity (a uuid4's '-').
bool hasFixedForm(const GeneratorSpec &generator)
{
    using Kind = GeneratorSpec::Kind;
    switch (generator.kind) {
    case Kind::Uuid4:
    case Kind::Ulid:
    case Kind::Ksuid:
    case Kind::Timestamp:
    case Kind::Sequence:
    case Kind::IntegerRange:
        return true;
    default:
        return false;
    }
}

// What the sampled values of a placeholder hold of the template's separators.
struct SeparatorSample
{
    std::vector<qint64> items; // the items whose value holds a separator
    qint64 first = -1;
    QString firstValue;
    QString firstPrefix; // the key up to the first value's separator
    QChar separator;     // the first value's first separator
    QStringList examples;
    // Separators per value, fewest and most: values that all hold the same number are a
    // deliberate composite ("US#WA#SEATTLE", read level by level with begins_with), not a
    // collision.
    qsizetype fewest = -1;
    qsizetype most = 0;
};

SeparatorSample sampleSeparators(const CheckContext &context, const KeySite &site,
                                 const QString &separators, const PlaceholderRef &ref)
{
    SeparatorSample s;
    context.forSampledOutputs(site, [&](qint64 item, const std::vector<QString> &outputs) {
        const QString &value = outputs[size_t(ref.part)];
        qsizetype at = -1;
        qsizetype count = 0;
        for (qsizetype i = 0; i < value.size(); ++i) {
            if (separators.contains(value.at(i))) {
                if (at < 0)
                    at = i;
                ++count;
            }
        }
        s.fewest = s.fewest < 0 ? count : std::min(s.fewest, count);
        s.most = std::max(s.most, count);
        if (at < 0)
            return;
        s.items.push_back(item);
        if (s.examples.size() < kExamples && !s.examples.contains(value))
            s.examples << value;
        if (s.first < 0) {
            s.first = item;
            s.firstValue = value;
            s.separator = value.at(at);
            for (int p = 0; p < ref.part; ++p)
                s.firstPrefix += outputs[size_t(p)];
            s.firstPrefix += value.left(at);
        }
    });
    return s;
}

// The fix: keep the separator out of the values, or escape it (|escape), as a template edit.
void setEscapeFix(Finding &f, const CheckContext &context, const KeySite &site,
                  const PlaceholderRef &ref, const SeparatorSample &s)
{
    const QString &text = site.keyTemplate.text();
    // The placeholder with |escape last: '#' becomes '%23', so no value holds a separator.
    const QString &source = ref.templatePart
        ? text.mid(ref.templatePart->column - 1, ref.templatePart->length)
        : QString();
    const QString escaped = replacePlaceholder(
        site, ref, source.left(source.size() - 1) + QStringLiteral("|escape}"));
    const QString escapedValue = QString::fromLatin1(s.firstValue.toUtf8().toPercentEncoding());
    f.fix = QStringLiteral("Keep '%1' out of %2: validate it where %2 is written, or escape it "
                           "in the key with %3 ('%4' is written '%5'), or join the parts with a "
                           "character the values never hold.")
                .arg(QString(s.separator), ref.name, escaped, s.firstValue, escapedValue);
    setTemplateEdit(f, context, site, escaped,
                    QStringLiteral("Escape the separators in %1: %2").arg(ref.name, escaped));
}

void checkDelimiterPlaceholder(const CheckContext &context, const KeySite &site,
                               const QString &separators, const PlaceholderRef &ref,
                               std::vector<Finding> &findings)
{
    if (ref.hasTimeFilter() || ref.hasFilter(QStringLiteral("pad"))
        || ref.hasFilter(QStringLiteral("invert")) || ref.spec->type != AttributeKind::S
        || isTimestampAttribute(*ref.spec) || hasFixedForm(ref.spec->generator))
        return;
    const SeparatorSample s = sampleSeparators(context, site, separators, ref);
    if (s.first < 0 || s.fewest == s.most)
        return;
    const QString &text = site.keyTemplate.text();
    const AttributeValue key = context.keyValue(s.first, site.keyAttribute);
    Finding f = makeFinding(context, QStringLiteral("delimiter-in-value"),
                            Finding::Severity::Warning, site, &ref);
    f.items = {s.first};
    setConcerned(f, s.items);
    const QString sep = QString(s.separator);
    f.title = u'\'' + s.firstValue + QStringLiteral("' in ") + ref.name
        + QStringLiteral(" holds the separator '") + sep + QStringLiteral("' of ") + text;
    f.explanation
        = QStringLiteral("%1 ('%2') joins its parts with '%3', but values of %4 contain '%3' "
                         "too: %5. A key then has more parts than the template, so two "
                         "different items can get the same key, a begins_with meant for one "
                         "value matches others, and a key can sort between another value's "
                         "keys. In your data, %6 has %4 '%7' and the key %8; "
                         "begins_with(%9, '%10') is meant for %4 '%11' yet matches it. %12")
              .arg(sentenceStart(site.description), text, sep, ref.name, quotedList(s.examples),
                   context.describeItem(s.first), s.firstValue, CheckContext::quoted(key),
                   site.keyAttribute, s.firstPrefix,
                   s.firstValue.left(s.firstValue.indexOf(s.separator)),
                   s.items.size() == 1
                       ? QStringLiteral("1 item in the sample has such a value.")
                       : QStringLiteral("%1 in the sample have such values.")
                             .arg(counted(qint64(s.items.size()), QStringLiteral("item"),
                                          QStringLiteral("items"))));
    setEscapeFix(f, context, site, ref, s);
    findings.push_back(std::move(f));
}

// ---------------------------------------------------------------------------------------------
// prefix-overlap

// The literal text a template starts with, before its first placeholder.
QString leadingLiteral(const KeySite &site)
{
    QString text;
    for (const KeyTemplate::Part &part : site.keyTemplate.parts()) {
        if (part.isPlaceholder)
            break;
        text += part.text;
    }
    return text;
}

// A pair of items, one of each site, in one collection whose second key starts with the
// first site's prefix: the proof a begins_with returns both.
std::optional<std::pair<qint64, qint64>> overlapPair(const CheckContext &context, const KeySite &a,
                                                     const KeySite &b, const QString &prefix)
{
    std::map<QByteArray, qint64> collectionsOfA;
    const auto &itemsA = context.itemsOfEntity[size_t(a.entity)];
    for (qsizetype n = 0; n < std::min<qsizetype>(qsizetype(itemsA.size()), kSampleCap); ++n)
        collectionsOfA.emplace(context.collectionOf(a, itemsA[size_t(n)]), itemsA[size_t(n)]);
    const auto &itemsB = context.itemsOfEntity[size_t(b.entity)];
    for (qsizetype n = 0; n < std::min<qsizetype>(qsizetype(itemsB.size()), kSampleCap); ++n) {
        const qint64 item = itemsB[size_t(n)];
        const auto it = collectionsOfA.find(context.collectionOf(b, item));
        if (it == collectionsOfA.end())
            continue;
        const AttributeValue key = context.keyValue(item, b.keyAttribute);
        if (key.type() == AttributeValue::Type::S && key.asString().startsWith(prefix))
            return std::pair {it->second, item};
    }
    return std::nullopt;
}

void reportPrefixOverlap(const CheckContext &context, const KeySite &a, const KeySite &b,
                         const QString &prefixA, const QString &prefixB,
                         std::vector<Finding> &findings)
{
    const auto pair = overlapPair(context, a, b, prefixA);
    if (!pair)
        return; // never in one collection: a begins_with cannot meet both
    Finding f = makeFinding(context, QStringLiteral("prefix-overlap"), Finding::Severity::Warning,
                            a, nullptr);
    markSpan(f, a, 1, int(prefixA.size()));
    f.items = {pair->first, pair->second};
    setConcerned(f, {pair->first, pair->second});
    const QString nameA = context.entityName(a.entity);
    const QString nameB = context.entityName(b.entity);
    f.title = QStringLiteral("begins_with(%1, '%2') also returns %3 items ('%4')")
                  .arg(a.keyAttribute, prefixA, nameB, prefixB);
    f.explanation
        = QStringLiteral("%1 ('%2') starts its keys with '%3', and %4 ('%5') starts its keys "
                         "with '%6', which begins with '%3' too. A Query with begins_with(%7, "
                         "'%3') meant for %8 items returns the %9 items of the collection as "
                         "well, and a range over %8 keys can take in %9 keys. In your data, %10 "
                         "and %11 are in one collection (%12), and both keys begin with '%3'.")
              .arg(sentenceStart(a.description), a.keyTemplate.text(), prefixA, b.description,
                   b.keyTemplate.text(), prefixB, a.keyAttribute, nameA, nameB,
                   context.describeItem(pair->first), context.describeItem(pair->second),
                   context.describeCollection(a, pair->first));
    // The separator the templates use, to end the shorter prefix with.
    QString separator = separatorsOf(b).left(1);
    if (separator.isEmpty())
        separator = separatorsOf(a).left(1);
    if (separator.isEmpty())
        separator = QStringLiteral("#");
    const QString ended = prefixA + separator;
    if (!prefixB.startsWith(ended)) {
        const QString after = ended + a.keyTemplate.text().mid(prefixA.size());
        f.fix = QStringLiteral("End the %1 prefix with the separator, so no other prefix "
                               "begins with it: %2 = %3, and query begins_with(%2, '%4').")
                    .arg(nameA, a.keyAttribute, after, ended);
        setTemplateEdit(
            f, context, a, after,
            QStringLiteral("End the %1 prefix with '%2': %3").arg(nameA, separator, after));
    } else {
        f.fix = QStringLiteral("Give %1 a prefix that no other entity type's prefix begins "
                               "with (not '%2', which '%3' of %4 begins with), and end it with "
                               "the separator.")
                    .arg(nameA, prefixA, prefixB, nameB);
    }
    findings.push_back(std::move(f));
}

void checkPrefixOverlaps(const CheckContext &context, std::vector<Finding> &findings)
{
    for (const KeySite &a : context.sites) {
        if (!a.isStringSortKey())
            continue;
        const QString prefixA = leadingLiteral(a);
        if (prefixA.isEmpty() || !prefixA.back().isLetterOrNumber())
            continue; // a prefix ending with its separator is no other prefix's beginning
        for (const KeySite &b : context.sites) {
            if (b.entity == a.entity || !b.isStringSortKey() || b.keyAttribute != a.keyAttribute
                || b.storeName != a.storeName)
                continue;
            const QString prefixB = leadingLiteral(b);
            if (prefixB.size() > prefixA.size() && prefixB.startsWith(prefixA))
                reportPrefixOverlap(context, a, b, prefixA, prefixB, findings);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// mixed-width

struct PaddedPlaceholder
{
    const KeySite *site = nullptr;
    const PlaceholderRef *ref = nullptr;
    const KeyTemplate::Filter *filter = nullptr;
    int width = 0;
};

void reportMixedWidth(const CheckContext &context, const PaddedPlaceholder &narrow,
                      const PaddedPlaceholder &wide, const QString &before,
                      std::vector<Finding> &findings)
{
    const KeySite &site = *narrow.site;
    const QString &text = site.keyTemplate.text();
    Finding f = makeFinding(context, QStringLiteral("mixed-width"), Finding::Severity::Warning,
                            site, narrow.ref);
    markFilter(f, site, *narrow.filter);
    const QString &name = narrow.filter->name;
    f.title = QStringLiteral("%1:%2 in %3 beside %1:%4 in %5")
                  .arg(name, QString::number(narrow.width), text, QString::number(wide.width),
                       wide.site->keyTemplate.text());
    const QString wider = QString::number(wide.width);
    const QString widened = replaceFilterArgument(text, *narrow.filter, wider);
    QString example;
    const auto &items = context.itemsOfEntity[size_t(site.entity)];
    const auto &others = context.itemsOfEntity[size_t(wide.site->entity)];
    if (!items.empty() && !others.empty()) {
        f.items = {items.front(), others.front()};
        example
            = QStringLiteral(" In your data, %1 and %2 share the key text '%3' before the "
                             "number, and their numbers are written %4 and %5 digits wide.")
                  .arg(context.describeItem(items.front()), context.describeItem(others.front()),
                       before, QString::number(narrow.width), QString::number(wide.width));
    }
    f.explanation
        = QStringLiteral("%1 ('%2') and %3 ('%4') write a number after the same text '%5' in "
                         "%6, but one %7s it to %8 digits and the other to %9. Keys of "
                         "different widths do not sort by value among each other: 3 written "
                         "with %9 digits, '%5%10', sorts before 2 written with %8, '%5%11'.")
              .arg(sentenceStart(site.description), text, wide.site->description,
                   wide.site->keyTemplate.text(), before, site.keyAttribute, name,
                   QString::number(narrow.width), QString::number(wide.width),
                   QString(std::max(wide.width - 1, 0), u'0') + u'3',
                   QString(std::max(narrow.width - 1, 0), u'0') + u'2')
        + example;
    f.fix = QStringLiteral("Pad both to one width, the wider: %1 (and rewrite the existing keys "
                           "of %2 once).")
                .arg(widened, context.entityName(site.entity));
    setTemplateEdit(
        f, context, site, widened,
        QStringLiteral("Pad %1 to %2 digits like %3: %4")
            .arg(narrow.ref->name, wider, context.entityName(wide.site->entity), widened));
    findings.push_back(std::move(f));
}

void checkMixedWidths(const CheckContext &context, std::vector<Finding> &findings)
{
    // (store, key, filter name, template text before the placeholder) -> padded placeholders
    std::map<QString, std::vector<PaddedPlaceholder>> groups;
    for (const KeySite &site : context.sites) {
        if (!site.isStringSortKey())
            continue;
        for (const PlaceholderRef &ref : site.placeholders) {
            for (const KeyTemplate::Filter &filter : ref.templatePart->filters) {
                if (filter.name != QLatin1String("pad") && filter.name != QLatin1String("invert"))
                    continue;
                const QString before = site.keyTemplate.text().left(ref.templatePart->column - 1);
                groups[site.storeName + u'\x1f' + site.keyAttribute + u'\x1f' + filter.name
                       + u'\x1f' + before]
                    .push_back({&site, &ref, &filter, filter.argument.toInt()});
                break;
            }
        }
    }
    for (const auto &[key, group] : groups) {
        if (group.size() < 2)
            continue;
        const auto widest = std::max_element(
            group.begin(), group.end(), [](const PaddedPlaceholder &x, const PaddedPlaceholder &y) {
                return x.width < y.width;
            });
        const QString before = key.section(u'\x1f', 3);
        for (const PaddedPlaceholder &p : group) {
            if (p.width < widest->width && p.site->entity != widest->site->entity)
                reportMixedWidth(context, p, *widest, before, findings);
        }
    }
}

} // namespace

void checkTemplates(const CheckContext &context, std::vector<Finding> &findings)
{
    for (const KeySite &site : context.sites) {
        if (context.isInferred(site.entity))
            continue; // the inferred parts' own checks (inferredparts.cpp) read these
        const QString separators = separatorsOf(site);
        for (const PlaceholderRef &ref : site.placeholders) {
            if (!ref.spec)
                continue;
            if (site.isStringSortKey())
                checkZonelessPlaceholder(context, site, ref, findings);
            if (!separators.isEmpty())
                checkDelimiterPlaceholder(context, site, separators, ref, findings);
        }
    }
    checkPrefixOverlaps(context, findings);
    checkMixedWidths(context, findings);
}

} // namespace keyscope::model::checks
