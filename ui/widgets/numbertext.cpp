#include "ui/widgets/numbertext.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace keyscope::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("keyscope::ui::NumberText", text);
}

} // namespace

NumberText NumberText::parse(const QString &text, bool integer)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return {};
    // As in the file ("12.5"), or as the desktop writes numbers ("12,5").
    bool ok = false;
    double value = QLocale::c().toDouble(trimmed, &ok);
    if (!ok)
        value = QLocale().toDouble(trimmed, &ok);
    if (!ok || !std::isfinite(value))
        return {std::nullopt, tr("\u201c%1\u201d is not a number").arg(trimmed)};
    if (value < 0)
        return {std::nullopt, tr("must be at least 0, found %1").arg(trimmed)};
    if (integer && value != std::floor(value))
        return {std::nullopt, tr("must be a whole number, found %1").arg(trimmed)};
    return {value, {}};
}

QString NumberText::format(double value)
{
    // Whole numbers in full (525600, not 5.256e+05).
    if (value == std::floor(value) && std::abs(value) < 1e15)
        return QString::number(qint64(value));
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace keyscope::ui
