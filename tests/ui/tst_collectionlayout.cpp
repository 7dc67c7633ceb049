// The collection diagram's geometry, without a window: visible rows, hit-testing, bound lines,
// the B-tree overview and the density strip.

#include "ui/collection/collectionlayout.h"

#include <QTest>

#include <algorithm>

using keyscope::ui::CollectionLayout;
using keyscope::ui::CollectionRows;

namespace {

CollectionLayout::Params params(qsizetype rows, double zoom = 1.0, double scroll = 0)
{
    CollectionLayout::Params p;
    p.rowCount = rows;
    p.viewport = QSizeF(1000, 630); // 600 px of rows under a 30 px header
    p.zoom = zoom;
    p.scrollY = scroll;
    p.rowHeight = 24;
    p.headerHeight = 30;
    p.treeWidth = 168;
    p.lensGap = 28;
    return p;
}

} // namespace

class TestCollectionLayout : public QObject
{
    Q_OBJECT

private slots:
    void rowWindowElidesTheRowsBetween();
    void visibleRangeIsVirtualised();
    void rowAtHitTest_data();
    void rowAtHitTest();
    void zoomClampsAndChangesLevel();
    void boundLinesSitOnRowEdges();
    void stopLineFollowsDirection();
    void treeLevels_data();
    void treeLevels();
    void seekPathIsNested();
    void densityBucketsCoverEveryRow();
    void bracketsSpanChildren();
    void scrollKeepsRowUnderPointer();
    void bandsFrameTheRows();
    void markerLaneKeepsRowTextClear();
    void theKeyHasRoomFirst();
};

void TestCollectionLayout::theKeyHasRoomFirst()
{
    // Issue 26: the sort key is the subject; the attributes and the B-tree overview yield first.
    auto p = params(100);
    p.viewport = QSizeF(600, 630);
    p.partitionKeyWidth = 0;
    p.markerLaneWidth = 170;
    p.sortKeyWidth = 120; // a short key: the overview keeps its width
    QCOMPARE(CollectionLayout(p).treeRect().width(), 168.0);
    QCOMPARE(CollectionLayout(p).rowGeometry(3).sortKey.width(), 120.0);
    p.sortKeyWidth = 250; // the overview narrows until the key has its width
    const CollectionLayout narrowed(p);
    QVERIFY(narrowed.treeRect().width() < 168);
    QVERIFY(narrowed.treeRect().width() >= 64);
    const auto g = narrowed.rowGeometry(3);
    QCOMPARE(g.sortKey.width(), 250.0);
    QVERIFY(g.sortKey.right() < g.attributes.left());
    QVERIFY(g.attributes.right() < g.lane.left());
    p.sortKeyWidth = 330; // then goes
    const CollectionLayout gone(p);
    QVERIFY(gone.treeRect().isEmpty());
    QCOMPARE(gone.rowsRect().left(), 0.0);
    QCOMPARE(gone.rowGeometry(3).sortKey.width(), 330.0);
    // Beyond the whole row's room the key takes all of it but the lane; attributes get none.
    p.sortKeyWidth = 600;
    const auto full = CollectionLayout(p).rowGeometry(3);
    QCOMPARE(full.attributes.width(), 0.0);
    QVERIFY(full.sortKey.right() < full.lane.left());
}

void TestCollectionLayout::markerLaneKeepsRowTextClear()
{
    // One partition: no partition key column (the header names the key), the sort key takes
    // its width, and the trace's labels get a lane right of the attributes.
    auto p = params(100);
    p.partitionKeyWidth = 0;
    p.sortKeyWidth = 428;
    p.markerLaneWidth = 220;
    const CollectionLayout layout(p);
    const auto g = layout.rowGeometry(3);
    QCOMPARE(g.partitionKey.width(), 0.0);
    QCOMPARE(g.sortKey.width(),
             428.0 * std::min(1.0, (g.lane.left() - g.sortKey.left()) * 0.85 / 428.0));
    QVERIFY(g.sortKey.right() < g.attributes.left());
    QVERIFY(g.attributes.right() < g.lane.left());
    QVERIFY(!g.lane.isEmpty());
    QVERIFY(g.lane.right() <= g.rect.right());
    QCOMPARE(g.lane.height(), g.rect.height());
    // The lane never takes more than 30% of the row (narrow panes keep their keys).
    p.viewport = QSizeF(600, 630);
    const auto narrow = CollectionLayout(p).rowGeometry(3);
    QVERIFY(narrow.lane.width() <= 0.3 * (narrow.rect.right() - narrow.sortKey.left()) + 1);
    QVERIFY(narrow.attributes.right() < narrow.lane.left());
    // Without a trace there is no lane.
    p.markerLaneWidth = 0;
    QVERIFY(CollectionLayout(p).rowGeometry(3).lane.isEmpty());
}

void TestCollectionLayout::visibleRangeIsVirtualised()
{
    const CollectionLayout layout(params(1'000'000, 1.0, 24.0 * 500'000 + 12));
    QCOMPARE(layout.level(), CollectionLayout::Level::Rows);
    QCOMPARE(layout.firstVisibleRow(), 500'000);
    QCOMPARE(layout.endVisibleRow(), 500'026); // 600 px / 24 px = 25 rows, plus a partial one
    QCOMPARE(qsizetype(layout.rows().size()), 26);
    QCOMPARE(layout.rows().front().rect.top(), 30.0 - 12.0);
    QCOMPARE(layout.rowsRect().left(), 168.0 + 28.0);
    QCOMPARE(layout.rows().front().rect.height(), 24.0);
    // Columns in reading order, inside the row.
    const auto &g = layout.rows().front();
    QVERIFY(g.gutter.right() <= g.chip.left());
    QVERIFY(g.chip.right() < g.sortKey.left());
    QVERIFY(g.sortKey.right() < g.partitionKey.left());
    QVERIFY(g.partitionKey.right() < g.attributes.left());
    QVERIFY(g.attributes.right() <= g.rect.right());
}

void TestCollectionLayout::rowAtHitTest_data()
{
    QTest::addColumn<double>("scroll");
    QTest::addColumn<QPointF>("point");
    QTest::addColumn<qsizetype>("row");
    QTest::newRow("first row") << 0.0 << QPointF(400, 31) << qsizetype(0);
    QTest::newRow("last pixel of row 0") << 0.0 << QPointF(400, 53.9) << qsizetype(0);
    QTest::newRow("row 1") << 0.0 << QPointF(400, 54) << qsizetype(1);
    QTest::newRow("scrolled") << 240.0 << QPointF(400, 31) << qsizetype(10);
    QTest::newRow("header") << 0.0 << QPointF(400, 10) << qsizetype(-1);
    QTest::newRow("tree") << 0.0 << QPointF(50, 100) << qsizetype(-1);
    QTest::newRow("past the last row") << 0.0 << QPointF(400, 30 + 24 * 20 + 1) << qsizetype(-1);
}

void TestCollectionLayout::rowAtHitTest()
{
    QFETCH(double, scroll);
    QFETCH(QPointF, point);
    QFETCH(qsizetype, row);
    const qsizetype rows = QTest::currentDataTag() == QByteArray("past the last row") ? 20 : 1000;
    const CollectionLayout layout(params(rows, 1.0, scroll));
    QCOMPARE(layout.rowAt(point), row);
    if (row >= 0)
        QVERIFY(layout.rowGeometry(row).rect.contains(point));
}

void TestCollectionLayout::zoomClampsAndChangesLevel()
{
    const qsizetype n = 1'000'000;
    QCOMPARE(CollectionLayout(params(n, 5.0)).params().zoom, CollectionLayout::kMaxZoom);
    const CollectionLayout compact(params(n, 0.25));
    QCOMPARE(compact.level(), CollectionLayout::Level::Compact);
    QCOMPARE(compact.pitch(), 6.0);
    QVERIFY(compact.rows().size() > 90);
    const CollectionLayout overview(params(n, 0.0)); // clamps to "whole collection fits"
    QCOMPARE(overview.level(), CollectionLayout::Level::Density);
    QCOMPARE(overview.contentHeight(), 600.0);
    QCOMPARE(overview.maxScroll(), 0.0);
    QVERIFY(overview.rows().empty());
    QCOMPARE(overview.endVisibleRow(), n);
    // A small collection cannot zoom out below 1: it already fits.
    QCOMPARE(CollectionLayout(params(10, 0.1)).params().zoom, 1.0);
}

void TestCollectionLayout::boundLinesSitOnRowEdges()
{
    auto p = params(100, 1.0, 48);
    p.marks.rangeBegin = 4;
    p.marks.rangeEnd = 9;
    const CollectionLayout layout(p);
    QCOMPARE(layout.boundLines().size(), size_t(2));
    const auto &begin = layout.boundLines()[0];
    const auto &end = layout.boundLines()[1];
    QCOMPARE(begin.y, 30.0 + 4 * 24 - 48);
    QCOMPARE(begin.y, layout.rowGeometry(4).rect.top());
    QCOMPARE(end.y, layout.rowGeometry(8).rect.bottom());
    QVERIFY(begin.labelAnchor.top() >= begin.y); // captions sit inside the range
    QVERIFY(end.labelAnchor.bottom() <= end.y);
}

void TestCollectionLayout::stopLineFollowsDirection()
{
    auto p = params(100);
    p.marks.stopRow = 5;
    p.marks.forward = true;
    QCOMPARE(*CollectionLayout(p).stopLineY(), 30.0 + 6 * 24);
    p.marks.forward = false;
    QCOMPARE(*CollectionLayout(p).stopLineY(), 30.0 + 5 * 24);
    p.marks.stopRow = -1;
    QVERIFY(!CollectionLayout(p).stopLineY());
}

void TestCollectionLayout::treeLevels_data()
{
    QTest::addColumn<qsizetype>("rows");
    QTest::addColumn<int>("levels");
    QTest::addColumn<qint64>("leafNodes");
    QTest::newRow("one leaf") << qsizetype(5) << 1 << qint64(1);
    QTest::newRow("40 rows") << qsizetype(40) << 2 << qint64(5);
    QTest::newRow("64 rows") << qsizetype(64) << 2 << qint64(8);
    QTest::newRow("65 rows") << qsizetype(65) << 3 << qint64(9);
    QTest::newRow("a million") << qsizetype(1'000'000) << 7 << qint64(125'000);
}

void TestCollectionLayout::treeLevels()
{
    QFETCH(qsizetype, rows);
    QFETCH(int, levels);
    QFETCH(qint64, leafNodes);
    const CollectionLayout layout(params(rows));
    QCOMPARE(int(layout.treeLevels().size()), levels);
    QCOMPARE(layout.treeLevels().front().nodeCount, 1);
    QCOMPARE(layout.treeLevels().back().nodeCount, leafNodes);
    QCOMPARE(layout.treeLevels().back().span, 8);
    // Levels are columns left to right, inside the tree area.
    for (const auto &level : layout.treeLevels())
        QVERIFY(layout.treeRect().contains(level.band.center()));
    // A million leaves cannot be drawn one by one.
    QCOMPARE(layout.treeLevels().back().dense, leafNodes * 3 > 600 - 16);
}

void TestCollectionLayout::seekPathIsNested()
{
    auto p = params(1000);
    p.marks.pathRow = 700;
    p.marks.pathLevels = 4;
    const CollectionLayout layout(p);
    std::vector<CollectionLayout::TreeNode> path;
    for (const auto &node : layout.treeNodes()) {
        if (node.onPath)
            path.push_back(node);
    }
    QCOMPARE(int(path.size()), 4); // 1000 rows: 4 levels (512 < 1000 <= 4096)
    for (size_t i = 0; i < path.size(); ++i) {
        QCOMPARE(path[i].level, int(i));
        QVERIFY(path[i].firstRow <= 700 && 700 < path[i].endRow);
        QVERIFY(path[i].rect.top() <= layout.treeY(700) + 2);
        QVERIFY(path[i].rect.bottom() >= layout.treeY(700) - 2);
    }
    QCOMPARE(path.back().endRow - path.back().firstRow, 8);
}

void TestCollectionLayout::densityBucketsCoverEveryRow()
{
    const qsizetype n = 120'000;
    std::vector<quint8> entities(size_t(n), 1);
    for (qsizetype r = 0; r < n; ++r) // three runs of 40'000 rows, one entity each
        entities[size_t(r)] = r < 40'000 ? 0 : (r < 80'000 ? 1 : 2);
    entities[5] = 2; // a lone row does not change its bucket's majority
    auto p = params(n, 0.0);
    p.rowEntities = &entities;
    const CollectionLayout layout(p);
    QCOMPARE(layout.level(), CollectionLayout::Level::Density);
    const auto &buckets = layout.density();
    QCOMPARE(int(buckets.size()), 3); // neighbouring lines of one entity merge
    qsizetype next = 0;
    for (const auto &b : buckets) {
        QCOMPARE(b.firstRow, next);
        next = b.endRow;
    }
    QCOMPARE(next, n);
    QCOMPARE(buckets[0].entity, quint8(0));
    QCOMPARE(buckets[1].entity, quint8(1));
    QCOMPARE(buckets[2].entity, quint8(2));
    QCOMPARE(buckets[0].rect.top(), 30.0);
    QCOMPARE(buckets[2].rect.bottom(), 630.0);
    QVERIFY(qAbs(buckets[1].rect.top() - (30 + 200)) <= 1); // a third of 600 px
}

void TestCollectionLayout::bracketsSpanChildren()
{
    std::vector<CollectionRows::ParentGroup> groups;
    groups.push_back({10, 0, 9, 10, 0});      // parent after its children (IoT: '#' < 'D')
    groups.push_back({20, 21, 30, 10, 0});    // partly visible (rows 0..24 show)
    groups.push_back({500, 501, 510, 10, 0}); // not visible
    auto p = params(1000);
    p.groups = &groups;
    const CollectionLayout layout(p);
    QCOMPARE(int(layout.brackets().size()), 2);
    const auto &b = layout.brackets()[0];
    QCOMPARE(b.group, 0);
    QVERIFY(b.span.top() >= layout.rowTop(0));
    QVERIFY(b.span.bottom() <= layout.rowTop(10));
    QCOMPARE(b.parentY, layout.rowCenterY(10));
    QVERIFY(b.span.right() <= layout.rowsRect().right());
    // Row text stays clear of the bracket lanes.
    QVERIFY(layout.rows().front().attributes.right() <= b.span.left());
}

void TestCollectionLayout::scrollKeepsRowUnderPointer()
{
    auto p = params(1'000'000, 1.0, 24.0 * 1000);
    const CollectionLayout before(p);
    const QPointF pointer(400, 300);
    const qsizetype row = before.rowAt(pointer);
    const double fraction = (pointer.y() - before.rowTop(row)) / before.pitch();
    p.zoom = 0.5;
    p.scrollY = CollectionLayout::scrollKeeping(p, row, fraction, pointer.y());
    const CollectionLayout after(p);
    QCOMPARE(after.rowAt(pointer), row);
}

void TestCollectionLayout::bandsFrameTheRows()
{
    // Without bands nothing changes (the exporter's layout).
    const CollectionLayout plain(params(100));
    QVERIFY(plain.bands().empty());
    QCOMPARE(plain.rowsRect().top(), 30.0);

    // Two partitions before and three after: bands between the header and the rows, and under
    // the rows; the rows and the B-tree share what is left.
    CollectionLayout::Params p = params(100);
    p.bandsBefore = 2;
    p.bandsAfter = 3;
    p.bandHeight = 20;
    const CollectionLayout layout(p);
    QCOMPARE(int(layout.bands().size()), 5);
    QCOMPARE(layout.rowsRect().top(), 30.0 + 2 * 20);
    QCOMPARE(layout.rowsRect().height(), 630.0 - 30 - 5 * 20);
    QCOMPARE(layout.treeRect().top(), layout.rowsRect().top());
    QCOMPARE(layout.treeRect().bottom(), layout.rowsRect().bottom());
    QCOMPARE(layout.bands()[0].rect, QRectF(0, 30, 1000, 20));
    QCOMPARE(layout.bands()[1].rect.bottom(), layout.rowsRect().top());
    QVERIFY(!layout.bands()[1].after);
    QVERIFY(layout.bands()[2].after);
    QCOMPARE(layout.bands()[2].rect.top(), layout.rowsRect().bottom());
    QCOMPARE(layout.bands()[4].rect.bottom(), 630.0);
    // Rows start under the bands and fewer fit; hit-testing tells bands from rows.
    QCOMPARE(layout.rows().front().rect.top(), 70.0);
    QCOMPARE(layout.endVisibleRow(), 21); // 500 px / 24 px: 20 rows and a partial one
    QCOMPARE(layout.bandAt(QPointF(500, 35)), 0);
    QCOMPARE(layout.bandAt(QPointF(500, 65)), 1);
    QCOMPARE(layout.bandAt(QPointF(500, 575)), 2);
    QCOMPARE(layout.bandAt(QPointF(500, 625)), 4);
    QCOMPARE(layout.bandAt(QPointF(500, 80)), -1);
    QCOMPARE(layout.rowAt(QPointF(500, 65)), -1);
    QCOMPARE(layout.rowAt(QPointF(500, 71)), 0);
    // Scrolling to the end shows the last row just above the bands below.
    p.scrollY = 1e9;
    const CollectionLayout end(p);
    QCOMPARE(end.rowGeometry(99).rect.bottom(), end.rowsRect().bottom());
    // Zoom-to-fit fits the rows into the smaller area.
    QCOMPARE(CollectionLayout::minZoom(p), 500.0 / (100 * 24));
    // Keeping a row under the pointer accounts for the bands above.
    const double scroll = CollectionLayout::scrollKeeping(p, 50, 0, 70);
    p.scrollY = scroll;
    QCOMPARE(CollectionLayout(p).rowAt(QPointF(500, 71)), 50);
}

void TestCollectionLayout::rowWindowElidesTheRowsBetween()
{
    // 100,000 rows; rows 10-12 and 50,000-50,001 drawn: three elisions around them.
    CollectionLayout::Params p = params(100000);
    p.window = {{10, 13}, {50000, 50002}};
    p.elisionHeight = 20;
    const CollectionLayout layout(p);
    QCOMPARE(layout.level(), CollectionLayout::Level::Rows);
    const auto &elisions = layout.elisions();
    QCOMPARE(elisions.size(), size_t(3));
    QCOMPARE(elisions[0].firstRow, 0);
    QCOMPARE(elisions[0].endRow, 10);
    QCOMPARE(elisions[1].firstRow, 13);
    QCOMPARE(elisions[1].endRow, 50000);
    QCOMPARE(elisions[2].firstRow, 50002);
    QCOMPARE(elisions[2].endRow, 100000);
    // Rows follow each other and their elisions: 20 + 3 rows + 20 + 2 rows + 20.
    const double top = layout.rowsRect().top();
    QCOMPARE(elisions[0].rect.top(), top);
    QCOMPARE(layout.rowTop(10), top + 20);
    QCOMPARE(layout.rowTop(12), top + 20 + 2 * 24);
    QCOMPARE(elisions[1].rect.top(), top + 20 + 3 * 24);
    QCOMPARE(layout.rowTop(50000), top + 40 + 3 * 24);
    QCOMPARE(elisions[2].rect.top(), top + 40 + 5 * 24);
    QCOMPARE(layout.contentHeight(), 60 + 5 * 24.0);
    QCOMPARE(CollectionLayout::windowHeight(p, 24), 60 + 5 * 24.0);
    // Only the window's rows are laid out, each numbered; a row left out lies in its elision.
    QCOMPARE(layout.rows().size(), size_t(5));
    QCOMPARE(layout.rows()[3].row, 50000);
    QVERIFY(!layout.rows()[0].position.isEmpty());
    const double inGap = layout.rowTop(25000);
    QVERIFY(inGap > elisions[1].rect.top() && inGap < elisions[1].rect.bottom());
    QCOMPARE(layout.rowAt(QPointF(500, layout.rowCenterY(50001))), 50001);
    QCOMPARE(layout.rowAt(elisions[1].rect.center()), -1);
    // Without a window nothing is elided and rows carry no number.
    const CollectionLayout whole(params(100));
    QVERIFY(whole.elisions().empty());
    QVERIFY(whole.rows().front().position.isEmpty());
}

QTEST_MAIN(TestCollectionLayout)
#include "tst_collectionlayout.moc"
