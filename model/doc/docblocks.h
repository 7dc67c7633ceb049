#pragma once

// A small document model written once and rendered twice: as GitHub-flavoured Markdown (tables,
// code spans, images beside the file) and as one self-contained HTML page (SVGs inline). Text
// is kept as spans, so each renderer escapes it for its own syntax.

#include <QByteArray>
#include <QString>

#include <map>
#include <vector>

namespace keyscope::model::doc {

struct Span
{
    enum class Style { Plain, Code, Strong };
    Style style = Style::Plain;
    QString text;
};
using Inline = std::vector<Span>;

Inline plain(const QString &text);
Inline code(const QString &text);
Inline strong(const QString &text);
Inline operator+(Inline a, const Inline &b);

struct Block
{
    enum class Kind { Heading, Paragraph, Table, List, Image };
    Kind kind = Kind::Paragraph;
    int level = 1;                         // Heading
    Inline text;                           // Heading, Paragraph; the image's alternative text
    std::vector<Inline> header;            // Table
    std::vector<bool> rightAligned;        // Table, per column
    std::vector<std::vector<Inline>> rows; // Table
    std::vector<Inline> items;             // List
    QString image;                         // Image: a path relative to the document
};

class Document
{
public:
    void heading(int level, const Inline &text);
    void paragraph(const Inline &text);
    void table(const std::vector<Inline> &header, const std::vector<bool> &rightAligned,
               const std::vector<std::vector<Inline>> &rows);
    void list(const std::vector<Inline> &items);
    void image(const QString &path, const QString &alt);

    const std::vector<Block> &blocks() const { return m_blocks; }

    QByteArray markdown() const;
    // One page, nothing fetched: styles inline, each image's SVG (by its path) inline.
    QByteArray html(const QString &title, const std::map<QString, QByteArray> &svgs) const;

private:
    std::vector<Block> m_blocks;
};

} // namespace keyscope::model::doc
