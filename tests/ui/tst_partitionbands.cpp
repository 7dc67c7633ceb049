// What a collapsed partition band says when its row is short of room (issue 26): the key has the
// room first; the hash yields, then the facts (whole facts only), never the key.

#include "ui/collection/collectionstyle.h"
#include "ui/collection/partitionbands.h"

#include <QFontMetricsF>
#include <QTest>

using keyscope::ui::CollectionStyle;
using keyscope::ui::PartitionBand;
using keyscope::ui::PartitionBandTexts;

class TestPartitionBands : public QObject
{
    Q_OBJECT

private slots:
    void theKeyHasRoomFirst();
};

void TestPartitionBands::theKeyHasRoomFirst()
{
    const CollectionStyle style = CollectionStyle::exportStyle();
    const QFontMetricsF mono(style.monoFont);
    const QFontMetricsF small(style.smallFont);
    PartitionBand band;
    band.label = QStringLiteral("DEVICE#d-6598#SITE#NORTH-EAST");
    band.hash = QStringLiteral("97911a5d");
    const QStringList facts {QStringLiteral("26 items"), QStringLiteral("1 more partition above")};
    const QString hash = QStringLiteral("md5 97911a5d\u2026");
    const double key = mono.horizontalAdvance(band.label);

    auto t = PartitionBandTexts::fit(band, facts, 0, mono, small, 1000);
    QCOMPARE(t.key, band.label);
    QCOMPARE(t.facts, QStringLiteral("26 items  \u00b7  1 more partition above"));
    QCOMPARE(t.hash, hash);

    // Room for the key and the facts: the hash goes first.
    const double both = key + 12 + small.horizontalAdvance(t.facts) + 12;
    t = PartitionBandTexts::fit(band, facts, 0, mono, small, both + 4);
    QCOMPARE(t.key, band.label);
    QCOMPARE(t.facts, QStringLiteral("26 items  \u00b7  1 more partition above"));
    QVERIFY(t.hash.isEmpty());

    // Then whole facts, from the last.
    t = PartitionBandTexts::fit(band, facts, 0, mono, small, key + 12 + 60);
    QCOMPARE(t.key, band.label);
    QCOMPARE(t.facts, QStringLiteral("26 items"));
    QVERIFY(t.hash.isEmpty());

    // The key is shortened only when it cannot fit alone, keeping its prefix.
    t = PartitionBandTexts::fit(band, facts, 0, mono, small, key - 20);
    QVERIFY2(t.key.startsWith(QStringLiteral("DEVICE#")) && t.key.contains(QChar(0x2026)),
             qPrintable(t.key));
    QVERIFY(t.facts.isEmpty());
    QVERIFY(t.hash.isEmpty());
}

QTEST_MAIN(TestPartitionBands)

#include "tst_partitionbands.moc"
