#include "model/doc/docblocks.h"

#include "model/doc/markdowntext.h"

#include <QUrl>

namespace keyscope::model::doc {

namespace {

// Characters Markdown would read as syntax in running text or in a table cell: emphasis, links,
// code and cell delimiters anywhere, '<' where it could open a tag, and '#', '>', '-', '+' where
// they would open a heading, quote or list (the start of the text).
QString escapeMarkdown(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        const QChar next = i + 1 < text.size() ? text[i + 1] : QChar();
        const bool always = QStringView(u"\\`*_[]|").contains(c);
        const bool tag
            = c == QLatin1Char('<') && (next.isLetter() || QStringView(u"/!?").contains(next));
        const bool lineStart = i == 0 && QStringView(u"#>-+").contains(c);
        if (always || tag || lineStart)
            out += QLatin1Char('\\');
        out += c == QLatin1Char('\n') ? QLatin1Char(' ') : c;
    }
    return out;
}

QString inlineMarkdown(const Inline &spans)
{
    QString out;
    for (const Span &span : spans) {
        switch (span.style) {
        case Span::Style::Plain:
            out += escapeMarkdown(span.text);
            break;
        case Span::Style::Code:
            out += markdownCode(span.text);
            break;
        case Span::Style::Strong:
            out += QStringLiteral("**") + escapeMarkdown(span.text) + QStringLiteral("**");
            break;
        }
    }
    return out;
}

QString inlineHtml(const Inline &spans)
{
    QString out;
    for (const Span &span : spans) {
        const QString text = span.text.toHtmlEscaped();
        switch (span.style) {
        case Span::Style::Plain:
            out += text;
            break;
        case Span::Style::Code:
            out += QStringLiteral("<code>") + text + QStringLiteral("</code>");
            break;
        case Span::Style::Strong:
            out += QStringLiteral("<strong>") + text + QStringLiteral("</strong>");
            break;
        }
    }
    return out;
}

QString tableMarkdown(const Block &block)
{
    QStringList header, rule;
    for (std::size_t i = 0; i < block.header.size(); ++i) {
        header << inlineMarkdown(block.header[i]);
        rule << (block.rightAligned[i] ? QStringLiteral("---:") : QStringLiteral("---"));
    }
    QString out = QStringLiteral("| ") + header.join(QStringLiteral(" | "))
        + QStringLiteral(" |\n|") + rule.join(QLatin1Char('|')) + QStringLiteral("|\n");
    for (const auto &row : block.rows) {
        QStringList cells;
        for (const Inline &cell : row)
            cells << inlineMarkdown(cell);
        out += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    return out;
}

QString tableHtml(const Block &block)
{
    const auto cell = [&](const char *tag, std::size_t column, const Inline &text) {
        const QString align
            = block.rightAligned[column] ? QStringLiteral(" class=\"num\"") : QString();
        return QStringLiteral("<%1%2>%3</%1>").arg(QLatin1String(tag), align, inlineHtml(text));
    };
    QString out = QStringLiteral("<table>\n<thead><tr>");
    for (std::size_t i = 0; i < block.header.size(); ++i)
        out += cell("th", i, block.header[i]);
    out += QStringLiteral("</tr></thead>\n<tbody>\n");
    for (const auto &row : block.rows) {
        out += QStringLiteral("<tr>");
        for (std::size_t i = 0; i < row.size(); ++i)
            out += cell("td", i, row[i]);
        out += QStringLiteral("</tr>\n");
    }
    return out + QStringLiteral("</tbody>\n</table>\n");
}

// An SVG file's own element, without its XML prolog or doctype, for inlining.
QString inlineSvg(const QByteArray &svg)
{
    QString text = QString::fromUtf8(svg);
    const qsizetype start = text.indexOf(QStringLiteral("<svg"));
    return start < 0 ? QString() : text.mid(start).trimmed();
}

const char *const kStyle
    = R"(body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1f24;max-width:1100px;margin:2em auto;padding:0 1.5em}
h1,h2,h3{line-height:1.25}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:1em 0;font-size:13px}th,td{border:1px solid #d0d7de;padding:4px 8px;vertical-align:top;text-align:left}
th{background:#f6f8fa}td.num,th.num{text-align:right}code{font:12px ui-monospace,"DejaVu Sans Mono",monospace;background:#f6f8fa;padding:1px 4px;border-radius:3px}
figure{margin:1em 0}svg{max-width:100%;height:auto}
@media print{body{margin:0;max-width:none;font-size:11pt}h2{break-after:avoid}table,figure{break-inside:avoid}}
@page{margin:15mm})";

} // namespace

Inline plain(const QString &text)
{
    return {Span {Span::Style::Plain, text}};
}

Inline code(const QString &text)
{
    return {Span {Span::Style::Code, text}};
}

Inline strong(const QString &text)
{
    return {Span {Span::Style::Strong, text}};
}

Inline operator+(Inline a, const Inline &b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

void Document::heading(int level, const Inline &text)
{
    Block block;
    block.kind = Block::Kind::Heading;
    block.level = level;
    block.text = text;
    m_blocks.push_back(std::move(block));
}

void Document::paragraph(const Inline &text)
{
    Block block;
    block.text = text;
    m_blocks.push_back(std::move(block));
}

void Document::table(const std::vector<Inline> &header, const std::vector<bool> &rightAligned,
                     const std::vector<std::vector<Inline>> &rows)
{
    Block block;
    block.kind = Block::Kind::Table;
    block.header = header;
    block.rightAligned = rightAligned;
    block.rightAligned.resize(header.size(), false);
    block.rows = rows;
    for (auto &row : block.rows)
        row.resize(header.size());
    m_blocks.push_back(std::move(block));
}

void Document::list(const std::vector<Inline> &items)
{
    Block block;
    block.kind = Block::Kind::List;
    block.items = items;
    m_blocks.push_back(std::move(block));
}

void Document::image(const QString &path, const QString &alt)
{
    Block block;
    block.kind = Block::Kind::Image;
    block.image = path;
    block.text = plain(alt);
    m_blocks.push_back(std::move(block));
}

QByteArray Document::markdown() const
{
    QString out;
    for (const Block &block : m_blocks) {
        switch (block.kind) {
        case Block::Kind::Heading:
            out += QString(block.level, QLatin1Char('#')) + QLatin1Char(' ')
                + inlineMarkdown(block.text) + QLatin1Char('\n');
            break;
        case Block::Kind::Paragraph:
            out += inlineMarkdown(block.text) + QLatin1Char('\n');
            break;
        case Block::Kind::Table:
            out += tableMarkdown(block);
            break;
        case Block::Kind::List:
            for (const Inline &item : block.items)
                out += QStringLiteral("- ") + inlineMarkdown(item) + QLatin1Char('\n');
            break;
        case Block::Kind::Image:
            out += QStringLiteral("![%1](%2)\n")
                       .arg(inlineMarkdown(block.text),
                            QString::fromUtf8(QUrl::toPercentEncoding(block.image, "/.-_")));
            break;
        }
        out += QLatin1Char('\n');
    }
    return out.trimmed().toUtf8() + '\n';
}

QByteArray Document::html(const QString &title, const std::map<QString, QByteArray> &svgs) const
{
    QString out
        = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                         "<meta name=\"viewport\" content=\"width=device-width, "
                         "initial-scale=1\">\n<title>%1</title>\n<style>%2</style>\n"
                         "</head>\n<body>\n")
              .arg(title.toHtmlEscaped(), QLatin1String(kStyle));
    for (const Block &block : m_blocks) {
        switch (block.kind) {
        case Block::Kind::Heading:
            out += QStringLiteral("<h%1>%2</h%1>\n").arg(block.level).arg(inlineHtml(block.text));
            break;
        case Block::Kind::Paragraph:
            out += QStringLiteral("<p>%1</p>\n").arg(inlineHtml(block.text));
            break;
        case Block::Kind::Table:
            out += tableHtml(block);
            break;
        case Block::Kind::List:
            out += QStringLiteral("<ul>\n");
            for (const Inline &item : block.items)
                out += QStringLiteral("<li>%1</li>\n").arg(inlineHtml(item));
            out += QStringLiteral("</ul>\n");
            break;
        case Block::Kind::Image: {
            const auto svg = svgs.find(block.image);
            out += QStringLiteral("<figure role=\"img\" aria-label=\"%1\">\n%2\n</figure>\n")
                       .arg(inlineHtml(block.text),
                            svg == svgs.end() ? QString() : inlineSvg(svg->second));
            break;
        }
        }
    }
    return (out + QStringLiteral("</body>\n</html>\n")).toUtf8();
}

} // namespace keyscope::model::doc
