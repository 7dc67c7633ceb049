#include "model/io/ioerror.h"

namespace keyscope::model {

QString IoError::toString() const
{
    QString text = source;
    if (line > 0)
        text += QStringLiteral(":%1:%2").arg(line).arg(column);
    text += QStringLiteral(": ");
    if (!path.isEmpty())
        text += path + QStringLiteral(": ");
    return text + message;
}

} // namespace keyscope::model
