#pragma once

#include <QtGlobal>

namespace keyscope::model {

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
qint64 daysFromCivil(qint64 year, unsigned month, unsigned day);

// Milliseconds since 1970-01-01T00:00:00Z of a UTC date and time of day.
qint64 civilMs(int year, int month, int day, int hour = 0, int minute = 0, int second = 0,
               int ms = 0);

} // namespace keyscope::model
