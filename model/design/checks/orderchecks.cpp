// The checks about byte order inside sort keys: unpadded-number, mixed-case,
// unsortable-timestamp, lowercase-ulid (one sampled pass per key template), and pad-overflow /
// pad-near-limit (a full pass: the widest value may be the last one generated).

#include "model/design/checks/checksupport.h"
#include "model/design/ids.h"
#include "model/value/keyorder.h"

#include <QHash>

#include <cmath>
#include <map>

namespace keyscope::model::checks {

namespace {

QString percent(double share)
{
    return QString::number(std::round(share * 1000.0) / 10.0);
}

// How many placeholders of one template the ordering checks follow.
constexpr size_t kMaxOrderedPlaceholders = 64;

// The context (collection and key text before the part) and the key from the part on.
struct PartView
{
    QByteArray context;
    QByteArray remainder;
    QString output;
    QString prefix;
    QString suffix;
};

// From part outputs (CheckContext::partOutputs) and the item's collection.
PartView partView(const QByteArray &collection, const std::vector<QString> &outputs, int part)
{
    PartView view;
    view.context = collection;
    view.context += '\0';
    for (int p = 0; p < int(outputs.size()); ++p) {
        if (p < part)
            view.prefix += outputs[size_t(p)];
        else if (p > part)
            view.suffix += outputs[size_t(p)];
    }
    view.output = outputs[size_t(part)];
    view.context += view.prefix.toUtf8();
    view.remainder = (view.output + view.suffix).toUtf8();
    return view;
}

PartView partView(const CheckContext &context, const KeySite &site, qint64 item,
                  const KeyTemplate::Rendered &rendered, int part)
{
    PartView view;
    view.context = context.collectionOf(site, item);
    view.context += '\0';
    for (int p = 0; p < int(rendered.trace.size()); ++p) {
        const auto &trace = rendered.trace[size_t(p)];
        if (p < part)
            view.prefix += trace.output;
        else if (p > part)
            view.suffix += trace.output;
    }
    const auto &trace = rendered.trace[size_t(part)];
    view.output = trace.output;
    view.context += view.prefix.toUtf8();
    view.remainder = (view.output + view.suffix).toUtf8();
    return view;
}

Finding makeFinding(const CheckContext &context, const QString &id, Finding::Severity severity,
                    const KeySite &site, const PlaceholderRef *ref)
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.entity = context.entityName(site.entity);
    f.attribute = ref ? ref->name : site.keyAttribute;
    f.path = site.path;
    if (ref)
        markPart(f, site, ref->part);
    else
        markTemplate(f, site);
    return f;
}

// What a pair of items found by an InversionFinder says, in words.
struct PairText
{
    QString title;      // "'#READING#10' sorts before '#READING#2'"
    QString comparison; // explainKeyOrder of the two keys
    AttributeValue laterKey;
    AttributeValue earlierKey;
};

PairText pairText(const CheckContext &context, const QString &keyAttribute,
                  const InversionFinder::Pair &pair)
{
    PairText text;
    text.laterKey = context.keyValue(pair.later.item, keyAttribute);
    text.earlierKey = context.keyValue(pair.earlier.item, keyAttribute);
    text.comparison = explainKeyOrder(text.laterKey, text.earlierKey);
    text.title
        = QStringLiteral("%1 sorts before %2")
              .arg(CheckContext::quoted(text.laterKey), CheckContext::quoted(text.earlierKey));
    return text;
}

QString inputOf(const CheckContext &context, const KeySite &, const PlaceholderRef &ref,
                qint64 item)
{
    const auto in = context.input(item, ref);
    return in ? CheckContext::valueText(in->value) : QString();
}

QString replaceFilterArgument(const QString &templateText, const KeyTemplate::Filter &filter,
                              const QString &argument)
{
    const qsizetype start = filter.column - 1 + filter.name.size() + 1; // after "pad:"
    qsizetype end = start;
    while (end < templateText.size() && templateText.at(end) != u'|'
           && templateText.at(end) != u'}')
        ++end;
    QString text = templateText;
    text.replace(start, end - start, argument);
    return text;
}

// A decimal integer as sign and digits without leading zeros ("0" for zero).
struct IntegerText
{
    bool negative = false;
    QString digits;

    static std::optional<IntegerText> from(const AttributeValue &value)
    {
        QString text;
        if (value.type() == AttributeValue::Type::N)
            text = value.asNumber().toString();
        else if (value.type() == AttributeValue::Type::S)
            text = value.asString();
        else
            return std::nullopt;
        IntegerText result;
        qsizetype i = 0;
        if (text.startsWith(u'-') || text.startsWith(u'+')) {
            result.negative = text.at(0) == u'-';
            i = 1;
        }
        if (i >= text.size())
            return std::nullopt;
        for (qsizetype k = i; k < text.size(); ++k) {
            if (text.at(k) < u'0' || text.at(k) > u'9')
                return std::nullopt;
        }
        result.digits = text.mid(i);
        while (result.digits.size() > 1 && result.digits.startsWith(u'0'))
            result.digits.remove(0, 1);
        if (result.digits == QLatin1String("0"))
            result.negative = false;
        return result;
    }
    QString text() const { return negative ? u'-' + digits : digits; }
    // Numeric order.
    bool lessThan(const IntegerText &other) const
    {
        if (negative != other.negative)
            return negative;
        const bool shorter = digits.size() != other.digits.size()
            ? digits.size() < other.digits.size()
            : digits < other.digits;
        const bool equal = digits == other.digits;
        if (equal)
            return false;
        return negative ? !shorter : shorter;
    }
    // Bytes whose memcmp order is numeric order, for any number of digits.
    QByteArray sortable() const
    {
        const QByteArray d = digits.toLatin1();
        if (!negative)
            return QByteArray(1, '\x02') + orderedInt64(d.size()) + d;
        QByteArray inverted = d;
        for (char &c : inverted)
            c = char(0xFF - quint8(c));
        return QByteArray(1, '\x01') + orderedInt64(-d.size()) + inverted + '\xFF';
    }
    double approx() const { return (negative ? -1.0 : 1.0) * digits.toDouble(); }
};

// ---------------------------------------------------------------------------------------------
// The sampled pass.

struct PlaceholderState
{
    const PlaceholderRef *ref = nullptr;
    bool numeric = false;
    bool anyNegative = false;
    bool anyDecimal = false;
    int maxDigits = 0;
    InversionFinder numbers;

    bool caseCandidate = false;
    InversionFinder cases;

    bool timeCandidate = false;
    bool timeFromData = false; // an S attribute whose values happen to be instants
    InversionFinder times;

    bool ulidCandidate = false;
    bool allUlid = true;
    qint64 lowercaseUlidItem = -1;
    qint64 lowercaseUlidCount = 0;
    std::vector<qint64> lowercaseUlidItems;
    InversionFinder ulids;
};

bool hasFixedCase(const GeneratorSpec &generator)
{
    using Kind = GeneratorSpec::Kind;
    switch (generator.kind) {
    case Kind::Ksuid: // base62 by design: its byte order is its time order
    case Kind::Ulid:  // lowercase-ulid looks at these
    case Kind::Uuid4: // lowercase hex
    case Kind::Timestamp:
    case Kind::Sequence:
    case Kind::IntegerRange:
        return true;
    case Kind::Pattern: {
        // 'A' and 'a' fix the case of each position; '*' mixes them.
        for (qsizetype i = 0; i < generator.pattern.size(); ++i) {
            if (generator.pattern.at(i) == u'\\') {
                ++i;
                continue;
            }
            if (generator.pattern.at(i) == u'*')
                return false;
        }
        return true;
    }
    default:
        return false;
    }
}

// Templates inferred from hand-written items share a key position among themselves only: a
// finding on the shared position names the first template, which must not be a declared one
// for items it does not write.
QString timeGroupKey(const CheckContext &context, const KeySite &site)
{
    return site.storeName + u'\x1f' + site.keyAttribute
        + (context.isInferred(site.entity) ? QStringLiteral("\x1finferred") : QString());
}

} // namespace

void checkOrdering(const CheckContext &context, std::vector<Finding> &findings)
{
    struct SharedGroup
    {
        InversionFinder finder; // times
        InversionFinder ulids;
        std::vector<std::pair<int, const PlaceholderRef *>> tags; // (site, placeholder)
        bool siteLevelFinding = false;
    };
    std::map<QString, SharedGroup> groups;
    struct PendingUlid
    {
        int site = -1;
        const PlaceholderRef *ref = nullptr;
        qint64 item = -1;
        qint64 count = 0;
        std::vector<qint64> items;
        std::optional<InversionFinder::Pair> pair;
        QString groupKey;
    };
    std::vector<PendingUlid> pendingUlids;

    for (int s = 0; s < int(context.sites.size()); ++s) {
        const KeySite &site = context.sites[size_t(s)];
        if (!site.isStringSortKey())
            continue;
        std::vector<PlaceholderState> states;
        for (const PlaceholderRef &ref : site.placeholders) {
            if (!ref.spec)
                continue;
            PlaceholderState state;
            state.ref = &ref;
            const bool padded
                = ref.hasFilter(QStringLiteral("pad")) || ref.hasFilter(QStringLiteral("invert"));
            const AttributeKind type = ref.spec->type;
            const bool textOrNumber = type == AttributeKind::S || type == AttributeKind::N;
            state.numeric = !padded && !ref.hasTimeFilter() && textOrNumber
                && !(type == AttributeKind::S && isTimestampAttribute(*ref.spec));
            state.caseCandidate = type == AttributeKind::S && !padded && !ref.hasCaseFilter()
                && !ref.hasTimeFilter() && !hasFixedCase(ref.spec->generator);
            if (!padded) {
                if (ref.hasTimeFilter()) {
                    state.timeCandidate = true;
                } else if (type == AttributeKind::Timestamp
                           || (type == AttributeKind::S && isTimestampAttribute(*ref.spec))) {
                    state.timeCandidate = true;
                } else if (type == AttributeKind::S
                           && (ref.spec->generator.kind == GeneratorSpec::Kind::Choice
                               || ref.spec->generator.kind == GeneratorSpec::Kind::Constant)) {
                    state.timeCandidate = true;
                    state.timeFromData = true;
                }
            }
            state.ulidCandidate = type == AttributeKind::S
                && !ref.hasFilter(QStringLiteral("upper")) && !ref.hasTimeFilter() && !padded;
            if (state.numeric || state.caseCandidate || state.timeCandidate || state.ulidCandidate)
                states.push_back(std::move(state));
            // Each state costs the key's length per sampled item: a bounded number keeps the
            // check linear in a template's placeholders (a template of 10,000 took 32 s and
            // 5 GB). Real templates hold a handful.
            if (states.size() >= kMaxOrderedPlaceholders)
                break;
        }
        if (states.empty())
            continue;
        SharedGroup &group = groups[timeGroupKey(context, site)];

        const auto &items = context.itemsOfEntity[size_t(site.entity)];
        const qsizetype limit = std::min<qsizetype>(qsizetype(items.size()), kSampleCap);
        std::vector<QString> outputs;
        for (qsizetype n = 0; n < limit; ++n) {
            const qint64 item = items[size_t(n)];
            if (!context.partOutputs(site, item, outputs))
                continue;
            const QByteArray collection = context.collectionOf(site, item);
            for (size_t k = 0; k < states.size(); ++k) {
                PlaceholderState &state = states[k];
                const PlaceholderRef &ref = *state.ref;
                const PartView view = partView(collection, outputs, ref.part);
                if (state.numeric) {
                    const auto number = plainNumber(view.output);
                    if (!number) {
                        state.numeric = false;
                    } else {
                        state.anyNegative = state.anyNegative || number->isNegative();
                        state.anyDecimal = state.anyDecimal || view.output.contains(u'.');
                        const qsizetype digits
                            = view.output.size() - (view.output.startsWith(u'-') ? 1 : 0);
                        state.maxDigits = std::max(state.maxDigits, int(digits));
                        state.numbers.add(view.context, number->sortableBytes(), view.remainder,
                                          item);
                    }
                }
                if (state.caseCandidate) {
                    state.cases.add(view.context, view.output.toCaseFolded().toUtf8(),
                                    view.remainder, item);
                }
                if (state.timeCandidate) {
                    std::optional<qint64> instant;
                    if (const auto in = context.input(item, ref)) {
                        instant = in->instantMs;
                        if (!instant && in->value.type() == AttributeValue::Type::S)
                            instant = parseInstant(in->value.asString());
                    }
                    if (!instant) {
                        if (state.timeFromData)
                            state.timeCandidate = false;
                    } else {
                        state.times.add(view.context, orderedInt64(*instant), view.remainder, item);
                    }
                }
                if (state.ulidCandidate) {
                    const auto raw = view.output.size() == ids::kUlidTextSize
                        ? ids::ulidToRaw(view.output)
                        : std::nullopt;
                    if (!raw) {
                        state.allUlid = false;
                    } else {
                        bool lower = false;
                        for (QChar c : view.output)
                            lower = lower || (c >= u'a' && c <= u'z');
                        if (lower) {
                            if (state.lowercaseUlidItem < 0)
                                state.lowercaseUlidItem = item;
                            ++state.lowercaseUlidCount;
                            state.lowercaseUlidItems.push_back(item);
                        }
                        state.ulids.add(view.context, *raw, view.remainder, item);
                    }
                }
            }
        }

        // Findings of this site.
        for (PlaceholderState &state : states) {
            const PlaceholderRef &ref = *state.ref;
            const QString &text = site.keyTemplate.text();
            if (state.numeric) {
                if (const auto pair = state.numbers.find()) {
                    const PairText words = pairText(context, site.keyAttribute, *pair);
                    Finding f = makeFinding(context, QStringLiteral("unpadded-number"),
                                            Finding::Severity::Warning, site, &ref);
                    f.title = words.title;
                    f.items = {pair->later.item, pair->earlier.item};
                    setConcerned(f, state.numbers.invertedItems());
                    const QString later = inputOf(context, site, ref, pair->later.item);
                    const QString earlier = inputOf(context, site, ref, pair->earlier.item);
                    f.explanation
                        = QStringLiteral(
                              "%1 is a number, but %2 ('%3') writes it into the string sort key %4 "
                              "without padding, so DynamoDB orders these keys by their characters, "
                              "not by value. In your data, %5 and %6 are in the same collection "
                              "(%7): %8. A Query returns %9 before %10 although %10 < %9, and "
                              "range conditions (BETWEEN, <, >) on %4 select the wrong items.")
                              .arg(ref.name, site.description, text, site.keyAttribute,
                                   context.describeItem(pair->later.item, ref.name + u' ' + later),
                                   context.describeItem(pair->earlier.item,
                                                        ref.name + u' ' + earlier),
                                   context.describeCollection(site, pair->later.item),
                                   words.comparison, later)
                              .arg(earlier);
                    const int width = std::max(state.maxDigits + 3, 4);
                    f.fix = QStringLiteral(
                                "Write the number zero-padded: %1. The widest %2 in your data "
                                "has %3 digit(s); pad for the largest value you can imagine plus "
                                "2-3 digits (pad:%4 here): the width cannot change without a "
                                "migration.")
                                .arg(ref.withFilter(text, QStringLiteral("pad:%1").arg(width)),
                                     ref.name)
                                .arg(state.maxDigits)
                                .arg(width);
                    if (state.anyNegative)
                        f.fix += QStringLiteral(" Some values are negative, and pad does not "
                                                "order negatives: add an offset so every value "
                                                "is at least 0 before padding.");
                    if (state.anyDecimal)
                        f.fix += QStringLiteral(" Some values have decimals, and pad takes "
                                                "integers: store the value scaled to an integer "
                                                "(cents, milliseconds) and pad that.");
                    findings.push_back(std::move(f));
                }
            }
            if (state.caseCandidate) {
                if (const auto pair = state.cases.find()) {
                    const PairText words = pairText(context, site.keyAttribute, *pair);
                    Finding f = makeFinding(context, QStringLiteral("mixed-case"),
                                            Finding::Severity::Warning, site, &ref);
                    f.title = words.title;
                    f.items = {pair->later.item, pair->earlier.item};
                    setConcerned(f, state.cases.invertedItems());
                    const QString later = inputOf(context, site, ref, pair->later.item);
                    const QString earlier = inputOf(context, site, ref, pair->earlier.item);
                    f.explanation
                        = QStringLiteral(
                              "%1 keeps its mixed case in %2 ('%3'), and DynamoDB compares "
                              "UTF-8 bytes, where every uppercase letter (0x41-0x5A) sorts before "
                              "every lowercase one (0x61-0x7A): byte order is not alphabetical "
                              "order. In your data, %4 and %5 are in the same collection (%6): %7, "
                              "although alphabetically '%8' comes first.")
                              .arg(ref.name, site.description, text,
                                   context.describeItem(
                                       pair->later.item,
                                       QStringLiteral("%1 '%2'").arg(ref.name, later)),
                                   context.describeItem(
                                       pair->earlier.item,
                                       QStringLiteral("%1 '%2'").arg(ref.name, earlier)),
                                   context.describeCollection(site, pair->later.item),
                                   words.comparison, earlier);
                    const QString upper = ref.withFilter(text, QStringLiteral("upper"));
                    f.fix = QStringLiteral(
                                "Normalise the case in the key: %1 ('%2' and '%3' then sort "
                                "alphabetically: %4). Keep the value as typed in the %5 "
                                "attribute for display; only the key is normalised.")
                                .arg(upper, earlier.toUpper(), later.toUpper(),
                                     explainKeyOrder(AttributeValue::string(earlier.toUpper()),
                                                     AttributeValue::string(later.toUpper())),
                                     ref.attribute);
                    findings.push_back(std::move(f));
                }
            }
            if (state.timeCandidate) {
                if (const auto pair = state.times.find()) {
                    group.siteLevelFinding = true;
                    const PairText words = pairText(context, site.keyAttribute, *pair);
                    Finding f = makeFinding(context, QStringLiteral("unsortable-timestamp"),
                                            Finding::Severity::Warning, site, &ref);
                    f.title = words.title;
                    f.items = {pair->later.item, pair->earlier.item};
                    setConcerned(f, state.times.invertedItems());
                    const QString later = inputOf(context, site, ref, pair->later.item);
                    const QString earlier = inputOf(context, site, ref, pair->earlier.item);
                    const bool formatted = ref.hasFilter(QStringLiteral("format"));
                    const QString how = formatted
                        ? QStringLiteral("writes the time %1 in a display "
                                         "format (%2), whose characters do "
                                         "not sort in time order")
                              .arg(ref.name, ref.source(text))
                        : QStringLiteral("writes the time %1 as it is stored, "
                                         "and its values mix formats, UTC "
                                         "offsets or precisions, which do "
                                         "not sort in time order")
                              .arg(ref.name);
                    f.explanation
                        = QStringLiteral("%1 ('%2') %3. In your data, %4 is later than %5, "
                                         "and both are in one collection (%6), yet %7.")
                              .arg(sentenceStart(site.description), text, how,
                                   context.describeItem(pair->later.item, ref.name + u' ' + later),
                                   context.describeItem(pair->earlier.item,
                                                        ref.name + u' ' + earlier),
                                   context.describeCollection(site, pair->later.item),
                                   words.comparison);
                    const QString iso = [&] {
                        QString t = text;
                        t.replace(ref.templatePart->column - 1, ref.templatePart->length,
                                  u'{' + ref.name + QStringLiteral("|iso8601}"));
                        return t;
                    }();
                    f.fix = QStringLiteral(
                                "Write the time sortably: %1 (ISO-8601 in UTC, "
                                "'2023-07-10T14:48:00Z', readable while debugging), or {%2|epoch} "
                                "for epoch seconds. Keep the display format for the screen, not "
                                "the key.")
                                .arg(iso, ref.name);
                    findings.push_back(std::move(f));
                }
            }
            if (state.ulidCandidate && state.lowercaseUlidItem >= 0
                && (state.allUlid || ref.spec->generator.kind == GeneratorSpec::Kind::Ulid)) {
                pendingUlids.push_back(
                    PendingUlid {s, &ref, state.lowercaseUlidItem, state.lowercaseUlidCount,
                                 std::move(state.lowercaseUlidItems), state.ulids.find(),
                                 timeGroupKey(context, site)});
            }
        }
        // Keep the samples for the templates sharing this key position.
        for (PlaceholderState &state : states) {
            if (state.times.empty() && state.ulids.empty())
                continue;
            const int tag = int(group.tags.size());
            group.tags.emplace_back(s, state.ref);
            state.times.moveInto(group.finder, tag);
            state.ulids.moveInto(group.ulids, tag);
        }
    }

    // Lowercase ULIDs: a pair from the template itself, or from templates sharing its key.
    for (const PendingUlid &pending : pendingUlids) {
        const KeySite &site = context.sites[size_t(pending.site)];
        const PlaceholderRef &ref = *pending.ref;
        const QString &text = site.keyTemplate.text();
        std::optional<InversionFinder::Pair> sharedPair = pending.pair;
        if (!sharedPair) {
            const SharedGroup &group = groups.at(pending.groupKey);
            if (auto pair = group.ulids.find()) {
                const auto mine = [&](int tag) {
                    return group.tags[size_t(tag)] == std::make_pair(pending.site, pending.ref);
                };
                if (mine(pair->earlier.tag) || mine(pair->later.tag))
                    sharedPair = pair;
            }
        }
        {
            Finding f = makeFinding(context, QStringLiteral("lowercase-ulid"),
                                    Finding::Severity::Warning, site, &ref);
            for (const auto &filter : ref.templatePart->filters) {
                if (filter.name == QLatin1String("lower"))
                    markFilter(f, site, filter); // the filter that makes them lowercase
            }
            setConcerned(f, pending.items);
            const qint64 item = pending.item;
            const auto rendered = context.render(site, item);
            const QString lower = rendered ? rendered->trace[size_t(ref.part)].output : QString();
            const bool filtered = ref.hasFilter(QStringLiteral("lower"));
            QString example;
            if (const auto pair = sharedPair) {
                const PairText words = pairText(context, site.keyAttribute, *pair);
                f.title = words.title;
                f.items = {pair->later.item, pair->earlier.item};
                example = QStringLiteral("In your data, %1 was created after %2 (same "
                                         "collection, %3), yet %4.")
                              .arg(context.describeItem(pair->later.item),
                                   context.describeItem(pair->earlier.item),
                                   context.describeCollection(site, pair->later.item),
                                   words.comparison);
            } else {
                const QString upper = lower.toUpper();
                const QString key = context.keyValue(item, site.keyAttribute).asString();
                QString upperKey = key;
                upperKey.replace(lower, upper);
                f.title = QStringLiteral("'%1' sorts after every uppercase ULID").arg(lower);
                f.items = {item};
                example = QStringLiteral("In your data, %1 has %2 '%3'; the same id in "
                                         "uppercase, as the spec and most libraries write it, "
                                         "would sort elsewhere: %4.")
                              .arg(context.describeItem(item), site.keyAttribute, key,
                                   explainKeyOrder(AttributeValue::string(upperKey),
                                                   AttributeValue::string(key)));
            }
            f.explanation
                = QStringLiteral("%1 ('%2') writes the ULID %3 %4. ULIDs sort by time only "
                                 "in one case: a lowercase letter (0x61-0x7A) sorts after "
                                 "every uppercase letter and digit, so a lowercase ULID sorts "
                                 "after every uppercase ULID that shares its first characters, "
                                 "whatever their times. %5 %6 value(s) in the sample are "
                                 "lowercase.")
                      .arg(sentenceStart(site.description), text, ref.name,
                           filtered ? QStringLiteral("through the lower filter")
                                    : QStringLiteral("with lowercase letters"),
                           example)
                      .arg(pending.count);
            QString fixed = text;
            if (filtered) {
                for (const auto &filter : ref.templatePart->filters) {
                    if (filter.name == QLatin1String("lower")) {
                        // Drop "|lower" from the placeholder.
                        fixed.remove(filter.column - 2, filter.name.size() + 1);
                        break;
                    }
                }
            } else {
                fixed = ref.withFilter(text, QStringLiteral("upper"));
            }
            f.fix = QStringLiteral("Keep ULIDs in uppercase, as generated: %1, and convert ids "
                                   "that arrive in lowercase (from URLs, clients) to uppercase "
                                   "before building keys.")
                        .arg(fixed);
            findings.push_back(std::move(f));
        }
    }

    // Timestamps of several templates sharing a key position (one key, one store).
    for (auto &[key, group] : groups) {
        Q_UNUSED(key);
        if (group.siteLevelFinding || group.finder.empty() || group.tags.size() < 2)
            continue;
        const auto pair = group.finder.find();
        if (!pair)
            continue;
        const auto [laterSite, refA] = group.tags[size_t(pair->later.tag)];
        const auto [earlierSite, refB] = group.tags[size_t(pair->earlier.tag)];
        const KeySite &a = context.sites[size_t(laterSite)];
        const KeySite &b = context.sites[size_t(earlierSite)];
        const PairText words = pairText(context, a.keyAttribute, *pair);
        const KeySite &first = std::min(laterSite, earlierSite) == laterSite ? a : b;
        const PlaceholderRef *firstRef = &first == &a ? refA : refB;
        Finding f = makeFinding(context, QStringLiteral("unsortable-timestamp"),
                                Finding::Severity::Warning, first, firstRef);
        f.title = words.title;
        f.items = {pair->later.item, pair->earlier.item};
        setConcerned(f, group.finder.invertedItems());
        const KeySite &second = &first == &a ? b : a;
        const PlaceholderRef *secondRef = &first == &a ? refB : refA;
        f.explanation
            = QStringLiteral("%1 ('%2') and %3 ('%4') write times into the same sort key %5 in "
                             "different formats, UTC offsets or precisions, so items of one "
                             "collection no longer sort in time order. In your data, %6 is later "
                             "than %7, and both are in one collection (%8), yet %9.")
                  .arg(sentenceStart(first.description), first.keyTemplate.text(),
                       second.description, second.keyTemplate.text(), a.keyAttribute,
                       context.describeItem(pair->later.item,
                                            refA->name + u' '
                                                + inputOf(context, a, *refA, pair->later.item)),
                       context.describeItem(pair->earlier.item,
                                            refB->name + u' '
                                                + inputOf(context, b, *refB, pair->earlier.item)),
                       context.describeCollection(a, pair->later.item), words.comparison);
        f.fix = QStringLiteral("Write every time in this key position one way: {%1|iso8601} in "
                               "%2 and {%3|iso8601} in %4 (UTC, whole seconds), or epoch numbers "
                               "of one unit everywhere.")
                    .arg(firstRef->name, first.description, secondRef->name, second.description);
        findings.push_back(std::move(f));
    }
}

void checkPadding(const CheckContext &context, std::vector<Finding> &findings)
{
    for (const KeySite &site : context.sites) {
        if (!site.isStringSortKey())
            continue;
        const QString &text = site.keyTemplate.text();
        for (const PlaceholderRef &ref : site.placeholders) {
            int filterIndex = -1;
            const auto &filters = ref.templatePart->filters;
            for (int i = 0; i < int(filters.size()); ++i) {
                if (filters[size_t(i)].name == QLatin1String("pad")
                    || filters[size_t(i)].name == QLatin1String("invert")) {
                    filterIndex = i;
                    break;
                }
            }
            if (filterIndex < 0)
                continue;
            const KeyTemplate::Filter &filter = filters[size_t(filterIndex)];
            const bool invert = filter.name == QLatin1String("invert");
            const int width = filter.argument.toInt();
            if (width <= 0)
                continue;

            const auto valueOf = [&](qint64 item) -> std::optional<IntegerText> {
                if (filterIndex == 0) {
                    const auto in = context.input(item, ref);
                    return in ? IntegerText::from(in->value) : std::nullopt;
                }
                const auto rendered = context.render(site, item);
                if (!rendered)
                    return std::nullopt;
                const QStringList &steps = rendered->trace[size_t(ref.part)].steps;
                if (filterIndex >= steps.size())
                    return std::nullopt;
                return IntegerText::from(AttributeValue::string(steps[filterIndex]));
            };
            const auto overflows = [&](const IntegerText &v) {
                if (invert)
                    return v.negative || v.digits.size() > width;
                return v.negative ? v.digits.size() > width - 1 : v.digits.size() > width;
            };

            qint64 firstOverflow = -1;
            IntegerText overflowValue;
            qint64 overflowCount = 0;
            std::vector<qint64> overflowItems;
            // Items past the alert share of the width's maximum (pad-near-limit).
            const bool nearCheck = width <= 18;
            const double alertValue = context.options.padAlertShare * (std::pow(10.0, width) - 1.0);
            std::vector<qint64> nearItems;
            qint64 maxItem = -1;
            IntegerText maxValue;
            for (qint64 item : context.itemsOfEntity[size_t(site.entity)]) {
                const auto v = valueOf(item);
                if (!v)
                    continue;
                if (overflows(*v)) {
                    if (firstOverflow < 0) {
                        firstOverflow = item;
                        overflowValue = *v;
                    }
                    ++overflowCount;
                    overflowItems.push_back(item);
                }
                if (nearCheck && !v->negative && v->approx() > alertValue)
                    nearItems.push_back(item);
                if (maxItem < 0 || maxValue.lessThan(*v)) {
                    maxItem = item;
                    maxValue = *v;
                }
            }
            if (maxItem < 0)
                continue;
            const QString limitText = QString(width, u'9');
            const QString attr = ref.name;

            if (firstOverflow >= 0) {
                // Where the overflowing key lands: a neighbour in its collection whose value
                // is on the other side of it than its key.
                const auto renderedX = context.render(site, firstOverflow);
                if (!renderedX)
                    continue;
                const PartView x = partView(context, site, firstOverflow, *renderedX, ref.part);
                const auto intended = [&](const IntegerText &v) {
                    IntegerText key = v;
                    if (invert && key.digits != QLatin1String("0"))
                        key.negative = !key.negative;
                    return key.sortable();
                };
                const QByteArray ix = intended(overflowValue);
                const QByteArray collection = context.collectionOf(site, firstOverflow);
                qint64 after = -1; // x sorts before it, though its value is smaller
                QByteArray afterKey;
                qint64 before = -1; // x sorts after it, though its value is larger
                QByteArray beforeKey;
                qsizetype scanned = 0;
                for (qint64 item : context.itemsOfEntity[size_t(site.entity)]) {
                    if (item == firstOverflow || context.collectionOf(site, item) != collection)
                        continue;
                    if (++scanned > kSampleCap)
                        break;
                    const auto rendered = context.render(site, item);
                    const auto v = valueOf(item);
                    if (!rendered || !v)
                        continue;
                    const PartView y = partView(context, site, item, *rendered, ref.part);
                    if (y.context != x.context)
                        continue;
                    const QByteArray iy = intended(*v);
                    if (iy < ix && y.remainder > x.remainder) {
                        if (after < 0 || y.remainder < afterKey) {
                            after = item;
                            afterKey = y.remainder;
                        }
                    } else if (iy > ix && y.remainder < x.remainder) {
                        if (before < 0 || y.remainder > beforeKey) {
                            before = item;
                            beforeKey = y.remainder;
                        }
                    }
                }
                Finding f = makeFinding(context, QStringLiteral("pad-overflow"),
                                        Finding::Severity::Error, site, &ref);
                markFilter(f, site, filter);
                setConcerned(f, std::move(overflowItems));
                const AttributeValue keyX = context.keyValue(firstOverflow, site.keyAttribute);
                const QString what = invert
                    ? QStringLiteral("invert:%1 computes %2 - value, which has %1 digit(s) "
                                     "only for values 0 to %2; %3 %4 in %5 gives '%6', "
                                     "so its key is %7")
                          .arg(width)
                          .arg(limitText, attr, overflowValue.text(),
                               context.describeItem(firstOverflow), x.output,
                               CheckContext::quoted(keyX))
                    : QStringLiteral("%3 %4 in %5 is wider than pad:%1 (%1 digit(s) hold "
                                     "at most %2), and a wider value is written as it "
                                     "is: its key is %6")
                          .arg(width)
                          .arg(limitText, attr, overflowValue.text(),
                               context.describeItem(firstOverflow), CheckContext::quoted(keyX));
                const qint64 neighbour = after >= 0 ? after : before;
                QString lands;
                if (neighbour >= 0) {
                    const AttributeValue keyY = context.keyValue(neighbour, site.keyAttribute);
                    const auto v = valueOf(neighbour);
                    lands = QStringLiteral(" DynamoDB raises no error; the order is just wrong: "
                                           "in its collection (%1) it lands next to %2: %3.")
                                .arg(context.describeCollection(site, firstOverflow),
                                     context.describeItem(
                                         neighbour, attr + u' ' + (v ? v->text() : QString())),
                                     explainKeyOrder(keyX, keyY));
                    // First the item that sorts first.
                    f.items = after >= 0 ? std::vector<qint64> {firstOverflow, neighbour}
                                         : std::vector<qint64> {neighbour, firstOverflow};
                    f.title = explainKeyOrder(keyX, keyY).section(u':', 0, 0);
                } else {
                    lands = QStringLiteral(" DynamoDB raises no error; the key simply no longer "
                                           "sorts by value once other values are written next "
                                           "to it.");
                    f.items = {firstOverflow};
                    f.title = QStringLiteral("%1 %2 overflows %3:%4")
                                  .arg(attr, overflowValue.text(), filter.name)
                                  .arg(width);
                }
                f.explanation = what + u'.' + lands
                    + QStringLiteral(" %1 value(s) of %2 in your data overflow the "
                                     "width.")
                          .arg(overflowCount)
                          .arg(attr);
                const int wider = int(maxValue.digits.size()) + 3;
                f.fix = QStringLiteral("Widen the %1 to fit your values with room to spare: %2, "
                                       "and rewrite every existing key with the new width (a "
                                       "migration: the width cannot change in place). Pad for the "
                                       "largest value you can imagine plus 2-3 digits; the widest "
                                       "%3 in your data is %4.")
                            .arg(filter.name,
                                 replaceFilterArgument(text, filter, QString::number(wider)), attr,
                                 maxValue.text());
                if (maxValue.negative || overflowValue.negative)
                    f.fix += QStringLiteral(" Negative values cannot be padded or inverted into "
                                            "order: add an offset so every value is at least 0.");
                findings.push_back(std::move(f));
                continue;
            }

            if (width > 18 || maxValue.negative)
                continue;
            const double limit = std::pow(10.0, width) - 1.0;
            const double share = maxValue.approx() / limit;
            if (share <= context.options.padAlertShare)
                continue;
            Finding f = makeFinding(context, QStringLiteral("pad-near-limit"),
                                    Finding::Severity::Warning, site, &ref);
            f.items = {maxItem};
            markFilter(f, site, filter);
            setConcerned(f, std::move(nearItems));
            f.title = QStringLiteral("%1 reaches %2 of %3:%4 (%5%)")
                          .arg(attr, maxValue.text(), filter.name)
                          .arg(width)
                          .arg(percent(share));
            const AttributeValue key = context.keyValue(maxItem, site.keyAttribute);
            QString next;
            if (const auto rendered = context.render(site, maxItem)) {
                const PartView view = partView(context, site, maxItem, *rendered, ref.part);
                const QString overflowText
                    = invert ? QStringLiteral("-1") : QStringLiteral("1") + QString(width, u'0');
                const AttributeValue hypothetical
                    = AttributeValue::string(view.prefix + overflowText + view.suffix);
                next = QStringLiteral(" Past %1 the keys are no longer %2 digits and sort out "
                                      "of order, silently: the key of %3 %4 would be %5, and %6.")
                           .arg(limitText)
                           .arg(width)
                           .arg(attr,
                                limitText.size() < 18 ? QString::number(qint64(limit) + 1)
                                                      : QStringLiteral("10^%1").arg(width),
                                CheckContext::quoted(hypothetical),
                                explainKeyOrder(hypothetical, key));
            }
            f.explanation
                = QStringLiteral("The largest %1 in your data is %2 (%3, key %4), %5% "
                                 "of %6, the largest value %7:%8 can write; the alert "
                                 "share is %9%.")
                      .arg(attr, maxValue.text(), context.describeItem(maxItem),
                           CheckContext::quoted(key), percent(share), limitText, filter.name)
                      .arg(width)
                      .arg(percent(context.options.padAlertShare))
                + next;
            f.fix = QStringLiteral("Plan the migration to a wider width now, while it is a "
                                   "planned change: %1, rewriting every key once. Pad for the "
                                   "largest value you can imagine plus 2-3 digits.")
                        .arg(replaceFilterArgument(text, filter,
                                                   QString::number(maxValue.digits.size() + 3)));
            findings.push_back(std::move(f));
        }
    }
}

} // namespace keyscope::model::checks
