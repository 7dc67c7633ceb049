#pragma once

// Text in Markdown (GitHub-flavoured), for every Markdown Keyscope writes: the export's
// collection table, the byte explainer, the design document.

#include <QString>

namespace keyscope::model::doc {

// `text` as an inline code span that survives a GFM table cell: a fence longer than any run
// of backticks inside, and '|' escaped.
QString markdownCode(const QString &text);
// Plain text for a table cell or a paragraph: Markdown's special characters escaped.
QString markdownText(const QString &text);

} // namespace keyscope::model::doc
