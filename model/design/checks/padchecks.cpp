// The pad and invert width checks: pad-overflow (a value of the population, or of the
// generator's declared range, wider than the width), pad-near-limit, and signed-pad (negative
// values, which pad and invert do not order). A full pass: the widest value may be the last
// one generated.

#include "model/design/checks/ordersupport.h"
#include "model/value/keyorder.h"

#include <cmath>

namespace keyscope::model::checks {

namespace {

// One pad:N or invert:N filter of a placeholder in a string sort key.
struct PadSite
{
    const KeySite &site;
    const PlaceholderRef &ref;
    const KeyTemplate::Filter &filter;
    int filterIndex = 0; // the filter's position in the placeholder (0: it reads the value)
    bool invert = false;
    int width = 0;
};

std::optional<IntegerText> padValue(const CheckContext &context, const PadSite &p, qint64 item)
{
    if (p.filterIndex == 0) {
        const auto in = context.input(item, p.ref);
        return in ? IntegerText::from(in->value) : std::nullopt;
    }
    const auto rendered = context.render(p.site, item);
    if (!rendered)
        return std::nullopt;
    const QStringList &steps = rendered->trace[size_t(p.ref.part)].steps;
    if (p.filterIndex >= steps.size())
        return std::nullopt;
    return IntegerText::from(AttributeValue::string(steps[p.filterIndex]));
}

// Non-negative values wider than the width (negatives are signed-pad's).
bool overflows(const PadSite &p, const IntegerText &v)
{
    return !v.negative && v.digits.size() > p.width;
}

struct PadScan
{
    qint64 firstOverflow = -1;
    IntegerText overflowValue;
    qint64 overflowCount = 0;
    std::vector<qint64> overflowItems;
    std::vector<qint64> nearItems; // past the alert share of the width's maximum
    qint64 maxItem = -1;
    IntegerText maxValue;
    qint64 minItem = -1;
    IntegerText minValue;
    std::vector<qint64> negativeItems;
    qint64 nearestNegative = -1; // the negative value closest to 0
    IntegerText nearestNegativeValue;
};

PadScan scanPad(const CheckContext &context, const PadSite &p)
{
    PadScan scan;
    const bool nearCheck = p.width <= 18;
    const double alertValue = context.options.padAlertShare * (std::pow(10.0, p.width) - 1.0);
    for (qint64 item : context.itemsOfEntity[size_t(p.site.entity)]) {
        const auto v = padValue(context, p, item);
        if (!v)
            continue;
        if (overflows(p, *v)) {
            if (scan.firstOverflow < 0) {
                scan.firstOverflow = item;
                scan.overflowValue = *v;
            }
            ++scan.overflowCount;
            scan.overflowItems.push_back(item);
        }
        if (v->negative) {
            scan.negativeItems.push_back(item);
            if (scan.nearestNegative < 0 || scan.nearestNegativeValue.lessThan(*v)) {
                scan.nearestNegative = item;
                scan.nearestNegativeValue = *v;
            }
        }
        if (nearCheck && !v->negative && v->approx() > alertValue)
            scan.nearItems.push_back(item);
        if (scan.maxItem < 0 || scan.maxValue.lessThan(*v)) {
            scan.maxItem = item;
            scan.maxValue = *v;
        }
        if (scan.minItem < 0 || v->lessThan(scan.minValue)) {
            scan.minItem = item;
            scan.minValue = *v;
        }
    }
    return scan;
}

// The values the generator declares for the placeholder's attribute (whatever the seed): an
// integer range's min..max, or a sequence's first..last over the most items the design makes.
struct DeclaredRange
{
    qint64 min = 0;
    qint64 max = 0;
    QString source; // "the integer range 0..1000", "a sequence from 1 step 1 over up to 1200 items"
};

constexpr qint64 kMaxOffset = 1'000'000'000'000'000; // 10^15

// The sum of the offset:N filters before the pad, or nullopt when another filter comes first
// (its output has no declared range).
std::optional<qint64> offsetBefore(const PadSite &p)
{
    qint64 sum = 0;
    const auto &filters = p.ref.templatePart->filters;
    for (int i = 0; i < p.filterIndex; ++i) {
        if (filters[size_t(i)].name != QLatin1String("offset"))
            return std::nullopt;
        const qint64 amount = filters[size_t(i)].argument.toLongLong();
        if (std::abs(amount) > kMaxOffset || std::abs(sum + amount) > kMaxOffset)
            return std::nullopt; // past what the range arithmetic holds exactly
        sum += amount;
    }
    return sum;
}

std::optional<DeclaredRange> declaredRange(const CheckContext &context, const PadSite &p)
{
    if (!p.ref.spec || p.ref.ownerEntity < 0 || context.isInferred(p.ref.ownerEntity))
        return std::nullopt;
    const auto offset = offsetBefore(p);
    if (!offset)
        return std::nullopt;
    const GeneratorSpec &g = p.ref.spec->generator;
    if (g.kind == GeneratorSpec::Kind::IntegerRange) {
        const QString offsetText = *offset == 0
            ? QString()
            : QStringLiteral(", offset by %1 to %2..%3")
                  .arg(QString::number(*offset), QString::number(g.min + *offset),
                       QString::number(g.max + *offset));
        return DeclaredRange {g.min + *offset, g.max + *offset,
                              QStringLiteral("its generator's range %1..%2")
                                      .arg(QString::number(g.min), QString::number(g.max))
                                  + offsetText};
    }
    if (*offset != 0)
        return std::nullopt;
    if (g.kind != GeneratorSpec::Kind::Sequence)
        return std::nullopt;
    // The most items of the owner type: per parent, or over every parent.
    const Project &project = context.project;
    double count = project.entities[size_t(p.ref.ownerEntity)].countMax;
    if (!g.perParent) {
        QString parent = project.entities[size_t(p.ref.ownerEntity)].parent;
        for (int depth = 0; !parent.isEmpty() && depth < 64; ++depth) {
            const auto it = std::find_if(project.entities.begin(), project.entities.end(),
                                         [&](const EntityType &e) { return e.name == parent; });
            if (it == project.entities.end())
                break;
            count *= it->countMax;
            parent = it->parent;
        }
    }
    if (count < 1 || count > 1e15)
        return std::nullopt;
    const double last = double(g.start) + double(g.step) * (count - 1);
    if (std::abs(last) > 9e15)
        return std::nullopt;
    const qint64 lastValue = qint64(last);
    return DeclaredRange {
        std::min(g.start, lastValue), std::max(g.start, lastValue),
        QStringLiteral("its sequence from %1 step %2 over up to %3")
            .arg(QString::number(g.start), QString::number(g.step),
                 counted(qint64(count), QStringLiteral("item"), QStringLiteral("items")))};
}

int digitsOf(qint64 value)
{
    return int(QString::number(value < 0 ? -value : value).size());
}

QString widenedFix(const PadSite &p, const QString &widened, const QString &largest)
{
    return QStringLiteral("Widen the %1 to fit your values with room to spare: %2, and rewrite "
                          "every existing key with the new width (a migration: the width cannot "
                          "change in place). Pad for the largest value you can imagine plus 2-3 "
                          "digits; the largest %3 is %4.")
        .arg(p.filter.name, widened, p.ref.name, largest);
}

// Where an overflowing key lands: a neighbour in its collection whose value is on the other
// side of it than its key (the nearest one sorting after it, else before it), or -1.
std::pair<qint64, bool> overflowNeighbour(const CheckContext &context, const PadSite &p,
                                          qint64 overflow, const IntegerText &value)
{
    const auto renderedX = context.render(p.site, overflow);
    if (!renderedX)
        return {-1, false};
    const PartView x = partView(context, p.site, overflow, *renderedX, p.ref.part);
    const auto intended = [&](const IntegerText &v) {
        IntegerText key = v;
        if (p.invert && key.digits != QLatin1String("0"))
            key.negative = !key.negative;
        return key.sortable();
    };
    const QByteArray ix = intended(value);
    const QByteArray collection = context.collectionOf(p.site, overflow);
    qint64 after = -1; // x sorts before it, though its value is smaller
    QByteArray afterKey;
    qint64 before = -1; // x sorts after it, though its value is larger
    QByteArray beforeKey;
    qsizetype scanned = 0;
    for (qint64 item : context.itemsOfEntity[size_t(p.site.entity)]) {
        if (item == overflow || context.collectionOf(p.site, item) != collection)
            continue;
        if (++scanned > kSampleCap)
            break;
        const auto rendered = context.render(p.site, item);
        const auto v = padValue(context, p, item);
        if (!rendered || !v)
            continue;
        const PartView y = partView(context, p.site, item, *rendered, p.ref.part);
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
    return after >= 0 ? std::pair {after, true} : std::pair {before, false};
}

void reportOverflow(const CheckContext &context, const PadSite &p, PadScan &scan,
                    std::vector<Finding> &findings)
{
    const QString &text = p.site.keyTemplate.text();
    const QString limitText = QString(p.width, u'9');
    const QString width = QString::number(p.width);
    const QString &attr = p.ref.name;
    const qint64 x = scan.firstOverflow;
    const auto renderedX = context.render(p.site, x);
    if (!renderedX)
        return;
    const PartView view = partView(context, p.site, x, *renderedX, p.ref.part);
    const auto [neighbour, sortsBefore] = overflowNeighbour(context, p, x, scan.overflowValue);
    Finding f = makeFinding(context, QStringLiteral("pad-overflow"), Finding::Severity::Error,
                            p.site, &p.ref);
    markFilter(f, p.site, p.filter);
    setConcerned(f, std::move(scan.overflowItems));
    const AttributeValue keyX = context.keyValue(x, p.site.keyAttribute);
    const QString digits = counted(p.width, QStringLiteral("digit"), QStringLiteral("digits"));
    const QString what = p.invert
        ? QStringLiteral("invert:%1 computes %2 - value, which has %8 only for values "
                         "0 to %2; %3 %4 in %5 gives '%6', so its key is %7")
              .arg(width, limitText, attr, scan.overflowValue.text(), context.describeItem(x),
                   view.output, CheckContext::quoted(keyX), digits)
        : QStringLiteral("%3 %4 in %5 is wider than pad:%1 (%7 %8 at most %2), and "
                         "a wider value is written as it is: its key is %6")
              .arg(width, limitText, attr, scan.overflowValue.text(), context.describeItem(x),
                   CheckContext::quoted(keyX), digits,
                   p.width == 1 ? QStringLiteral("holds") : QStringLiteral("hold"));
    QString lands;
    if (neighbour >= 0) {
        const AttributeValue keyY = context.keyValue(neighbour, p.site.keyAttribute);
        const auto v = padValue(context, p, neighbour);
        lands = QStringLiteral(" DynamoDB raises no error; the order is just wrong: in its "
                               "collection (%1) it lands next to %2: %3.")
                    .arg(context.describeCollection(p.site, x),
                         context.describeItem(neighbour, attr + u' ' + (v ? v->text() : QString())),
                         explainKeyOrder(keyX, keyY));
        // First the item that sorts first.
        f.items
            = sortsBefore ? std::vector<qint64> {x, neighbour} : std::vector<qint64> {neighbour, x};
        f.title = explainKeyOrder(keyX, keyY).section(u':', 0, 0);
    } else {
        lands = QStringLiteral(" DynamoDB raises no error; the key simply no longer sorts by "
                               "value once other values are written next to it.");
        f.items = {x};
        f.title = attr + u' ' + scan.overflowValue.text() + QStringLiteral(" overflows ")
            + p.filter.name + u':' + width;
    }
    f.explanation = what + u'.' + lands
        + QStringLiteral(" %1 of %2 in your data %3 the width.")
              .arg(counted(scan.overflowCount, QStringLiteral("value"), QStringLiteral("values")),
                   attr,
                   scan.overflowCount == 1 ? QStringLiteral("overflows")
                                           : QStringLiteral("overflow"));
    const QString wider = QString::number(scan.maxValue.digits.size() + 3);
    const QString widened = replaceFilterArgument(text, p.filter, wider);
    f.fix = widenedFix(p, widened, QStringLiteral("in your data ") + scan.maxValue.text());
    if (scan.maxValue.negative)
        f.fix += QStringLiteral(" Negative values cannot be padded or inverted into order: add "
                                "an offset so every value is at least 0.");
    setTemplateEdit(
        f, context, p.site, widened,
        QStringLiteral("Widen %1 of %2 to %3 digits: %4").arg(p.filter.name, attr, wider, widened));
    findings.push_back(std::move(f));
}

// The generator declares values wider than the width, though the population (this seed) has
// none yet: an error all the same, the next seed or the real data writes them.
void reportDeclaredOverflow(const CheckContext &context, const PadSite &p,
                            const DeclaredRange &range, std::vector<Finding> &findings)
{
    const QString &text = p.site.keyTemplate.text();
    const QString limitText = QString(p.width, u'9');
    const QString &attr = p.ref.name;
    Finding f = makeFinding(context, QStringLiteral("pad-overflow"), Finding::Severity::Error,
                            p.site, &p.ref);
    markFilter(f, p.site, p.filter);
    const QString width = QString::number(p.width);
    f.title = attr + QStringLiteral(" reaches ") + QString::number(range.max)
        + QStringLiteral(", wider than ") + p.filter.name + u':' + width;
    f.explanation
        = QStringLiteral("%1 of %2 ('%3') writes %4 with %5:%6, which holds %4 values 0 to %7 "
                         "only, but %8 lets %4 reach %9. The sampled items happen to stay "
                         "below it; the first item past %7 gets a wider key that sorts by its "
                         "characters, not by value, whatever the seed.")
              .arg(sentenceStart(QStringLiteral("the ") + p.site.keyAttribute
                                 + QStringLiteral(" template")),
                   context.entityName(p.site.entity), text, attr, p.filter.name, width, limitText,
                   range.source, QString::number(range.max));
    const QString wider = QString::number(digitsOf(range.max) + 2);
    const QString widened = replaceFilterArgument(text, p.filter, wider);
    f.fix = widenedFix(p, widened,
                       QStringLiteral("the generator declares ") + QString::number(range.max));
    setTemplateEdit(
        f, context, p.site, widened,
        QStringLiteral("Widen %1 of %2 to %3 digits: %4").arg(p.filter.name, attr, wider, widened));
    findings.push_back(std::move(f));
}

void reportNearLimit(const CheckContext &context, const PadSite &p, PadScan &scan,
                     std::vector<Finding> &findings)
{
    if (p.width > 18 || scan.maxValue.negative)
        return;
    const QString &text = p.site.keyTemplate.text();
    const QString limitText = QString(p.width, u'9');
    const QString width = QString::number(p.width);
    const QString &attr = p.ref.name;
    const double limit = std::pow(10.0, p.width) - 1.0;
    const double share = scan.maxValue.approx() / limit;
    if (share <= context.options.padAlertShare)
        return;
    const qint64 maxItem = scan.maxItem;
    Finding f = makeFinding(context, QStringLiteral("pad-near-limit"), Finding::Severity::Warning,
                            p.site, &p.ref);
    f.items = {maxItem};
    markFilter(f, p.site, p.filter);
    setConcerned(f, std::move(scan.nearItems));
    f.title = QStringLiteral("%1 reaches %2 of %3:%4 (%5%)")
                  .arg(attr, scan.maxValue.text(), p.filter.name, width, percent(share));
    const AttributeValue key = context.keyValue(maxItem, p.site.keyAttribute);
    QString next;
    if (const auto rendered = context.render(p.site, maxItem)) {
        const PartView view = partView(context, p.site, maxItem, *rendered, p.ref.part);
        const QString overflowText
            = p.invert ? QStringLiteral("-1") : QStringLiteral("1") + QString(p.width, u'0');
        const AttributeValue hypothetical
            = AttributeValue::string(view.prefix + overflowText + view.suffix);
        next = QStringLiteral(" Past %1 the keys are no longer %2 digits and sort out of order, "
                              "silently: the key of %3 %4 would be %5, and %6.")
                   .arg(limitText, width, attr,
                        limitText.size() < 18 ? QString::number(qint64(limit) + 1)
                                              : QStringLiteral("10^") + width,
                        CheckContext::quoted(hypothetical), explainKeyOrder(hypothetical, key));
    }
    f.explanation = QStringLiteral("The largest %1 in your data is %2 (%3, key %4), %5% of %6, "
                                   "the largest value %7:%8 can write; the alert share is %9%.")
                        .arg(attr, scan.maxValue.text(), context.describeItem(maxItem),
                             CheckContext::quoted(key), percent(share), limitText, p.filter.name,
                             width, percent(context.options.padAlertShare))
        + next;
    const QString wider = QString::number(scan.maxValue.digits.size() + 3);
    const QString widened = replaceFilterArgument(text, p.filter, wider);
    f.fix = QStringLiteral("Plan the migration to a wider width now, while it is a planned "
                           "change: %1, rewriting every key once. Pad for the largest value you "
                           "can imagine plus 2-3 digits.")
                .arg(widened);
    setTemplateEdit(
        f, context, p.site, widened,
        QStringLiteral("Widen %1 of %2 to %3 digits: %4").arg(p.filter.name, attr, wider, widened));
    findings.push_back(std::move(f));
}

// Negative values under pad or invert: "-001" sorts before "-002" though -2 < -1 (pad), or
// invert writes them past its width.
void reportSignedPad(const CheckContext &context, const PadSite &p, PadScan &scan,
                     const std::optional<DeclaredRange> &range, std::vector<Finding> &findings)
{
    const bool declared = range && range->min < 0;
    if (scan.negativeItems.empty() && !declared)
        return;
    const QString &text = p.site.keyTemplate.text();
    const QString &attr = p.ref.name;
    Finding f = makeFinding(context, QStringLiteral("signed-pad"), Finding::Severity::Error, p.site,
                            &p.ref);
    markFilter(f, p.site, p.filter);
    setConcerned(f, scan.negativeItems);
    const qint64 min = declared ? range->min : qint64(scan.minValue.approx());
    const qint64 max = std::max<qint64>(range ? range->max : qint64(scan.maxValue.approx()), 0);
    const qint64 offset = -min;
    QString example;
    if (!scan.negativeItems.empty()) {
        const qint64 low = scan.minItem;
        const qint64 high = scan.nearestNegative;
        f.items = low == high ? std::vector<qint64> {low} : std::vector<qint64> {high, low};
        const AttributeValue lowKey = context.keyValue(low, p.site.keyAttribute);
        const AttributeValue highKey = context.keyValue(high, p.site.keyAttribute);
        example = low == high
            ? QStringLiteral(" In your data, %1 has %2 %3: its key is %4.")
                  .arg(context.describeItem(low), attr, scan.minValue.text(),
                       CheckContext::quoted(lowKey))
            : QStringLiteral(" In your data, %1 has %2 %3 and %4 has %2 %5, yet %6.")
                  .arg(context.describeItem(high), attr, scan.nearestNegativeValue.text(),
                       context.describeItem(low), scan.minValue.text(),
                       explainKeyOrder(highKey, lowKey));
        f.title = attr + u' ' + scan.minValue.text() + QStringLiteral(" is negative under ")
            + p.filter.name + u':' + QString::number(p.width);
    } else {
        example = QStringLiteral(" No sampled item is negative yet, but %1 declares values down "
                                 "to %2.")
                      .arg(range->source, QString::number(range->min));
        f.title = attr + QStringLiteral(" may be negative under ") + p.filter.name + u':'
            + QString::number(p.width);
    }
    f.explanation
        = (p.invert ? QStringLiteral("%1 of %2 ('%3') inverts %4 with %5:%6, which writes "
                                     "values 0 to %7 only: a negative value becomes a number "
                                     "wider than the others and sorts by its characters.")
                    : QStringLiteral("%1 of %2 ('%3') pads %4 with %5:%6, which writes a "
                                     "negative value as '-' and its padded magnitude: every "
                                     "negative key sorts before the positive ones, but among "
                                     "themselves in reverse order (-1 as '-0...1' sorts before "
                                     "-2 as '-0...2', and %7 is not the limit)."))
              .arg(sentenceStart(QStringLiteral("the ") + p.site.keyAttribute
                                 + QStringLiteral(" template")),
                   context.entityName(p.site.entity), text, attr, p.filter.name,
                   QString::number(p.width), QString(p.width, u'9'))
        + example;
    const int width = std::max(digitsOf(max + offset) + 1, p.width);
    // offset:K before the pad (and the pad widened when the shifted values need it).
    const QString widened
        = width == p.width ? text : replaceFilterArgument(text, p.filter, QString::number(width));
    const QString after = widened.left(p.filter.column - 1) + QStringLiteral("offset:")
        + QString::number(offset) + u'|' + widened.mid(p.filter.column - 1);
    f.fix = QStringLiteral("Write %1 with an offset so every value is at least 0, and pad "
                           "that: add %2, so %3..%4 becomes 0..%5: %6 (subtract %2 when "
                           "reading the key back).")
                .arg(attr, QString::number(offset), QString::number(min), QString::number(max),
                     QString::number(max + offset), after);
    setTemplateEdit(f, context, p.site, after,
                    QStringLiteral("Add %1 to %2 before %3: %4")
                        .arg(QString::number(offset), attr, p.filter.name, after));
    findings.push_back(std::move(f));
}

void checkPadFilter(const CheckContext &context, const PadSite &p, std::vector<Finding> &findings)
{
    PadScan scan = scanPad(context, p);
    const auto range = declaredRange(context, p);
    reportSignedPad(context, p, scan, range, findings);
    if (scan.maxItem < 0)
        return;
    if (scan.firstOverflow >= 0) {
        reportOverflow(context, p, scan, findings);
        return;
    }
    if (range && digitsOf(range->max) > p.width && range->max > 0) {
        reportDeclaredOverflow(context, p, *range, findings);
        return;
    }
    reportNearLimit(context, p, scan, findings);
}

} // namespace

void checkPadding(const CheckContext &context, std::vector<Finding> &findings)
{
    for (const KeySite &site : context.sites) {
        if (!site.isStringSortKey())
            continue;
        for (const PlaceholderRef &ref : site.placeholders) {
            const auto &filters = ref.templatePart->filters;
            for (int i = 0; i < int(filters.size()); ++i) {
                const KeyTemplate::Filter &filter = filters[size_t(i)];
                const bool invert = filter.name == QLatin1String("invert");
                if (!invert && filter.name != QLatin1String("pad"))
                    continue;
                const int width = filter.argument.toInt();
                if (width > 0)
                    checkPadFilter(context, PadSite {site, ref, filter, i, invert, width},
                                   findings);
                break; // the first pad or invert filter decides the width
            }
        }
    }
}

} // namespace keyscope::model::checks
