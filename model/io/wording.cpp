#include "model/io/wording.h"

namespace keyscope::model {

QString counted(qint64 n, const QString &one, const QString &many, const QLocale &locale)
{
    return QStringLiteral("%1 %2").arg(locale.toString(n), n == 1 ? one : many);
}

QString listedNames(const QStringList &names, qsizetype shown)
{
    if (names.size() <= shown)
        return names.join(QStringLiteral(", "));
    return names.first(shown).join(QStringLiteral(", ")) + QStringLiteral(" and ")
        + QLocale(QLocale::English).toString(names.size() - shown) + QStringLiteral(" more");
}

} // namespace keyscope::model
