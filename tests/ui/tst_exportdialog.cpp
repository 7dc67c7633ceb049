// The export dialog (format, scale, step, theme, legend, background, live preview, atomic
// write with errors shown) and the main window's export actions: File > Export Diagram,
// Playback > Export Current Step, Edit > Copy as Image / Copy as SVG.

#include "tests/support/runkeyscope.h"
#include "tests/support/testpaths.h"
#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionstyle.h"
#include "ui/collection/collectionview.h"
#include "ui/compare/comparemode.h"
#include "ui/document/document.h"
#include "ui/export/exportdialog.h"
#include "ui/settings/settings.h"
#include "ui/shell/mainwindow.h"
#include "ui/trace/tracepanel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace keyscope;
using namespace keyscope::ui;

namespace {

const QString kExamples = keyscope::testsupport::sourcePath("/resources/examples");
const QString kProject
    = keyscope::testsupport::sourcePath("/resources/examples/iot/after.keyscope.json");
const QString kPattern = QStringLiteral("Device and its 10 newest readings");

ExportDiagram::Source iotSource()
{
    auto created
        = ExportDiagram::load(kProject, kPattern, std::nullopt, std::nullopt, std::nullopt);
    if (auto *error = std::get_if<ExportError>(&created))
        qFatal("%s", qPrintable(error->message));
    return std::get<std::unique_ptr<ExportDiagram>>(created)->source();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Answers the save dialog with a fixed path.
class TestDialog : public ExportDialog
{
public:
    using ExportDialog::ExportDialog;
    QString answer;
    int asked = 0;

protected:
    QString askSavePath(const QString &) override
    {
        ++asked;
        return answer;
    }
};

class TestWindow : public MainWindow
{
public:
    using MainWindow::MainWindow;
    QStringList errors;

protected:
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

bool settle(Document *document)
{
    return QTest::qWaitFor(
        [&] { return !document->isBusy() && document->resultsRevision() == document->revision(); },
        10000);
}

QPushButton *exportButton(QDialog &dialog)
{
    for (QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (button->accessibleName() == u"Export")
            return button;
    }
    return nullptr;
}

} // namespace

class TestExportDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void startsOnTheGivenStepWithAPreview();
    void optionsChangeThePreview();
    void formatFollowsTheFileAndBack();
    void exportWritesTheChosenFormat();
    void exportWritesTheLessonPage();
    void exportErrorsStayInTheDialog();
    void exportMakesAMissingFolder();
    void labelsShowTheirText();
    void windowExportsTheCurrentStep();
    void windowCopiesImageAndSvg();
    void sideBySideExportsBothDesigns();
};

void TestExportDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestExportDialog::startsOnTheGivenStepWithAPreview()
{
    const ExportDiagram::Source source = iotSource();
    TestDialog dialog(source, 3, QStringLiteral("/tmp/x.svg"));
    QCOMPARE(dialog.stepBox()->value(), 3);
    QCOMPARE(dialog.stepBox()->maximum(), source.timeline->stepCount() - 1);
    // Shown as the player numbers steps; a typed number is taken the same way.
    QCOMPARE(dialog.stepBox()->text(), QStringLiteral("4 of %1").arg(source.timeline->stepCount()));
    {
        TestDialog typed(source, 3, QStringLiteral("/tmp/x.svg"));
        typed.stepBox()->selectAll();
        QTest::keyClicks(typed.stepBox(), QStringLiteral("2"));
        QCOMPARE(typed.stepBox()->value(), 1);
        typed.stepBox()->stepUp();
        QCOMPARE(typed.stepBox()->text(),
                 QStringLiteral("3 of %1").arg(source.timeline->stepCount()));
    }
    QCOMPARE(dialog.format(), ExportFormat::Svg);
    QVERIFY(!dialog.previewImage().isNull());
    // The preview is the export of step 3, fitted to the preview's width.
    const auto expected = ExportDiagram::fromSource(source, 3);
    const QImage full
        = expected->toImage(dialog.previewImage().width() / expected->logicalSize().width());
    QCOMPARE(dialog.previewImage().size(), full.size());
    QCOMPARE(dialog.previewImage(), full);
    // Out of range or no step: the final state.
    TestDialog end(source, std::nullopt, QString());
    QCOMPARE(end.stepBox()->value(), -1);
    QCOMPARE(end.stepBox()->text(), QStringLiteral("End (final state)"));
}

void TestExportDialog::optionsChangeThePreview()
{
    TestDialog dialog(iotSource(), std::nullopt, QStringLiteral("/tmp/x.png"));
    QCOMPARE(dialog.format(), ExportFormat::Png);
    QVERIFY(dialog.scaleBox()->isEnabled());
    const QImage light = dialog.previewImage();
    const auto corner = [](const QImage &image) { return image.pixelColor(1, image.height() - 2); };
    QCOMPARE(corner(light), QColor(Qt::white));

    dialog.themeBox()->setCurrentIndex(1);
    QTRY_VERIFY(dialog.previewImage() != light);
    QCOMPARE(corner(dialog.previewImage()), CollectionStyle::exportStyle(true).background);
    QVERIFY(dialog.diagram()->style().dark);

    const int withLegend = dialog.previewImage().height();
    dialog.legendBox()->setChecked(false);
    QTRY_VERIFY(dialog.previewImage().height() < withLegend);
    QVERIFY(dialog.diagram()->legend().isEmpty());

    dialog.transparentBox()->setChecked(true);
    QTRY_COMPARE(corner(dialog.previewImage()).alpha(), 0);

    dialog.stepBox()->setValue(0);
    QTRY_VERIFY(dialog.diagram()->caption()
                != ExportDiagram::fromSource(iotSource(), std::nullopt)->caption());

    // Markdown: the preview is the text that will be written.
    dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(ExportFormat::Markdown)));
    QTRY_VERIFY(dialog.previewText().startsWith(QStringLiteral("# IoT devices and readings")));
    QCOMPARE(dialog.previewText(), QString::fromUtf8(dialog.diagram()->toMarkdown()));
    QVERIFY(!dialog.scaleBox()->isEnabled());
    QVERIFY(!dialog.themeBox()->isEnabled());
}

void TestExportDialog::formatFollowsTheFileAndBack()
{
    TestDialog dialog(iotSource(), std::nullopt, QStringLiteral("/tmp/device.svg"));
    dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(ExportFormat::Pdf)));
    QCOMPARE(dialog.path(), QStringLiteral("/tmp/device.pdf"));
    QVERIFY(!dialog.transparentBox()->isEnabled());

    dialog.answer = QStringLiteral("/tmp/chosen.md");
    QPushButton *browse = nullptr;
    for (QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (button->accessibleName() == u"Browse for the file")
            browse = button;
    }
    QVERIFY(browse);
    QTest::mouseClick(browse, Qt::LeftButton);
    QCOMPARE(dialog.asked, 1);
    QCOMPARE(dialog.path(), QStringLiteral("/tmp/chosen.md"));
    QCOMPARE(dialog.format(), ExportFormat::Markdown);
}

void TestExportDialog::exportWritesTheChosenFormat()
{
    QTemporaryDir dir;
    const ExportDiagram::Source source = iotSource();
    {
        TestDialog dialog(source, 5, dir.filePath(QStringLiteral("a.png")));
        dialog.scaleBox()->setValue(2);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QPushButton *button = exportButton(dialog);
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const QImage png(dir.filePath(QStringLiteral("a.png")));
        const auto expected = ExportDiagram::fromSource(source, 5);
        QCOMPARE(png.size(), (expected->logicalSize() * 2).toSize());
    }
    {
        TestDialog dialog(source, 5, dir.filePath(QStringLiteral("a.svg")));
        QVERIFY(dialog.exportNow());
        QCOMPARE(readAll(dir.filePath(QStringLiteral("a.svg"))),
                 ExportDiagram::fromSource(source, 5)->toSvg());
        QVERIFY(QSvgRenderer(dir.filePath(QStringLiteral("a.svg"))).isValid());
        dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(ExportFormat::Pdf)));
        QVERIFY(dialog.exportNow());
        QVERIFY(readAll(dir.filePath(QStringLiteral("a.pdf"))).startsWith("%PDF"));
        dialog.formatBox()->setCurrentIndex(
            dialog.formatBox()->findData(int(ExportFormat::Markdown)));
        QVERIFY(dialog.exportNow());
        QVERIFY(readAll(dir.filePath(QStringLiteral("a.md"))).contains("at step 5 of "));
    }
}

// The lesson page (HTML) from the dialog is the page `keyscope export --format html` writes, with
// predict mode's questions when asked for.
void TestExportDialog::exportWritesTheLessonPage()
{
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("lesson.html"));
    TestDialog dialog(iotSource(), 5, target);
    QCOMPARE(dialog.format(), ExportFormat::Html);
    QVERIFY(dialog.predictBox()->isEnabled());
    QVERIFY(!dialog.scaleBox()->isEnabled());
    QVERIFY(!dialog.headingBox()->isEnabled());
    for (const bool predict : {false, true}) {
        dialog.predictBox()->setChecked(predict);
        QVERIFY2(dialog.exportNow(), qPrintable(dialog.errorText()));
        const QString cli = dir.filePath(QStringLiteral("cli.html"));
        QStringList args {QStringLiteral("export"), kProject, QStringLiteral("--pattern"), kPattern,
                          QStringLiteral("-o"),     cli};
        if (predict)
            args << QStringLiteral("--predict");
        const auto run = keyscope::testsupport::runKeyscope(args);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QByteArray page = readAll(target);
        QVERIFY(page.startsWith("<!DOCTYPE html>"));
        QCOMPARE(page.contains("\"predict\":{"), predict);
        QCOMPARE(page, readAll(cli));
    }
    // The other formats do not ask questions.
    dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(ExportFormat::Svg)));
    QVERIFY(!dialog.predictBox()->isEnabled());
}

void TestExportDialog::exportErrorsStayInTheDialog()
{
    QTemporaryDir dir;
    // A failed write stays in the dialog: a folder where the file should go.
    const QString blocked = dir.filePath(QStringLiteral("sub/x.svg"));
    QVERIFY(QDir().mkpath(blocked));
    TestDialog dialog(iotSource(), std::nullopt, blocked);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::mouseClick(exportButton(dialog), Qt::LeftButton);
    QVERIFY(dialog.isVisible());
    QVERIFY2(dialog.errorText().startsWith(QStringLiteral("Could not write the file: ")),
             qPrintable(dialog.errorText()));
    QVERIFY(dialog.errorText().contains(QStringLiteral("sub/x.svg")));
    QVERIFY(QFileInfo(blocked).isDir());

    // A folder that cannot be made (a file in the way) is named.
    const QString file = dir.filePath(QStringLiteral("plain"));
    QVERIFY(writeAll(file, "kept"));
    dialog.setPath(file + QStringLiteral("/missing/x.svg"));
    QVERIFY(!dialog.exportNow());
    QCOMPARE(dialog.errorText(),
             QStringLiteral("Could not create the folder %1.")
                 .arg(QDir::toNativeSeparators(file + QStringLiteral("/missing"))));
    QCOMPARE(readAll(file), QByteArray("kept"));

    dialog.setPath(QString());
    QVERIFY(!dialog.exportNow());
    QCOMPARE(dialog.errorText(), QStringLiteral("Choose a file to export to."));

    // A collection longer than a picture draws: the rows the Query touched, the rest elided;
    // Markdown still has every row.
    auto big = ExportDiagram::load(keyscope::testsupport::testDataPath("/export/big.keyscope.json"),
                                   QStringLiteral("The first three"), std::nullopt, std::nullopt,
                                   std::nullopt);
    QVERIFY(std::holds_alternative<std::unique_ptr<ExportDiagram>>(big));
    TestDialog tooBig(std::get<std::unique_ptr<ExportDiagram>>(big)->source(), std::nullopt,
                      dir.filePath(QStringLiteral("big.svg")));
    QVERIFY(!tooBig.previewImage().isNull());
    // The preview is as tall as the rows drawn, far less than 5001 rows.
    QVERIFY2(tooBig.previewImage().height() < 2000,
             QByteArray::number(tooBig.previewImage().height()).constData());
    QVERIFY2(tooBig.exportNow(), qPrintable(tooBig.errorText()));
    const QByteArray bigSvg = readAll(dir.filePath(QStringLiteral("big.svg")));
    QVERIFY(bigSvg.contains("ITEM#00003"));
    QVERIFY(
        bigSvg.contains(QStringLiteral("\u22ee 2,500 rows below (#2,502\u2013#5,001)").toUtf8()));
    std::unique_ptr<QMimeData> copied(ExportDialog::svgMimeData(*tooBig.diagram()));
    QCOMPARE(copied->data(QStringLiteral("image/svg+xml")), bigSvg);
    tooBig.formatBox()->setCurrentIndex(tooBig.formatBox()->findData(int(ExportFormat::Markdown)));
    QVERIFY(tooBig.exportNow());
    QCOMPARE(readAll(dir.filePath(QStringLiteral("big.md"))).count("| `ITEM#"), 5001);

    const QString good = dir.filePath(QStringLiteral("ok.svg"));
    dialog.setPath(good);
    QVERIFY(dialog.exportNow());
    QVERIFY(dialog.errorText().isEmpty());
    QVERIFY(QFile::exists(good));
}

void TestExportDialog::exportMakesAMissingFolder()
{
    // The default folder (Documents) is missing on a fresh account: exporting makes it.
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("Documents/keyscope/iot.svg"));
    TestDialog dialog(iotSource(), std::nullopt, target);
    QVERIFY2(dialog.exportNow(), qPrintable(dialog.errorText()));
    QVERIFY(readAll(target).startsWith("<?xml"));
}

void TestExportDialog::labelsShowTheirText()
{
    // A label marks its shortcut with "&"; one with no buddy shows the "&" itself ("F&ile:").
    TestDialog dialog(iotSource(), std::nullopt, QStringLiteral("/tmp/x.svg"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    int marked = 0;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (!label->text().contains(u'&') || label->textFormat() == Qt::RichText)
            continue;
        ++marked;
        QVERIFY2(label->buddy(), qPrintable(label->text()));
    }
    QVERIFY(marked >= 5); // Designs, Format, Scale, Step, Theme, File
}

void TestExportDialog::windowExportsTheCurrentStep()
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    settings.setReducedMotion(true);
    TestWindow window(&settings, kExamples);
    window.autosaver()->setRecoveryPath(dir.filePath(QStringLiteral("recovery.keyscope.json")));
    QVERIFY(window.openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window.document()));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    auto *player = window.findChild<TracePlayer *>();
    QVERIFY(player && player->timeline());
    player->goToStep(4);

    QAction *exportAction = window.findChild<QAction *>(QStringLiteral("actionExportDiagram"));
    QVERIFY(exportAction);
    QCOMPARE(exportAction->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->trigger();
    auto *dialog = window.findChild<ExportDialog *>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->stepBox()->value(), 4);
    // The dialog numbers the step as the player shows it ("Step 5/N" -> "5 of N").
    const auto playerStepText = [&] {
        for (QLabel *label : window.findChild<TracePanel *>()->findChildren<QLabel *>()) {
            if (label->text().startsWith(QLatin1String("Step ")))
                return label->text();
        }
        return QString();
    };
    const int steps = player->timeline()->stepCount();
    QCOMPARE(playerStepText(), QStringLiteral("Step 5/%1").arg(steps));
    QCOMPARE(dialog->stepBox()->text(), QStringLiteral("5 of %1").arg(steps));
    QVERIFY2(
        dialog->path().endsWith(QStringLiteral("device-and-its-10-newest-readings-step-5.svg")),
        qPrintable(dialog->path()));
    // What the dialog exports is the window's collection with the pattern's trace at step 4.
    const auto own = dialog->diagram();
    QCOMPARE(own->caption(), player->timeline()->step(4).narration);
    QCOMPARE(own->rows().rowCount(), window.collectionPane()->view()->rows()->rowCount());
    const QString target = dir.filePath(QStringLiteral("step4.md"));
    dialog->setPath(target);
    dialog->formatBox()->setCurrentIndex(
        dialog->formatBox()->findData(int(ExportFormat::Markdown)));
    QTest::mouseClick(exportButton(*dialog), Qt::LeftButton);
    QTRY_VERIFY(!window.findChild<ExportDialog *>()); // accepted, closed, deleted
    const QByteArray md = readAll(target);
    QVERIFY(md.startsWith("# IoT devices and readings (after): Device and its 10 newest "
                          "readings\n"));
    QVERIFY(md.contains("at step 4 of "));
    QCOMPARE(settings.lastExportFolder(), QFileInfo(target).absolutePath());

    // Playback > Export Current Step, with its own shortcut, and a button in the trace panel.
    player->goToEnd();
    QAction *stepAction = window.findChild<QAction *>(QStringLiteral("actionExportCurrentStep"));
    QVERIFY(stepAction);
    QCOMPARE(stepAction->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    bool button = false;
    for (QToolButton *tool : window.findChildren<QToolButton *>())
        button = button || tool->defaultAction() == stepAction;
    QVERIFY(button);
    stepAction->trigger();
    dialog = window.findChild<ExportDialog *>();
    QVERIFY(dialog);
    // The next export starts in the folder of the last one.
    QCOMPARE(QFileInfo(dialog->path()).absolutePath(), QFileInfo(target).absolutePath());
    QCOMPARE(dialog->stepBox()->value(), player->currentStep());
    // At the last step: "Step N/N" in the player, "N of N" in the dialog, and the export draws
    // that very step (the player's settled last step, not the one before).
    QCOMPARE(playerStepText(), QStringLiteral("Step %1/%1").arg(steps));
    QCOMPARE(dialog->stepBox()->text(), QStringLiteral("%1 of %1").arg(steps));
    QCOMPARE(dialog->diagram()->step(), steps - 1);
    QCOMPARE(dialog->diagram()->caption(), player->timeline()->step(steps - 1).narration);
    dialog->reject();
    QTRY_VERIFY(!window.findChild<ExportDialog *>());
}

void TestExportDialog::windowCopiesImageAndSvg()
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    settings.setReducedMotion(true);
    TestWindow window(&settings, kExamples);
    window.autosaver()->setRecoveryPath(dir.filePath(QStringLiteral("recovery.keyscope.json")));
    QVERIFY(window.openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window.document()));
    auto *player = window.findChild<TracePlayer *>();
    QVERIFY(player && player->timeline());
    player->goToStep(2);

    const auto source = window.diagramSource();
    QVERIFY(source);
    const auto expected = ExportDiagram::fromSource(*source, 2);

    QAction *copyImage = window.findChild<QAction *>(QStringLiteral("actionCopyAsImage"));
    QAction *copySvg = window.findChild<QAction *>(QStringLiteral("actionCopyAsSvg"));
    QVERIFY(copyImage && copySvg);
    QVERIFY(!copyImage->shortcut().isEmpty());
    QVERIFY(copyImage->shortcut() != copySvg->shortcut());

    copyImage->trigger();
    const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
    QVERIFY(mime);
    QVERIFY(mime->hasImage());
    const QImage image = qvariant_cast<QImage>(mime->imageData());
    QCOMPARE(image.size(), (expected->logicalSize() * 2).toSize());
    QCOMPARE(image.convertToFormat(QImage::Format_ARGB32_Premultiplied),
             expected->toImage(2.0).convertToFormat(QImage::Format_ARGB32_Premultiplied));
    QVERIFY(QImage::fromData(mime->data(QStringLiteral("image/png")), "PNG").size()
            == image.size());

    copySvg->trigger();
    mime = QGuiApplication::clipboard()->mimeData();
    QVERIFY(mime);
    const QByteArray svg = mime->data(QStringLiteral("image/svg+xml"));
    QCOMPARE(svg, expected->toSvg());
    QCOMPARE(mime->text(), QString::fromUtf8(svg));
    QVERIFY(QSvgRenderer(svg).isValid());

    // Another collection showing: its rows are copied, without the Query's marks.
    CollectionView *view = window.collectionPane()->view();
    QVERIFY(view->stepPartition(1));
    const auto other = window.diagramSource();
    QVERIFY(other);
    QVERIFY(other->partitionKey != source->partitionKey);
    QVERIFY(!other->timeline);
    copySvg->trigger();
    const QByteArray otherSvg
        = QGuiApplication::clipboard()->mimeData()->data(QStringLiteral("image/svg+xml"));
    QVERIFY(otherSvg != svg);
    QVERIFY(!otherSvg.contains("returned as result #n"));
}

void TestExportDialog::sideBySideExportsBothDesigns()
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    settings.setReducedMotion(true);
    TestWindow window(&settings, kExamples);
    window.autosaver()->setRecoveryPath(dir.filePath(QStringLiteral("recovery.keyscope.json")));
    window.resize(1400, 800);
    QVERIFY(window.openExample(kExamples + QStringLiteral("/iot/after.keyscope.json")));
    QVERIFY(settle(window.document()));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CompareMode *compare = window.compareMode();
    QVERIFY(compare->enter(kExamples + QStringLiteral("/iot/before.keyscope.json")));
    QVERIFY(settle(compare->secondaryDocument()));
    QTRY_VERIFY(compare->secondaryTimeline());
    auto *player = window.findChild<TracePlayer *>();
    QVERIFY(player && player->timeline());
    player->goToStep(2);

    window.findChild<QAction *>(QStringLiteral("actionExportDiagram"))->trigger();
    auto *dialog = window.findChild<ExportDialog *>();
    QVERIFY(dialog);
    // Offered and chosen: both designs, at the player's step.
    QVERIFY(dialog->subjectBox()->isVisible());
    QCOMPARE(dialog->subjectBox()->accessibleName(), QStringLiteral("Designs"));
    QCOMPARE(dialog->subjectBox()->currentText(), QStringLiteral("Both designs side by side"));
    QVERIFY(dialog->comparing());
    QCOMPARE(dialog->stepBox()->value(), 2);
    const auto both = dialog->compareDiagram();
    QVERIFY(both);
    const auto *left = window.collectionPane()->view()->timeline();
    QVERIFY(left);
    QCOMPARE(both->before().caption(), left->step(2).narration);
    QCOMPARE(both->after().caption(), compare->secondaryTimeline()->step(2).narration);
    QCOMPARE(both->after().projectName(), compare->secondaryDocument()->project().name);
    QVERIFY(both->before().projectName() != both->after().projectName());
    // The preview is the side-by-side picture (twice as wide as one design).
    const double single = dialog->diagram()->logicalSize().width();
    QVERIFY(both->logicalSize().width() > 1.9 * single);
    const QImage preview = dialog->previewImage();
    QVERIFY(!preview.isNull());
    QVERIFY2(std::abs(double(preview.width()) / preview.height()
                      - both->logicalSize().width() / both->logicalSize().height())
                 < 0.02,
             "the preview shows both designs");

    // The file written is that picture; the format list is the same.
    const QString target = dir.filePath(QStringLiteral("both.svg"));
    dialog->setPath(target);
    QVERIFY2(dialog->exportNow(), qPrintable(dialog->errorText()));
    const QByteArray svg = readAll(target);
    QCOMPARE(svg, both->toSvg());
    QVERIFY(svg.contains(both->before().projectName().toUtf8()));
    QVERIFY(svg.contains(both->after().projectName().toUtf8()));
    QCOMPARE(dialog->formatBox()->count(), 5);
    dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Png)));
    QVERIFY2(dialog->exportNow(), qPrintable(dialog->errorText()));
    const QImage png(dir.filePath(QStringLiteral("both.png")));
    QCOMPARE(png.size(), (both->logicalSize() * dialog->scaleBox()->value()).toSize());

    // "This design only" is the main pane's diagram again.
    dialog->subjectBox()->setCurrentIndex(1);
    QVERIFY(!dialog->comparing());
    QVERIFY(!dialog->compareDiagram());
    dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Svg)));
    dialog->setPath(dir.filePath(QStringLiteral("one.svg")));
    QVERIFY(dialog->exportNow());
    QCOMPARE(readAll(dir.filePath(QStringLiteral("one.svg"))), dialog->diagram()->toSvg());
    dialog->reject();
    QTRY_VERIFY(!window.findChild<ExportDialog *>());

    // Copy as SVG / Image copy both designs too.
    QGuiApplication::clipboard()->clear();
    window.findChild<QAction *>(QStringLiteral("actionCopyAsSvg"))->trigger();
    const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
    QVERIFY(mime);
    QCOMPARE(mime->data(QStringLiteral("image/svg+xml")), svg);
    window.findChild<QAction *>(QStringLiteral("actionCopyAsImage"))->trigger();
    const QImage copied = QGuiApplication::clipboard()->image();
    QCOMPARE(copied.size(), (both->logicalSize() * 2.0).toSize());

    // Out of side-by-side mode the dialog offers one design only.
    compare->leave();
    window.findChild<QAction *>(QStringLiteral("actionExportDiagram"))->trigger();
    dialog = window.findChild<ExportDialog *>();
    QVERIFY(dialog);
    QVERIFY(!dialog->subjectBox()->isVisible());
    QVERIFY(!dialog->comparing());
    dialog->reject();
}

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
