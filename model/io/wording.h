#pragma once

#include <QLocale>
#include <QString>

namespace keyscope::model {

// "1 item", "1,204 items": a count with its noun, singular or plural, never "item(s)". The
// digits are grouped as `locale` writes them: by default English, the language of the model's
// messages, so what they say does not depend on the machine; the UI passes the user's locale
// (ui/widgets/counted.h).
QString counted(qint64 n, const QString &one, const QString &many,
                const QLocale &locale = QLocale(QLocale::English));

} // namespace keyscope::model
