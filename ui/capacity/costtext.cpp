#include "ui/capacity/costtext.h"

#include "model/cost/costformat.h"

#include <QLocale>

#include <cmath>

namespace keyscope::ui {

namespace {

// Dollars are written the American way whatever the desktop's locale: "$1,234.56".
const QLocale &usLocale()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

QString trimmedDecimals(double value, int decimals)
{
    QString text = usLocale().toString(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

} // namespace

QString CostText::money(double dollars)
{
    return model::formatMoney(dollars);
}

QString CostText::figure(double value)
{
    if (value > 0 && value < 0.005)
        return QStringLiteral("<0.01");
    return model::formatUnits(value);
}

QString CostText::count(qint64 value)
{
    return usLocale().toString(value);
}

QString CostText::bytes(double bytes)
{
    static const char *const units[] = {"B", "KB", "MB", "GB", "TB"};
    int unit = 0;
    while (std::abs(bytes) >= 1024 && unit < 4) {
        bytes /= 1024;
        ++unit;
    }
    const QString number = trimmedDecimals(bytes, 1);
    return number + QLatin1Char(' ') + QLatin1String(units[unit]);
}

} // namespace keyscope::ui
