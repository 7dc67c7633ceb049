#pragma once

#include "model/io/wording.h"

#include <QLocale>
#include <QString>

namespace keyscope::ui {

// "1 item", "1,204 items" in the user's locale: model::counted (model/io/wording.h), the one
// rule for a count with its noun, with the digits grouped as the user reads them.
inline QString counted(qint64 n, const QString &one, const QString &many)
{
    return model::counted(n, one, many, QLocale());
}

} // namespace keyscope::ui
