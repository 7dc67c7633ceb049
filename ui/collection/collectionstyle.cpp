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

// Mark colours chosen to stay apart from typical entity colours (Tableau 10) and readable on
// both palettes.
struct MarkColours
{
    QRgb read; // ARGB: tints are translucent
    QRgb returned;
    QRgb filtered;
    QRgb bound;
    QRgb boundFill;
    QRgb probe;
    QRgb cursor;
    QRgb stop;
    QRgb concern;
    double parentFrame; // how far from the text towards the base
};

// Read, returned, filtered, bound, bound fill, probe, cursor, stop, concern, parent frame.
constexpr MarkColours kLightMarks {0x1a2563eb, 0xff16a34a, 0xffdc2626, 0xff7c3aed, 0x0e7c3aed,
                                   0xffea8a00, 0xff2563eb, 0xffdc2626, 0xffd97706, 0.35};
constexpr MarkColours kDarkMarks {0x2e3b82f6, 0xff22c55e, 0xfff87171, 0xffc084fc, 0x16c084fc,
                                  0xfffbbf24, 0xff60a5fa, 0xfff87171, 0xfffbbf24, 0.25};

} // namespace

QFont CollectionStyle::scaledFont(QFont font, double factor)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else
        font.setPixelSize(qRound(font.pixelSize() * factor));
    return font;
}

CollectionStyle CollectionStyle::scaled(double factor) const
{
    CollectionStyle s = *this;
    for (QFont *font : {&s.monoFont, &s.textFont, &s.smallFont})
        *font = scaledFont(*font, factor);
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

    const MarkColours &marks = s.dark ? kDarkMarks : kLightMarks;
    s.read = QColor::fromRgba(marks.read);
    s.returned = QColor::fromRgba(marks.returned);
    s.filtered = QColor::fromRgba(marks.filtered);
    s.bound = QColor::fromRgba(marks.bound);
    s.boundFill = QColor::fromRgba(marks.boundFill);
    s.probe = QColor::fromRgba(marks.probe);
    s.cursor = QColor::fromRgba(marks.cursor);
    s.stop = QColor::fromRgba(marks.stop);
    s.concern = QColor::fromRgba(marks.concern);
    s.parentFrame = mix(text, base, marks.parentFrame);
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
