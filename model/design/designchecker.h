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

    QString id; // stable check id, e.g. "unpadded-number"
    Severity severity = Severity::Warning;
    QString title;       // one line: "READING#10 sorts before READING#2"
    QString explanation; // a paragraph with a concrete example from the populated items
    QString fix;         // the suggested change ("use {ReadingId|pad:6}")
    QString entity;      // the entity type concerned, if any (empty for hand-written items)
    // The attribute concerned: for a template finding the placeholder's attribute as written
    // ("ReadingId", "Device.DeviceId"); for key-limit findings the key attribute ("SK").
    QString attribute;
    // JSON path in the project file: the key template ("entities[1].keys.SK"), the attribute
    // ("entities[0].attributes[2]") or a hand-written item ("items[3]").
    QString path;
    // Population indexes of example items (a few). For an ordering finding the first item sorts
    // before the second although the design means it to come after.
    std::vector<qint64> items;

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
//   invalid-item          any other PutItem validation error (missing key, wrong key type,
//                         item over 400 KB), with DynamoDB's message
//   lowercase-ulid        ULIDs with lowercase letters (sort after uppercase ones)
//   url-unsafe-key        ids exposed in URLs whose keys hold characters needing encoding: the
//                         id's own values ("order#2025-08-21#123"), or a table key that holds
//                         the id next to other attributes of the item (so the URL must carry
//                         the whole key, "order#2025-08-21#123", to address the item)
//
// Severities: pad-overflow, mutable-in-key, key-too-large, empty-key and invalid-item are
// errors; the rest are warnings.
//
// Ordering checks (unpadded-number, mixed-case, unsortable-timestamp, lowercase-ulid,
// random-id-order, pad-overflow) look at sort keys of the table or of an index, and fire only
// when the population holds two items of one collection (same partition key, same key text
// before the value) whose byte order disagrees with the intended order (numeric,
// case-insensitive, time); the explanation quotes both keys with explainKeyOrder. Partition
// keys are hashed, so their byte order never matters. Examples are sought among the first
// checks::kSampleCap items of each entity type; overflow, limits and duplicates scan every item.
// Findings come sorted: errors first, then by path (entities in project order), then id.
class DesignChecker
{
public:
    static std::vector<Finding> check(const Project &project, const Population &population,
                                      const CheckOptions &options = {});

    // Every check id, in the order above.
    static const QStringList &checkIds();
};

} // namespace keyscope::model
