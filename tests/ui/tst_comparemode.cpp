// Side-by-side mode: the same access pattern on two designs, driven by the window's one player.

#include "model/query/tracetimeline.h"
#include "tests/support/testpaths.h"
#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionlayout.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionview.h"
#include "ui/compare/comparedialog.h"
#include "ui/compare/comparemode.h"
#include "ui/compare/comparepane.h"
#include "ui/document/document.h"
#include "ui/examples/examplecatalog.h"
#include "ui/patterns/patternlistmodel.h"
#include "ui/query/querybuilder.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QMap>
#include <QScreen>
#include <QSplitter>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace keyscope;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");
const QString kIotAfter = kExamples + QStringLiteral("/iot/after.keyscope.json");
const QString kIotBefore = kExamples + QStringLiteral("/iot/before.keyscope.json");
const QString kNewest = QStringLiteral("Device and its 10 newest readings");
const QString kAlone = QStringLiteral("The Device alone");

class TestWindow : public ui::MainWindow
{
public:
    using ui::MainWindow::MainWindow;
    QStringList errors;

protected:
    QMessageBox::StandardButton askSaveChanges() override { return QMessageBox::Discard; }
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

bool settle(ui::Document *document)
{
    return QTest::qWaitFor(
        [&] { return !document->isBusy() && document->resultsRevision() == document->revision(); },
        10000);
}

QString firstSortKey(const ui::CollectionPane *pane)
{
    return pane->model()->index(0, ui::CollectionModel::SortKeyColumn).data().toString();
}

QListView *patternList(const QWidget &window)
{
    for (QListView *list : window.findChildren<QListView *>()) {
        if (list->accessibleName() == QLatin1String("Access patterns"))
            return list;
    }
    return nullptr;
}

bool selectPattern(const ui::MainWindow &window, const QString &name)
{
    QListView *list = patternList(window);
    if (!list)
        return false;
    for (int row = 0; row < list->model()->rowCount(); ++row) {
        const QModelIndex index = list->model()->index(row, 0);
        if (index.data().toString() == name) {
            list->setCurrentIndex(index);
            return true;
        }
    }
    return false;
}

void trigger(const QWidget &window, const char *name)
{
    QAction *action = window.findChild<QAction *>(QString::fromLatin1(name));
    QVERIFY2(action, name);
    action->trigger();
}

} // namespace

class TestCompareMode : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void siblingIsTheOtherHalfOfThePair();
    void enteringShowsBothDesignsItems();
    void selectingAPatternLoadsBothTimelines();
    void steppingMovesBothPanesInStep();
    void missingPatternIsSaidPlainly();
    void leavingRestoresTheSingleView();
    void leavingKeepsTheStepShowing();
    void openingAnotherProjectLeaves();
    void presenterModeShowsBothHalves();
    void halvesTakeTheRoomTheWindowKeepsItsSize_data();
    void halvesTakeTheRoomTheWindowKeepsItsSize();
    void nextLaunchKeepsTheLayoutBeforeComparing();

private:
    std::unique_ptr<TestWindow> openIotCompared() { return openCompared(kIotAfter); }
    std::unique_ptr<TestWindow> openCompared(const QString &example, QSize size = QSize(1400, 800));

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ui::Settings> m_settings;
};

void TestCompareMode::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestCompareMode::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<ui::Settings>(m_dir->filePath(QStringLiteral("settings.ini")));
    m_settings->setReducedMotion(true); // steps jump: the tests set positions, never wait
}

void TestCompareMode::cleanup()
{
    m_settings.reset();
    m_dir.reset();
}

// An "after" design opened as an example, compared with its sibling ("before") through the menu
// action and the dialog's default choice.
std::unique_ptr<TestWindow> TestCompareMode::openCompared(const QString &example, QSize size)
{
    auto window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    window->autosaver()->setRecoveryPath(m_dir->filePath(QStringLiteral("recovery.json")));
    window->resize(size);
    window->show();
    if (!window->openExample(example) || !settle(window->document()))
        return nullptr;
    QString offered;
    QTimer::singleShot(0, this, [&offered] {
        auto *dialog = qobject_cast<ui::CompareDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        if (QListWidgetItem *item = dialog->list()->currentItem())
            offered = item->text();
        dialog->accept(); // Enter: the default choice
    });
    trigger(*window, "actionCompareSideBySide");
    if (!window->compareMode()->isActive() || !offered.startsWith(QLatin1String("Before")))
        return nullptr;
    if (!settle(window->compareMode()->secondaryDocument()))
        return nullptr;
    // The dialog had the focus; the keys below go to the window again.
    window->activateWindow();
    if (!QTest::qWaitForWindowActive(window.get()))
        return nullptr;
    return window;
}

void TestCompareMode::siblingIsTheOtherHalfOfThePair()
{
    ui::ExampleCatalog catalog;
    QVERIFY(catalog.load(kExamples).isEmpty());
    QCOMPARE(QDir::cleanPath(ui::CompareDialog::siblingOf(catalog, kIotAfter)),
             QDir::cleanPath(kIotBefore));
    QCOMPARE(QDir::cleanPath(ui::CompareDialog::siblingOf(catalog, kIotBefore)),
             QDir::cleanPath(kIotAfter));
    // An extra variant is compared with the design it improves on.
    QCOMPARE(QDir::cleanPath(ui::CompareDialog::siblingOf(
                 catalog, kExamples + QStringLiteral("/ids/ulid.keyscope.json"))),
             QDir::cleanPath(kExamples + QStringLiteral("/ids/before.keyscope.json")));
    QVERIFY(
        ui::CompareDialog::siblingOf(catalog, m_dir->filePath(QStringLiteral("x.json"))).isEmpty());

    // A project that is not an example: the dialog offers the gallery and a file, no list.
    ui::CompareDialog dialog(kExamples, QStringLiteral("Mine"), QString());
    QVERIFY(dialog.list()->isHidden());
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted); // nothing chosen yet
}

void TestCompareMode::enteringShowsBothDesignsItems()
{
    auto window = openIotCompared();
    QVERIFY(window);
    ui::CompareMode *compare = window->compareMode();
    QVERIFY(window->errors.isEmpty());

    // Two panes side by side in the centre, the window's own collection on the left.
    auto *splitter
        = window->centralWidget()->findChild<QSplitter *>(QStringLiteral("CompareSideBySide"));
    QVERIFY(splitter);
    QCOMPARE(splitter->count(), 2);
    QCOMPARE(splitter->widget(0), compare->primaryPane());
    QCOMPARE(splitter->widget(1), compare->secondaryPane());
    QVERIFY(compare->primaryPane()->isVisible() && compare->secondaryPane()->isVisible());
    QCOMPARE(compare->primaryPane()->collectionPane(), window->collectionPane());
    QVERIFY(window->collectionPane()->isVisible());

    // Titled with each design's name and file.
    QCOMPARE(compare->primaryPane()->title(), QStringLiteral("After"));
    QCOMPARE(compare->secondaryPane()->title(), QStringLiteral("Before"));
    QVERIFY2(
        compare->secondaryPane()->subtitle().contains(QLatin1String("iot/before.keyscope.json")),
        qPrintable(compare->secondaryPane()->subtitle()));
    QVERIFY(compare->primaryPane()->subtitle().contains(QLatin1String("iot/after.keyscope.json")));

    // Each half holds its own design's items: the readings sort before their Device after the
    // fix ('#' < 'D'), after it before ('D' < 'R').
    const ui::CollectionPane *second = compare->secondaryPane()->collectionPane();
    QVERIFY(second && second != window->collectionPane());
    QVERIFY(second->model()->rowCount() > 20);
    QVERIFY2(firstSortKey(window->collectionPane()).startsWith(QLatin1String("#READING#")),
             qPrintable(firstSortKey(window->collectionPane())));
    QVERIFY2(firstSortKey(second).startsWith(QLatin1String("DEVICE#")),
             qPrintable(firstSortKey(second)));
    QAction *toggle = window->findChild<QAction *>(QStringLiteral("actionCompareSideBySide"));
    QVERIFY(toggle->isChecked());
    QCOMPARE(toggle->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
}

void TestCompareMode::selectingAPatternLoadsBothTimelines()
{
    auto window = openIotCompared();
    QVERIFY(window);
    ui::CompareMode *compare = window->compareMode();
    ui::CollectionView *left = compare->primaryPane()->collectionPane()->view();
    ui::CollectionView *right = compare->secondaryPane()->collectionPane()->view();

    QVERIFY(selectPattern(*window, kNewest));
    QVERIFY(left->timeline() && right->timeline());
    // The same pattern, each design's own Query: the fix returns the Device first, the
    // original design reads the readings first and never the Device within Limit 11.
    QCOMPARE(left->timeline()->summary().count, qint64(11));
    QCOMPARE(left->timeline()->summary().parentResultNumber, quint32(1));
    QVERIFY(right->timeline()->summary().parentResultNumber != 1);
    QVERIFY2(compare->primaryPane()->verdict().startsWith(QLatin1String("Passes")),
             qPrintable(compare->primaryPane()->verdict()));
    QVERIFY2(compare->secondaryPane()->verdict().startsWith(QLatin1String("Fails")),
             qPrintable(compare->secondaryPane()->verdict()));
    QVERIFY(compare->primaryPane()->summary().contains(QLatin1String("ScannedCount")));
    QVERIFY(compare->secondaryPane()->summary().contains(QLatin1String("ScannedCount")));
    QVERIFY(compare->secondaryPane()->message().isEmpty());

    // Another pattern replaces both traversals.
    const model::TraceTimeline *before = right->timeline();
    QVERIFY(selectPattern(*window, kAlone));
    QVERIFY(right->timeline() && right->timeline() != before);
    QCOMPARE(left->timeline()->summary().count, qint64(1));
    QCOMPARE(right->timeline()->summary().count, qint64(1));

    // A query run from the Query Builder runs as is on both designs (no verdict: no pattern).
    auto *builder = window->findChild<ui::QueryBuilder *>();
    QVERIFY(builder && builder->isValid());
    const model::TraceTimeline *patternTimeline = right->timeline();
    emit builder->runRequested();
    QVERIFY(right->timeline() && right->timeline() != patternTimeline);
    QCOMPARE(right->timeline()->trace().partitionKey, left->timeline()->trace().partitionKey);
    QCOMPARE(right->timeline()->summary().count, qint64(1));
    QVERIFY(compare->secondaryPane()->verdict().isEmpty());
    QVERIFY(compare->secondaryPane()->message().isEmpty());
}

void TestCompareMode::steppingMovesBothPanesInStep()
{
    // SaaS: the users pattern reads 5 more rows on the "before" design than on the fix, so the
    // two timelines differ in length.
    auto window = openCompared(kExamples + QStringLiteral("/saas/after.keyscope.json"));
    QVERIFY(window);
    ui::CompareMode *compare = window->compareMode();
    ui::ComparePane *leftPane = compare->primaryPane();
    ui::ComparePane *rightPane = compare->secondaryPane();
    ui::CollectionView *left = leftPane->collectionPane()->view();
    ui::CollectionView *right = rightPane->collectionPane()->view();
    QVERIFY(selectPattern(*window, QStringLiteral("Org and its users, alphabetical")));
    const model::TraceTimeline *a = left->timeline();
    const model::TraceTimeline *b = right->timeline();
    QVERIFY(a && b);
    QVERIFY2(a->stepCount() != b->stepCount(),
             qPrintable(QStringLiteral("%1 vs %2").arg(a->stepCount()).arg(b->stepCount())));
    const int shorter = std::min(a->stepCount(), b->stepCount());

    auto *player = window->findChild<ui::TracePlayer *>();
    QVERIFY(player);
    // The one player plays the longer timeline.
    QCOMPARE(player->timeline()->stepCount(), std::max(a->stepCount(), b->stepCount()));

    trigger(*window, "actionRestart");
    if (player->isPlaying())
        trigger(*window, "actionPlayPause");
    QCOMPARE(player->currentStep(), 0);
    for (int step = 0; step < shorter; ++step) {
        QCOMPARE(leftPane->shownStep(), step);
        QCOMPARE(rightPane->shownStep(), step);
        QCOMPARE(left->renderState().step, step);
        QCOMPARE(right->renderState().step, step);
        QCOMPARE(leftPane->narration(), a->step(step).narration);
        QCOMPARE(rightPane->narration(), b->step(step).narration);
        QTest::keyClick(window.get(), Qt::Key_Right); // the transport key, not a slot call
    }
    // Past the shorter trace: it holds its last step while the longer one goes on.
    QCOMPARE(player->currentStep(), shorter);
    const ui::ComparePane *held = a->stepCount() < b->stepCount() ? leftPane : rightPane;
    const ui::ComparePane *going = held == leftPane ? rightPane : leftPane;
    QCOMPARE(held->shownStep(), shorter - 1);
    QCOMPARE(going->shownStep(), shorter);

    // Ctrl+End: both at their final step; Left steps both back.
    QTest::keyClick(window.get(), Qt::Key_End, Qt::ControlModifier);
    QCOMPARE(leftPane->shownStep(), a->stepCount() - 1);
    QCOMPARE(rightPane->shownStep(), b->stepCount() - 1);
    QCOMPARE(leftPane->narration(), a->step(a->stepCount() - 1).narration);
    QCOMPARE(rightPane->narration(), b->step(b->stepCount() - 1).narration);
    trigger(*window, "actionRestart");
    trigger(*window, "actionPlayPause");
    QCOMPARE(leftPane->shownStep(), 0);
    QCOMPARE(rightPane->shownStep(), 0);

    // Scrubbing sets the time of the one clock: both panes follow.
    const model::TraceTimeline *driver = player->timeline();
    player->seek(driver->settledTime(2));
    QCOMPARE(leftPane->shownStep(), 2);
    QCOMPARE(rightPane->shownStep(), 2);
}

void TestCompareMode::missingPatternIsSaidPlainly()
{
    // The "before" design without its second pattern.
    QFile source(kIotBefore);
    QVERIFY(source.open(QIODevice::ReadOnly));
    QJsonObject project = QJsonDocument::fromJson(source.readAll()).object();
    QJsonArray patterns = project.value(QStringLiteral("accessPatterns")).toArray();
    QCOMPARE(patterns.size(), 2);
    QCOMPARE(patterns.at(1).toObject().value(QStringLiteral("name")).toString(), kAlone);
    patterns.removeAt(1);
    project.insert(QStringLiteral("accessPatterns"), patterns);
    const QString path = m_dir->filePath(QStringLiteral("one-pattern.keyscope.json"));
    QFile target(path);
    QVERIFY(target.open(QIODevice::WriteOnly));
    target.write(QJsonDocument(project).toJson());
    target.close();

    auto window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    window->show();
    QVERIFY(window->openExample(kIotAfter));
    QVERIFY(settle(window->document()));
    ui::CompareMode *compare = window->compareMode();
    QVERIFY(compare->enter(path));
    QVERIFY(settle(compare->secondaryDocument()));
    QCOMPARE(compare->secondaryPane()->title(),
             QStringLiteral("IoT devices and readings (before)"));
    QCOMPARE(compare->secondaryPane()->subtitle(), QStringLiteral("one-pattern.keyscope.json"));

    QVERIFY(selectPattern(*window, kNewest));
    QVERIFY(compare->secondaryPane()->message().isEmpty());
    QVERIFY(compare->secondaryPane()->collectionPane()->view()->timeline());

    QVERIFY(selectPattern(*window, kAlone));
    QCOMPARE(compare->secondaryPane()->message(),
             QStringLiteral("This design has no access pattern named “The Device alone”."));
    QVERIFY(!compare->secondaryPane()->collectionPane()->view()->timeline());
    QVERIFY(compare->secondaryPane()->narration().isEmpty());
    QVERIFY(compare->secondaryPane()->summary().isEmpty());
    // The first design still plays its traversal, on the player.
    QVERIFY(window->collectionPane()->view()->timeline());
    QCOMPARE(window->findChild<ui::TracePlayer *>()->timeline(),
             window->collectionPane()->view()->timeline());
    QVERIFY(!compare->primaryPane()->narration().isEmpty());

    // A file that is not a project: a clear error, and the single view stays.
    const QString broken = m_dir->filePath(QStringLiteral("broken.keyscope.json"));
    QFile brokenFile(broken);
    QVERIFY(brokenFile.open(QIODevice::WriteOnly));
    brokenFile.write("{\"keyscope\": 1, \"table\": ");
    brokenFile.close();
    compare->leave();
    QVERIFY(!compare->enter(broken));
    QVERIFY(!compare->isActive());
    QCOMPARE(window->errors.size(), 1);
    QVERIFY2(window->errors.front().contains(QLatin1String("broken.keyscope.json")),
             qPrintable(window->errors.front()));
    QCOMPARE(window->centralWidget(), window->collectionPane());
}

void TestCompareMode::leavingRestoresTheSingleView()
{
    auto window = openIotCompared();
    QVERIFY(window);
    ui::CompareMode *compare = window->compareMode();
    QVERIFY(selectPattern(*window, kNewest));

    // Esc leaves.
    QTest::keyClick(window.get(), Qt::Key_Escape);
    QVERIFY(!compare->isActive());
    QCOMPARE(window->centralWidget(), window->collectionPane());
    QVERIFY(window->collectionPane()->isVisible());
    QVERIFY(!window->findChild<QSplitter *>(QStringLiteral("CompareSideBySide")));
    QVERIFY(!window->findChild<QAction *>(QStringLiteral("actionCompareSideBySide"))->isChecked());
    QVERIFY(!window->findChild<QAction *>(QStringLiteral("actionLeaveCompareMode"))->isEnabled());

    // The player drives the window's own view again, with its own pattern's timeline.
    ui::CollectionView *view = window->collectionPane()->view();
    auto *player = window->findChild<ui::TracePlayer *>();
    QCOMPARE(player->timeline(), view->timeline());
    trigger(*window, "actionRestart");
    if (player->isPlaying())
        trigger(*window, "actionPlayPause");
    QTest::keyClick(window.get(), Qt::Key_Right);
    QTest::keyClick(window.get(), Qt::Key_Right);
    QCOMPARE(view->renderState().step, 2);

    // The same action enters and leaves again.
    QVERIFY(compare->enter(kIotBefore));
    QVERIFY(compare->isActive());
    trigger(*window, "actionCompareSideBySide");
    QVERIFY(!compare->isActive());
    QCOMPARE(window->centralWidget(), window->collectionPane());
}

void TestCompareMode::leavingKeepsTheStepShowing()
{
    // The player plays the longer ("before") traversal while comparing; leaving hands it back
    // the window's own, at the same step.
    auto window = openCompared(kExamples + QStringLiteral("/saas/after.keyscope.json"));
    QVERIFY(window);
    QVERIFY(selectPattern(*window, QStringLiteral("Org and its users, alphabetical")));
    auto *player = window->findChild<ui::TracePlayer *>();
    ui::CollectionView *view = window->collectionPane()->view();
    QVERIFY(player->timeline() != view->timeline());
    player->goToStep(3);
    trigger(*window, "actionCompareSideBySide");
    QVERIFY(!window->compareMode()->isActive());
    QCOMPARE(player->timeline(), view->timeline());
    QCOMPARE(player->currentStep(), 3);
    QCOMPARE(view->renderState().step, 3);
}

void TestCompareMode::openingAnotherProjectLeaves()
{
    auto window = openIotCompared();
    QVERIFY(window);
    QVERIFY(window->openExample(kExamples + QStringLiteral("/saas/after.keyscope.json")));
    QVERIFY(!window->compareMode()->isActive());
    QCOMPARE(window->centralWidget(), window->collectionPane());
    // Its sibling is offered next time.
    QCOMPARE(QDir::cleanPath(window->compareMode()->suggestedSecondDesign()),
             QDir::cleanPath(kExamples + QStringLiteral("/saas/before.keyscope.json")));
}

void TestCompareMode::presenterModeShowsBothHalves()
{
    auto window = openIotCompared();
    QVERIFY(window);
    ui::CompareMode *compare = window->compareMode();
    QVERIFY(selectPattern(*window, kNewest));
    ui::CollectionView *right = compare->secondaryPane()->collectionPane()->view();
    const double normalRow = right->collectionStyle().rowHeight;
    QLabel *narration = nullptr;
    for (QLabel *label : compare->secondaryPane()->findChildren<QLabel *>()) {
        if (label->accessibleName() == QLatin1String("Narration"))
            narration = label;
    }
    QVERIFY(narration);
    const double normalFont = narration->font().pointSizeF();

    QTest::keyClick(window.get(), Qt::Key_F5);
    QVERIFY(window->isFullScreen());
    QVERIFY(compare->primaryPane()->isVisible() && compare->secondaryPane()->isVisible());
    QVERIFY(right->collectionStyle().rowHeight > normalRow * 1.5);
    QVERIFY(narration->font().pointSizeF() > normalFont * 1.5);
    // Each half narrates itself: the window's single caption stays hidden.
    for (QLabel *label : window->findChildren<QLabel *>()) {
        if (label->accessibleName() == QLatin1String("Narration caption"))
            QVERIFY(!label->isVisible());
    }
    // Stepping still moves both.
    trigger(*window, "actionRestart");
    trigger(*window, "actionPlayPause");
    QTest::keyClick(window.get(), Qt::Key_Right);
    QCOMPARE(compare->primaryPane()->shownStep(), 1);
    QCOMPARE(compare->secondaryPane()->shownStep(), 1);

    // Esc leaves presenter mode first, the comparison on a second Esc.
    QTest::keyClick(window.get(), Qt::Key_Escape);
    QVERIFY(!window->isFullScreen());
    QVERIFY(compare->isActive());
    QCOMPARE(right->collectionStyle().rowHeight, normalRow);
    QCOMPARE(narration->font().pointSizeF(), normalFont);
    QTest::keyClick(window.get(), Qt::Key_Escape);
    QVERIFY(!compare->isActive());
}

namespace {

QLabel *labelNamed(const QWidget *parent, const QString &name)
{
    for (QLabel *label : parent->findChildren<QLabel *>()) {
        if (label->accessibleName() == name)
            return label;
    }
    return nullptr;
}

// Rows wholly inside a view's rows area.
int visibleRows(const ui::CollectionView *view)
{
    const ui::CollectionLayout &layout = view->currentLayout();
    return int(layout.rowsRect().height() / layout.pitch());
}

struct DockState
{
    bool visible = false;
    QRect geometry;
    bool operator==(const DockState &other) const = default;
};

QMap<QString, DockState> docksOf(const QMainWindow &window)
{
    QMap<QString, DockState> docks;
    // A dock tabbed behind another keeps a stale geometry off the window; only its place in the
    // tabs (visible) matters to the user.
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        docks.insert(dock->objectName(),
                     {dock->isVisible(), dock->geometry().x() < 0 ? QRect() : dock->geometry()});
    return docks;
}

// "ChecksDock hidden; PatternsDock 1010,80 270x330; ..." for a failure message.
QString describeDocks(const QMap<QString, DockState> &docks)
{
    QStringList parts;
    for (auto it = docks.begin(); it != docks.end(); ++it) {
        const QRect &g = it.value().geometry;
        parts << (it.value().visible ? QStringLiteral("%1 %2,%3 %4x%5")
                                           .arg(it.key())
                                           .arg(g.x())
                                           .arg(g.y())
                                           .arg(g.width())
                                           .arg(g.height())
                                     : it.key() + QStringLiteral(" hidden"));
    }
    return parts.join(QStringLiteral("; "));
}

// The header's title, file and step counter of a half share no pixel, and the counter shows
// whole inside the half.
QString headerCollision(const ui::ComparePane *pane)
{
    QLabel *title = labelNamed(pane, QStringLiteral("Design"));
    QLabel *file = labelNamed(pane, QStringLiteral("Design file"));
    QLabel *step = labelNamed(pane, QStringLiteral("Step shown"));
    if (!title || !file || !step)
        return QStringLiteral("missing header label");
    if (step->text().isEmpty())
        return QStringLiteral("no step counter");
    const QList<QLabel *> labels {title, file, step};
    for (QLabel *a : labels) {
        for (QLabel *b : labels) {
            if (a != b && a->width() > 0 && b->width() > 0
                && a->geometry().intersects(b->geometry()))
                return QStringLiteral("%1 overlaps %2")
                    .arg(a->accessibleName(), b->accessibleName());
        }
    }
    if (step->width() < step->sizeHint().width())
        return QStringLiteral("the step counter is cut: %1 < %2")
            .arg(step->width())
            .arg(step->sizeHint().width());
    if (step->mapTo(pane, QPoint(step->width(), 0)).x() > pane->width())
        return QStringLiteral("the step counter runs out of the half");
    return {};
}

} // namespace

void TestCompareMode::halvesTakeTheRoomTheWindowKeepsItsSize_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("minimumRows");
    QTest::newRow("1280x800") << QSize(1280, 800) << 20;
    QTest::newRow("1024x700") << QSize(1024, 700) << 16;
}

void TestCompareMode::halvesTakeTheRoomTheWindowKeepsItsSize()
{
    QFETCH(QSize, size);
    QFETCH(int, minimumRows);
    auto window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    window->autosaver()->setRecoveryPath(m_dir->filePath(QStringLiteral("recovery.json")));
    window->resize(size);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openExample(kIotAfter) && settle(window->document()));
    QTest::qWait(50); // layouts settle (a panel with nothing to show collapses)
    const QMap<QString, DockState> docksBefore = docksOf(*window);
    QVERIFY(docksBefore.value(QStringLiteral("PatternsDock")).visible);
    // (At 1024 wide the window with all its panels is a little wider than asked: that width is
    // its own; comparing must not change it.)
    const QSize before = window->size();
    QCOMPARE(before.height(), size.height());

    ui::CompareMode *compare = window->compareMode();
    QVERIFY(compare->enter(kIotBefore));
    QVERIFY(settle(compare->secondaryDocument()));
    QVERIFY(selectPattern(*window, kNewest));
    QTest::qWait(50); // layouts settle
    QCOMPARE(window->size(), before);
    // The docks make way; each half shows a good stretch of its collection.
    for (QDockWidget *dock : window->findChildren<QDockWidget *>())
        QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
    for (const ui::ComparePane *pane : {compare->primaryPane(), compare->secondaryPane()}) {
        const ui::CollectionView *view = pane->collectionPane()->view();
        QVERIFY2(visibleRows(view) >= minimumRows,
                 qPrintable(
                     QStringLiteral("%1: %2 rows").arg(pane->objectName()).arg(visibleRows(view))));
        const QString collision = headerCollision(pane);
        QVERIFY2(collision.isEmpty(),
                 qPrintable(pane->objectName() + QStringLiteral(": ") + collision));
    }
    // The last step has the longest counter ("Step 14 of 14 · done").
    trigger(*window, "actionGoToEnd");
    for (const ui::ComparePane *pane : {compare->primaryPane(), compare->secondaryPane()}) {
        const QString collision = headerCollision(pane);
        QVERIFY2(collision.isEmpty(),
                 qPrintable(pane->objectName() + QStringLiteral(": ") + collision));
    }
    // A long design name gives way too.
    compare->secondaryPane()->setTitle(QStringLiteral("A design whose name is far too long to fit "
                                                      "beside its file and its step counter"),
                                       QStringLiteral("examples/iot/before.keyscope.json"));
    QTest::qWait(20);
    QVERIFY2(headerCollision(compare->secondaryPane()).isEmpty(),
             qPrintable(headerCollision(compare->secondaryPane())));
    QCOMPARE(window->size(), before);

    // Presenter mode's large type keeps the header apart as well.
    trigger(*window, "actionPresenterMode");
    QTest::qWait(20);
    for (const ui::ComparePane *pane : {compare->primaryPane(), compare->secondaryPane()}) {
        const QString collision = headerCollision(pane);
        QVERIFY2(collision.isEmpty(),
                 qPrintable(pane->objectName() + QStringLiteral(": ") + collision));
    }
    trigger(*window, "actionPresenterMode");
    QTest::qWait(20);
    QCOMPARE(window->size(), before);

    compare->leave();
    QTest::qWait(20);
    QCOMPARE(window->size(), before);
    QVERIFY2(docksOf(*window) == docksBefore,
             qPrintable(describeDocks(docksOf(*window)) + QStringLiteral("\nbefore: ")
                        + describeDocks(docksBefore)));
}

void TestCompareMode::nextLaunchKeepsTheLayoutBeforeComparing()
{
    // Closing while comparing saves the window as the user had it, not the comparison's
    // layout: the next window opens at the same size with its panels.
    const QSize size(1280, 800);
    QMap<QString, DockState> docksBefore;
    {
        auto window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
        window->autosaver()->setRecoveryPath(m_dir->filePath(QStringLiteral("recovery.json")));
        window->resize(size);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        QVERIFY(window->openExample(kIotAfter) && settle(window->document()));
        QTest::qWait(50); // layouts settle (a panel with nothing to show collapses)
        docksBefore = docksOf(*window);
        QVERIFY(window->compareMode()->enter(kIotBefore));
        QVERIFY(settle(window->compareMode()->secondaryDocument()));
        QVERIFY(window->close());
    }
    auto next = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    next->autosaver()->setRecoveryPath(m_dir->filePath(QStringLiteral("recovery2.json")));
    next->restoreLayout();
    next->show();
    QVERIFY(QTest::qWaitForWindowExposed(next.get()));
    QVERIFY(settle(next->document()));
    QTest::qWait(50);
    QCOMPARE(next->size(), size);
    QVERIFY2(docksOf(*next) == docksBefore,
             qPrintable(describeDocks(docksOf(*next)) + QStringLiteral("\nbefore: ")
                        + describeDocks(docksBefore)));
}

int main(int argc, char **argv)
{
    QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    TestCompareMode test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_comparemode.moc"
