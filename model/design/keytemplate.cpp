#include "model/design/keytemplate.h"

#include "model/io/suggestion.h"

#include "model/design/valuegenerator.h" // formatIsoInstant

#include <QDateTime>
#include <QLocale>
#include <QSet>

#include <algorithm>

namespace keyscope::model {

namespace {

// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z.
constexpr qint64 kIsoFastMinMs = -62167219200000;
constexpr qint64 kIsoFastMaxMs = 253402300799999;

// A sort key holds at most 1024 bytes, so a wider pad could never be stored; the cap also
// keeps a typo like pad:500000000 from allocating a huge string.
constexpr int kMaxWidth = 1024;

enum class FilterKind {
    Upper,
    Lower,
    Escape,
    Pad,
    Invert,
    Offset,
    Iso8601,
    Date,
    Epoch,
    EpochMs,
    Format
};

struct FilterInfo
{
    QString name;
    FilterKind kind;
    bool takesWidth;
    bool takesPattern;
    bool takesInteger = false; // a signed whole number (offset:N)
};

const std::vector<FilterInfo> &filterTable()
{
    static const std::vector<FilterInfo> table = {
        {QStringLiteral("upper"), FilterKind::Upper, false, false},
        {QStringLiteral("lower"), FilterKind::Lower, false, false},
        {QStringLiteral("pad"), FilterKind::Pad, true, false},
        {QStringLiteral("invert"), FilterKind::Invert, true, false},
        {QStringLiteral("iso8601"), FilterKind::Iso8601, false, false},
        {QStringLiteral("date"), FilterKind::Date, false, false},
        {QStringLiteral("epoch"), FilterKind::Epoch, false, false},
        {QStringLiteral("epochms"), FilterKind::EpochMs, false, false},
        {QStringLiteral("format"), FilterKind::Format, false, true},
        {QStringLiteral("escape"), FilterKind::Escape, false, false},
        {QStringLiteral("offset"), FilterKind::Offset, false, false, true},
    };
    return table;
}

const FilterInfo *findFilter(const QString &name)
{
    for (const FilterInfo &info : filterTable()) {
        if (info.name == name)
            return &info;
    }
    return nullptr;
}

// The filter name a typo probably meant ("UPPER" -> "upper", "iso" -> "iso8601").
QString suggestFilter(const QString &unknown)
{
    QStringList names;
    for (const FilterInfo &info : filterTable())
        names << info.name;
    return closestMatch(unknown, names);
}

QString filterList()
{
    return QStringLiteral("upper, lower, pad:N, invert:N, iso8601, date, epoch, epochms, "
                          "format:PATTERN, escape, offset:N");
}

bool isNameChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_' || c == u'-';
}

// [from, to) of text without surrounding spaces.
void trimRange(const QString &text, qsizetype &from, qsizetype &to)
{
    while (from < to && text[from].isSpace())
        ++from;
    while (to > from && text[to - 1].isSpace())
        --to;
}

int column(qsizetype index)
{
    return int(index) + 1;
}

// --- Integers as decimal digit strings -------------------------------------------------------
// pad and invert work on text so they are exact for any N (38 digits, exponents to 125), not
// just what fits in qint64.

struct BigInt
{
    bool negative = false;
    QString digits; // no leading zeros; "0" for zero (never negative)
};

std::optional<BigInt> integerFromText(QStringView text)
{
    qsizetype i = 0;
    BigInt result;
    if (i < text.size() && (text[i] == u'-' || text[i] == u'+')) {
        result.negative = text[i] == u'-';
        ++i;
    }
    if (i == text.size())
        return std::nullopt;
    for (qsizetype j = i; j < text.size(); ++j) {
        if (text[j] < u'0' || text[j] > u'9')
            return std::nullopt;
    }
    while (i < text.size() - 1 && text[i] == u'0')
        ++i;
    result.digits = text.mid(i).toString();
    if (result.digits == u"0")
        result.negative = false;
    return result;
}

std::optional<BigInt> integerFromValue(const AttributeValue &value)
{
    if (value.type() == AttributeValue::Type::S)
        return integerFromText(value.asString());
    if (value.type() == AttributeValue::Type::N) {
        // Canonical text is written out in full (1E+3 -> "1000"), so a '.' means a fraction.
        const QString text = value.asNumber().toString();
        if (text.contains(u'.'))
            return std::nullopt;
        return integerFromText(text);
    }
    return std::nullopt;
}

// a + b for digit strings.
QString addDigits(const QString &a, const QString &b)
{
    QString result;
    int carry = 0;
    for (qsizetype i = a.size() - 1, j = b.size() - 1; i >= 0 || j >= 0 || carry; --i, --j) {
        int sum = carry;
        if (i >= 0)
            sum += a[i].unicode() - u'0';
        if (j >= 0)
            sum += b[j].unicode() - u'0';
        result.prepend(QChar(u'0' + sum % 10));
        carry = sum / 10;
    }
    return result;
}

// a - b for digit strings with a >= b; no leading zeros in the result.
QString subtractDigits(const QString &a, const QString &b)
{
    QString result;
    int borrow = 0;
    for (qsizetype i = a.size() - 1, j = b.size() - 1; i >= 0; --i, --j) {
        int difference = (a[i].unicode() - u'0') - borrow - (j >= 0 ? b[j].unicode() - u'0' : 0);
        borrow = difference < 0 ? 1 : 0;
        if (difference < 0)
            difference += 10;
        result.prepend(QChar(u'0' + difference));
    }
    qsizetype leading = 0;
    while (leading < result.size() - 1 && result[leading] == u'0')
        ++leading;
    return result.mid(leading);
}

QString padInteger(const BigInt &value, int width)
{
    // printf("%05d") convention: the sign takes one of the N characters.
    if (value.negative) {
        const qsizetype magnitudeWidth = std::max<qsizetype>(width - 1, value.digits.size());
        return u'-' + value.digits.rightJustified(magnitudeWidth, u'0');
    }
    return value.digits.rightJustified(std::max<qsizetype>(width, value.digits.size()), u'0');
}

QString invertInteger(const BigInt &value, int width)
{
    const QString nines(width, u'9');
    if (value.negative)
        return addDigits(nines, value.digits); // 10^N - 1 + |v|: more than N digits, as-is
    if (value.digits.size() > width)
        return u'-' + subtractDigits(value.digits, nines); // past the top: negative, as-is
    // Within range the difference is the nines' complement of the zero-padded value.
    QString result = value.digits.rightJustified(width, u'0');
    for (QChar &c : result)
        c = QChar(u'9' - (c.unicode() - u'0'));
    return result;
}

// a + b for signed integers.
BigInt addIntegers(const BigInt &a, const BigInt &b)
{
    if (a.negative == b.negative)
        return BigInt {a.negative, addDigits(a.digits, b.digits)};
    const bool aLarger = a.digits.size() != b.digits.size() ? a.digits.size() > b.digits.size()
                                                            : a.digits >= b.digits;
    const BigInt &large = aLarger ? a : b;
    const BigInt &small = aLarger ? b : a;
    BigInt result {large.negative, subtractDigits(large.digits, small.digits)};
    if (result.digits == u"0")
        result.negative = false;
    return result;
}

QString integerText(const BigInt &value)
{
    return value.negative ? u'-' + value.digits : value.digits;
}

// Percent-encodes (UTF-8, %XX) every character outside A-Z a-z 0-9 - . _ ~ (RFC 3986's
// unreserved set), so a value can never hold a template's separator.
QString escapeText(const QString &text)
{
    return QString::fromLatin1(text.toUtf8().toPercentEncoding());
}

// --- Values in messages and traces -----------------------------------------------------------

// "'abc'" for strings (what the user typed), "N 42" / "B AAE=" otherwise, so the type shows.
QString describe(const AttributeValue &value)
{
    switch (value.type()) {
    case AttributeValue::Type::S:
        return u'\'' + value.asString() + u'\'';
    case AttributeValue::Type::N:
    case AttributeValue::Type::B:
        return value.typeName() + u' ' + value.displayText();
    default:
        return value.debugString();
    }
}

QDateTime utc(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
}

qint64 floorDiv(qint64 a, qint64 b)
{
    const qint64 q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

struct Working
{
    AttributeValue value;
    std::optional<qint64> instantMs;
};

TemplateError errorAt(int col, const QString &message)
{
    return TemplateError {message, col, {}};
}

} // namespace

const QStringList &KeyTemplate::filterNames()
{
    static const QStringList names = [] {
        QStringList result;
        for (const FilterInfo &info : filterTable())
            result << info.name;
        return result;
    }();
    return names;
}

namespace {

// A placeholder's attribute name, text[from, to): a name, or "Type.Attr" of a parent.
std::variant<QString, TemplateError> placeholderName(const QString &text, qsizetype from,
                                                     qsizetype to, int placeholderColumn,
                                                     bool hasFilters)
{
    qsizetype nameFrom = from;
    qsizetype nameTo = to;
    trimRange(text, nameFrom, nameTo);
    if (nameFrom == nameTo) {
        if (!hasFilters) {
            return errorAt(placeholderColumn,
                           QStringLiteral("empty placeholder at column %1; name an attribute, "
                                          "e.g. {OrgName}, or write '{{}}' for literal braces")
                               .arg(placeholderColumn));
        }
        return errorAt(column(nameFrom),
                       QStringLiteral("missing attribute name at column %1; a placeholder "
                                      "starts with one, e.g. {OrgName|upper}")
                           .arg(column(nameFrom)));
    }
    const QString name = text.mid(nameFrom, nameTo - nameFrom);
    for (qsizetype k = nameFrom; k < nameTo; ++k) {
        const QChar ch = text[k];
        if (ch == u'.') {
            if (k == nameFrom || k + 1 == nameTo || text[k + 1] == u'.') {
                return errorAt(column(k),
                               QStringLiteral("invalid attribute name '%1' at column %2: "
                                              "'.' must join two names, as in Device.DeviceId")
                                   .arg(name)
                                   .arg(column(k)));
            }
            continue;
        }
        if (!isNameChar(ch)) {
            return errorAt(column(k),
                           QStringLiteral("invalid attribute name '%1' at column %2: '%3' is "
                                          "not allowed; use letters, digits, '_' and '-', "
                                          "and '.' for a parent's attribute")
                               .arg(name)
                               .arg(column(k))
                               .arg(ch));
        }
    }
    return name;
}

TemplateError unknownFilterError(const KeyTemplate::Filter &filter)
{
    const QString suggestion = suggestFilter(filter.name);
    QString message
        = QStringLiteral("unknown filter '%1' at column %2").arg(filter.name).arg(filter.column);
    if (!suggestion.isEmpty())
        message += QStringLiteral("; did you mean '%1'?").arg(suggestion);
    else
        message += QStringLiteral("; filters are %1").arg(filterList());
    return errorAt(filter.column, message);
}

// format:PATTERN: the pattern text[argFrom, segTo), verbatim (spaces and commas are part of it).
std::optional<TemplateError> readPatternArgument(const QString &text, qsizetype argFrom,
                                                 qsizetype segTo, KeyTemplate::Filter &filter)
{
    filter.argument = text.mid(argFrom, segTo - argFrom);
    if (!filter.argument.trimmed().isEmpty())
        return std::nullopt;
    return errorAt(filter.column,
                   QStringLiteral("%1 at column %2 needs a pattern, e.g. "
                                  "format:yyyy-MM-dd or format:MMM d, yyyy")
                       .arg(filter.name)
                       .arg(filter.column));
}

// offset:N: a signed whole number of at most 18 digits in text[argFrom, segTo).
std::optional<TemplateError> readIntegerArgument(const QString &text, qsizetype argFrom,
                                                 qsizetype segTo, KeyTemplate::Filter &filter)
{
    qsizetype argTo = segTo;
    trimRange(text, argFrom, argTo);
    filter.argument = text.mid(argFrom, argTo - argFrom);
    const int argColumn = column(argFrom);
    const auto amount = integerFromText(filter.argument);
    if (!amount || amount->digits.size() > 18) {
        return errorAt(argFrom == argTo ? filter.column : argColumn,
                       QStringLiteral("%1 at column %2 needs a whole number of at most 18 "
                                      "digits, e.g. %1:50 or %1:-50")
                           .arg(filter.name)
                           .arg(filter.column));
    }
    filter.argument = integerText(*amount); // "+050" -> "50"
    return std::nullopt;
}

// pad:N, invert:N: a width from 1 to kMaxWidth in text[argFrom, segTo).
std::optional<TemplateError> readWidthArgument(const QString &text, qsizetype argFrom,
                                               qsizetype segTo, KeyTemplate::Filter &filter)
{
    qsizetype argTo = segTo;
    trimRange(text, argFrom, argTo);
    if (argFrom == argTo) {
        return errorAt(filter.column,
                       QStringLiteral("%1 at column %2 needs a width, e.g. %1:5")
                           .arg(filter.name)
                           .arg(filter.column));
    }
    filter.argument = text.mid(argFrom, argTo - argFrom);
    const int argColumn = column(argFrom);
    const auto width = integerFromText(filter.argument);
    if (!width) {
        return errorAt(argColumn,
                       QStringLiteral("%1 width '%2' at column %3 is not an integer; "
                                      "write e.g. %1:5")
                           .arg(filter.name, filter.argument)
                           .arg(argColumn));
    }
    if (width->negative || width->digits == u"0") {
        return errorAt(argColumn,
                       QStringLiteral("%1 width %2 at column %3 must be at least 1")
                           .arg(filter.name, filter.argument)
                           .arg(argColumn));
    }
    if (width->digits.size() > 4 || width->digits.toInt() > kMaxWidth) {
        return errorAt(argColumn,
                       QStringLiteral("%1 width %2 at column %3 is too large; at most "
                                      "%4 (a sort key holds at most %4 bytes)")
                           .arg(filter.name, filter.argument)
                           .arg(argColumn)
                           .arg(kMaxWidth));
    }
    filter.argument = width->digits; // "05" -> "5"
    return std::nullopt;
}

// One "|filter" or "|filter:argument" of a placeholder, text[segFrom, segTo).
std::variant<KeyTemplate::Filter, TemplateError> parseFilter(const QString &text, qsizetype segFrom,
                                                             qsizetype segTo)
{
    const qsizetype colon = text.indexOf(u':', segFrom);
    const bool hasArgument = colon >= 0 && colon < segTo;
    qsizetype filterFrom = segFrom;
    qsizetype filterTo = hasArgument ? colon : segTo;
    trimRange(text, filterFrom, filterTo);
    if (filterFrom == filterTo) {
        const qsizetype at = hasArgument ? colon : segFrom - 1;
        return errorAt(column(at),
                       QStringLiteral("empty filter at column %1; filters are %2")
                           .arg(column(at))
                           .arg(filterList()));
    }
    KeyTemplate::Filter filter;
    filter.name = text.mid(filterFrom, filterTo - filterFrom);
    filter.column = column(filterFrom);
    const FilterInfo *info = findFilter(filter.name);
    if (!info)
        return unknownFilterError(filter);
    const qsizetype argFrom = hasArgument ? colon + 1 : segTo;
    std::optional<TemplateError> error;
    if (info->takesPattern)
        error = readPatternArgument(text, argFrom, segTo, filter);
    else if (info->takesInteger)
        error = readIntegerArgument(text, argFrom, segTo, filter);
    else if (info->takesWidth)
        error = readWidthArgument(text, argFrom, segTo, filter);
    else if (hasArgument)
        error = errorAt(filter.column,
                        QStringLiteral("%1 at column %2 takes no argument; remove '%3'")
                            .arg(filter.name)
                            .arg(filter.column)
                            .arg(text.mid(colon, segTo - colon).trimmed()));
    if (error)
        return std::move(*error);
    return filter;
}

// The placeholder text[begin, end] ('{' to '}'): its attribute, then its filters.
std::variant<KeyTemplate::Part, TemplateError> parsePlaceholder(const QString &text,
                                                                qsizetype begin, qsizetype end)
{
    KeyTemplate::Part part;
    part.isPlaceholder = true;
    part.column = column(begin);
    part.length = int(end - begin + 1);

    // Split at '|': the attribute, then the filters. Arguments cannot contain '|'.
    std::vector<std::pair<qsizetype, qsizetype>> segments;
    qsizetype from = begin + 1;
    for (qsizetype k = begin + 1; k <= end; ++k) {
        if (k == end || text[k] == u'|') {
            segments.emplace_back(from, k);
            from = k + 1;
        }
    }
    auto name = placeholderName(text, segments[0].first, segments[0].second, part.column,
                                segments.size() > 1);
    if (auto *error = std::get_if<TemplateError>(&name))
        return *error;
    part.text = std::get<QString>(name);
    for (size_t s = 1; s < segments.size(); ++s) {
        auto filter = parseFilter(text, segments[s].first, segments[s].second);
        if (auto *error = std::get_if<TemplateError>(&filter))
            return *error;
        part.filters.push_back(std::get<KeyTemplate::Filter>(std::move(filter)));
    }
    return part;
}

} // namespace

std::variant<KeyTemplate, TemplateError> KeyTemplate::parse(const QString &text)
{
    if (text.isEmpty()) {
        return TemplateError {
            QStringLiteral(
                "the template is empty; write text and placeholders, e.g. ORG#{OrgName}"),
            0,
            {}};
    }

    KeyTemplate result;
    result.m_text = text;

    Part literal;
    const auto flushLiteral = [&](qsizetype end) {
        if (literal.column == 0)
            return;
        literal.length = int(end) - (literal.column - 1);
        result.m_parts.push_back(std::move(literal));
        literal = Part {};
    };
    const auto appendLiteral = [&](qsizetype at, QChar c) {
        if (literal.column == 0)
            literal.column = column(at);
        literal.text += c;
    };

    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n) {
        const QChar c = text[i];
        if (c == u'}') {
            if (i + 1 < n && text[i + 1] == u'}') {
                appendLiteral(i, c);
                i += 2;
                continue;
            }
            return errorAt(column(i),
                           QStringLiteral("'}' at column %1 has no matching '{'; write '}}' for a "
                                          "literal brace")
                               .arg(column(i)));
        }
        if (c != u'{') {
            appendLiteral(i, c);
            ++i;
            continue;
        }
        if (i + 1 < n && text[i + 1] == u'{') {
            appendLiteral(i, c);
            i += 2;
            continue;
        }

        // A placeholder: find its end. Another '{' before the '}' means this one was left open
        // (placeholders do not nest), which is the more likely mistake than a nested one.
        qsizetype end = i + 1;
        while (end < n && text[end] != u'}' && text[end] != u'{')
            ++end;
        if (end == n || text[end] == u'{') {
            return errorAt(column(i),
                           QStringLiteral("'{' at column %1 is never closed; write '{{' for a "
                                          "literal brace")
                               .arg(column(i)));
        }
        flushLiteral(i);

        auto part = parsePlaceholder(text, i, end);
        if (auto *error = std::get_if<TemplateError>(&part))
            return *error;
        result.m_parts.push_back(std::get<Part>(std::move(part)));
        i = end + 1;
    }
    flushLiteral(n);
    return result;
}

QStringList KeyTemplate::placeholders() const
{
    QStringList result;
    QSet<QString> seen;
    for (const Part &part : m_parts) {
        if (part.isPlaceholder && !seen.contains(part.text)) {
            seen.insert(part.text);
            result << part.text;
        }
    }
    return result;
}

bool KeyTemplate::usesFilter(const QString &attribute, const QString &filter) const
{
    for (const Part &part : m_parts) {
        if (!part.isPlaceholder || part.text != attribute)
            continue;
        for (const Filter &f : part.filters) {
            if (f.name == filter)
                return true;
        }
    }
    return false;
}

namespace {

// The instant a time filter formats: the raw input's instantMs, else an ISO-8601 S value.
std::variant<qint64, TemplateError> instantOf(const KeyTemplate::Filter &filter,
                                              const Working &input)
{
    if (input.instantMs)
        return *input.instantMs;
    if (input.value.type() != AttributeValue::Type::S) {
        return errorAt(filter.column,
                       QStringLiteral("%1 at column %2 needs a timestamp attribute, got %3")
                           .arg(filter.name)
                           .arg(filter.column)
                           .arg(describe(input.value)));
    }
    QDateTime parsed = QDateTime::fromString(input.value.asString().trimmed(), Qt::ISODateWithMs);
    if (!parsed.isValid()) {
        return errorAt(filter.column,
                       QStringLiteral("%1 at column %2 needs an ISO-8601 timestamp such as "
                                      "2023-07-10T14:48:00Z, got %3")
                           .arg(filter.name)
                           .arg(filter.column)
                           .arg(describe(input.value)));
    }
    // Without an offset Qt reads local time; a key must not depend on the machine's zone.
    if (parsed.timeSpec() == Qt::LocalTime)
        parsed.setTimeSpec(Qt::UTC);
    return parsed.toMSecsSinceEpoch();
}

TemplateError filterNeeds(const KeyTemplate::Filter &filter, const QString &what,
                          const AttributeValue &value)
{
    return errorAt(filter.column,
                   QStringLiteral("%1 at column %2 needs %3, got %4")
                       .arg(filter.name)
                       .arg(filter.column)
                       .arg(what, describe(value)));
}

// offset:N, pad:N, invert:N: integer arithmetic on the value's digits.
std::variant<Working, TemplateError> applyIntegerFilter(const KeyTemplate::Filter &filter,
                                                        FilterKind kind, const Working &input)
{
    const auto integer = integerFromValue(input.value);
    if (!integer)
        return filterNeeds(filter, QStringLiteral("an integer"), input.value);
    if (kind == FilterKind::Offset) {
        const auto amount = integerFromText(filter.argument);
        Q_ASSERT(amount); // parse() admits only whole numbers
        return Working {AttributeValue::string(integerText(addIntegers(*integer, *amount))), {}};
    }
    const int width = filter.argument.toInt();
    return Working {AttributeValue::string(kind == FilterKind::Pad
                                               ? padInteger(*integer, width)
                                               : invertInteger(*integer, width)),
                    {}};
}

// iso8601, date, epoch, epochms, format:PATTERN: the instant written out.
std::variant<Working, TemplateError> applyTimeFilter(const KeyTemplate::Filter &filter,
                                                     FilterKind kind, const Working &input)
{
    const auto instant = instantOf(filter, input);
    if (const auto *error = std::get_if<TemplateError>(&instant))
        return *error;
    const qint64 ms = std::get<qint64>(instant);
    switch (kind) {
    case FilterKind::Iso8601:
        // The fast formatter covers years 0000-9999, all an ISO-8601 key can hold sortably.
        if (ms >= kIsoFastMinMs && ms <= kIsoFastMaxMs)
            return Working {AttributeValue::string(formatIsoInstant(ms, false)), {}};
        return Working {
            AttributeValue::string(utc(ms).toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss'Z'"))),
            {}};
    case FilterKind::Date:
        return Working {AttributeValue::string(utc(ms).toString(QStringLiteral("yyyy-MM-dd"))), {}};
    case FilterKind::Epoch:
        return Working {AttributeValue::number(Number::fromInt(floorDiv(ms, 1000))), {}};
    case FilterKind::EpochMs:
        return Working {AttributeValue::number(Number::fromInt(ms)), {}};
    default:
        // The C locale writes English names ("May") whatever the user's locale is.
        return Working {AttributeValue::string(QLocale::c().toString(utc(ms), filter.argument)),
                        {}};
    }
}

std::variant<Working, TemplateError> applyFilter(const KeyTemplate::Filter &filter,
                                                 const Working &input)
{
    const FilterInfo *info = findFilter(filter.name);
    Q_ASSERT(info); // parse() admits only known filters
    const AttributeValue &value = input.value;
    switch (info->kind) {
    case FilterKind::Upper:
    case FilterKind::Lower: {
        if (value.type() != AttributeValue::Type::S)
            return filterNeeds(filter, QStringLiteral("a string"), value);
        const QString text = value.asString();
        return Working {AttributeValue::string(info->kind == FilterKind::Upper ? text.toUpper()
                                                                               : text.toLower()),
                        {}};
    }
    case FilterKind::Escape:
        if (value.type() != AttributeValue::Type::S)
            return filterNeeds(filter, QStringLiteral("a string"), value);
        return Working {AttributeValue::string(escapeText(value.asString())), {}};
    case FilterKind::Offset:
    case FilterKind::Pad:
    case FilterKind::Invert:
        return applyIntegerFilter(filter, info->kind, input);
    case FilterKind::Iso8601:
    case FilterKind::Date:
    case FilterKind::Epoch:
    case FilterKind::EpochMs:
    case FilterKind::Format:
        return applyTimeFilter(filter, info->kind, input);
    }
    Q_UNREACHABLE();
    return Working {};
}

// The trace of a literal part: its text, unchanged.
KeyTemplate::PartTrace literalTrace(const KeyTemplate::Part &part, const QString &templateText)
{
    KeyTemplate::PartTrace trace;
    trace.column = part.column;
    trace.source = templateText.mid(part.column - 1, part.length);
    trace.steps << part.text;
    trace.stepLabels << QString();
    trace.output = part.text;
    return trace;
}

// The placeholder's value from the lookup: present and of a key type.
std::variant<Working, TemplateError> placeholderInput(const KeyTemplate::Part &part, int nameColumn,
                                                      const KeyTemplate::Lookup &lookup)
{
    const std::optional<TemplateInput> input = lookup ? lookup(part.text) : std::nullopt;
    if (!input || input->value.isNull()) {
        TemplateError error = errorAt(
            nameColumn,
            QStringLiteral("no value for '%1' at column %2").arg(part.text).arg(nameColumn));
        error.missingAttribute = part.text;
        return error;
    }
    if (!input->value.isKeyType()) {
        return errorAt(nameColumn,
                       QStringLiteral("'%1' at column %2 is %3; keys are built from S, N or B "
                                      "values")
                           .arg(part.text)
                           .arg(nameColumn)
                           .arg(input->value.typeName()));
    }
    return Working {input->value, input->instantMs};
}

// A placeholder's value through its filters, each step traced when `trace` is given; B only
// as a whole key (`single`).
std::variant<Working, TemplateError> renderPlaceholder(const KeyTemplate::Part &part,
                                                       int nameColumn,
                                                       const KeyTemplate::Lookup &lookup,
                                                       bool single, KeyTemplate::PartTrace *trace)
{
    auto start = placeholderInput(part, nameColumn, lookup);
    if (auto *error = std::get_if<TemplateError>(&start))
        return std::move(*error);
    Working working = std::get<Working>(std::move(start));
    if (trace) {
        trace->steps << working.value.displayText();
        trace->stepLabels << part.text;
    }
    for (const KeyTemplate::Filter &filter : part.filters) {
        auto next = applyFilter(filter, working);
        if (auto *error = std::get_if<TemplateError>(&next))
            return std::move(*error);
        working = std::get<Working>(std::move(next));
        if (trace) {
            trace->steps << working.value.displayText();
            trace->stepLabels << (filter.argument.isEmpty() ? filter.name
                                                            : filter.name + u':' + filter.argument);
        }
    }
    if (working.value.type() == AttributeValue::Type::B && !single) {
        return errorAt(nameColumn,
                       QStringLiteral("'%1' at column %2 is binary (B); a binary value can "
                                      "only be a whole key, a template that is just {%1}")
                           .arg(part.text)
                           .arg(nameColumn));
    }
    return working;
}

} // namespace

std::variant<KeyTemplate::Rendered, TemplateError> KeyTemplate::render(const Lookup &lookup,
                                                                       bool withTrace) const
{
    Rendered rendered;
    const bool single = m_parts.size() == 1 && m_parts.front().isPlaceholder;
    QString text;
    std::optional<AttributeValue> wholeValue; // the single placeholder's value, N or B

    for (const Part &part : m_parts) {
        if (!part.isPlaceholder) {
            text += part.text;
            if (withTrace)
                rendered.trace.push_back(literalTrace(part, m_text));
            continue;
        }
        PartTrace trace;
        trace.column = part.column;
        trace.isPlaceholder = true;
        const QStringView source = QStringView(m_text).mid(part.column - 1, part.length);
        if (withTrace)
            trace.source = source.toString();
        // The attribute name's column, so the message points at the name, not the brace.
        const int nameColumn = part.column + int(source.indexOf(part.text));
        auto working
            = renderPlaceholder(part, nameColumn, lookup, single, withTrace ? &trace : nullptr);
        if (auto *error = std::get_if<TemplateError>(&working))
            return std::move(*error);
        const AttributeValue &value = std::get<Working>(working).value;
        if (single && value.type() != AttributeValue::Type::S)
            wholeValue = value;
        const QString output = value.displayText();
        text += output;
        if (withTrace) {
            trace.output = output;
            rendered.trace.push_back(std::move(trace));
        }
    }

    rendered.value = wholeValue ? *wholeValue : AttributeValue::string(text);
    return rendered;
}

} // namespace keyscope::model
