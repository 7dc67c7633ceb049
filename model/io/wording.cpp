#include "model/io/wording.h"

namespace keyscope::model {

QString counted(qint64 n, const QString &one, const QString &many, const QLocale &locale)
{
    return QStringLiteral("%1 %2").arg(locale.toString(n), n == 1 ? one : many);
}

} // namespace keyscope::model
