#pragma once

#include <QSize>
#include <QStringList>
#include <QTextBrowser>
#include <QUrl>

#include <map>

namespace keyscope::ui {

// Shows a page of the bundled manual (resources/manual, compiled in under qrc:/manual): the
// same Markdown the repository shows, its links between pages followed in place, its headings
// named with GitHub's anchors (so "checks.md#design-checks" lands on its heading here as on
// GitHub), its pictures fitted to the width, and web links handed to the desktop's browser.
class ManualBrowser : public QTextBrowser
{
    Q_OBJECT

public:
    static QUrl contentsUrl(); // qrc:/manual/index.md

    explicit ManualBrowser(QWidget *parent = nullptr);

    // The page's title: its first heading.
    QString pageTitle() const;
    // Links and pictures of the page shown that name nothing in the manual.
    const QStringList &missingResources() const { return m_missing; }

protected:
    void doSetSource(const QUrl &name, QTextDocument::ResourceType type) override;
    QVariant loadResource(int type, const QUrl &name) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void nameHeadings();
    void spaceBlocks();
    void fitImages();

    QStringList m_missing;
    std::map<QString, QSize> m_imageSizes; // natural size per picture URL
};

} // namespace keyscope::ui
