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

// Names as a message lists them: all of them joined by ", " when there are at most `shown`,
// else the first `shown` and how many more ("A, B, C and 9,997 more"), so that ten thousand
// names never make one line of 80 KB.
QString listedNames(const QStringList &names, qsizetype shown = 10);

} // namespace keyscope::model
