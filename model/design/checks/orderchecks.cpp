// The checks about byte order inside sort keys: unpadded-number, mixed-case,
// unsortable-timestamp, lowercase-ulid (one sampled pass per key template). The pad width
// checks (a full pass: the widest value may be the last one generated) are in padchecks.cpp.

#include "model/design/checks/ordersupport.h"
#include "model/design/displaydates.h"
#include "model/design/ids.h"
#include "model/value/keyorder.h"

#include <map>

namespace keyscope::model::checks {

namespace {

// How many placeholders of one template the ordering checks follow.
constexpr size_t kMaxOrderedPlaceholders = 64;

struct PlaceholderState
{
    const PlaceholderRef *ref = nullptr;
    bool numeric = false;
    bool anyNegative = false;
    bool anyDecimal = false;
    int maxDigits = 0;
    InversionFinder numbers;

    bool caseCandidate = false;
    bool anyUpper = false; // letters of both cases among the sampled values: only then is
    bool anyLower = false; // a disagreement a matter of case (a '#' in a value is not)
    InversionFinder cases;

    bool timeCandidate = false;
    bool timeFromData = false;                // an S attribute whose values happen to be instants
    std::optional<DisplayDates> displayDates; // ... or dates written for people
    int minEpochDigits = 0;                   // digits of |epoch / |epochms outputs (non-negative)
    int maxEpochDigits = 0;
    bool anyNegativeEpoch = false;
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

// The epoch filter a placeholder ends with ("epoch", "epochms"), or empty.
QString epochFilter(const PlaceholderRef &ref)
{
    if (!ref.templatePart || ref.templatePart->filters.empty())
        return QString();
    const QString &last = ref.templatePart->filters.back().name;
    return last == QLatin1String("epoch") || last == QLatin1String("epochms") ? last : QString();
}

// What the ordering checks follow of each placeholder of a string sort key.
std::vector<PlaceholderState> orderStates(const KeySite &site)
{
    std::vector<PlaceholderState> states;
    for (const PlaceholderRef &ref : site.placeholders) {
        if (!ref.spec)
            continue;
        // Made in place: moving a state in (its optional DisplayDates) draws GCC 12's false
        // -Wmaybe-uninitialized.
        PlaceholderState &state = states.emplace_back();
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
        state.ulidCandidate = type == AttributeKind::S && !ref.hasFilter(QStringLiteral("upper"))
            && !ref.hasTimeFilter() && !padded;
        if (!state.numeric && !state.caseCandidate && !state.timeCandidate && !state.ulidCandidate)
            states.pop_back();
        // Each state costs the key's length per sampled item: a bounded number keeps the
        // check linear in a template's placeholders (a template of 10,000 took 32 s and
        // 5 GB). Real templates hold a handful.
        if (states.size() >= kMaxOrderedPlaceholders)
            break;
    }
    return states;
}

// An S attribute of a declared type that chooses among dates written for people is read as
// those dates. (Hand-written items' dates are the inferred part checks'.)
void readDisplayDates(const CheckContext &context, const KeySite &site,
                      std::vector<PlaceholderState> &states)
{
    if (context.isInferred(site.entity))
        return;
    for (PlaceholderState &state : states) {
        if (state.timeFromData)
            state.displayDates = displayDatesOf(*state.ref->spec);
    }
}

void sampleNumber(PlaceholderState &state, const PartView &view, qint64 item)
{
    const auto number = plainNumber(view.output);
    if (!number) {
        state.numeric = false;
        return;
    }
    state.anyNegative = state.anyNegative || number->isNegative();
    state.anyDecimal = state.anyDecimal || view.output.contains(u'.');
    const qsizetype digits = view.output.size() - (view.output.startsWith(u'-') ? 1 : 0);
    state.maxDigits = std::max(state.maxDigits, int(digits));
    state.numbers.add(view.context, number->sortableBytes(), view.remainder, item);
}

void sampleCase(PlaceholderState &state, const QString &separators, const PartView &view,
                qint64 item)
{
    for (QChar c : view.output) {
        state.anyUpper = state.anyUpper || c.isUpper();
        state.anyLower = state.anyLower || c.isLower();
    }
    // A value holding the template's separator sorts by where the separator falls, not by its
    // case: delimiter-in-value reports it.
    for (QChar c : separators) {
        if (view.output.contains(c))
            return;
    }
    state.cases.add(view.context, view.output.toCaseFolded().toUtf8(), view.remainder, item);
}

void sampleTime(PlaceholderState &state, const CheckContext &context, const PartView &view,
                qint64 item)
{
    const PlaceholderRef &ref = *state.ref;
    std::optional<qint64> instant;
    if (const auto in = context.input(item, ref)) {
        instant = in->instantMs;
        if (!instant && in->value.type() == AttributeValue::Type::S)
            instant = parseInstant(in->value.asString());
        if (!instant && state.displayDates && in->value.type() == AttributeValue::Type::S)
            instant = recovery::partvalues::displayInstant(*state.displayDates->format,
                                                           in->value.asString());
    }
    if (!instant) {
        if (state.timeFromData)
            state.timeCandidate = false;
        return;
    }
    if (!epochFilter(ref).isEmpty()) {
        if (view.output.startsWith(u'-')) {
            state.anyNegativeEpoch = true;
        } else {
            const int digits = int(view.output.size());
            state.minEpochDigits
                = state.minEpochDigits == 0 ? digits : std::min(state.minEpochDigits, digits);
            state.maxEpochDigits = std::max(state.maxEpochDigits, digits);
        }
    }
    state.times.add(view.context, orderedInt64(*instant), view.remainder, item);
}

void sampleUlid(PlaceholderState &state, const PartView &view, qint64 item)
{
    const auto raw
        = view.output.size() == ids::kUlidTextSize ? ids::ulidToRaw(view.output) : std::nullopt;
    if (!raw) {
        state.allUlid = false;
        return;
    }
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

// One pass over the site's first kSampleCap items, feeding every state.
void sampleSite(const CheckContext &context, const KeySite &site,
                std::vector<PlaceholderState> &states)
{
    const QString separators = separatorsOf(site);
    context.forSampledOutputs(site, [&](qint64 item, const std::vector<QString> &outputs) {
        const QByteArray collection = context.collectionOf(site, item);
        for (PlaceholderState &state : states) {
            const PartView view = partView(collection, outputs, state.ref->part);
            if (state.numeric)
                sampleNumber(state, view, item);
            if (state.caseCandidate)
                sampleCase(state, separators, view, item);
            if (state.timeCandidate)
                sampleTime(state, context, view, item);
            if (state.ulidCandidate)
                sampleUlid(state, view, item);
        }
    });
}

// A warning on two items of one collection whose keys sort against their values: the finding
// with its title and items, the pair, its words and each item's input to the placeholder.
struct PairFinding
{
    Finding finding;
    InversionFinder::Pair pair;
    PairText words;
    QString later;
    QString earlier;
};

std::optional<PairFinding> pairFinding(const CheckContext &context, const KeySite &site,
                                       const PlaceholderRef &ref, const InversionFinder &finder,
                                       const QString &id)
{
    const auto pair = finder.find();
    if (!pair)
        return std::nullopt;
    PairFinding out {makeFinding(context, id, Finding::Severity::Warning, site, &ref), *pair,
                     pairText(context, site.keyAttribute, *pair),
                     inputOf(context, ref, pair->later.item),
                     inputOf(context, ref, pair->earlier.item)};
    out.finding.title = out.words.title;
    out.finding.items = {pair->later.item, pair->earlier.item};
    setConcerned(out.finding, finder.invertedItems());
    return out;
}

// "In your data, <later> and <earlier> are in the same collection (...): <how their keys
// compare>", the items named with their values as `laterValue` and `earlierValue`.
QString sameCollection(const CheckContext &context, const KeySite &site, const PairFinding &found,
                       const QString &laterValue, const QString &earlierValue)
{
    return QStringLiteral("In your data, %1 and %2 are in the same collection (%3): %4")
        .arg(context.describeItem(found.pair.later.item, laterValue),
             context.describeItem(found.pair.earlier.item, earlierValue),
             context.describeCollection(site, found.pair.later.item), found.words.comparison);
}

void reportUnpadded(const CheckContext &context, const KeySite &site, PlaceholderState &state,
                    std::vector<Finding> &findings)
{
    const PlaceholderRef &ref = *state.ref;
    auto found = pairFinding(context, site, ref, state.numbers, QStringLiteral("unpadded-number"));
    if (!found)
        return;
    auto &[f, pair, words, later, earlier] = *found;
    const QString &text = site.keyTemplate.text();
    f.explanation
        = QStringLiteral("%1 is a number, but %2 ('%3') writes it into the string sort key %4 "
                         "without padding, so DynamoDB orders these keys by their characters, "
                         "not by value. ")
              .arg(ref.name, site.description, text, site.keyAttribute)
        + sameCollection(context, site, *found, ref.name + u' ' + later, ref.name + u' ' + earlier)
        + QStringLiteral(". A Query returns %1 before %2 although %2 < %1, and range conditions "
                         "(BETWEEN, <, >) on %3 select the wrong items.")
              .arg(later, earlier, site.keyAttribute);
    const int width = std::max(state.maxDigits + 3, 4);
    const QString padded = ref.withFilter(text, QStringLiteral("pad:") + QString::number(width));
    f.fix = QStringLiteral("Write the number zero-padded: %1. The widest %2 in your data "
                           "has %3; pad for the largest value you can imagine plus "
                           "2-3 digits (pad:%4 here): the width cannot change without a "
                           "migration.")
                .arg(padded, ref.name,
                     counted(state.maxDigits, QStringLiteral("digit"), QStringLiteral("digits")),
                     QString::number(width));
    if (state.anyNegative)
        f.fix += QStringLiteral(" Some values are negative, and pad does not "
                                "order negatives: add an offset so every value "
                                "is at least 0 before padding.");
    if (state.anyDecimal)
        f.fix += QStringLiteral(" Some values have decimals, and pad takes "
                                "integers: store the value scaled to an integer "
                                "(cents, milliseconds) and pad that.");
    if (!state.anyNegative && !state.anyDecimal)
        setTemplateEdit(f, context, site, padded,
                        QStringLiteral("Pad %1 to %2 digits: %3")
                            .arg(ref.name, QString::number(width), padded));
    findings.push_back(std::move(f));
}

void reportMixedCase(const CheckContext &context, const KeySite &site, PlaceholderState &state,
                     std::vector<Finding> &findings)
{
    if (!state.anyUpper || !state.anyLower)
        return; // one case throughout: byte order is alphabetical order
    const PlaceholderRef &ref = *state.ref;
    auto found = pairFinding(context, site, ref, state.cases, QStringLiteral("mixed-case"));
    if (!found)
        return;
    auto &[f, pair, words, later, earlier] = *found;
    const QString &text = site.keyTemplate.text();
    f.explanation
        = QStringLiteral("%1 keeps its mixed case in %2 ('%3'), and DynamoDB compares "
                         "UTF-8 bytes, where every uppercase letter (0x41-0x5A) sorts before "
                         "every lowercase one (0x61-0x7A): byte order is not alphabetical "
                         "order. ")
              .arg(ref.name, site.description, text)
        + sameCollection(context, site, *found, ref.name + QStringLiteral(" '") + later + u'\'',
                         ref.name + QStringLiteral(" '") + earlier + u'\'')
        + QStringLiteral(", although alphabetically '%1' comes first.").arg(earlier);
    const QString upper = ref.withFilter(text, QStringLiteral("upper"));
    f.fix = QStringLiteral("Normalise the case in the key: %1 ('%2' and '%3' then sort "
                           "alphabetically: %4). Keep the value as typed in the %5 "
                           "attribute for display; only the key is normalised.")
                .arg(upper, earlier.toUpper(), later.toUpper(),
                     explainKeyOrder(AttributeValue::string(earlier.toUpper()),
                                     AttributeValue::string(later.toUpper())),
                     ref.attribute);
    setTemplateEdit(f, context, site, upper,
                    QStringLiteral("Upper-case %1 in the key: %2").arg(ref.name, upper));
    findings.push_back(std::move(f));
}

// How the placeholder writes the time, for the explanation; `epochWidth` gets the pad width
// an epoch placeholder needs (0 when the trouble is not the digit count).
QString timeHow(const PlaceholderState &state, const QString &text, int &epochWidth)
{
    const PlaceholderRef &ref = *state.ref;
    const QString epoch = epochFilter(ref);
    epochWidth = 0;
    if (!epoch.isEmpty() && state.maxEpochDigits > state.minEpochDigits) {
        epochWidth = std::max(state.maxEpochDigits, epoch == QLatin1String("epoch") ? 10 : 13);
        return QStringLiteral("writes the time %1 as %2 (%3) without padding, and the digit "
                              "count of these numbers changes (%4 to %5 digits in your data: "
                              "epoch seconds went from 9 to 10 digits at 10^9, on "
                              "2001-09-09T01:46:40Z), so as text a shorter number sorts after "
                              "a longer one ('999999999' > '1000000000')")
            .arg(ref.name,
                 epoch == QLatin1String("epoch") ? QStringLiteral("epoch seconds")
                                                 : QStringLiteral("epoch milliseconds"),
                 ref.source(text), QString::number(state.minEpochDigits),
                 QString::number(state.maxEpochDigits));
    }
    if (ref.hasFilter(QStringLiteral("format")))
        return QStringLiteral("writes the time %1 in a display format (%2), whose characters do "
                              "not sort in time order")
            .arg(ref.name, ref.source(text));
    return QStringLiteral("writes the time %1 as it is stored, and its values mix formats, UTC "
                          "offsets or precisions, which do not sort in time order")
        .arg(ref.name);
}

// Dates written for people in a string sort key: the pair out of time order, and the edit that
// writes the attribute's choices as ISO-8601.
void reportDisplayDates(const CheckContext &context, const KeySite &site,
                        const PlaceholderState &state, PairFinding &found,
                        std::vector<Finding> &findings)
{
    const PlaceholderRef &ref = *state.ref;
    const DisplayDates &dates = *state.displayDates;
    auto &[f, pair, words, later, earlier] = found;
    f.explanation
        = QStringLiteral("%1 ('%2') puts %3 into the key as dates written for people ('%4', "
                         "format %5), and a string sort key compares them as text, character "
                         "by character, not as time: %6. In your data, %7 is later than %8, "
                         "and both are in one collection (%9), yet %10.")
              .arg(sentenceStart(site.description), site.keyTemplate.text(), ref.name,
                   dates.values.front(), dates.format->pattern, dates.whyUnsorted(),
                   context.describeItem(pair.later.item, ref.name + u' ' + later),
                   context.describeItem(pair.earlier.item, ref.name + u' ' + earlier),
                   context.describeCollection(site, pair.later.item), words.comparison);
    f.fix = QStringLiteral("Write the dates as ISO-8601, whose text sorts in time order: %1's "
                           "values %2, or make %1 a timestamp attribute and key it with "
                           "%3. Keep the display format for the screen, not the key.")
                .arg(ref.name, dates.rewrites(3), isoTemplate(site, ref));
    const QString entity = context.project.entities[size_t(site.entity)].name;
    const QString before = site.keyTemplate.text().left(ref.templatePart->column - 1);
    f.edit = isoDatesFix(context.project, entity, ref.name,
                         before.contains(u'{') ? QString() : before, dates);
    findings.push_back(std::move(f));
}

void reportTimes(const CheckContext &context, const KeySite &site, PlaceholderState &state,
                 std::vector<Finding> &findings)
{
    const PlaceholderRef &ref = *state.ref;
    auto found
        = pairFinding(context, site, ref, state.times, QStringLiteral("unsortable-timestamp"));
    if (!found)
        return;
    if (state.displayDates) {
        reportDisplayDates(context, site, state, *found, findings);
        return;
    }
    auto &[f, pair, words, later, earlier] = *found;
    const QString &text = site.keyTemplate.text();
    int epochWidth = 0;
    const QString how = timeHow(state, text, epochWidth);
    f.explanation = QStringLiteral("%1 ('%2') %3. In your data, %4 is later than %5, "
                                   "and both are in one collection (%6), yet %7.")
                        .arg(sentenceStart(site.description), text, how,
                             context.describeItem(pair.later.item, ref.name + u' ' + later),
                             context.describeItem(pair.earlier.item, ref.name + u' ' + earlier),
                             context.describeCollection(site, pair.later.item), words.comparison);
    if (epochWidth > 0) {
        const QString padded
            = ref.withFilter(text, QStringLiteral("pad:") + QString::number(epochWidth));
        f.fix = QStringLiteral("Pad the epoch number to one width, so every key has the same "
                               "digit count and text order is time order: %1 (%2 digits hold "
                               "every time in your data and far beyond), or write ISO-8601 in "
                               "UTC: %3.")
                    .arg(padded, QString::number(epochWidth), isoTemplate(site, ref));
        if (state.anyNegativeEpoch)
            f.fix += QStringLiteral(" Some times are before 1970 (negative epochs), which pad "
                                    "does not order: use ISO-8601 for those.");
        else
            setTemplateEdit(f, context, site, padded,
                            QStringLiteral("Pad the epoch of %1 to %2 digits: %3")
                                .arg(ref.name, QString::number(epochWidth), padded));
        findings.push_back(std::move(f));
        return;
    }
    const QString iso = isoTemplate(site, ref);
    f.fix
        = QStringLiteral("Write the time sortably: %1 (ISO-8601 in UTC, "
                         "'2023-07-10T14:48:00Z', readable while debugging), or {%2|epoch|pad:10} "
                         "for epoch seconds of one width. Keep the display format for the "
                         "screen, not the key.")
              .arg(iso, ref.name);
    setIsoEdit(f, context, site, ref, iso);
    findings.push_back(std::move(f));
}

struct SharedGroup
{
    InversionFinder finder; // times
    InversionFinder ulids;
    std::vector<std::pair<int, const PlaceholderRef *>> tags; // (site, placeholder)
    bool siteLevelFinding = false;
};

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

// "In your data, ..." for a lowercase ULID: a pair out of time order, or the id in uppercase.
QString ulidExample(const CheckContext &context, const KeySite &site, const PendingUlid &pending,
                    const std::optional<InversionFinder::Pair> &sharedPair, Finding &f)
{
    const PlaceholderRef &ref = *pending.ref;
    if (const auto pair = sharedPair) {
        const PairText words = pairText(context, site.keyAttribute, *pair);
        f.title = words.title;
        f.items = {pair->later.item, pair->earlier.item};
        return QStringLiteral("In your data, %1 was created after %2 (same collection, %3), "
                              "yet %4.")
            .arg(context.describeItem(pair->later.item), context.describeItem(pair->earlier.item),
                 context.describeCollection(site, pair->later.item), words.comparison);
    }
    const qint64 item = pending.item;
    const auto rendered = context.render(site, item);
    const QString lower = rendered ? rendered->trace[size_t(ref.part)].output : QString();
    const QString upper = lower.toUpper();
    const QString key = context.keyValue(item, site.keyAttribute).asString();
    QString upperKey = key;
    upperKey.replace(lower, upper);
    f.title = QStringLiteral("'%1' sorts after every uppercase ULID").arg(lower);
    f.items = {item};
    return QStringLiteral("In your data, %1 has %2 '%3'; the same id in uppercase, as the spec "
                          "and most libraries write it, would sort elsewhere: %4.")
        .arg(context.describeItem(item), site.keyAttribute, key,
             explainKeyOrder(AttributeValue::string(upperKey), AttributeValue::string(key)));
}

void reportLowercaseUlid(const CheckContext &context, const PendingUlid &pending,
                         const std::map<QString, SharedGroup> &groups,
                         std::vector<Finding> &findings)
{
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
    Finding f = makeFinding(context, QStringLiteral("lowercase-ulid"), Finding::Severity::Warning,
                            site, &ref);
    for (const auto &filter : ref.templatePart->filters) {
        if (filter.name == QLatin1String("lower"))
            markFilter(f, site, filter); // the filter that makes them lowercase
    }
    setConcerned(f, pending.items);
    const bool filtered = ref.hasFilter(QStringLiteral("lower"));
    const QString example = ulidExample(context, site, pending, sharedPair, f);
    f.explanation
        = QStringLiteral("%1 ('%2') writes the ULID %3 %4. ULIDs sort by time only in one "
                         "case: a lowercase letter (0x61-0x7A) sorts after every uppercase "
                         "letter and digit, so a lowercase ULID sorts after every uppercase "
                         "ULID that shares its first characters, whatever their times. %5 %6 "
                         "in the sample %7 lowercase.")
              .arg(sentenceStart(site.description), text, ref.name,
                   filtered ? QStringLiteral("through the lower filter")
                            : QStringLiteral("with lowercase letters"),
                   example,
                   counted(pending.count, QStringLiteral("value"), QStringLiteral("values")),
                   pending.count == 1 ? QStringLiteral("is") : QStringLiteral("are"));
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
    f.fix = QStringLiteral("Keep ULIDs in uppercase, as generated: %1, and convert ids that "
                           "arrive in lowercase (from URLs, clients) to uppercase before "
                           "building keys.")
                .arg(fixed);
    setTemplateEdit(f, context, site, fixed,
                    QStringLiteral("Keep %1 in uppercase: %2").arg(ref.name, fixed));
    findings.push_back(std::move(f));
}

// Timestamps of several templates sharing a key position (one key, one store).
void reportSharedTimes(const CheckContext &context, const SharedGroup &group,
                       std::vector<Finding> &findings)
{
    if (group.siteLevelFinding || group.finder.empty() || group.tags.size() < 2)
        return;
    const auto pair = group.finder.find();
    if (!pair)
        return;
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
              .arg(sentenceStart(first.description), first.keyTemplate.text(), second.description,
                   second.keyTemplate.text(), a.keyAttribute,
                   context.describeItem(pair->later.item,
                                        refA->name + u' '
                                            + inputOf(context, *refA, pair->later.item)),
                   context.describeItem(pair->earlier.item,
                                        refB->name + u' '
                                            + inputOf(context, *refB, pair->earlier.item)),
                   context.describeCollection(a, pair->later.item), words.comparison);
    f.fix = QStringLiteral("Write every time in this key position one way: {%1|iso8601} in "
                           "%2 and {%3|iso8601} in %4 (UTC, whole seconds), or epoch numbers "
                           "of one unit everywhere.")
                .arg(firstRef->name, first.description, secondRef->name, second.description);
    const QString firstIso = isoTemplate(first, *firstRef);
    const QString secondIso = isoTemplate(second, *secondRef);
    setTemplateEdit(f, context, first, firstIso,
                    QStringLiteral("Write the times of this key position as ISO-8601 in UTC"));
    Finding other;
    setTemplateEdit(other, context, second, secondIso, QString());
    if (f.edit && other.edit)
        f.edit->changes.push_back(other.edit->changes.front());
    else if (!f.edit && other.edit)
        f.edit = DesignFix {QStringLiteral("Write the times of this key position as ISO-8601 "
                                           "in UTC"),
                            other.edit->changes};
    findings.push_back(std::move(f));
}

} // namespace

void checkOrdering(const CheckContext &context, std::vector<Finding> &findings)
{
    std::map<QString, SharedGroup> groups;
    std::vector<PendingUlid> pendingUlids;

    for (int s = 0; s < int(context.sites.size()); ++s) {
        const KeySite &site = context.sites[size_t(s)];
        if (!site.isStringSortKey())
            continue;
        std::vector<PlaceholderState> states = orderStates(site);
        if (states.empty())
            continue;
        SharedGroup &group = groups[timeGroupKey(context, site)];
        readDisplayDates(context, site, states);
        sampleSite(context, site, states);

        for (PlaceholderState &state : states) {
            const PlaceholderRef &ref = *state.ref;
            if (state.numeric)
                reportUnpadded(context, site, state, findings);
            if (state.caseCandidate)
                reportMixedCase(context, site, state, findings);
            if (state.timeCandidate) {
                const size_t before = findings.size();
                reportTimes(context, site, state, findings);
                group.siteLevelFinding = group.siteLevelFinding || findings.size() > before;
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

    for (const PendingUlid &pending : pendingUlids)
        reportLowercaseUlid(context, pending, groups, findings);
    for (const auto &[key, group] : groups) {
        Q_UNUSED(key);
        reportSharedTimes(context, group, findings);
    }
}

} // namespace keyscope::model::checks
