// The one "did you mean" rule (model/io/suggestion.h) every message uses.

#include "model/io/suggestion.h"

#include <QtTest>

using namespace keyscope::model;

class TestSuggestion : public QObject
{
    Q_OBJECT

private slots:
    void closest_data();
    void closest();
    void distance();
};

void TestSuggestion::closest_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QStringList>("candidates");
    QTest::addColumn<QString>("expected");
    const QStringList filters {"upper", "lower", "pad",     "invert", "iso8601",
                               "date",  "epoch", "epochms", "format"};
    const QStringList entities {"Device", "Reading", "Customer", "Order", "Priority"};
    QTest::newRow("case only") << "UPPER" << filters << "upper";
    QTest::newRow("one edit") << "padd" << filters << "pad";
    QTest::newRow("two edits in a long word") << "Custmoer" << entities << "Customer";
    QTest::newRow("short word: one edit at most") << "pd" << filters << "pad";
    QTest::newRow("short word: two edits is too far") << "xy" << QStringList {"pad"} << "";
    QTest::newRow("prefix of one name") << "iso" << filters << "iso8601";
    QTest::newRow("prefix, entity") << "Prio" << entities << "Priority";
    QTest::newRow("starts with a name") << "formatting" << filters << "format";
    QTest::newRow("prefix of two names is no answer") << "epo" << filters << "";
    QTest::newRow("nothing close") << "banana" << entities << "";
    QTest::newRow("empty word") << "" << entities << "";
    QTest::newRow("no candidates") << "Device" << QStringList {} << "";
}

void TestSuggestion::closest()
{
    QFETCH(QString, word);
    QFETCH(QStringList, candidates);
    QFETCH(QString, expected);
    QCOMPARE(closestMatch(word, candidates), expected);
    QCOMPARE(didYouMean(word, candidates),
             expected.isEmpty() ? QString() : QStringLiteral("; did you mean '%1'?").arg(expected));
}

void TestSuggestion::distance()
{
    QCOMPARE(editDistance(QStringLiteral("kitten"), QStringLiteral("sitting")), 3);
    QCOMPARE(editDistance(QStringLiteral("Reading"), QStringLiteral("READING")), 0);
    QCOMPARE(editDistance(QString(), QStringLiteral("abc")), 3);
}

QTEST_GUILESS_MAIN(TestSuggestion)
#include "tst_suggestion.moc"
