// The collection view, headless: clicking selects items, Ctrl+click pairs rows for the
// explainer, zoom changes the layout, switching index re-lays the same items, and the shared
// renderer draws result badges and strike-throughs where they belong (pixels away from text).
//
// Set KEYSCOPE_SCREENSHOT_DIR to also write the rendered diagrams there as PNG.

#include "model/design/accesspatternrunner.h"
#include "model/design/projectfile.h"
#include "model/query/queryengine.h"
#include "model/query/tracetimeline.h"
#include "tests/support/fixtures.h"
#include "tests/support/testpaths.h"
#include "ui/animation/traceplayer.h"
#include "ui/collection/collectionlabels.h"
#include "ui/collection/collectionmodel.h"
#include "ui/collection/collectionpane.h"
#include "ui/collection/collectionrenderer.h"
#include "ui/collection/collectionview.h"
#include "ui/collection/keyorderexplainer.h"
#include "ui/collection/partitionbands.h"
#include <QApplication>
#include <QCryptographicHash>

#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QJsonDocument>
#include <QPainter>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QToolTip>

using namespace keyscope;
using namespace keyscope::model;
using keyscope::ui::CollectionLabel;
using keyscope::ui::CollectionLabels;
using keyscope::ui::CollectionLayout;
using keyscope::ui::CollectionModel;
using keyscope::ui::CollectionRenderer;
using keyscope::ui::CollectionRenderState;
using keyscope::ui::CollectionRows;
using keyscope::ui::CollectionStyle;
using keyscope::ui::CollectionView;
using keyscope::ui::PartitionBand;
using keyscope::ui::PartitionBands;
using keyscope::ui::PartitionOrder;

namespace {

struct IotFixture
{
    Project project;
    Population population;
    std::shared_ptr<const Table> table;
    QueryTrace trace; // "Device and its 10 newest readings": backward, Limit 11
    std::optional<ItemId> parent;
};

IotFixture iot()
{
    IotFixture f;
    auto read
        = ProjectFile::read(keyscope::testsupport::testDataPath("/project/iot.keyscope.json"));
    if (!std::holds_alternative<Project>(read))
        qFatal("cannot read the IoT project");
    f.project = std::get<Project>(std::move(read));
    auto populated = Populator::populate(f.project);
    if (!std::holds_alternative<Population>(populated))
        qFatal("cannot populate the IoT project");
    f.population = std::get<Population>(std::move(populated));
    auto built = AccessPatternRunner::buildTable(f.project, f.population);
    if (!std::holds_alternative<std::unique_ptr<Table>>(built))
        qFatal("cannot build the IoT table");
    f.table = std::shared_ptr<const Table>(std::get<std::unique_ptr<Table>>(std::move(built)));
    const PatternResult result = AccessPatternRunner::run(f.project, f.population, *f.table,
                                                          f.project.accessPatterns.front());
    if (!result.response)
        qFatal("the IoT pattern did not run");
    f.trace = result.response->trace;
    if (result.parentItem >= 0)
        f.parent = ItemId(result.parentItem);
    return f;
}

AttributeValue S(const QString &s)
{
    return AttributeValue::string(s);
}

// Users of one org with a GSI ordering them by name (the table orders them by id), and a
// Score to filter on.
std::shared_ptr<const Table> usersWithIndex()
{
    const QByteArray json = R"({"TableName":"Users",
        "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
                                {"AttributeName":"SK","AttributeType":"S"},
                                {"AttributeName":"Org","AttributeType":"S"},
                                {"AttributeName":"Name","AttributeType":"S"}],
        "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},
                     {"AttributeName":"SK","KeyType":"RANGE"}],
        "GlobalSecondaryIndexes":[{"IndexName":"ByName",
            "KeySchema":[{"AttributeName":"Org","KeyType":"HASH"},
                         {"AttributeName":"Name","KeyType":"RANGE"}],
            "Projection":{"ProjectionType":"ALL"}}]})";
    auto table = std::make_shared<Table>(keyscope::testsupport::tableFromJson(json));
    const QStringList names {QStringLiteral("Zoe"),  QStringLiteral("Yann"), QStringLiteral("Xia"),
                             QStringLiteral("Will"), QStringLiteral("Vera"), QStringLiteral("Uma")};
    std::vector<Item> items;
    for (int i = 0; i < names.size(); ++i) {
        Item item {{QStringLiteral("PK"), S(QStringLiteral("ORG#1"))},
                   {QStringLiteral("SK"), S(QStringLiteral("USER#%1").arg(i + 1))},
                   {QStringLiteral("Score"),
                    AttributeValue::number(*Number::parse(QString::number(i * 10), nullptr))}};
        if (i != 2) { // Xia has no Name: sparse in the index
            item.emplace(QStringLiteral("Org"), S(QStringLiteral("ORG#1")));
            item.emplace(QStringLiteral("Name"), S(names[i]));
        }
        items.push_back(item);
    }
    const auto result = table->putItems(items);
    if (const auto *e = std::get_if<Table::ItemError>(&result))
        qFatal("bad items: %s", qPrintable(e->message));
    return table;
}

QueryTrace run(const Table &table, QueryRequest request)
{
    auto result = QueryEngine::query(table, request);
    if (auto *error = std::get_if<QueryError>(&result))
        qFatal("query failed: %s", qPrintable(error->message));
    return std::get<QueryResponse>(result).trace;
}

QImage render(const CollectionRenderState &state, const CollectionStyle &style, QSize size,
              double zoom = 1.0, double scroll = 0)
{
    const CollectionLayout layout(
        CollectionRenderer::layoutParams(style, state, QSizeF(size), zoom, scroll));
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    CollectionRenderer::paint(painter, layout, state, style);
    return image;
}

void saveShot(const QImage &image, const QString &name)
{
    const QByteArray dir = qgetenv("KEYSCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(QString::fromLocal8Bit(dir));
    image.save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name);
}

bool near(QColor a, QColor b, int tolerance = 40)
{
    return qAbs(a.red() - b.red()) + qAbs(a.green() - b.green()) + qAbs(a.blue() - b.blue())
        <= tolerance;
}

QString describe(QColor c)
{
    return c.name();
}

} // namespace

class TestCollectionView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rowsFollowTheStore();
    void clickSelectsItem();
    void shortenedLabelShowsItsWholeTextOnHover();
    void ctrlClickPairsTwoRows();
    void keyboardMovesSelection();
    void zoomChangesLayout();
    void indexSwitchRelaysTheSameItems();
    void traceStateMovesTheCursor();
    void rendererMarksReturnedRows();
    void rendererStrikesFilteredRows();
    void explainerHighlightsFirstDifference();
    void partitionsShowAsBandsInHashOrder();
    void concernedItemsAreMarkedAndWalked();
    void exportLeavesBandsOut();
    void traceStaysWithItsPartition();
    void stepJumpsScrollTheStepIntoView();
    void paneSaysWhenTheQueryReadsAnotherCollection();
};

void TestCollectionView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestCollectionView::rowsFollowTheStore()
{
    const IotFixture f = iot();
    const CollectionRows rows(f.table, {}, f.trace.partitionKey, &f.population,
                              CollectionView::entitiesOf(f.project));
    QCOMPARE(rows.rowCount(), qsizetype(f.trace.partitionSize));
    // Readings ('#READING#...') sort before their Device ('DEVICE#...'): the parent is last.
    const qsizetype last = rows.rowCount() - 1;
    QCOMPARE(rows.entityName(last), QStringLiteral("Device"));
    QCOMPARE(rows.entityName(0), QStringLiteral("Reading"));
    QCOMPARE(rows.entityColor(0), QColor(QStringLiteral("#F28E2B")));
    QCOMPARE(rows.parentGroups().size(), size_t(1));
    const auto &group = rows.parentGroups().front();
    QCOMPARE(group.parentRow, last);
    QCOMPARE(group.firstChildRow, 0);
    QCOMPARE(group.lastChildRow, last - 1);
    QCOMPARE(group.childCount, last);
    QCOMPARE(rows.groupOfParentRow(last), 0);
    QCOMPARE(rows.groupOfParentRow(0), -1);
    QVERIFY(rows.sortKeyText(0).startsWith(QStringLiteral("#READING#2024-06-01")));
}

void TestCollectionView::clickSelectsItem()
{
    const IotFixture f = iot();
    CollectionView view;
    view.resize(900, 500);
    view.setTable(f.table);
    view.setPopulation(&f.population, CollectionView::entitiesOf(f.project));
    view.setPartition(f.trace.partitionKey);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    QSignalSpy activated(&view, &CollectionView::itemActivated);
    const CollectionLayout &layout = view.currentLayout();
    const QPoint point = layout.rowGeometry(3).sortKey.center().toPoint();
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, point);
    QCOMPARE(activated.count(), 1);
    const ItemId expected = view.rows()->itemAt(3);
    QCOMPARE(activated.first().first().value<ItemId>(), expected);
    QCOMPARE(view.selectedItems(), std::vector<ItemId> {expected});
    QVERIFY(view.accessibleDescription().contains(QStringLiteral("Selected row 4")));

    // A click in the header selects nothing.
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, QPoint(400, 5));
    QCOMPARE(activated.count(), 1);
}

void TestCollectionView::shortenedLabelShowsItsWholeTextOnHover()
{
    // Half a window (side by side): the probe's label does not fit the marker lane on one line,
    // so it wraps or takes its shorter wording, never cut (issue 26); hovering it shows the whole
    // text on one line, and the header names the partition key once (no key column).
    const IotFixture f = iot();
    CollectionView view;
    view.resize(600, 500);
    view.setTable(f.table);
    view.setPopulation(&f.population, CollectionView::entitiesOf(f.project));
    view.setTrace(&f.trace);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTimelineState(1, 1.0); // the first seek probe
    QCOMPARE(view.currentLayout().rowGeometry(0).partitionKey.width(), 0.0);
    const CollectionLabels labels = CollectionLabels::compute(
        view.currentLayout(), view.renderState(), view.collectionStyle());
    const CollectionLabel *mark = nullptr;
    for (const CollectionLabel &label : labels.labels()) {
        if (label.kind == CollectionLabel::Kind::Mark)
            mark = &label;
    }
    QVERIFY(mark);
    QVERIFY2(mark->shortened(), qPrintable(mark->text));
    QVERIFY2(!mark->text.contains(QChar(0x2026)), qPrintable(mark->text));
    const QPoint at = mark->rect.center().toPoint();
    QHelpEvent help(QEvent::ToolTip, at, view.viewport()->mapToGlobal(at));
    QApplication::sendEvent(view.viewport(), &help);
    QTRY_COMPARE(QToolTip::text(), mark->fullText);
    QToolTip::hideText();
}

void TestCollectionView::ctrlClickPairsTwoRows()
{
    const IotFixture f = iot();
    CollectionView view;
    view.resize(900, 500);
    view.setTable(f.table);
    view.setPartition(f.trace.partitionKey);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy pair(&view, &CollectionView::twoRowsSelected);
    const CollectionLayout &layout = view.currentLayout();
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {},
                      layout.rowGeometry(1).rect.center().toPoint());
    QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::ControlModifier,
                      view.currentLayout().rowGeometry(5).rect.center().toPoint());
    QCOMPARE(pair.count(), 1);
    QCOMPARE(pair.first().at(0).value<ItemId>(), view.rows()->itemAt(1));
    QCOMPARE(pair.first().at(1).value<ItemId>(), view.rows()->itemAt(5));
}

void TestCollectionView::keyboardMovesSelection()
{
    const IotFixture f = iot();
    CollectionView view;
    view.resize(900, 300);
    view.setTable(f.table);
    view.setPartition(f.trace.partitionKey);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setFocus();
    view.selectItem(view.rows()->itemAt(0));
    QTest::keyClick(&view, Qt::Key_Down);
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(view.selectedItems().front(), view.rows()->itemAt(2));
    QTest::keyClick(&view, Qt::Key_End);
    const qsizetype last = view.rows()->rowCount() - 1;
    QCOMPARE(view.selectedItems().front(), view.rows()->itemAt(last));
    // The selected row was scrolled into view.
    QVERIFY(view.currentLayout().endVisibleRow() == last + 1);
}

void TestCollectionView::zoomChangesLayout()
{
    const IotFixture f = iot();
    CollectionView view;
    view.resize(900, 300);
    view.setTable(f.table);
    view.setPartition(f.trace.partitionKey);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setFocus();
    QSignalSpy zoomed(&view, &CollectionView::zoomChanged);
    QCOMPARE(view.currentLayout().pitch(), view.collectionStyle().rowHeight);
    const qsizetype visibleBefore
        = view.currentLayout().endVisibleRow() - view.currentLayout().firstVisibleRow();
    QTest::keyClick(&view, Qt::Key_Minus, Qt::ControlModifier);
    QCOMPARE(zoomed.count(), 1);
    QVERIFY(view.zoom() < 1.0);
    QVERIFY(view.currentLayout().pitch() < view.collectionStyle().rowHeight);
    QVERIFY(view.currentLayout().endVisibleRow() - view.currentLayout().firstVisibleRow()
            > visibleBefore);
    view.zoomToFit();
    QCOMPARE(view.currentLayout().maxScroll(), 0.0); // the whole collection fits
    QTest::keyClick(&view, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 1.0);

    // Ctrl+wheel zooms too.
    QWheelEvent wheel(QPointF(400, 150), view.viewport()->mapToGlobal(QPointF(400, 150)), QPoint(),
                      QPoint(0, 120), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(view.viewport(), &wheel);
    QVERIFY(view.zoom() > 1.0);
}

void TestCollectionView::indexSwitchRelaysTheSameItems()
{
    const auto table = usersWithIndex();
    CollectionView view;
    view.resize(900, 400);
    view.setTable(table);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.rows()->rowCount(), 6);
    const ItemId zoe = view.rows()->itemAt(0); // USER#1
    view.selectItem(zoe);

    view.setIndexName(QStringLiteral("ByName"));
    QCOMPARE(view.indexName(), QStringLiteral("ByName"));
    QCOMPARE(view.rows()->rowCount(), 5); // Xia has no Name
    QCOMPARE(view.rows()->rowOf(zoe), 4); // first by id, last by name
    QCOMPARE(view.rows()->sortKeyText(0), QStringLiteral("Uma"));
    // Rows slide from their places in the table's order.
    const CollectionRenderState state = view.renderState();
    QVERIFY(state.previousRows);
    QCOMPARE(state.previousRows->rowOf(zoe), 0);
    QVERIFY(state.relayout < 1.0);
    QCOMPARE(state.selectedRows, std::vector<qsizetype> {4});

    // Reduced motion: no slide.
    view.setReducedMotion(true);
    view.setIndexName(QString());
    QVERIFY(!view.renderState().previousRows);
    QCOMPARE(view.rows()->rowOf(zoe), 0);
}

void TestCollectionView::traceStateMovesTheCursor()
{
    const IotFixture f = iot();
    CollectionView view;
    view.resize(900, 400);
    view.setTable(f.table);
    auto timeline = std::make_shared<const TraceTimeline>(f.trace, *f.table);
    view.setTimeline(timeline);
    QCOMPARE(view.partition(), f.trace.partitionKey);
    // A visit step: the view scrolls its row into view and the cursor mark is on it.
    int visitStep = -1;
    for (int i = 0; i < timeline->stepCount(); ++i) {
        if (timeline->step(i).kind == TimelineStep::Kind::Visit) {
            visitStep = i;
            break;
        }
    }
    QVERIFY(visitStep > 0);
    view.setTimelineState(visitStep, 1.0);
    const qsizetype row = timeline->step(visitStep).row;
    QCOMPARE(view.currentLayout().params().marks.cursorRow, row);
    QVERIFY(row >= view.currentLayout().firstVisibleRow());
    QVERIFY(row < view.currentLayout().endVisibleRow());
    // While seeking, the probe is marked and the tree path grows.
    view.setTimelineState(1, 1.0);
    QCOMPARE(view.currentLayout().params().marks.probeRow, qsizetype(f.trace.probes[0].position));
}

void TestCollectionView::rendererMarksReturnedRows()
{
    const IotFixture f = iot();
    const CollectionRows rows(f.table, {}, f.trace.partitionKey, &f.population,
                              CollectionView::entitiesOf(f.project));
    TimelineOptions options;
    options.parentItem = f.parent;
    const TraceTimeline timeline(f.trace, *f.table, options);
    CollectionRenderState state;
    state.rows = &rows;
    state.timeline = &timeline;
    state.step = -1; // final state
    const CollectionStyle style = CollectionStyle::exportStyle();
    // Show the end of the collection, where the backward query started.
    const QSize size(980, 420);
    const CollectionLayout layout(
        CollectionRenderer::layoutParams(style, state, QSizeF(size), 1, 1e9));
    const QImage image = render(state, style, size, 1.0, 1e9);
    saveShot(image, QStringLiteral("collection-iot-final.png"));

    // The Device (last row) is result #1: its badge is the returned colour, left of the digit.
    const qsizetype device = rows.rowCount() - 1;
    const auto g = layout.rowGeometry(device);
    const double d = std::min(g.gutter.height() - 4, 20.0);
    const QPoint badgeEdge(int(g.gutter.right() - 6 - d + 3), int(g.gutter.center().y()));
    QVERIFY2(near(image.pixelColor(badgeEdge), style.returned),
             qPrintable(describe(image.pixelColor(badgeEdge))));
    // An unread row (above the Limit) has no badge there.
    const auto unread = layout.rowGeometry(device - 12);
    const QPoint emptyGutter(badgeEdge.x(), int(unread.gutter.center().y()));
    QVERIFY(!near(image.pixelColor(emptyGutter), style.returned));
    // The entity chip carries the entity colour.
    QVERIFY(near(image.pixelColor(g.chip.center().toPoint()), QColor(QStringLiteral("#4E79A7"))));
    // The Limit line: the page ends before the row after the LastEvaluatedKey (backward).
    const auto stop = layout.stopLineY();
    QVERIFY(stop);
    QVERIFY(
        near(image.pixelColor(QPoint(int(g.attributes.center().x()), int(*stop))), style.stop, 90));
}

void TestCollectionView::rendererStrikesFilteredRows()
{
    const auto table = usersWithIndex();
    QueryRequest r;
    r.keyConditionExpression = QStringLiteral("PK = :pk");
    r.filterExpression = QStringLiteral("Score >= :s");
    r.expressionAttributeValues = std::map<QString, AttributeValue> {
        {QStringLiteral(":pk"), S(QStringLiteral("ORG#1"))},
        {QStringLiteral(":s"),
         AttributeValue::number(*Number::parse(QStringLiteral("20"), nullptr))}};
    const QueryTrace trace = run(*table, r);
    const CollectionRows rows(table, {}, trace.partitionKey, nullptr, {});
    const TraceTimeline timeline(trace, *table);
    CollectionRenderState state;
    state.rows = &rows;
    state.timeline = &timeline;
    const CollectionStyle style = CollectionStyle::exportStyle();
    const QSize size(900, 220);
    const CollectionLayout layout(
        CollectionRenderer::layoutParams(style, state, QSizeF(size), 1, 0));
    const QImage image = render(state, style, size);
    saveShot(image, QStringLiteral("collection-filtered.png"));

    // USER#1 (Score 0) was read and filtered out: a line through its key, starting left of it.
    const auto filtered = layout.rowGeometry(0);
    const int y = int(std::round(filtered.rect.center().y()));
    const QPoint lineStart(int(filtered.sortKey.left()) - 1, y);
    QVERIFY2(near(image.pixelColor(lineStart), style.filtered, 120),
             qPrintable(describe(image.pixelColor(lineStart))));
    // USER#3 (Score 20) was returned: no strike.
    const auto kept = layout.rowGeometry(2);
    const QPoint keptStart(int(kept.sortKey.left()) - 1, int(std::round(kept.rect.center().y())));
    QVERIFY(!near(image.pixelColor(keptStart), style.filtered, 120));
}

void TestCollectionView::explainerHighlightsFirstDifference()
{
    const auto e = ui::describeKeyOrder(S(QStringLiteral("DeBrie")), S(QStringLiteral("Dean")));
    QCOMPARE(e.differingByte, 2);
    QCOMPARE(e.sentence,
             QStringLiteral("'DeBrie' sorts before 'Dean': at byte 3, 'B' (0x42) < "
                            "'a' (0x61)"));
    QVERIFY(e.html.contains(QStringLiteral("0x42")));
    QVERIFY(e.html.contains(QStringLiteral("0x61")));
    ui::KeyOrderExplainer explainer;
    explainer.setKeys(S(QStringLiteral("Dean")), S(QStringLiteral("DeBrie")));
    QCOMPARE(explainer.explanation().differingByte, 2);
    QVERIFY(explainer.explanation().firstIsSmaller == false);
}

void TestCollectionView::partitionsShowAsBandsInHashOrder()
{
    const IotFixture f = iot();
    const model::IndexStore *store = f.table->store();
    QVERIFY(store->partitions().size() >= 3);
    // The order is MD5 of the partition key's bytes, ascending: checkable by anyone.
    const PartitionOrder order(store);
    QCOMPARE(order.count(), int(store->partitions().size()));
    for (int i = 1; i < order.count(); ++i)
        QVERIFY(order.hashAt(i - 1) < order.hashAt(i));
    const QByteArray firstKey = store->partitions()[size_t(order.partitionAt(0))].key;
    QCOMPARE(order.hashAt(0), QCryptographicHash::hash(firstKey, QCryptographicHash::Md5));
    // Not key order (it would be a poor illustration if it were).
    bool keyOrder = true;
    for (int i = 1; i < order.count(); ++i)
        keyOrder = keyOrder
            && store->partitions()[size_t(order.partitionAt(i - 1))].key
                < store->partitions()[size_t(order.partitionAt(i))].key;
    QVERIFY(!keyOrder);

    CollectionView view;
    view.resize(1000, 700);
    view.setTable(f.table);
    view.setPopulation(&f.population, CollectionView::entitiesOf(f.project));
    view.setPartition(store->partitions()[size_t(order.partitionAt(1))].key);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const PartitionBands &bands = view.partitionBands();
    QCOMPARE(bands.position, 1);
    QCOMPARE(bands.total, order.count());
    QCOMPARE(int(bands.before.size()), 1);
    QCOMPARE(int(bands.after.size()), std::min(3, order.count() - 2));
    // Each band: its key, its item count, its entity mix.
    const model::Partition &previous = store->partitions()[size_t(order.partitionAt(0))];
    QCOMPARE(bands.before[0].key, previous.key);
    QCOMPARE(bands.before[0].itemCount, qsizetype(previous.entries.size()));
    QCOMPARE(bands.before[0].label,
             CollectionModel::displayText(
                 f.table->attribute(previous.entries.front().item, QStringLiteral("PK"))));
    qsizetype mixed = 0;
    for (qsizetype c : bands.before[0].entityCounts)
        mixed += c;
    QCOMPARE(mixed, bands.before[0].itemCount);
    // The entity mix counts each item under its entity type (the last slot: hand-written).
    std::vector<qsizetype> expectedMix(f.project.entities.size() + 1, 0);
    for (const auto &e : previous.entries) {
        const int entity = f.population.entityOf[e.item];
        ++expectedMix[entity >= 0 ? size_t(entity) : f.project.entities.size()];
    }
    QCOMPARE(bands.before[0].entityCounts, expectedMix);
    const CollectionLayout &layout = view.currentLayout();
    QCOMPARE(int(layout.bands().size()), int(bands.before.size() + bands.after.size()));
    // The header says what the order is.
    QImage image(view.viewport()->size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        CollectionRenderer::paint(painter, layout, view.renderState(), view.collectionStyle());
    }
    // The band is painted (its background differs from the rows' under it).
    const QRectF bandRect = layout.bands().front().rect;
    QCOMPARE(image.pixelColor(QPoint(int(bandRect.right()) - 3, int(bandRect.center().y()))).rgb(),
             view.collectionStyle().headerBackground.rgb());
    QVERIFY(image.pixelColor(QPoint(int(bandRect.right()) - 3, int(bandRect.center().y()))).rgb()
            != view.collectionStyle().rowBackground.rgb());

    // Clicking the band above shows that partition, with the band now the one below...
    QSignalSpy changed(&view, &CollectionView::partitionChanged);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, bandRect.center().toPoint());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(view.partition(), previous.key);
    QCOMPARE(view.partitionBands().position, 0);
    QVERIFY(view.partitionBands().before.empty());
    // ...and Alt+PageDown steps on in hash order.
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_PageDown, Qt::AltModifier);
    QCOMPARE(view.partition(), store->partitions()[size_t(order.partitionAt(1))].key);
    QTest::keyClick(&view, Qt::Key_PageUp, Qt::AltModifier);
    QCOMPARE(view.partition(), previous.key);
    // A small view gives the rows room: fewer bands.
    view.resize(1000, 260);
    QApplication::processEvents();
    QVERIFY(int(view.partitionBands().after.size()) < std::min(3, order.count() - 1));
}

void TestCollectionView::concernedItemsAreMarkedAndWalked()
{
    const IotFixture f = iot();
    CollectionView view;
    view.resize(1000, 700);
    view.setTable(f.table);
    view.setPopulation(&f.population, CollectionView::entitiesOf(f.project));
    view.setPartition(f.trace.partitionKey);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const CollectionRows *rows = view.rows();
    // Rows 2 and 5 here, and one item of another partition.
    std::vector<ItemId> items {rows->itemAt(5), rows->itemAt(2)};
    ItemId elsewhere = 0;
    for (const auto &p : f.table->store()->partitions()) {
        if (p.key != f.trace.partitionKey) {
            elsewhere = p.entries.front().item;
            break;
        }
    }
    items.push_back(elsewhere);
    view.setConcernedItems(items);
    QCOMPARE(view.concernedRows(), (std::vector<qsizetype> {2, 5}));
    QCOMPARE(view.concernedInStore(), 3);
    QVERIFY2(view.accessibleDescription().contains(
                 QStringLiteral("2 concerned by the selected finding")),
             qPrintable(view.accessibleDescription()));
    QVERIFY(view.accessibleDescription().contains(QStringLiteral("in hash order")));
    const CollectionRenderState state = view.renderState();
    QVERIFY(state.concernedRows);
    QCOMPARE(state.concernedTotal, 3);
    // Painted: the concern bar on rows 2 and 5, not on row 3.
    QImage image(view.viewport()->size(), QImage::Format_ARGB32);
    {
        QPainter painter(&image);
        CollectionRenderer::paint(painter, view.currentLayout(), state, view.collectionStyle());
    }
    const auto bar = [&](qsizetype row) {
        const auto g = view.currentLayout().rowGeometry(row);
        return image.pixelColor(QPoint(int(g.rect.left()) + 1, int(g.rect.center().y())));
    };
    QCOMPARE(bar(2).rgb(), view.collectionStyle().concern.rgb());
    QCOMPARE(bar(5).rgb(), view.collectionStyle().concern.rgb());
    QVERIFY(bar(3).rgb() != view.collectionStyle().concern.rgb());
    // F8 walks 2, 5, then the item in the other partition; Shift+F8 comes back.
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_F8);
    QCOMPARE(view.selectedItems().back(), rows->itemAt(2));
    QTest::keyClick(&view, Qt::Key_F8);
    QCOMPARE(view.selectedItems().back(), rows->itemAt(5));
    QTest::keyClick(&view, Qt::Key_F8);
    QVERIFY(view.partition() != f.trace.partitionKey);
    QCOMPARE(view.selectedItems().back(), elsewhere);
    QTest::keyClick(&view, Qt::Key_F8, Qt::ShiftModifier);
    QCOMPARE(view.partition(), f.trace.partitionKey);
    QCOMPARE(view.selectedItems().back(), view.rows()->itemAt(5));
    // The band of the other partition counts its concerned item.
    qsizetype onBands = 0;
    for (const auto *side : {&view.partitionBands().before, &view.partitionBands().after}) {
        for (const PartitionBand &band : *side)
            onBands += band.concerned;
    }
    QVERIFY(onBands <= 1);
    view.setConcernedItems({});
    QVERIFY(view.concernedRows().empty());
    QVERIFY(!view.renderState().concernedRows);
}

void TestCollectionView::exportLeavesBandsOut()
{
    // Decision: an exported diagram shows the queried partition alone (a Query reads one
    // partition), so the state the exporter builds has no bands and its layout none either.
    const IotFixture f = iot();
    auto rows
        = std::make_shared<CollectionRows>(f.table, QString(), f.trace.partitionKey, &f.population,
                                           CollectionView::entitiesOf(f.project));
    CollectionRenderState state;
    state.rows = rows.get();
    const CollectionStyle style = CollectionStyle::exportStyle();
    const CollectionLayout layout(CollectionRenderer::layoutParams(
        style, state, CollectionRenderer::naturalSize(style, rows->rowCount()), 1.0, 0.0));
    QVERIFY(layout.bands().empty());
    QCOMPARE(layout.rowsRect().top(), style.headerHeight);
    QCOMPARE(layout.endVisibleRow(), rows->rowCount()); // every row fits the natural size
}

void TestCollectionView::traceStaysWithItsPartition()
{
    // Stepping to another partition (a band, Alt+PageDown) while a Query is shown: its trace
    // is not drawn on the other partition's rows, and comes back with its own.
    const IotFixture f = iot();
    CollectionView view;
    view.resize(1000, 700);
    view.setTable(f.table);
    view.setPopulation(&f.population, CollectionView::entitiesOf(f.project));
    view.setTrace(&f.trace);
    QCOMPARE(view.partition(), f.trace.partitionKey);
    QVERIFY(view.renderState().timeline);
    QVERIFY(view.stepPartition(1));
    QVERIFY(view.partition() != f.trace.partitionKey);
    QVERIFY(!view.renderState().timeline);
    QVERIFY(view.stepPartition(-1));
    QCOMPARE(view.partition(), f.trace.partitionKey);
    QVERIFY(view.renderState().timeline);
}

namespace {

// The whole of the row lies in the rows area (not under the header or a band).
bool shows(const CollectionView &view, qsizetype row)
{
    const CollectionLayout &layout = view.currentLayout();
    const double top = layout.rowTop(row);
    return top >= layout.rowsRect().top() - 0.5
        && top + layout.pitch() <= layout.rowsRect().bottom() + 0.5;
}

} // namespace

void TestCollectionView::stepJumpsScrollTheStepIntoView()
{
    // A collection much taller than the view: every jump of the player (Go to End, Restart, a
    // step either way, scrubbing) brings the step's rows into view, even when the user had
    // scrolled elsewhere and the step did not change.
    const IotFixture f = iot();
    CollectionView view;
    view.resize(900, 480);
    view.setTable(f.table);
    view.setPopulation(&f.population, CollectionView::entitiesOf(f.project));
    auto timeline = std::make_shared<const TraceTimeline>(f.trace, *f.table);
    view.setTimeline(timeline);
    ui::TracePlayer player;
    player.setReducedMotion(true);
    connect(&player, &ui::TracePlayer::positionChanged, &view, &CollectionView::setTimelineState);
    connect(&player, &ui::TracePlayer::jumped, &view, &CollectionView::revealStep);
    player.setTimeline(timeline);
    const qsizetype rows = view.rows()->rowCount();
    const CollectionLayout &layout = view.currentLayout();
    QVERIFY2(double(rows) * layout.pitch() > layout.rowsRect().height() + 8 * layout.pitch(),
             "the collection must be taller than the view");
    QScrollBar *bar = view.verticalScrollBar();
    const auto awayFrom = [&](qsizetype row) {
        bar->setValue(row < rows / 2 ? bar->maximum() : 0);
        return !shows(view, row);
    };
    const int last = timeline->stepCount() - 1;
    const qsizetype stopRow = timeline->step(last).row;

    // Ctrl+End: the page's last row, with the rows it returned when they fit.
    player.goToEnd();
    QVERIFY(shows(view, stopRow));
    QVERIFY(awayFrom(stopRow));
    player.goToEnd(); // the same step again
    QVERIFY(shows(view, stopRow));
    const qsizetype firstResult = f.trace.visits.front().position;
    QVERIFY2(shows(view, firstResult), "the 11 returned rows fit: all of them show");

    // Restart: the partition lookup shows where the seek begins.
    QVERIFY(awayFrom(f.trace.probes.front().position));
    player.restart();
    player.pause();
    QCOMPARE(player.currentStep(), 0);
    QVERIFY(shows(view, f.trace.probes.front().position));

    // Each step forward and back, from wherever the user scrolled.
    for (int step = 1; step <= last; ++step) {
        const qsizetype row = timeline->step(step).row;
        if (row >= 0 && row < rows && awayFrom(row)) {
            player.goToStep(step - 1);
            bar->setValue(row < rows / 2 ? bar->maximum() : 0);
        }
        player.stepForward();
        QCOMPARE(player.currentStep(), step);
        if (row >= 0 && row < rows)
            QVERIFY2(shows(view, row), qPrintable(QStringLiteral("step %1").arg(step)));
    }
    const qsizetype probeRow = timeline->step(1).row;
    player.goToStep(2);
    QVERIFY(awayFrom(probeRow));
    player.stepBack();
    QCOMPARE(player.currentStep(), 1);
    QVERIFY(shows(view, probeRow));

    // Scrubbing to the middle of a step.
    QVERIFY(awayFrom(stopRow));
    player.seek(timeline->startOf(last) + 1);
    QVERIFY(shows(view, stopRow));
}

void TestCollectionView::paneSaysWhenTheQueryReadsAnotherCollection()
{
    // The user steps to another partition while the Query is shown: a bar says which one shows
    // and which one the Query reads, and its button goes back.
    const IotFixture f = iot();
    ui::CollectionPane pane;
    pane.resize(1000, 700);
    pane.show();
    pane.setPopulation(std::make_shared<const Population>(f.population), f.project);
    pane.setTable(f.table);
    CollectionView *view = pane.view();
    view->setTimeline(std::make_shared<const TraceTimeline>(f.trace, *f.table));
    QCOMPARE(view->partition(), f.trace.partitionKey);
    QVERIFY(pane.elsewhereBar()->isHidden());
    const QString read = partitionKeyText(*f.table, *f.table->store(), f.trace.partitionKey);

    QTest::keyClick(view, Qt::Key_PageDown, Qt::AltModifier);
    QVERIFY(view->partition() != f.trace.partitionKey);
    QVERIFY(pane.elsewhereBar()->isVisible());
    const QString shown = partitionKeyText(*f.table, *f.table->store(), view->partition());
    QCOMPARE(pane.elsewhereText(),
             QStringLiteral("Showing %1 \u2014 the Query reads %2").arg(shown, read));
    QCOMPARE(pane.partitionText(), shown); // the combo follows the view

    auto *back = pane.elsewhereBar()->findChild<QPushButton *>();
    QVERIFY(back);
    QTest::mouseClick(back, Qt::LeftButton);
    QCOMPARE(view->partition(), f.trace.partitionKey);
    QVERIFY(view->renderState().timeline);
    QVERIFY(pane.elsewhereBar()->isHidden());
    QCOMPARE(pane.partitionText(), read);

    // The partition combo is another way to look elsewhere.
    auto *combo = pane.findChildren<QComboBox *>().last();
    QCOMPARE(combo->accessibleName(), QStringLiteral("Item collection"));
    combo->setCurrentIndex(combo->currentIndex() == 0 ? 1 : 0);
    QVERIFY(pane.elsewhereBar()->isVisible());
    QVERIFY(pane.elsewhereText().endsWith(QStringLiteral("the Query reads ") + read));
    QVERIFY(pane.showQueryCollection());
    QVERIFY(pane.elsewhereBar()->isHidden());
}

QTEST_MAIN(TestCollectionView)
#include "tst_collectionview.moc"
