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
    std::vector<SpanMatch> matches;
    if (sample.empty())
        return matches;
    // Attributes most sampled items have, other than keys and the type attribute.
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
    if (attributes.isEmpty())
        return matches;

    // Tokens of every sampled item, per key; items of another structure are left out.
    const int keys = context.keyCount();
    std::vector<std::vector<std::vector<KeyToken>>> tokens(sample.size());
    const QByteArrayView *firstKeys[64] = {};
    for (int k = 0; k < keys && k < 64; ++k)
        firstKeys[k] = context.key(sample.front(), k);
    for (size_t s = 0; s < sample.size(); ++s) {
        tokens[s].resize(static_cast<size_t>(keys));
        for (int k = 0; k < keys; ++k) {
            const QByteArrayView *text = context.key(sample[s], k);
            if (!text || !firstKeys[k])
                continue;
            tokenizeKey(*text, tokens[s][size_t(k)]);
            if (!sameStructure(*firstKeys[k], layout[size_t(k)], *text, tokens[s][size_t(k)]))
                tokens[s][size_t(k)].clear();
        }
    }

    constexpr int kLongestSpan = 9; // tokens
    for (int k = 0; k < keys; ++k) {
        const auto &keyTokens = layout[size_t(k)];
        if (!firstKeys[k])
            continue;
        for (int first = 0; first < int(keyTokens.size()); ++first) {
            if (keyTokens[size_t(first)].role == KeyToken::Role::Separator
                || !eligible[size_t(k)][size_t(first)])
                continue;
            QString label;
            for (int t = first - 1; t >= 0; --t) {
                if (keyTokens[size_t(t)].role == KeyToken::Role::Label) {
                    label = QString::fromUtf8(keyTokens[size_t(t)].in(*firstKeys[k])).toLower();
                    break;
                }
            }
            for (int last = first; last < int(keyTokens.size()) && last - first < kLongestSpan;
                 ++last) {
                if (!eligible[size_t(k)][size_t(last)])
                    break;
                if (keyTokens[size_t(last)].role == KeyToken::Role::Separator)
                    continue;
                const auto spanOf = [&](size_t s) -> QByteArrayView {
                    const auto &ts = tokens[s][size_t(k)];
                    if (ts.empty())
                        return {};
                    const QByteArrayView *text = context.key(sample[s], k);
                    const qint32 start = ts[size_t(first)].start;
                    const qint32 end = ts[size_t(last)].start + ts[size_t(last)].length;
                    return QByteArrayView(*text).sliced(start, end - start);
                };
                std::optional<QString> spanFilters;
                const std::function<QString()> kindFilters = [&]() -> QString {
                    if (!spanFilters) {
                        std::vector<QString> values;
                        for (size_t t = 0; t < sample.size(); ++t) {
                            if (!tokens[t][size_t(k)].empty())
                                values.push_back(QString::fromUtf8(spanOf(t)));
                        }
                        const PartKind kind = classifyPart(values);
                        const bool time = kind.kind == PartKind::Kind::IsoDateTime
                            || kind.kind == PartKind::Kind::IsoDate
                            || kind.kind == PartKind::Kind::DisplayDate
                            || kind.kind == PartKind::Kind::EpochSeconds
                            || kind.kind == PartKind::Kind::EpochMillis;
                        spanFilters = time ? templateFilters(kind) : QString();
                    }
                    return *spanFilters;
                };
                for (const QString &attribute : attributes) {
                    if (attribute == context.keyNames[k])
                        continue; // a key holds itself
                    std::optional<Candidate> candidate;
                    size_t s = 0;
                    // Decide the mode on the first items holding the attribute.
                    for (; s < sample.size() && s < 3 && !candidate; ++s) {
                        const Item &item = context.items[size_t(sample[s])];
                        const auto found = item.find(attribute);
                        if (found != item.end() && !tokens[s][size_t(k)].empty())
                            candidate = modeFor(found->second, spanOf(s), kindFilters);
                    }
                    if (!candidate)
                        continue;
                    qsizetype matched = 0;
                    int padWidth = 0;
                    for (size_t t = 0; t < sample.size(); ++t) {
                        const Item &item = context.items[size_t(sample[t])];
                        const auto found = item.find(attribute);
                        if (found == item.end() || tokens[t][size_t(k)].empty())
                            continue;
                        const QByteArrayView span = spanOf(t);
                        if (!stillMatches(*candidate, found->second, span))
                            continue;
                        ++matched;
                        if (span.size() > 1 && span[0] == '0')
                            padWidth = std::max(padWidth, int(span.size()));
                    }
                    candidate->width = padWidth;
                    if (double(matched) < kMatchShare * double(sample.size()))
                        continue;
                    // A padded number is written through pad (every sampled span has the width).
                    if (candidate->match.mode == SpanMatch::Mode::Number && candidate->width > 0)
                        candidate->match.filters = QStringLiteral("|pad:%1").arg(candidate->width);
                    candidate->match.key = k;
                    candidate->match.first = first;
                    candidate->match.last = last;
                    candidate->match.attribute = attribute;
                    candidate->match.related
                        = !label.isEmpty() && attribute.toLower().contains(label);
                    matches.push_back(candidate->match);
                }
            }
        }
    }
    std::stable_sort(matches.begin(), matches.end(), [](const SpanMatch &a, const SpanMatch &b) {
        const int la = a.last - a.first;
        const int lb = b.last - b.first;
        if (la != lb)
            return la > lb;
        if (a.related != b.related)
            return a.related;
        if (a.mode != b.mode)
            return int(a.mode) < int(b.mode);
        return a.attribute < b.attribute;
    });
    return matches;
}

} // namespace keyscope::model::recovery::detail
