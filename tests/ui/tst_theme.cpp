#include "ui/theme.h"

#include <QTest>

class TestTheme : public QObject
{
    Q_OBJECT

private slots:
    void exportPaletteIsLight();
};

void TestTheme::exportPaletteIsLight()
{
    const QPalette palette = keyscope::ui::exportPalette();
    QVERIFY(palette.color(QPalette::Base).lightness() > 200);
    QVERIFY(palette.color(QPalette::Window).lightness() > 200);
    QVERIFY(palette.color(QPalette::Text).lightness() < 80);
}

QTEST_MAIN(TestTheme)

#include "tst_theme.moc"
