#pragma once

#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/table/table.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace keyscope::model {

// One design check's finding: what is wrong, shown on the user's own data, and how to fix it.
struct Finding
{
    enum class Severity { Error, Warning, Info };

    QString id;          // stable check id, e.g. "unpadded-number"
    Severity severity = Severity::Warning;
    QString title;       // one line: "READING#10 sorts before READING#2"
    QString explanation; // a paragraph with a concrete example from the populated items
    QString fix;         // the suggested change ("use {ReadingId|pad:6}")
    QString entity;      // the entity type concerned, if any
    QString attribute;   // the key attribute (template) or attribute concerned, if any
    QString path;        // JSON path in the project file: "entities[1].keys.SK"
    std::vector<qint64> items; // population indexes of example items (a few)

    static QString severityName(Severity severity); // "error", "warning", "info"
};

struct CheckOptions
{
    double padAlertShare = 0.8; // warn when a padded value passes this share of the width's max
};

// The design checks (lints) over a project and its population:
//   unpadded-number       numbers in string keys without pad ("READING#10" < "READING#2")
//   pad-overflow          a value wider than its pad width: order silently wrong (error)
//   pad-near-limit        values past CheckOptions::padAlertShare of the width's maximum
//   mixed-case            mixed-case values in keys without upper/lower ("DeBrie" < "Dean")
//   unsortable-timestamp  timestamps in keys in a non-sortable format, or mixed formats/offsets
//   mutable-in-key        a mutable attribute in the table's primary key (delete + create risk)
//   random-id-order       uuid4 in a sort key where an access pattern expects time order
//   key-too-large / empty-key / duplicate-key   key limits and repeated primary keys
//   lowercase-ulid        ULIDs with lowercase letters (sort after uppercase ones)
//   url-unsafe-key        ids exposed in URLs whose keys hold characters needing encoding
class DesignChecker
{
public:
    static std::vector<Finding> check(const Project &project, const Population &population,
                                      const CheckOptions &options = {});
};

} // namespace keyscope::model
