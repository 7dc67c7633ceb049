#include "ui/help/manualbrowser.h"

#include "model/doc/markdowntext.h"

#include <QDesktopServices>
#include <QFile>
#include <QImage>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

namespace keyscope::ui {

namespace {

bool isManualPage(const QUrl &url)
{
    return url.scheme() == QLatin1String("qrc") && url.path().endsWith(QLatin1String(".md"));
}

} // namespace

QUrl ManualBrowser::contentsUrl()
{
    return QUrl(QStringLiteral("qrc:/manual/index.md"));
}

ManualBrowser::ManualBrowser(QWidget *parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("manualBrowser"));
    setOpenLinks(false);
    document()->setDocumentMargin(16);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &link) {
        const QUrl target = source().resolved(link);
        if (target.scheme() == QLatin1String("http") || target.scheme() == QLatin1String("https"))
            QDesktopServices::openUrl(target);
        else
            setSource(target);
    });
}

QString ManualBrowser::pageTitle() const
{
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() > 0)
            return block.text();
    return {};
}

void ManualBrowser::doSetSource(const QUrl &name, QTextDocument::ResourceType type)
{
    const QUrl page = name.adjusted(QUrl::RemoveFragment);
    if (!isManualPage(page) || !QFile::exists(QLatin1Char(':') + page.path())) {
        m_missing << name.toString();
        return;
    }
    if (page != source().adjusted(QUrl::RemoveFragment)) {
        m_missing.clear();
        m_imageSizes.clear();
        QTextBrowser::doSetSource(page, QTextDocument::MarkdownResource);
        nameHeadings();
        spaceBlocks();
        fitImages();
    } else if (type != QTextDocument::UnknownResource) {
        QTextBrowser::doSetSource(page, QTextDocument::MarkdownResource);
    }
    if (name.hasFragment())
        scrollToAnchor(name.fragment());
    else
        verticalScrollBar()->setValue(0);
}

QVariant ManualBrowser::loadResource(int type, const QUrl &name)
{
    const QVariant loaded = QTextBrowser::loadResource(type, name);
    if (type == QTextDocument::ImageResource) {
        const QImage image = QImage::fromData(loaded.toByteArray());
        const QString url = source().resolved(name).toString();
        if (image.isNull())
            m_missing << url;
        else
            m_imageSizes[url] = image.size();
    }
    return loaded;
}

// The Markdown reader gives headings no anchors: give each the anchor GitHub gives it, read
// from the page's text, in order.
void ManualBrowser::nameHeadings()
{
    QFile file(QLatin1Char(':') + source().path());
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QStringList anchors
        = model::doc::markdownHeadingAnchors(QString::fromUtf8(file.readAll()));
    qsizetype next = 0;
    for (QTextBlock block = document()->begin(); block.isValid() && next < anchors.size();
         block = block.next()) {
        if (block.blockFormat().headingLevel() == 0)
            continue;
        QTextCursor cursor(block);
        cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        // A code span in a heading keeps the heading's size and weight.
        QTextCharFormat format;
        format.setAnchor(true);
        format.setAnchorNames({anchors[next++]});
        format.setFontWeight(QFont::Bold);
        format.setProperty(QTextFormat::FontSizeAdjustment,
                           std::max(0, 4 - block.blockFormat().headingLevel()));
        cursor.mergeCharFormat(format);
    }
}

// Code on a tinted ground, and room above each heading, so a heading never sits on the code
// before it.
void ManualBrowser::spaceBlocks()
{
    QTextCursor cursor(document());
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        QTextBlockFormat format = block.blockFormat();
        if (format.headingLevel() > 0)
            format.setTopMargin(format.headingLevel() == 1 ? 4 : 14);
        else if (format.hasProperty(QTextFormat::BlockCodeFence) || format.nonBreakableLines())
            format.setBackground(palette().alternateBase());
        else
            continue;
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
    }
}

// Pictures as wide as the page allows, never wider than drawn.
void ManualBrowser::fitImages()
{
    const int room = std::max(120, viewport()->width() - 2 * int(document()->documentMargin()) - 8);
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            if (!image.isValid())
                continue;
            document()->resource(QTextDocument::ImageResource, QUrl(image.name()));
            const auto size = m_imageSizes.find(source().resolved(QUrl(image.name())).toString());
            if (size == m_imageSizes.end() || size->second.width() <= 0)
                continue;
            const double scale = std::min(1.0, double(room) / size->second.width());
            image.setWidth(size->second.width() * scale);
            image.setHeight(size->second.height() * scale);
            QTextCursor cursor(document());
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(image);
        }
    }
}

void ManualBrowser::resizeEvent(QResizeEvent *event)
{
    QTextBrowser::resizeEvent(event);
    if (!m_imageSizes.empty())
        fitImages();
}

} // namespace keyscope::ui
