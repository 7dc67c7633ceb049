// Apply Fix in the app (issue 13): a failing pattern offers its fix, the dialog shows every
// change's before and after side by side, applying is one undo step that re-runs everything
// and makes the pattern pass, and Ctrl+Z restores the design and the failure.

#include "tests/support/testpaths.h"
#include "ui/document/document.h"
#include "ui/patterns/fixdialog.h"
#include "ui/patterns/patternlistmodel.h"
#include "ui/patterns/patternspanel.h"
#include "ui/settings/settings.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QListView>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace keyscope;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");

class TestWindow : public ui::MainWindow
{
public:
    using ui::MainWindow::MainWindow;

protected:
    QMessageBox::StandardButton askSaveChanges() override { return QMessageBox::Discard; }
    QString askOpenPath() override { return {}; }
    void showError(const QString &, const QString &) override { }
};

bool settle(ui::Document *document)
{
    return QTest::qWaitFor(
        [&] { return !document->isBusy() && document->resultsRevision() == document->revision(); },
        20000);
}

const model::PatternResult *resultNamed(ui::Document *document, const QString &name)
{
    for (const model::PatternResult &result : document->patternResults()) {
        if (result.name == name)
            return &result;
    }
    return nullptr;
}

} // namespace

class TestApplyFix : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void failingPatternIsFixedAndUndoRestores();
};

void TestApplyFix::failingPatternIsFixedAndUndoRestores()
{
    QTemporaryDir dir;
    ui::Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    TestWindow window(&settings, kExamples);
    window.autosaver()->setRecoveryPath(dir.filePath(QStringLiteral("recovery.keyscope.json")));
    QVERIFY(window.openExample(kExamples + QStringLiteral("/library/before.keyscope.json")));
    ui::Document *document = window.document();
    QVERIFY(settle(document));

    const QString name = QStringLiteral("Book and its 5 newest reviews");
    const model::PatternResult *failing = resultNamed(document, name);
    QVERIFY(failing && !failing->passed && failing->fix);
    const QString before
        = document->project().entity(QStringLiteral("Review"))->keys.at(QStringLiteral("SK"));

    // Select the failing pattern: its detail says why and how, and Apply Fix is offered.
    ui::PatternsPanel *panel = window.patternsPanel();
    int row = -1;
    for (int r = 0; r < panel->model()->rowCount(); ++r) {
        if (panel->model()->index(r).data(Qt::DisplayRole).toString().contains(name))
            row = r;
    }
    QVERIFY(row >= 0);
    panel->listView()->setCurrentIndex(panel->model()->index(row));
    QVERIFY(panel->applyFixAction()->isEnabled());
    panel->applyFixAction()->trigger();

    // The dialog shows the change's before and after side by side.
    ui::FixDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<ui::FixDialog *>()) != nullptr);
    QTableWidget *changes = dialog->changesTable();
    QVERIFY(changes->rowCount() >= 1);
    QCOMPARE(changes->horizontalHeaderItem(1)->text(), QStringLiteral("Before"));
    QCOMPARE(changes->horizontalHeaderItem(2)->text(), QStringLiteral("After"));
    QCOMPARE(changes->item(0, 1)->text(), before);
    QCOMPARE(changes->item(0, 2)->text(), QStringLiteral("#") + before);
    // KEYSCOPE_FIX_SHOT=out.png:1280x800 saves the window with the dialog over it, to look at.
    if (const QString shot = qEnvironmentVariable("KEYSCOPE_FIX_SHOT"); !shot.isEmpty()) {
        const QStringList size = shot.section(QLatin1Char(':'), 1).split(QLatin1Char('x'));
        window.resize(size.value(0).toInt(), size.value(1).toInt());
        window.show();
        QTest::qWait(300);
        QPixmap image = window.grab();
        QPainter painter(&image);
        const QPixmap over = dialog->grab();
        painter.drawPixmap((image.width() - over.width()) / 2, (image.height() - over.height()) / 3,
                           over);
        painter.end();
        image.save(shot.section(QLatin1Char(':'), 0, 0));
    }
    const int steps = document->undoStack()->count();
    dialog->findChild<QPushButton *>(QStringLiteral("applyFixButton"))->click();
    QVERIFY(settle(document));

    // One undo step; everything re-ran and the pattern passes.
    QCOMPARE(document->undoStack()->count(), steps + 1);
    QVERIFY(document->undoStack()->undoText().startsWith(QStringLiteral("Apply Fix")));
    QCOMPARE(document->project().entity(QStringLiteral("Review"))->keys.at(QStringLiteral("SK")),
             QStringLiteral("#") + before);
    const model::PatternResult *fixed = resultNamed(document, name);
    QVERIFY(fixed);
    QVERIFY2(fixed->passed, qPrintable(fixed->explanation));
    for (const model::PatternResult &result : document->patternResults())
        QVERIFY2(result.passed,
                 qPrintable(result.name + QStringLiteral(": ") + result.explanation));

    // Ctrl+Z restores the design, and the pattern fails again.
    document->undoStack()->undo();
    QVERIFY(settle(document));
    QCOMPARE(document->project().entity(QStringLiteral("Review"))->keys.at(QStringLiteral("SK")),
             before);
    const model::PatternResult *again = resultNamed(document, name);
    QVERIFY(again && !again->passed);
}

QTEST_MAIN(TestApplyFix)
#include "tst_applyfix.moc"
