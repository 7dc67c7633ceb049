#include "model/design/recovery/partclassifier.h"

#include "model/design/ids.h"
#include "model/design/recovery/partvalues.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>

// inferredAttribute: a generator that makes values like the observed ones.

namespace keyscope::model::recovery {

namespace {

using namespace partvalues;
using Kind = PartKind::Kind;

constexpr qsizetype kMaxChoices = 20;

// The finest unit the part's text shows: generated instants step by whole units so they write
// like the sample (whole days for dates, whole seconds for second-precision times).
qint64 instantUnitMs(const PartKind &kind)
{
    switch (kind.kind) {
    case Kind::IsoDate:
        return kDayMs;
    case Kind::DisplayDate: {
        const DisplayFormat *known = findFormat(kind.format);
        return known ? known->unitMs : compileFormat(kind.format).unitMs;
    }
    case Kind::EpochMillis:
        return 1;
    case Kind::IsoDateTime: {
        if (!kind.fractionWidths.isEmpty())
            return 1;
        const auto iso = parseIso(kind.minText);
        return iso && !iso->seconds ? 60000 : 1000;
    }
    default:
        return 1000;
    }
}

// A step so that `count` values from `lo` span to `hi`, in whole units (at least one).
qint64 spanningStep(qint64 lo, qint64 hi, qint64 count, qint64 unit)
{
    const qint64 step = count > 1 ? (hi - lo) / (count - 1) : unit;
    return std::max(unit, step / unit * unit);
}

// A value's shape in the pattern generator's syntax: '#' digit, 'A' / 'a' ASCII letter, every
// other character written as is (escaped where the syntax would read it as a class).
QString shapeOf(QStringView v)
{
    QString shape;
    shape.reserve(v.size());
    for (const QChar qc : v) {
        const char16_t c = qc.unicode();
        if (isDigit(c))
            shape += u'#';
        else if (c >= u'A' && c <= u'Z')
            shape += u'A';
        else if (c >= u'a' && c <= u'z')
            shape += u'a';
        else if (c == u'#' || c == u'*' || c == u'\\')
            shape.append(u'\\').append(qc);
        else
            shape += qc;
    }
    return shape;
}

// Up to 4096 values spread over the whole list, for decisions that need no exact count.
template<typename Visit>
void forSample(const std::vector<QString> &values, Visit visit)
{
    const size_t stride = std::max<size_t>(1, values.size() / 4096);
    for (size_t i = 0; i < values.size(); i += stride)
        visit(values[i]);
}

// The shape most sampled fitting values have.
QString modalShape(const PartKind &kind, const std::vector<QString> &values)
{
    QHash<QString, qsizetype> shapes;
    forSample(values, [&](const QString &v) {
        if (fitsTextKind(kind, v) && !v.isEmpty())
            ++shapes[shapeOf(v)];
    });
    QString best;
    qsizetype bestCount = 0;
    for (auto it = shapes.cbegin(); it != shapes.cend(); ++it) {
        if (it.value() > bestCount || (it.value() == bestCount && it.key() < best)) {
            best = it.key();
            bestCount = it.value();
        }
    }
    return best;
}

// The pattern syntax has no hex-digit class, so a hex value's letters are kept from a sample
// value (written as themselves) and its digits are random; enough positions are made random for
// the values to stay distinct, one letter is kept so they still read as hexadecimal.
QString hexPattern(const PartKind &kind, const std::vector<QString> &values)
{
    QString sample;
    for (const QString &v : values) {
        const Scan s = scan(v);
        if (s.allHex && v.size() == kind.width && s.hexLetter) {
            sample = v;
            break;
        }
    }
    std::vector<bool> random(size_t(sample.size()));
    qsizetype randomCount = 0, lastLetter = -1;
    for (qsizetype i = 0; i < sample.size(); ++i) {
        random[size_t(i)] = isDigit(sample[i].unicode());
        randomCount += random[size_t(i)] ? 1 : 0;
        if (!random[size_t(i)])
            lastLetter = i;
    }
    const qsizetype wanted = std::min<qsizetype>(sample.size() - 1, 12);
    for (qsizetype i = 0; i < sample.size() && randomCount < wanted; ++i) {
        if (!random[size_t(i)] && i != lastLetter) {
            random[size_t(i)] = true;
            ++randomCount;
        }
    }
    QString pattern;
    for (qsizetype i = 0; i < sample.size(); ++i) {
        if (random[size_t(i)])
            pattern += u'#';
        else if (sample[i] == u'a' || sample[i] == u'A')
            pattern.append(u'\\').append(sample[i]);
        else
            pattern += sample[i];
    }
    return pattern;
}

// The distinct fitting values, sorted, when there are at most kMaxChoices; empty otherwise.
QStringList fewChoices(const PartKind &kind, const std::vector<QString> &values)
{
    QSet<QString> seen;
    for (const QString &v : values) {
        if (!fitsTextKind(kind, v))
            continue;
        seen.insert(v);
        if (seen.size() > kMaxChoices)
            return {};
    }
    QStringList choices(seen.begin(), seen.end());
    choices.sort();
    return choices;
}

// Surnames: letters (and ' - space) only, starting with a letter.
bool looksLikeNames(const std::vector<QString> &values)
{
    bool names = true;
    forSample(values, [&](const QString &v) {
        const Scan s = scan(v);
        names = names && s.word && !s.anyDigit && !v.isEmpty() && v.front().isLetter()
            && v.size() <= 30;
    });
    return names;
}

void inferInstants(AttributeSpec &spec, const PartKind &kind, const std::vector<QString> &values,
                   qint64 count)
{
    std::vector<qint64> instants;
    instants.reserve(values.size());
    for (const QString &v : values) {
        if (const auto ms = instantOf(kind, v))
            instants.push_back(*ms);
    }
    const bool asText = kind.kind == Kind::IsoDateTime && isoWrite(kind) == IsoWrite::AsIsText;
    // Offsets, mixed zones and odd fractions are kept as the text (S); the generator still
    // writes instants, in UTC, so the population sorts by time like the sample's instants.
    spec.type = asText ? AttributeKind::S : AttributeKind::Timestamp;
    spec.generator.kind = GeneratorSpec::Kind::Timestamp;
    if (instants.empty()) {
        spec.generator.start = 0;
        spec.generator.step = 1000;
        return;
    }
    std::sort(instants.begin(), instants.end());
    const qint64 distinct
        = qint64(std::unique(instants.begin(), instants.end()) - instants.begin());
    const qint64 unit = instantUnitMs(kind);
    spec.generator.start = instants.front();
    spec.generator.step = spanningStep(instants.front(), instants[size_t(distinct - 1)],
                                       count > 0 ? count : distinct, unit);
    // The generator writes milliseconds only when start or step is not whole seconds; the sample
    // has fractions, so the population must have them too.
    if (kind.kind == Kind::IsoDateTime && isoWrite(kind) == IsoWrite::AsIsTimestamp
        && spec.generator.start % 1000 == 0 && spec.generator.step % 1000 == 0)
        spec.generator.step += 1;
}

void inferIntegers(AttributeSpec &spec, const PartKind &kind, const std::vector<QString> &values)
{
    spec.type = AttributeKind::N;
    std::vector<qint64> ints;
    ints.reserve(values.size());
    for (const QString &v : values) {
        if (const auto i = integerValueOf(kind, v))
            ints.push_back(*i);
    }
    GeneratorSpec &g = spec.generator;
    std::sort(ints.begin(), ints.end());
    if (ints.empty()) {
        g.kind = GeneratorSpec::Kind::Sequence;
        return;
    }
    if (std::adjacent_find(ints.begin(), ints.end()) != ints.end()) {
        g.kind = GeneratorSpec::Kind::IntegerRange;
        g.min = ints.front();
        g.max = ints.back();
        return;
    }
    // Distinct integers: a sequence from the smallest, by the median gap (one far jump in the
    // sample does not stretch every step).
    g.kind = GeneratorSpec::Kind::Sequence;
    g.start = ints.front();
    std::vector<qint64> gaps;
    gaps.reserve(ints.size());
    for (size_t i = 1; i < ints.size(); ++i)
        gaps.push_back(ints[i] - ints[i - 1]);
    g.step = 1;
    if (!gaps.empty()) {
        std::nth_element(gaps.begin(), gaps.begin() + qsizetype(gaps.size() / 2), gaps.end());
        g.step = std::max<qint64>(1, gaps[gaps.size() / 2]);
    }
}

// KSUID and ULID generators take their time from start + ordinal * step (ms): span the sample.
void inferIdTimes(AttributeSpec &spec, const std::vector<QString> &values, qint64 count, bool ksuid)
{
    std::vector<qint64> times;
    times.reserve(values.size());
    for (const QString &v : values) {
        if (ksuid) {
            if (const auto s = ids::ksuidTime(v))
                times.push_back(*s * 1000);
        } else if (const auto ms = ids::ulidTime(v)) {
            times.push_back(*ms);
        }
    }
    if (times.empty())
        return;
    std::sort(times.begin(), times.end());
    const qint64 distinct = qint64(std::unique(times.begin(), times.end()) - times.begin());
    const qint64 unit = ksuid ? 1000 : 1;
    spec.generator.start = std::max<qint64>(times.front(), 2); // 0 and 1 mean "now"
    spec.generator.step = spanningStep(times.front(), times[size_t(distinct - 1)],
                                       count > 0 ? count : std::max<qint64>(distinct, 2), unit);
}

} // namespace

AttributeSpec inferredAttribute(const QString &name, const PartKind &kind,
                                const std::vector<QString> &values, qint64 count)
{
    AttributeSpec spec;
    spec.name = name;
    spec.type = AttributeKind::S;
    GeneratorSpec &g = spec.generator;
    if (isInstantKind(kind.kind)) {
        inferInstants(spec, kind, values, count);
        return spec;
    }
    switch (kind.kind) {
    case Kind::Constant:
        g.kind = GeneratorSpec::Kind::Constant;
        g.constant = kind.constant;
        return spec;
    case Kind::Integer:
    case Kind::PaddedInteger:
        inferIntegers(spec, kind, values);
        return spec;
    case Kind::SignedNumber: {
        // An integer range over the observed values: the signs (which break the text order)
        // come through; fractions do not, as no generator makes them.
        spec.type = AttributeKind::N;
        g.kind = GeneratorSpec::Kind::IntegerRange;
        g.min = qint64(std::floor(kind.minText.toDouble()));
        g.max = qint64(std::ceil(kind.maxText.toDouble()));
        return spec;
    }
    case Kind::Uuid:
        // Versions 1 and 7 are written as version 4: no generator makes time-based UUIDs, and
        // a v1 text does not sort by time anyway. A v7 design gets random order instead of
        // creation order; the report says which version the sample had.
        g.kind = GeneratorSpec::Kind::Uuid4;
        return spec;
    case Kind::Ksuid:
        g.kind = GeneratorSpec::Kind::Ksuid;
        inferIdTimes(spec, values, count, true);
        return spec;
    case Kind::Ulid:
        g.kind = GeneratorSpec::Kind::Ulid;
        inferIdTimes(spec, values, count, false);
        return spec;
    default:
        break;
    }
    if (const QStringList choices = fewChoices(kind, values); !choices.isEmpty()) {
        g.kind = GeneratorSpec::Kind::Choice;
        g.choices = choices;
        return spec;
    }
    if (kind.kind == Kind::Hex) {
        g.kind = GeneratorSpec::Kind::Pattern;
        g.pattern = hexPattern(kind, values);
        if (!g.pattern.isEmpty())
            return spec;
    }
    if (kind.kind == Kind::MixedText && looksLikeNames(values)) {
        g.kind = GeneratorSpec::Kind::Names;
        return spec;
    }
    g.kind = GeneratorSpec::Kind::Pattern;
    g.pattern = modalShape(kind, values);
    if (g.pattern.isEmpty()) { // only empty values
        g.kind = GeneratorSpec::Kind::Constant;
        g.constant.clear();
    }
    return spec;
}

} // namespace keyscope::model::recovery
