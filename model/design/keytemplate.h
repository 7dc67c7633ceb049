#pragma once

#include "model/value/attributevalue.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

// A value a template placeholder reads: the attribute's value, and for timestamp attributes
// the instant (milliseconds since the Unix epoch, UTC) so time filters need not parse text.
struct TemplateInput
{
    AttributeValue value;
    std::optional<qint64> instantMs;
};

struct TemplateError
{
    QString message; // "unknown filter 'padd' at column 14; did you mean 'pad'?"
    int column = 0;  // 1-based column in the template text; 0 when not about a position
    // The attribute a placeholder names when rendering found no value for it ("Tss"), so an
    // editor can suggest a name without reading the message back.
    QString missingAttribute;
};

// A key template: literal text with placeholders, `ORG#{OrgName|upper}`,
// `#READING#{ReadingId|pad:5}`. `{{` and `}}` write literal braces. Filters chain left to right:
//   upper, lower          case of a string
//   escape                a string percent-encoded (UTF-8 %XX) outside A-Z a-z 0-9 - . _ ~,
//                         so a value never holds the template's separator ('A#B' -> 'A%23B')
//   pad:N                 an integer zero-padded to N digits (a wider value is written as-is:
//                         that is how the real bug behaves; the design checks flag it)
//   invert:N              (10^N - 1) - value, zero-padded to N: the zero-padded difference
//   offset:N              an integer plus N (N may be negative): offset:50 writes -50..49 as
//                         0..99, so a following pad:N orders signed values
//   iso8601               an instant as YYYY-MM-DDTHH:MM:SSZ (UTC)
//   date                  an instant as YYYY-MM-DD (UTC)
//   epoch, epochms        an instant as seconds / milliseconds since 1970-01-01T00:00:00Z
//   format:PATTERN        an instant in a Qt date pattern, English, UTC ("MMM d, yyyy")
// A template that is exactly one placeholder and yields a number produces an N value;
// everything else produces S.
//
// The exact rules (tests/tst_keytemplate.cpp pins each one):
// - A placeholder is `{Name|filter|filter:arg}`. Name is one or more segments joined by '.'
//   (`Device.DeviceId` reads an ancestor's attribute); a segment is letters, digits, '_' or '-'.
//   Spaces around names are ignored. A filter argument runs to the next '|' or '}', so
//   `format:MMM d, yyyy` keeps its spaces and commas; a placeholder cannot contain '{'.
// - Integers for pad/invert: an N that is a whole number, or S text of optional sign and
//   decimal digits ("007" is 7). Widths are 1..1024 (a sort key holds at most 1024 bytes).
// - pad:N of a negative number writes '-' and the magnitude padded to N-1 digits, so the text
//   is N characters like printf("%05d"): -42 -> "-0042". Negatives then sort before every
//   non-negative value but in reverse order among themselves (-1 "-0001" < -42 "-0042");
//   use invert or an offset for signed values. A value wider than N is written unpadded.
// - invert:N of v in 0..10^N-1 is always N digits (0 -> "99999", 99999 -> "00000"). Past the
//   range it is still (10^N - 1) - v, written as-is: v = 10^N gives "-1", v = -1 gives
//   "100000". Both break the order silently, which the design checks flag.
// - Time filters take the input's instantMs when the attribute has one (only the raw input:
//   a filter's output has none); otherwise an S value parsed as ISO-8601 (an offset is
//   honoured, no offset means UTC). N is never guessed to be epoch seconds or milliseconds.
//   iso8601 and format drop milliseconds; epoch floors (-1500 ms -> -2).
// - B renders only as a whole template of one placeholder without filters. A NULL value counts
//   as missing; BOOL, lists, maps and sets are errors (keys hold only S, N and B).
// - An empty template is a parse error (column 0).
// - Columns are 1-based UTF-16 positions in the template text (QString indexes + 1).
class KeyTemplate
{
public:
    static std::variant<KeyTemplate, TemplateError> parse(const QString &text);

    struct Filter
    {
        QString name;     // "pad"
        QString argument; // "5" (a width normalised: "05" -> "5"), a format pattern verbatim;
                          // empty when none
        int column = 0;   // 1-based column of the filter name
    };
    struct Part
    {
        bool isPlaceholder = false;
        QString text; // literal text, or the placeholder's attribute ("OrgName", "Device.Id")
        std::vector<Filter> filters;
        int column = 0; // 1-based column where the part starts in the template
        int length = 0; // characters the part spans in the template ("{{" counts 2)
    };

    // Every filter name, in the order error messages and editors list them.
    static const QStringList &filterNames();

    const QString &text() const { return m_text; }
    const std::vector<Part> &parts() const { return m_parts; }
    // The attributes the template reads, in order of first use.
    QStringList placeholders() const;
    // Names of the filters applied to an attribute anywhere in the template.
    bool usesFilter(const QString &attribute, const QString &filter) const;

    using Lookup = std::function<std::optional<TemplateInput>(const QString &attribute)>;

    // How one part was produced, for the live preview: each step's value in turn.
    struct PartTrace
    {
        int column = 0;
        bool isPlaceholder = false;
        QString source;    // "#READING#" or "{ReadingId|pad:5}"
        QStringList steps; // "42" -> "00042" for {ReadingId|pad:5}; the literal for text
                           // (S and N as text, B as base64)
        QString output;
        // What produced each step, parallel to steps: the attribute name, then each filter
        // with its argument ("ReadingId", "pad:5"); one empty label for a literal.
        QStringList stepLabels;
    };
    struct Rendered
    {
        AttributeValue value;
        std::vector<PartTrace> trace;
    };

    // Renders with values from lookup. A missing attribute or a filter that cannot apply to
    // its input ("pad needs an integer, got 'abc'") is an error naming the column.
    // withTrace false skips the preview trace: population renders millions of keys.
    std::variant<Rendered, TemplateError> render(const Lookup &lookup, bool withTrace = true) const;

private:
    QString m_text;
    std::vector<Part> m_parts;
};

} // namespace keyscope::model
