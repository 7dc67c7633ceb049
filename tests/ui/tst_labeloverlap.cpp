// No label of the collection diagram lies on another label or on another row's text (issue 10),
// and none says less than it must (issue 26): marker labels and legend names are whole, and a
// shortened key keeps its entity prefix and where it differs from the rows above and below:
// for every built-in example, every access pattern and every step of its traversal, in the
// window (desktop style), in presenter mode (scaled 1.6, full screen), in one pane of
// side-by-side mode, zoomed out to the overview, and in the export. The boxes come from the label
// pass (CollectionLabels), which the renderer paints and nothing else.

#include "model/design/projectfile.h"
#include "tests/support/testpaths.h"
#include "ui/collection/collectionlabels.h"
#include "ui/collection/collectionrenderer.h"
#include "ui/collection/collectionview.h"
#include "ui/collection/marklane.h"
#include "ui/export/diagramexporter.h"

#include <QApplication>
#include <QFile>
#include <QFontMetricsF>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTest>

#include <map>
#include <memory>

using namespace keyscope::ui;

namespace {

const QString kExamplesDir = keyscope::testsupport::sourcePath("/resources/examples/");

enum class Mode { Desktop, Desktop1024, Narrow, Presenter, SideBySide, Overview, Export };

// Example files listed by index.json (before, after, variants).
QStringList exampleFiles()
{
    QFile file(kExamplesDir + QStringLiteral("index.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList files;
    for (const QJsonValue &value : QJsonDocument::fromJson(file.readAll()).array()) {
        const QJsonObject entry = value.toObject();
        for (const char *key : {"before", "after"}) {
            if (entry.contains(QLatin1String(key)))
                files << entry.value(QLatin1String(key)).toString();
        }
        for (const QJsonValue &variant : entry.value(QStringLiteral("variants")).toArray())
            files << variant.toObject().value(QStringLiteral("file")).toString();
    }
    return files;
}

// The access patterns of a project file, read through the exporter's own loading.
QStringList patternsOf(const QString &path)
{
    auto read = keyscope::model::ProjectFile::read(path);
    QStringList names;
    if (auto *project = std::get_if<keyscope::model::Project>(&read)) {
        for (const auto &pattern : project->accessPatterns)
            names << pattern.name;
    }
    return names;
}

// Loaded once per (file, pattern): project, population, table and the pattern's timeline.
const ExportDiagram *diagramOf(const QString &path, const QString &pattern, QString *error)
{
    static std::map<std::pair<QString, QString>, std::unique_ptr<ExportDiagram>> cache;
    const auto key = std::make_pair(path, pattern);
    auto it = cache.find(key);
    if (it == cache.end()) {
        auto loaded = ExportDiagram::load(path, pattern, std::nullopt, std::nullopt, std::nullopt);
        std::unique_ptr<ExportDiagram> diagram;
        if (auto *e = std::get_if<ExportError>(&loaded))
            *error = e->message;
        else
            diagram = std::move(std::get<std::unique_ptr<ExportDiagram>>(loaded));
        it = cache.emplace(key, std::move(diagram)).first;
    }
    return it->second.get();
}

QString describe(const CollectionLabel &label)
{
    return QStringLiteral("'%1' (kind %2, row %3) at %4,%5 %6x%7")
        .arg(label.text)
        .arg(int(label.kind))
        .arg(label.row)
        .arg(label.visible.x(), 0, 'f', 1)
        .arg(label.visible.y(), 0, 'f', 1)
        .arg(label.visible.width(), 0, 'f', 1)
        .arg(label.visible.height(), 0, 'f', 1);
}

// What the labels of one step hold, so that a picture with nothing on it cannot pass.
struct Seen
{
    int rowTexts = 0;
    int marks = 0;
    void add(const CollectionLabels &labels)
    {
        for (const CollectionLabel &label : labels.labels()) {
            rowTexts += label.kind == CollectionLabel::Kind::SortKey
                || label.kind == CollectionLabel::Kind::Range;
            marks += label.kind == CollectionLabel::Kind::Mark;
        }
    }
};

// The first overlap among the labels, or empty. Labels just touching do not overlap.
QString firstOverlap(const CollectionLabels &labels, const QSizeF &viewport)
{
    const auto &all = labels.labels();
    for (size_t i = 0; i < all.size(); ++i) {
        const CollectionLabel &a = all[i];
        if (a.rect.left() < -0.5 || a.rect.right() > viewport.width() + 0.5)
            return QStringLiteral("%1 runs out of the %2 px picture")
                .arg(describe(a))
                .arg(viewport.width());
        for (size_t j = i + 1; j < all.size(); ++j) {
            const CollectionLabel &b = all[j];
            const QRectF both = a.visible.intersected(b.visible);
            if (both.width() > 0.01 && both.height() > 0.01)
                return QStringLiteral("%1 overlaps %2").arg(describe(a), describe(b));
        }
    }
    return {};
}

const QChar kEllipsis(0x2026);

// The entity prefix of a key: up to and including its first '#' segment ("USER#", "#ORDER#").
QString entityPrefix(const QString &key)
{
    const qsizetype hash = key.indexOf(QLatin1Char('#'), 1);
    return hash < 0 ? QString() : key.left(hash + 1);
}

// Where a key first differs from another (at most its last character), or -1.
qsizetype firstDifference(const QString &key, const QString &other)
{
    if (other.isEmpty() || other == key)
        return -1;
    qsizetype i = 0;
    while (i < key.size() && i < other.size() && key[i] == other[i])
        ++i;
    return std::min(i, key.size() - 1);
}

// Whether the pieces of a shortened key (split at its ellipses) lie in the key, in order, so
// that they show every character at `wanted`: some placement of the pieces must cover them.
bool showsCharacters(const QString &key, const QStringList &pieces, qsizetype piece, qsizetype from,
                     std::vector<qsizetype> wanted)
{
    if (piece == pieces.size())
        return wanted.empty();
    const QString &text = pieces[piece];
    const bool first = piece == 0;
    const bool last = piece + 1 == pieces.size();
    if (text.isEmpty())
        return showsCharacters(key, pieces, piece + 1, from, wanted);
    for (qsizetype at = key.indexOf(text, from); at >= 0; at = key.indexOf(text, at + 1)) {
        if ((first && at != 0) || (last && at + text.size() != key.size()))
            continue;
        std::vector<qsizetype> rest;
        for (qsizetype w : wanted) {
            if (w < at || w >= at + text.size())
                rest.push_back(w);
        }
        if (showsCharacters(key, pieces, piece + 1, at + text.size() + 1, rest))
            return true;
    }
    return false;
}

// A shortened key says what it must: its entity prefix, and the characters where it first
// differs from the keys above and below it (they decide its place in the order).
QString keyProblem(const CollectionLabel &label, const QString &above, const QString &below)
{
    const QString &key = label.fullText;
    if (!label.text.startsWith(entityPrefix(key)))
        return QStringLiteral("drops the prefix %1").arg(entityPrefix(key));
    std::vector<qsizetype> wanted;
    for (const QString &neighbour : {above, below}) {
        const qsizetype d = firstDifference(key, neighbour);
        if (d >= 0)
            wanted.push_back(d);
    }
    if (!showsCharacters(key, label.text.split(kEllipsis), 0, 0, wanted))
        return QStringLiteral("hides where it differs from %1 / %2").arg(above, below);
    return {};
}

// Attribute summaries are cut at whole attributes, never inside one (issue 26): what is shown is
// the first attributes, then an ellipsis where more are left out.
bool wholeAttributes(const CollectionLabel &label)
{
    const QString separator = QStringLiteral("  \u00b7  ");
    QString shown = label.text;
    if (shown.endsWith(QLatin1Char(' ') + kEllipsis))
        shown.chop(2);
    return label.fullText.startsWith(shown)
        && (shown.size() == label.fullText.size()
            || label.fullText.mid(shown.size()).startsWith(separator));
}

// The smallest legible size of the key font: 8 pt, or three quarters of a larger font.
QFont smallestKeyFont(QFont font, bool bold)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(std::max(8.0, 0.75 * font.pointSizeF()));
    else
        font.setPixelSize(std::max(11, int(std::ceil(0.75 * font.pixelSize()))));
    font.setBold(bold);
    return font;
}

// The first label that says less than it must (issue 26), or empty: marker labels, legend
// names and parents' pills are never shortened (they move, or take shorter words, instead),
// attributes are cut only between attributes, a key is shortened only when it cannot fit at the
// smallest legible size, and then it keeps what orders it.
QString firstIllegible(const CollectionLabels &labels, const CollectionRows &rows,
                       const CollectionLayout &layout, const CollectionStyle &style)
{
    using Kind = CollectionLabel::Kind;
    for (const CollectionLabel &label : labels.labels()) {
        QString problem;
        if (label.kind == Kind::Mark
            && label.text.count(kEllipsis) != label.fullText.count(kEllipsis))
            problem = QStringLiteral("a marker label is shortened");
        else if (label.kind == Kind::Entity && label.text != label.fullText)
            problem = QStringLiteral("a legend name is shortened");
        else if (label.kind == Kind::ParentPill && label.text.contains(kEllipsis))
            problem = QStringLiteral("a parent's pill is shortened");
        else if (label.kind == Kind::Attributes && !wholeAttributes(label))
            problem = QStringLiteral("an attribute is cut");
        else if (label.kind == Kind::Partition
                 && !label.text.startsWith(entityPrefix(label.fullText)))
            problem = QStringLiteral("the partition key drops its prefix");
        else if (label.kind == Kind::SortKey && label.shortened()
                 && QFontMetricsF(smallestKeyFont(style.monoFont, label.bold))
                         .horizontalAdvance(label.fullText)
                     <= layout.rowGeometry(label.row).sortKey.width())
            problem = QStringLiteral("shortened, though it fits at the smallest legible size");
        else if (label.kind == Kind::TableKey && label.shortened()
                 && layout.rowGeometry(label.row).attributes.width()
                     >= QFontMetricsF(style.monoFont).horizontalAdvance(label.fullText)
                         - label.rect.width())
            problem = QStringLiteral("the table's key is shortened while the attributes have "
                                     "the room it needs");
        else if (label.kind == Kind::SortKey && label.shortened()) {
            const qsizetype row = label.row;
            problem = keyProblem(label, row > 0 ? rows.sortKeyText(row - 1) : QString(),
                                 row + 1 < rows.rowCount() ? rows.sortKeyText(row + 1) : QString());
        }
        if (!problem.isEmpty())
            return QStringLiteral("%1 (whole: '%2'): %3")
                .arg(describe(label), label.fullText, problem);
    }
    return {};
}

} // namespace

class TestLabelOverlap : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void noLabelOverlaps_data();
    void noLabelOverlaps();
    void marksOnOneRowMergeIntoOneLabel();
    void keysElideInTheMiddle_data();
    void keysElideInTheMiddle();
    void marksWrapWhole_data();
    void marksWrapWhole();
    void keysTakeASmallerFontBeforeTheyAreCut();
};

void TestLabelOverlap::keysTakeASmallerFontBeforeTheyAreCut()
{
    // A pane too narrow for the readings' keys at the key font, wide enough at 8 pt: every key is
    // drawn whole, smaller; narrower still, they are shortened at the smallest size.
    QString error;
    const ExportDiagram *diagram
        = diagramOf(kExamplesDir + QStringLiteral("iot/after.keyscope.json"),
                    QStringLiteral("Device and its 10 newest readings"), &error);
    QVERIFY2(diagram, qPrintable(error));
    const auto &source = diagram->source();
    CollectionView view;
    view.setReducedMotion(true);
    view.setCollectionStyle(CollectionStyle::exportStyle()); // fonts of a known size
    view.resize(410, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTable(source.table);
    view.setPopulation(source.population.get(), source.entities);
    view.setTimeline(source.timeline);
    const auto keys = [&view] {
        std::vector<CollectionLabel> keys;
        for (CollectionLabel &label :
             CollectionLabels::compute(view.currentLayout(), view.renderState(),
                                       view.collectionStyle())
                 .labels()) {
            if (label.kind == CollectionLabel::Kind::SortKey)
                keys.push_back(label);
        }
        return keys;
    };
    const QFontMetricsF normal(view.collectionStyle().monoFont);
    const auto column = view.currentLayout().rowGeometry(1).sortKey.width();
    QVERIFY(normal.horizontalAdvance(view.renderState().rows->sortKeyText(1)) > column);
    QVERIFY(!keys().empty());
    for (const CollectionLabel &key : keys()) {
        QVERIFY2(!key.shortened(), qPrintable(key.text));
        QVERIFY(key.fontScale < 1.0);
    }
    view.resize(340, 400);
    int shortened = 0;
    for (const CollectionLabel &key : keys()) {
        shortened += key.shortened();
        QCOMPARE(key.fontScale, keys().front().fontScale);
    }
    QVERIFY(shortened > 0);
}

void TestLabelOverlap::marksWrapWhole_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("widest"); // the widest line allowed, as text
    QTest::addColumn<QStringList>("lines");
    const QString dot = QStringLiteral(" \u00b7 ");
    QTest::newRow("fits") << QStringLiteral("Limit 11") + dot + QStringLiteral("page ends")
                          << QStringLiteral("Limit 11 \u00b7 page ends")
                          << QStringList {QStringLiteral("Limit 11 \u00b7 page ends")};
    QTest::newRow("between parts")
        << QStringLiteral("Limit 11") + dot + QStringLiteral("page ends \u2191")
        << QStringLiteral("page ends \u2191")
        << QStringList {QStringLiteral("Limit 11"), QStringLiteral("page ends \u2191")};
    QTest::newRow("between words")
        << QStringLiteral("< the end of the partition") + dot + QStringLiteral("go right")
        << QStringLiteral("< the end of the")
        << QStringList {QStringLiteral("< the end of the"), QStringLiteral("partition"),
                        QStringLiteral("go right")};
    QTest::newRow("a key after its '#'")
        << QStringLiteral("> 'BURGERBARN#US#OR#PORTLAND#'") + dot + QStringLiteral("go left")
        << QStringLiteral("> 'BURGERBARN#US#")
        << QStringList {QStringLiteral(">"), QStringLiteral("'BURGERBARN#US#"),
                        QStringLiteral("OR#PORTLAND#'"), QStringLiteral("go left")};
}

void TestLabelOverlap::marksWrapWhole()
{
    QFETCH(QString, text);
    QFETCH(QString, widest);
    QFETCH(QStringList, lines);
    QFont bold = CollectionStyle::exportStyle().smallFont;
    bold.setBold(true);
    const QFontMetricsF metrics(bold);
    QCOMPARE(MarkLane::wrapped(text, metrics, metrics.horizontalAdvance(widest)), lines);
}

void TestLabelOverlap::marksOnOneRowMergeIntoOneLabel()
{
    // SaaS "Org and its teams": SK <= :org backward, so the read starts on the last row of the
    // key condition: "start" and "key condition ends" are one label there.
    QString error;
    const ExportDiagram *diagram
        = diagramOf(kExamplesDir + QStringLiteral("saas/after.keyscope.json"),
                    QStringLiteral("Org and its teams"), &error);
    QVERIFY2(diagram, qPrintable(error));
    const auto *timeline = diagram->timeline();
    int start = -1;
    for (int step = 0; step < timeline->stepCount() && start < 0; ++step) {
        if (timeline->step(step).kind == keyscope::model::TimelineStep::Kind::SweepStart)
            start = step;
    }
    QVERIFY(start >= 0);
    const qsizetype row = qsizetype(timeline->step(start).row);
    QCOMPARE(row + 1, qsizetype(timeline->trace().rangeEnd));
    int onRow = 0;
    QString text;
    for (const CollectionLabel &label : diagram->labelsAt(start).labels()) {
        if (label.kind == CollectionLabel::Kind::Mark && label.row == row) {
            ++onRow;
            text = label.fullText;
        }
    }
    QCOMPARE(onRow, 1);
    QVERIFY2(text.contains(QStringLiteral("start")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("key condition ends")), qPrintable(text));
}

void TestLabelOverlap::keysElideInTheMiddle_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("chars"); // the width, in characters of the monospaced font
    QTest::addColumn<QString>("shown");
    QTest::newRow("fits") << QStringLiteral("ORG#ACME") << 8 << QStringLiteral("ORG#ACME");
    QTest::newRow("type, id and the end")
        << QStringLiteral("ORG#ACME#USER#000123#2024-05-01T10:22") << 33
        << QStringLiteral("ORG#ACME#USER#\u2026#2024-05-01T10:22");
    QTest::newRow("the id stays") << QStringLiteral(
        "ORDER#0001#WAREHOUSE-NORTH-EAST#EXPRESS-DELIVERY-REQUESTED")
                                  << 40
                                  << QStringLiteral("ORDER#0001#\u2026#EXPRESS-DELIVERY-REQUESTED");
    // A leading '#' belongs to the type (issue 26 saw "#…#2024-01-01T15:00:00Z").
    QTest::newRow("the type of a '#' key") << QStringLiteral("#ORDER#2024-01-01T15:00:00Z") << 23
                                           << QStringLiteral("#ORDER#2024\u20261T15:00:00Z");
    QTest::newRow("no segments: a middle cut")
        << QStringLiteral("ABCDEFGHIJKLMNOPQRSTUVWXYZ") << 11 << QString();
}

void TestLabelOverlap::keysElideInTheMiddle()
{
    QFETCH(QString, key);
    QFETCH(int, chars);
    QFETCH(QString, shown);
    const QFontMetricsF mono(CollectionStyle::exportStyle().monoFont);
    const double width = mono.horizontalAdvance(QString(chars, QLatin1Char('M'))) + 0.5;
    const QString elided = CollectionLabels::elideKey(key, mono, width);
    QVERIFY(mono.horizontalAdvance(elided) <= width);
    if (!shown.isEmpty()) {
        QCOMPARE(elided, shown);
        return;
    }
    QVERIFY2(elided.contains(QChar(0x2026)), qPrintable(elided));
    QVERIFY2(elided.startsWith(QLatin1Char('A')) && elided.endsWith(QLatin1Char('Z')),
             qPrintable(elided));
}

void TestLabelOverlap::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestLabelOverlap::noLabelOverlaps_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<int>("mode");
    const QStringList files = exampleFiles();
    QVERIFY(files.size() >= 10);
    const std::pair<Mode, const char *> modes[] = {{Mode::Desktop, "window 1280x800"},
                                                   {Mode::Desktop1024, "window 1024x700"},
                                                   {Mode::Narrow, "narrow pane"},
                                                   {Mode::Presenter, "presenter"},
                                                   {Mode::SideBySide, "side by side"},
                                                   {Mode::Overview, "overview (zoomed out)"},
                                                   {Mode::Export, "export"}};
    for (const QString &file : files) {
        const QString path = kExamplesDir + file;
        const QStringList patterns = patternsOf(path);
        QVERIFY2(!patterns.isEmpty(), qPrintable(file));
        for (const QString &pattern : patterns) {
            for (const auto &[mode, name] : modes)
                QTest::addRow("%s | %s | %s", qPrintable(file), qPrintable(pattern), name)
                    << path << pattern << int(mode);
        }
    }
}

void TestLabelOverlap::noLabelOverlaps()
{
    QFETCH(QString, path);
    QFETCH(QString, pattern);
    QFETCH(int, mode);
    QString error;
    const ExportDiagram *diagram = diagramOf(path, pattern, &error);
    if (!diagram)
        QSKIP(qPrintable(QStringLiteral("the pattern does not run: ") + error));
    const auto &source = diagram->source();
    const int steps = diagram->stepCount();

    if (Mode(mode) == Mode::Export) {
        auto exported = ExportDiagram::fromSource(source, std::nullopt, diagram->look());
        const QSizeF size = exported->logicalSize();
        Seen seen;
        for (int step = -1; step < steps; ++step) {
            const CollectionLabels labels = exported->labelsAt(step);
            seen.add(labels);
            const QString overlap = firstOverlap(labels, size);
            QVERIFY2(overlap.isEmpty(),
                     qPrintable(QStringLiteral("step %1: %2").arg(step).arg(overlap)));
            const QString illegible = firstIllegible(labels, exported->rows(),
                                                     exported->layoutAt(step), exported->style());
            QVERIFY2(illegible.isEmpty(),
                     qPrintable(QStringLiteral("step %1: %2").arg(step).arg(illegible)));
        }
        QVERIFY(seen.rowTexts > 0);
        QVERIFY(seen.marks > 0 || !source.timeline->trace().partitionFound);
        return;
    }

    // The view as the window shows it: the collection pane of a 1280x800 window (the panels
    // beside it take the rest), full screen in presenter mode, half a window side by side.
    CollectionView view;
    view.setReducedMotion(true);
    QSize size(760, 640);
    switch (Mode(mode)) {
    case Mode::Desktop:
    case Mode::Overview:
        break;
    case Mode::Desktop1024:
        size = QSize(600, 540);
        break;
    case Mode::Narrow:
        // The collection pane of a 1024x700 window with every panel open (issue 26).
        size = QSize(470, 250);
        break;
    case Mode::Presenter:
        size = QSize(1280, 800);
        view.setCollectionStyle(CollectionStyle::fromPalette(view.palette()).scaled(1.6));
        break;
    case Mode::SideBySide:
        size = QSize(600, 640);
        break;
    case Mode::Export:
        break;
    }
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTable(source.table);
    view.setPopulation(source.population.get(), source.entities);
    view.setIndexName(source.indexName);
    view.setTimeline(source.timeline);
    if (Mode(mode) == Mode::Overview)
        view.zoomToFit();
    const QSizeF viewport = view.viewport()->size();
    QVERIFY(viewport.width() >= size.width() - 20);
    Seen seen;
    for (int step = -1; step < steps; ++step) {
        view.setTimelineState(step, 1.0);
        const CollectionLabels labels = CollectionLabels::compute(
            view.currentLayout(), view.renderState(), view.collectionStyle());
        seen.add(labels);
        const QString overlap = firstOverlap(labels, viewport);
        QVERIFY2(overlap.isEmpty(),
                 qPrintable(QStringLiteral("step %1: %2").arg(step).arg(overlap)));
        const QString illegible = firstIllegible(labels, *view.renderState().rows,
                                                 view.currentLayout(), view.collectionStyle());
        QVERIFY2(illegible.isEmpty(),
                 qPrintable(QStringLiteral("step %1: %2").arg(step).arg(illegible)));
    }
    QVERIFY(seen.rowTexts > 0);
    // Zoomed out, only the page end keeps a label (the bars carry no text to attach one to).
    if (Mode(mode) != Mode::Overview)
        QVERIFY(seen.marks > 0 || !source.timeline->trace().partitionFound);
}

int main(int argc, char **argv)
{
    QApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    TestLabelOverlap test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_labeloverlap.moc"
