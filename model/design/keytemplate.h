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
};

// A key template: literal text with placeholders, `ORG#{OrgName|upper}`,
// `#READING#{ReadingId|pad:5}`. `{{` and `}}` write literal braces. Filters chain left to right:
//   upper, lower          case of a string
//   pad:N                 an integer zero-padded to N digits (a wider value is written as-is:
//                         that is how the real bug behaves; the design checks flag it)
//   invert:N              (10^N - 1) - value, zero-padded to N: the zero-padded difference
//   iso8601               an instant as YYYY-MM-DDTHH:MM:SSZ (UTC)
//   date                  an instant as YYYY-MM-DD (UTC)
//   epoch, epochms        an instant as seconds / milliseconds since 1970-01-01T00:00:00Z
//   format:PATTERN        an instant in a Qt date pattern, English, UTC ("MMM d, yyyy")
// A template that is exactly one placeholder and yields a number produces an N value;
// everything else produces S.
class KeyTemplate
{
public:
    static std::variant<KeyTemplate, TemplateError> parse(const QString &text);

    struct Filter
    {
        QString name;     // "pad"
        QString argument; // "5"; empty when none
        int column = 0;   // 1-based column of the filter name
    };
    struct Part
    {
        bool isPlaceholder = false;
        QString text;     // literal text, or the placeholder's attribute ("OrgName", "Device.Id")
        std::vector<Filter> filters;
        int column = 0;   // 1-based column where the part starts in the template
    };

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
        QString source;      // "#READING#" or "{ReadingId|pad:5}"
        QStringList steps;   // "42" -> "00042" for {ReadingId|pad:5}; the literal for text
        QString output;
    };
    struct Rendered
    {
        AttributeValue value;
        std::vector<PartTrace> trace;
    };

    // Renders with values from lookup. A missing attribute or a filter that cannot apply to
    // its input ("pad needs an integer, got 'abc'") is an error naming the column.
    std::variant<Rendered, TemplateError> render(const Lookup &lookup) const;

private:
    QString m_text;
    std::vector<Part> m_parts;
};

} // namespace keyscope::model
