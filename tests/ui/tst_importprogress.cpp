// Importing a large table + items file (MainWindow::importFiles) reads off the GUI thread with a
// progress dialog and Cancel: the window keeps handling events while the file is read, a
// cancelled import leaves the document as it was, a finished one replaces it.
//
// The items file is a named pipe fed by a thread, so the test decides when the reader has read
// part of the file and cancels at that point: no race with how fast the machine is.

#include "tests/support/testpaths.h"
#include "ui/document/document.h"
#include "ui/settings/settings.h"
#include "ui/shell/mainwindow.h"

#include <QFile>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <csignal>
#include <sys/stat.h>

#include <future>
#include <thread>

using namespace keyscope;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");

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

const char *const kTable = R"({"TableName": "Readings",
    "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                             {"AttributeName": "SK", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                  {"AttributeName": "SK", "KeyType": "RANGE"}]})";

QByteArray requests(int from, int to)
{
    QByteArray json;
    for (int i = from; i < to; ++i)
        json
            += QStringLiteral("%1{\"PutRequest\": {\"Item\": {\"PK\": {\"S\": \"dev-%2\"}, \"SK\": "
                              "{\"N\": \"%3\"}}}}\n")
                   .arg(i == 0 ? "" : ",")
                   .arg(i % 10)
                   .arg(i)
                   .toUtf8();
    return json;
}

} // namespace

class TestImportProgress : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void cancelLeavesTheDocumentUntouched();
    void finishedImportReplacesTheDocument();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ui::Settings> m_settings;
    std::unique_ptr<TestWindow> m_window;
    QString m_table;
};

void TestImportProgress::init()
{
    std::signal(SIGPIPE, SIG_IGN); // the reader closes the pipe when it is cancelled
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<ui::Settings>(m_dir->filePath(QStringLiteral("settings.ini")));
    m_window = std::make_unique<TestWindow>(m_settings.get(), kExamples);
    m_window->autosaver()->setRecoveryPath(
        m_dir->filePath(QStringLiteral("recovery.keyscope.json")));
    m_table = m_dir->filePath(QStringLiteral("table.json"));
    QFile table(m_table);
    QVERIFY(table.open(QIODevice::WriteOnly));
    table.write(kTable);
}

void TestImportProgress::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

void TestImportProgress::cancelLeavesTheDocumentUntouched()
{
    const QString name = m_window->document()->project().name;
    const std::size_t items = m_window->document()->project().items.size();
    const int undo = m_window->document()->undoStack()->count();

    const QString pipe = m_dir->filePath(QStringLiteral("items.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
    std::promise<void> cancelled;
    std::promise<void> firstPart;
    auto firstPartWritten = firstPart.get_future();
    // Writes 5,000 requests, waits for the Cancel, then writes the rest and closes the pipe.
    std::thread writer([&pipe, &firstPart, done = cancelled.get_future()]() mutable {
        QFile out(pipe);
        if (!out.open(QIODevice::WriteOnly))
            return;
        out.write("{\"Readings\": [\n" + requests(0, 5000));
        out.flush();
        firstPart.set_value();
        done.wait_for(std::chrono::seconds(20));
        out.write(requests(5000, 20000) + "]}\n");
    });

    bool sawDialog = false;
    QTimer poll;
    poll.setInterval(10);
    connect(&poll, &QTimer::timeout, this, [&] {
        auto *dialog = m_window->findChild<QProgressDialog *>(QStringLiteral("fileProgress"));
        if (!dialog
            || firstPartWritten.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
            return;
        // The GUI thread runs while the file is read: this timer fires inside importFiles.
        sawDialog = true;
        poll.stop();
        auto *button = dialog->findChild<QPushButton *>();
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton); // as the user would
        cancelled.set_value();
    });
    poll.start();
    const bool imported = m_window->importFiles(m_table, pipe);
    writer.join();

    QVERIFY(sawDialog);
    QVERIFY(!imported);
    QVERIFY2(m_window->errors.isEmpty(), qPrintable(m_window->errors.join(u'\n')));
    QCOMPARE(m_window->document()->project().name, name);
    QCOMPARE(m_window->document()->project().items.size(), items);
    QCOMPARE(m_window->document()->undoStack()->count(), undo);
}

void TestImportProgress::finishedImportReplacesTheDocument()
{
    const QString path = m_dir->filePath(QStringLiteral("items.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"Readings\": [\n" + requests(0, 20000) + "]}\n");
    file.close();
    QVERIFY(m_window->importFiles(m_table, path));
    QCOMPARE(m_window->document()->project().name, QStringLiteral("Readings"));
    QCOMPARE(m_window->document()->project().items.size(), std::size_t(20000));
    QVERIFY(!m_window->findChild<QProgressDialog *>(QStringLiteral("fileProgress")));
}

QTEST_MAIN(TestImportProgress)
#include "tst_importprogress.moc"
