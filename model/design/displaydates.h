#pragma once

#include "model/design/designfix.h"
#include "model/design/project.h"
#include "model/design/recovery/partvalues.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace keyscope::model {

// Dates written for people ("Dec 4, 2023") that an S attribute's generator chooses from. In a
// string sort key they compare as text, character by character, so they do not sort in time
// order: month names sort alphabetically, unpadded days by their first digit, and a year
// written last decides nothing before the month and day.
struct DisplayDates
{
    const recovery::partvalues::DisplayFormat *format = nullptr;
    QStringList values; // the choices, as written
    QStringList iso;    // the same dates as ISO-8601 ("2023-12-04"), one for each value

    // Why text in this format does not sort in time order, in words: "month names sort
    // alphabetically ('Apr' before 'Dec'); ...".
    QString whyUnsorted() const;
    // "'Dec 4, 2023' as '2023-12-04', 'Nov 30, 2023' as '2023-11-30'" (the first `most`).
    QString rewrites(qsizetype most) const;
};

// The dates an S attribute's choice generator writes, when every choice is a date in one known
// display format that does not sort by time; nullopt otherwise.
std::optional<DisplayDates> displayDatesOf(const AttributeSpec &attribute);

// The edit that writes the attribute's choices as ISO-8601 (the same dates, in the same order),
// so its text sorts in time order, and the access patterns' literal values that hold such a date
// after `prefix`, the key's text before the attribute ("VISIT#Aug 1, 2023" -> "VISIT#2023-08-01";
// none when `prefix` is empty); nullopt when the project has no such attribute.
std::optional<DesignFix> isoDatesFix(const Project &project, const QString &entity,
                                     const QString &attribute, const QString &prefix,
                                     const DisplayDates &dates);

} // namespace keyscope::model
