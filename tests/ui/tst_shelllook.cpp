// The window's look a user meets first: the main toolbar's icons (theme or Keyscope's own, in
// the palette's ink), and the empty state that invites the first step of a new design.

#include "tests/support/testpaths.h"
#include "ui/collection/collectionpane.h"
#include "ui/document/document.h"
#include "ui/icons/actionicon.h"
#include "ui/shell/appearance.h"
#include "ui/shell/emptydesign.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QImage>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

using namespace keyscope;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");

// The average colour of an icon's opaque pixels, and how many there are.
struct Ink
{
    int opaque = 0;
    int lightness = 0;
};

Ink inkOf(const QIcon &icon)
{
    const QImage image
        = icon.pixmap(QSize(32, 32)).toImage().convertToFormat(QImage::Format_ARGB32);
    Ink ink;
    qint64 lightness = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.alpha() > 200) {
                ++ink.opaque;
                lightness += c.lightness();
            }
        }
    }
    ink.lightness = ink.opaque ? int(lightness / ink.opaque) : 0;
    return ink;
}

} // namespace

class TestShellLook : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void bundledIconsFollowTheInk();
    void toolbarHasTheMainActionsWithIconsAndShortcuts();
    void emptyDesignInvitesTheFirstStep();
    void defaultLayoutFitsSmallScreens_data();
    void defaultLayoutFitsSmallScreens();

private:
    QTemporaryDir m_dir;
};

void TestShellLook::bundledIconsFollowTheInk()
{
    const QStringList names = ui::bundledIconNames();
    for (const char *name : {"document-new", "document-open", "document-save", "edit-undo",
                             "edit-redo", "document-import", "document-export",
                             "view-split-left-right", "view-presentation", "entity-add"})
        QVERIFY2(names.contains(QString::fromLatin1(name)), name);
    for (const QString &name : names) {
        const Ink dark = inkOf(ui::bundledIcon(name, QColor(0x1f, 0x23, 0x28)));
        const Ink light = inkOf(ui::bundledIcon(name, QColor(0xe3, 0xe5, 0xe8)));
        QVERIFY2(dark.opaque > 20, qPrintable(name));          // a drawing, not an empty square
        QVERIFY2(dark.opaque < 32 * 32 / 2, qPrintable(name)); // a line icon, not a block
        QVERIFY2(
            dark.lightness < 80 && light.lightness > 180,
            qPrintable(
                QStringLiteral("%1: %2 / %3").arg(name).arg(dark.lightness).arg(light.lightness)));
    }
}

void TestShellLook::toolbarHasTheMainActionsWithIconsAndShortcuts()
{
    ui::Settings settings(m_dir.filePath(QStringLiteral("toolbar.ini")));
    ui::MainWindow window(&settings, kExamples);
    auto *toolBar = window.findChild<QToolBar *>(QStringLiteral("MainToolBar"));
    QVERIFY(toolBar);
    QStringList names;
    for (QAction *action : toolBar->actions()) {
        if (action->isSeparator())
            continue;
        names << action->objectName();
        QVERIFY2(!action->icon().isNull(), qPrintable(action->objectName()));
        QVERIFY2(inkOf(action->icon()).opaque > 20, qPrintable(action->objectName()));
        // Icons only: the tooltip names the action and its key.
        if (!action->shortcut().isEmpty())
            QVERIFY2(
                action->toolTip().contains(action->shortcut().toString(QKeySequence::NativeText)),
                qPrintable(action->toolTip()));
    }
    for (const char *name :
         {"actionNew", "actionOpen", "actionSave", "actionUndo", "actionRedo",
          "actionExportDiagram", "actionPresenterMode", "actionCompareSideBySide"})
        QVERIFY2(names.contains(QString::fromLatin1(name)), name);

    // Dark theme: the bundled icons are redrawn light (no theme icons offscreen).
    if (!QIcon::hasThemeIcon(QStringLiteral("document-save"))) {
        QAction *save = window.findChild<QAction *>(QStringLiteral("actionSave"));
        const int before = inkOf(save->icon()).lightness;
        window.setPalette(ui::darkPalette());
        QCoreApplication::processEvents();
        const int after = inkOf(save->icon()).lightness;
        QVERIFY2(before < 100 && after > 160,
                 qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
    }
    // View > Toolbar hides it.
    QAction *toggle = window.findChild<QAction *>(QStringLiteral("actionToggleToolbar"));
    QVERIFY(toggle);
}

void TestShellLook::emptyDesignInvitesTheFirstStep()
{
    ui::Settings settings(m_dir.filePath(QStringLiteral("empty.ini")));
    ui::MainWindow window(&settings, kExamples);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    ui::EmptyDesign *empty = window.emptyDesign();
    QVERIFY(empty);
    QVERIFY(!empty->isVisible()); // a design with entity types shows its collection

    window.newProject();
    QVERIFY(empty->isVisible());
    QCOMPARE(empty->geometry(), window.collectionPane()->rect()); // covers the collection
    QToolButton *add = nullptr;
    for (QToolButton *button : empty->findChildren<QToolButton *>()) {
        if (button->defaultAction()
            && button->defaultAction()->objectName() == QLatin1String("actionAddEntityType"))
            add = button;
    }
    QVERIFY(add);
    QTest::mouseClick(add, Qt::LeftButton);
    QCOMPARE(window.document()->project().entities.size(), size_t(1));
    QVERIFY(!empty->isVisible());
    window.document()->undoStack()->undo();
    QVERIFY(window.document()->project().entities.empty());
    QVERIFY(empty->isVisible());

    // It keeps covering the collection when the window changes size.
    window.resize(1024, 700);
    QTRY_COMPARE(empty->geometry(), window.collectionPane()->rect());
}

void TestShellLook::defaultLayoutFitsSmallScreens_data()
{
    QTest::addColumn<QSize>("screen");
    QTest::newRow("1280x800") << QSize(1280, 800);
    QTest::newRow("1024x700") << QSize(1024, 700);
}

// The default layout fits the screen: the window does not grow past it, and every panel keeps
// a usable size (the collection shows rows, the side panels their lists).
void TestShellLook::defaultLayoutFitsSmallScreens()
{
    QFETCH(QSize, screen);
    ui::Settings settings(m_dir.filePath(QStringLiteral("fit.ini")));
    ui::MainWindow window(&settings, kExamples);
    QVERIFY(window.openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    window.resize(screen);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(50);
    const QSize minimum = window.minimumSizeHint();
    QString why;
    for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
        if (dock->isVisible())
            why += QStringLiteral(" %1 min %2x%3;")
                       .arg(dock->objectName())
                       .arg(dock->minimumSizeHint().width())
                       .arg(dock->minimumSizeHint().height());
    }
    why += QStringLiteral(" central min %1x%2")
               .arg(window.centralWidget()->minimumSizeHint().width())
               .arg(window.centralWidget()->minimumSizeHint().height());
    QVERIFY2(window.width() <= screen.width() && window.height() <= screen.height(),
             qPrintable(QStringLiteral("window %1x%2 (minimum %3x%4):%5")
                            .arg(window.width())
                            .arg(window.height())
                            .arg(minimum.width())
                            .arg(minimum.height())
                            .arg(why)));
}

QTEST_MAIN(TestShellLook)

#include "tst_shelllook.moc"
