#include "ui/collection/collectionstyle.h"

#include "ui/theme.h"

#include <QFontDatabase>

namespace keyscope::ui {

namespace {

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(
        float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
        float(a.blueF() * (1 - t) + b.blueF() * t), float(a.alphaF() * (1 - t) + b.alphaF() * t));
}

} // namespace

CollectionStyle CollectionStyle::scaled(double factor) const
{
    CollectionStyle s = *this;
    for (QFont *font : {&s.monoFont, &s.textFont, &s.smallFont}) {
        if (font->pointSizeF() > 0)
            font->setPointSizeF(font->pointSizeF() * factor);
        else
            font->setPixelSize(qRound(font->pixelSize() * factor));
    }
    for (double *metric : {&s.rowHeight, &s.headerHeight, &s.treeWidth, &s.lensGap, &s.gutterWidth,
                           &s.chipWidth, &s.sortKeyWidth, &s.partitionKeyWidth, &s.markerLaneWidth,
                           &s.bracketLaneWidth, &s.bandHeight})
        *metric *= factor;
    return s;
}

CollectionStyle CollectionStyle::fromPalette(const QPalette &palette)
{
    CollectionStyle s;
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    s.dark = base.lightnessF() < 0.5;
    s.background = palette.color(QPalette::Window);
    s.rowBackground = base;
    s.rowAlternate = mix(base, text, s.dark ? 0.05 : 0.025);
    s.text = text;
    s.dimText = mix(text, base, 0.45);
    s.gridLine = mix(base, text, 0.10);
    s.headerBackground = mix(s.background, text, 0.04);
    s.selection = palette.color(QPalette::Highlight);
    s.selection.setAlphaF(0.28f);
    s.focus = palette.color(QPalette::Highlight);

    // Mark colours chosen to stay apart from typical entity colours (Tableau 10) and readable
    // on both palettes.
    if (s.dark) {
        s.read = QColor(0x3b, 0x82, 0xf6, 46);
        s.returned = QColor(0x22, 0xc5, 0x5e);
        s.filtered = QColor(0xf8, 0x71, 0x71);
        s.bound = QColor(0xc0, 0x84, 0xfc);
        s.boundFill = QColor(0xc0, 0x84, 0xfc, 22);
        s.probe = QColor(0xfb, 0xbf, 0x24);
        s.cursor = QColor(0x60, 0xa5, 0xfa);
        s.stop = QColor(0xf8, 0x71, 0x71);
        s.concern = QColor(0xfb, 0xbf, 0x24);
        s.parentFrame = mix(text, base, 0.25);
    } else {
        s.read = QColor(0x25, 0x63, 0xeb, 26);
        s.returned = QColor(0x16, 0xa3, 0x4a);
        s.filtered = QColor(0xdc, 0x26, 0x26);
        s.bound = QColor(0x7c, 0x3a, 0xed);
        s.boundFill = QColor(0x7c, 0x3a, 0xed, 14);
        s.probe = QColor(0xea, 0x8a, 0x00);
        s.cursor = QColor(0x25, 0x63, 0xeb);
        s.stop = QColor(0xdc, 0x26, 0x26);
        s.parentFrame = mix(text, base, 0.35);
    }
    s.treeNode = mix(base, text, s.dark ? 0.14 : 0.07);
    s.treeNodeBorder = mix(base, text, 0.28);
    s.lens = s.cursor;
    s.lens.setAlphaF(0.12f);

    s.monoFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    s.textFont = QFontDatabase::systemFont(QFontDatabase::GeneralFont);
    s.smallFont = s.textFont;
    s.smallFont.setPointSizeF(s.textFont.pointSizeF() * 0.85);
    // On screen the collection shares the window with panels: a slimmer B-tree leaves the
    // keys room. Export keeps the full width.
    s.treeWidth = 112;
    s.lensGap = 18;
    s.markerLaneWidth = 170; // longer marks are shortened, whole on hover
    return s;
}

CollectionStyle CollectionStyle::exportStyle(bool dark)
{
    CollectionStyle s = fromPalette(dark ? darkExportPalette() : exportPalette());
    s.monoFont = QFont(QStringLiteral("DejaVu Sans Mono"));
    s.monoFont.setPixelSize(12);
    s.textFont = QFont(QStringLiteral("DejaVu Sans"));
    s.textFont.setPixelSize(12);
    s.smallFont = s.textFont;
    s.smallFont.setPixelSize(10);
    // A picture has the width to say a mark in full.
    s.markerLaneWidth = 300;
    return s;
}

} // namespace keyscope::ui
