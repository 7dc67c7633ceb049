// Ctrl+S on a full disk: the project file keeps its old bytes, the user is told why, the
// document stays unsaved, the recovery file stays, and closing the window asks again instead
// of quitting. (A tiny tmpfs is mounted when the test runs as root, as CI does.)

#include "../support/tinyfilesystem.h"
#include "tests/support/testpaths.h"
#include "ui/document/autosaver.h"
#include "ui/document/document.h"
#include "ui/settings/settings.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QCloseEvent>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace keyscope;
using keyscope::testsupport::TinyFileSystem;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");

class TestWindow : public ui::MainWindow
{
public:
    using ui::MainWindow::MainWindow;
    QString savePath;
    QStringList errors;
    int saveQuestions = 0;

protected:
    QMessageBox::StandardButton askSaveChanges() override
    {
        ++saveQuestions;
        return QMessageBox::Save;
    }
    QString askSavePath() override { return savePath; }
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

} // namespace

class TestFullDiskSave : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void saveOnAFullDiskLosesNothing();
};

void TestFullDiskSave::saveOnAFullDiskLosesNothing()
{
    TinyFileSystem fs(64);
    if (!fs.isMounted())
        QSKIP(qPrintable(fs.skipReason()));
    QTemporaryDir dir;
    ui::Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    TestWindow window(&settings, kExamples);
    const QString recovery = dir.filePath(QStringLiteral("recovery.keyscope.json"));
    window.autosaver()->setRecoveryPath(recovery);
    QVERIFY(window.openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    window.document()->setSeed(99); // an unsaved change
    QVERIFY(window.document()->isModified());
    QVERIFY(window.autosaver()->saveNow());
    QVERIFY(QFile::exists(recovery));

    const QByteArray old("{\"old\": \"project\"}\n");
    QVERIFY(fs.put(QStringLiteral("iot.keyscope.json"), old));
    fs.fill();
    window.savePath = fs.path(QStringLiteral("iot.keyscope.json"));
    QVERIFY(!window.saveAs());
    QCOMPARE(window.errors.size(), qsizetype(1));
    QVERIFY2(window.errors.front().contains(QLatin1String("No space left on device")),
             qPrintable(window.errors.front()));
    QFile file(window.savePath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), old);
    QVERIFY(window.document()->isModified());
    QVERIFY(window.document()->filePath() != window.savePath);
    QVERIFY(QFile::exists(recovery));

    // Closing asks, tries to save, fails, and stays open with the recovery file kept.
    QCloseEvent close;
    QApplication::sendEvent(&window, &close);
    QVERIFY(!close.isAccepted());
    QCOMPARE(window.saveQuestions, 1);
    QVERIFY(QFile::exists(recovery));

    // With room again, the same save works.
    fs.unfill();
    QVERIFY(window.saveAs());
    QVERIFY(!window.document()->isModified());
}

QTEST_MAIN(TestFullDiskSave)

#include "tst_fulldisksave.moc"
