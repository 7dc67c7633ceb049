#pragma once

// Text in Markdown (GitHub-flavoured), for every Markdown Keyscope writes: the export's
// collection table, the byte explainer, the design document.

#include <QString>
#include <QStringList>

namespace keyscope::model::doc {

// `text` as an inline code span that survives a GFM table cell: a fence longer than any run
// of backticks inside, and '|' escaped.
QString markdownCode(const QString &text);
// Plain text for a table cell or a paragraph: Markdown's special characters escaped.
QString markdownText(const QString &text);

// The anchor GitHub gives a heading, from its text as shown (no Markdown marks): lower case,
// every character but letters, digits, '-', '_' and spaces dropped, spaces written '-'.
// "Recovering a design from items (keyscope infer)" ->
// "recovering-a-design-from-items-keyscope-infer".
QString markdownHeadingAnchor(const QString &shownText);
// The anchors of a page's ATX headings ("## Title") outside code fences, in order; a repeated
// one gets "-1", "-2", ... as on GitHub. Code spans, emphasis and links count by their text.
QStringList markdownHeadingAnchors(const QString &markdown);

} // namespace keyscope::model::doc
