#pragma once

#include <QWidget>

class QLineEdit;
class QListWidget;
class QToolBar;
class QUrl;

namespace keyscope::ui {

class ManualBrowser;

// Help > User Guide: the bundled manual in a window of its own, the pages listed beside the
// page shown (in the order of the contents page), Back, Forward and Contents, and Find in the
// page. Readable without a network: every page and picture is compiled into the program.
class UserGuide : public QWidget
{
    Q_OBJECT

public:
    explicit UserGuide(QWidget *parent = nullptr);

    ManualBrowser *browser() const { return m_browser; }
    QListWidget *pages() const { return m_pages; }
    void showPage(const QUrl &page);

private:
    QToolBar *createToolBar();
    void listPages();
    void pageShown(const QUrl &page);
    void find(bool backward);

    ManualBrowser *m_browser = nullptr;
    QListWidget *m_pages = nullptr;
    QLineEdit *m_find = nullptr;
};

} // namespace keyscope::ui
