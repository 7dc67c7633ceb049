#include "model/design/keytemplate.h"
#include "model/design/recovery/recoverycontext.h"

#include <algorithm>

// Which attribute holds which part of a key: decided on a sample of a group's items, so the
// cost does not grow with the group.

namespace keyscope::model::recovery::detail {

namespace {

constexpr double kMatchShare = 0.9;

bool digitsOnly(QByteArrayView text)
{
    if (text.isEmpty())
        return false;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

bool hasLetter(QByteArrayView text)
{
    for (const char c : text) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
            return true;
    }
    return false;
}

std::optional<qint64> integerOf(QByteArrayView text)
{
    if (!digitsOnly(text) || text.size() > 18)
        return std::nullopt;
    qint64 v = 0;
    for (const char c : text)
        v = v * 10 + (c - '0');
    return v;
}

bool looksIsoInstant(const AttributeValue &value)
{
    if (value.type() != AttributeValue::Type::S)
        return false;
    const QByteArray &b = value.bytes();
    return b.size() >= 10 && digitsOnly(b.first(4)) && b[4] == '-' && b[7] == '-';
}

// The filters a time attribute may be written through to give the span's text.
QStringList timeFilters(QByteArrayView span)
{
    QStringList filters;
    if (span.size() == 10 && span[4] == '-' && span[7] == '-')
        filters << QStringLiteral("|date");
    if (digitsOnly(span) && span.size() >= 9 && span.size() <= 11)
        filters << QStringLiteral("|epoch");
    if (digitsOnly(span) && span.size() >= 12 && span.size() <= 14)
        filters << QStringLiteral("|epochms");
    if (span.size() >= 19 && digitsOnly(span.first(4)))
        filters << QStringLiteral("|iso8601");
    return filters;
}

bool renders(const KeyTemplate &keyTemplate, const AttributeValue &value, QByteArrayView span)
{
    const auto rendered = keyTemplate.render(
        [&](const QString &) {
            return std::optional<TemplateInput>(TemplateInput {value, {}});
        },
        false);
    const auto *ok = std::get_if<KeyTemplate::Rendered>(&rendered);
    if (!ok)
        return false;
    if (ok->value.type() == AttributeValue::Type::S)
        return ok->value.bytes() == span;
    return ok->value.displayText().toUtf8() == span;
}

struct Candidate
{
    SpanMatch match;
    std::optional<KeyTemplate> keyTemplate; // Render
    int width = 0;                          // Number: pad width (0: none)
    bool upper = false;                     // Case
};

// How the value gives the span, if it does.
std::optional<Candidate> modeFor(const AttributeValue &value, QByteArrayView span,
                                 const std::function<QString()> &kindFilters)
{
    Candidate c;
    if (value.type() == AttributeValue::Type::S) {
        const QByteArray &b = value.bytes();
        if (b == span) {
            c.match.mode = SpanMatch::Mode::Exact;
            return c;
        }
        if (hasLetter(span) && b.size() == span.size()) {
            if (b.toUpper() == span) {
                c.match.mode = SpanMatch::Mode::Case;
                c.upper = true;
                c.match.filters = QStringLiteral("|upper");
                return c;
            }
            if (b.toLower() == span) {
                c.match.mode = SpanMatch::Mode::Case;
                c.match.filters = QStringLiteral("|lower");
                return c;
            }
        }
        if (digitsOnly(b) && integerOf(span) && integerOf(b) == integerOf(span)) {
            c.match.mode = SpanMatch::Mode::Number;
            c.width = span.size() > 1 && span[0] == '0' ? int(span.size()) : 0;
            return c;
        }
        if (looksIsoInstant(value)) {
            QStringList filters = timeFilters(span);
            // The part's own kind may know a format ("|format:MMM d, yyyy").
            if (const QString own = kindFilters(); !own.isEmpty() && !filters.contains(own))
                filters << own;
            for (const QString &filter : filters) {
                auto parsed = KeyTemplate::parse(QStringLiteral("{A%1}").arg(filter));
                if (auto *t = std::get_if<KeyTemplate>(&parsed); t && renders(*t, value, span)) {
                    c.match.mode = SpanMatch::Mode::Render;
                    c.match.filters = filter;
                    c.keyTemplate = *t;
                    return c;
                }
            }
        }
        return std::nullopt;
    }
    if (value.type() == AttributeValue::Type::N) {
        qint64 number = 0;
        const auto spanNumber = integerOf(span);
        if (spanNumber && value.asNumber().toInt64(&number) && number == *spanNumber) {
            c.match.mode = SpanMatch::Mode::Number;
            c.width = span.size() > 1 && span[0] == '0' ? int(span.size()) : 0;
            return c;
        }
    }
    return std::nullopt;
}

bool stillMatches(const Candidate &c, const AttributeValue &value, QByteArrayView span)
{
    switch (c.match.mode) {
    case SpanMatch::Mode::Exact:
        return value.type() == AttributeValue::Type::S && value.bytes() == span;
    case SpanMatch::Mode::Case:
        return value.type() == AttributeValue::Type::S && value.bytes().size() == span.size()
            && (c.upper ? value.bytes().toUpper() : value.bytes().toLower()) == span;
    case SpanMatch::Mode::Number: {
        const auto spanNumber = integerOf(span);
        if (!spanNumber)
            return false;
        qint64 number = 0;
        if (value.type() == AttributeValue::Type::N)
            return value.asNumber().toInt64(&number) && number == *spanNumber;
        return value.type() == AttributeValue::Type::S && integerOf(value.bytes()) == spanNumber;
    }
    case SpanMatch::Mode::Render:
        return renders(*c.keyTemplate, value, span);
    }
    return false;
}

// Attributes most sampled items have (S or N), other than keys and the type attribute.
QStringList sampledAttributes(const Context &context, const std::vector<qsizetype> &sample)
{
    std::map<QString, qsizetype> presence;
    for (const qsizetype i : sample) {
        for (const auto &[name, value] : context.items[size_t(i)]) {
            if ((value.type() == AttributeValue::Type::S || value.type() == AttributeValue::Type::N)
                && !context.tableKeyNames.contains(name) && !context.typeAttributes.contains(name))
                ++presence[name];
        }
    }
    QStringList attributes;
    for (const auto &[name, count] : presence) {
        if (double(count) >= kMatchShare * double(sample.size()))
            attributes.push_back(name);
    }
    return attributes;
}

// Best first: longest, then related names, then exact before number before case before time.
bool betterSpanMatch(const SpanMatch &a, const SpanMatch &b)
{
    const int la = a.last - a.first;
    const int lb = b.last - b.first;
    if (la != lb)
        return la > lb;
    if (a.related != b.related)
        return a.related;
    if (a.mode != b.mode)
        return int(a.mode) < int(b.mode);
    return a.attribute < b.attribute;
}

// One search of the sample's keys for spans that the attributes hold.
class SpanSearch
{
public:
    SpanSearch(const Context &context, const std::vector<qsizetype> &sample,
               const std::vector<std::vector<KeyToken>> &layout,
               const std::vector<std::vector<bool>> &eligible, QStringList attributes)
        : m_context(context)
        , m_sample(sample)
        , m_layout(layout)
        , m_eligible(eligible)
        , m_attributes(std::move(attributes))
    {
        tokenize();
    }

    std::vector<SpanMatch> run()
    {
        for (int k = 0; k < m_context.keyCount(); ++k) {
            if (m_firstKeys[k])
                searchKey(k);
        }
        return std::move(m_matches);
    }

private:
    // A span of key k's tokens, first..last.
    struct Span
    {
        int key;
        int first;
        int last;
    };

    // Tokens of every sampled item, per key; items of another structure are left out.
    void tokenize()
    {
        const int keys = m_context.keyCount();
        m_tokens.resize(m_sample.size());
        for (int k = 0; k < keys && k < 64; ++k)
            m_firstKeys[k] = m_context.key(m_sample.front(), k);
        for (size_t s = 0; s < m_sample.size(); ++s) {
            m_tokens[s].resize(static_cast<size_t>(keys));
            for (int k = 0; k < keys; ++k) {
                const QByteArrayView *text = m_context.key(m_sample[s], k);
                if (!text || !m_firstKeys[k])
                    continue;
                tokenizeKey(*text, m_tokens[s][size_t(k)]);
                if (!sameStructure(*m_firstKeys[k], m_layout[size_t(k)], *text,
                                   m_tokens[s][size_t(k)]))
                    m_tokens[s][size_t(k)].clear();
            }
        }
    }

    void searchKey(int k)
    {
        constexpr int kLongestSpan = 9; // tokens
        const auto &keyTokens = m_layout[size_t(k)];
        for (int first = 0; first < int(keyTokens.size()); ++first) {
            if (keyTokens[size_t(first)].role == KeyToken::Role::Separator
                || !m_eligible[size_t(k)][size_t(first)])
                continue;
            const QString label = labelBefore(k, first);
            for (int last = first; last < int(keyTokens.size()) && last - first < kLongestSpan;
                 ++last) {
                if (!m_eligible[size_t(k)][size_t(last)])
                    break;
                if (keyTokens[size_t(last)].role != KeyToken::Role::Separator)
                    searchSpan({k, first, last}, label);
            }
        }
    }

    // The nearest label token before `first` in key k, lower-cased.
    QString labelBefore(int k, int first) const
    {
        const auto &keyTokens = m_layout[size_t(k)];
        for (int t = first - 1; t >= 0; --t) {
            if (keyTokens[size_t(t)].role == KeyToken::Role::Label)
                return QString::fromUtf8(keyTokens[size_t(t)].in(*m_firstKeys[k])).toLower();
        }
        return QString();
    }

    bool hasTokens(size_t s, int k) const { return !m_tokens[s][size_t(k)].empty(); }

    // The span's text in sampled item s (empty if that item's key has another structure).
    QByteArrayView spanOf(size_t s, const Span &span) const
    {
        const auto &ts = m_tokens[s][size_t(span.key)];
        if (ts.empty())
            return {};
        const QByteArrayView *text = m_context.key(m_sample[s], span.key);
        const qint32 start = ts[size_t(span.first)].start;
        const qint32 end = ts[size_t(span.last)].start + ts[size_t(span.last)].length;
        return QByteArrayView(*text).sliced(start, end - start);
    }

    // The filters the span's own kind writes times through, when it is a time; else empty.
    QString spanTimeFilters(const Span &span) const
    {
        std::vector<QString> values;
        for (size_t t = 0; t < m_sample.size(); ++t) {
            if (hasTokens(t, span.key))
                values.push_back(QString::fromUtf8(spanOf(t, span)));
        }
        const PartKind kind = classifyPart(values);
        const bool time = kind.kind == PartKind::Kind::IsoDateTime
            || kind.kind == PartKind::Kind::IsoDate || kind.kind == PartKind::Kind::DisplayDate
            || kind.kind == PartKind::Kind::EpochSeconds
            || kind.kind == PartKind::Kind::EpochMillis;
        return time ? templateFilters(kind) : QString();
    }

    void searchSpan(const Span &span, const QString &label)
    {
        std::optional<QString> spanFilters;
        const std::function<QString()> kindFilters = [&]() -> QString {
            if (!spanFilters)
                spanFilters = spanTimeFilters(span);
            return *spanFilters;
        };
        for (const QString &attribute : m_attributes) {
            if (attribute == m_context.keyNames[span.key])
                continue; // a key holds itself
            auto candidate = matchAttribute(attribute, span, kindFilters);
            if (!candidate)
                continue;
            candidate->match.key = span.key;
            candidate->match.first = span.first;
            candidate->match.last = span.last;
            candidate->match.attribute = attribute;
            candidate->match.related = !label.isEmpty() && attribute.toLower().contains(label);
            m_matches.push_back(candidate->match);
        }
    }

    // How the attribute gives the span, decided on the first items holding it, if it does so
    // in enough of the sample.
    std::optional<Candidate> matchAttribute(const QString &attribute, const Span &span,
                                            const std::function<QString()> &kindFilters) const
    {
        std::optional<Candidate> candidate;
        for (size_t s = 0; s < m_sample.size() && s < 3 && !candidate; ++s) {
            const Item &item = m_context.items[size_t(m_sample[s])];
            const auto found = item.find(attribute);
            if (found != item.end() && hasTokens(s, span.key))
                candidate = modeFor(found->second, spanOf(s, span), kindFilters);
        }
        if (!candidate)
            return std::nullopt;
        qsizetype matched = 0;
        int padWidth = 0;
        for (size_t t = 0; t < m_sample.size(); ++t) {
            const Item &item = m_context.items[size_t(m_sample[t])];
            const auto found = item.find(attribute);
            if (found == item.end() || !hasTokens(t, span.key))
                continue;
            const QByteArrayView text = spanOf(t, span);
            if (!stillMatches(*candidate, found->second, text))
                continue;
            ++matched;
            if (text.size() > 1 && text[0] == '0')
                padWidth = std::max(padWidth, int(text.size()));
        }
        candidate->width = padWidth;
        if (double(matched) < kMatchShare * double(m_sample.size()))
            return std::nullopt;
        // A padded number is written through pad (every sampled span has the width).
        if (candidate->match.mode == SpanMatch::Mode::Number && candidate->width > 0)
            candidate->match.filters = QStringLiteral("|pad:%1").arg(candidate->width);
        return candidate;
    }

    const Context &m_context;
    const std::vector<qsizetype> &m_sample;
    const std::vector<std::vector<KeyToken>> &m_layout;
    const std::vector<std::vector<bool>> &m_eligible;
    const QStringList m_attributes;
    std::vector<std::vector<std::vector<KeyToken>>> m_tokens; // sampled item -> key -> tokens
    const QByteArrayView *m_firstKeys[64] = {};
    std::vector<SpanMatch> m_matches;
};

} // namespace

std::vector<qsizetype> sampleOf(const std::vector<qsizetype> &members, qsizetype limit)
{
    if (qsizetype(members.size()) <= limit)
        return members;
    std::vector<qsizetype> sample;
    sample.reserve(size_t(limit));
    const double step = double(members.size()) / double(limit);
    for (qsizetype i = 0; i < limit; ++i)
        sample.push_back(members[size_t(double(i) * step)]);
    return sample;
}

std::vector<SpanMatch> matchSpans(const Context &context, const std::vector<qsizetype> &sample,
                                  const std::vector<std::vector<KeyToken>> &layout,
                                  const std::vector<std::vector<bool>> &eligible)
{
    if (sample.empty())
        return {};
    QStringList attributes = sampledAttributes(context, sample);
    if (attributes.isEmpty())
        return {};
    std::vector<SpanMatch> matches
        = SpanSearch(context, sample, layout, eligible, std::move(attributes)).run();
    std::stable_sort(matches.begin(), matches.end(), betterSpanMatch);
    return matches;
}

} // namespace keyscope::model::recovery::detail
