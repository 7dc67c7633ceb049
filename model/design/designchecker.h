#pragma once

#include "model/design/designfix.h"
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
    // The entity type concerned, if any: for hand-written items the type inferred from their
    // keys (no template in the file: path "items[K]", no span), empty when none is.
    QString entity;
    // The attribute concerned: for a template finding the placeholder's attribute as written
    // ("ReadingId", "Device.DeviceId"); for key-limit findings the key attribute ("SK").
    QString attribute;
    // JSON path in the project file: the key template ("entities[1].keys.SK"), the attribute
    // ("entities[0].attributes[2]") or a hand-written item ("items[3]").
    QString path;
    // Population indexes of example items (a few). For an ordering finding the first item sorts
    // before the second although the design means it to come after.
    std::vector<qint64> items;

    // Where in a key template the fault lies, from the template parser (KeyTemplate::Part and
    // Filter columns), for the editor to mark. keyAttribute names the key whose template it is
    // (entities[i].keys.<keyAttribute>), keyRole says what that key is ("table sort key",
    // "sort key of index GSI1"), column (1-based, UTF-16 units) and length the characters at
    // fault: the placeholder lacking |pad:N, the filter whose width overflows, the literal
    // '#' a URL must encode, or the whole template when no single part is to blame (a
    // duplicate key). keyAttribute is empty and column 0 when the finding is about something
    // other than a template: an item that is invalid as a whole, or the table's definition.
    QString keyAttribute;
    QString keyRole;
    int column = 0;
    int length = 0;
    // The store whose item order or keys the finding concerns: "" for the table, or an index
    // name (the collection view shows that index's order).
    QString index;
    // Every item the finding concerns (population indexes, ascending), not only the examples:
    // the items whose key sorts out of the intended order (each is in at least one inverted
    // pair of its collection), the items whose value overflows or nears a pad width, the items
    // whose key holds the mutable attribute, and so on (designchecker.h lists each check's rule).
    // Ordering checks look at the sampled items only (checks::kSampleCap per template).
    std::vector<qint64> concerned;
    // Why the editor highlights nothing, when it does not ("about the item as a whole: ...").
    QString scopeNote;
    // The fix as a change the app can make (Apply Fix) and `check --json` prints, when the
    // finding knows the exact new text; `fix` above stays the sentence for people.
    std::optional<DesignFix> edit;

    bool hasTemplateSpan() const { return !keyAttribute.isEmpty() && column > 0 && length > 0; }

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
//                         and hand-written sort keys of one collection in mixed case, compared
//                         among keys that begin with the same letter, case aside
//   unsortable-timestamp  timestamps in keys in a non-sortable format, mixed formats/offsets,
//                         or |epoch numbers whose digit count changes (fix |epoch|pad:N)
//   mutable-in-key        a mutable attribute in the table's primary key (delete + create
//                         risk), or one named like a changing value (UpdatedAt, Status, State,
//                         LastLogin...) though not marked mutable
//   random-id-order       uuid4 in a sort key where an access pattern expects time order
//   key-too-large / empty-key / duplicate-key   key limits and repeated primary keys
//   invalid-item          any other PutItem validation error (missing key, wrong key type,
//                         item over 400 KB), with DynamoDB's message
//   lowercase-ulid        ULIDs with lowercase letters (sort after uppercase ones)
//   url-unsafe-key        ids exposed in URLs whose keys hold characters needing encoding: the
//                         id's own values ("order#2025-08-21#123"), or a table key that holds
//                         the id next to other attributes of the item (so the URL must carry
//                         the whole key, "order#2025-08-21#123", to address the item)
//   stray-key-text        hand-written key values holding a control character (a tab at the
//                         end), white space at an end, or an unfilled placeholder
//                         ("<sub_feature>", "${date}"): the items concerned, nothing in an editor
//   zoneless-timestamp    ISO-8601 times without Z or an offset in a sort key: stored text
//                         ("2024-03-10T01:30:00") or a format:PATTERN with a time and no zone
//   delimiter-in-value    values of a placeholder holding the template's own separator, some
//                         and not others ("ANA#LU" beside "BEA" in "MEMBER#{Last}#{First}"):
//                         keys collide or prefix-match (all alike, "US#WA#SEATTLE", is a
//                         deliberate composite); and beside a duplicate-key, two different
//                         items whose values hold the key's separator ("ANA#LU" + "RUIZ" and
//                         "ANA" + "LU#RUIZ" both make "MEMBER#ANA#LU#RUIZ")
//   prefix-overlap        one entity type's literal sort-key prefix begins another's ("TASK",
//                         "TASKNOTE#"), confirmed by two such items in one collection; or an
//                         access pattern's begins_with value that stops short of the
//                         separator and returns another type (begins_with(SK, 'TASK'))
//   signed-pad            negative values (in the population or the generator's declared range)
//                         under pad:N or invert:N
//   mixed-width           templates of different entity types padding a number after the same
//                         text to different widths (the narrower is the finding)
//   parent-side, limit-before-filter, page-size   what the access patterns meet
//                         (patternchecks.cpp)
//   hot-partition         one partition key value asked for more than a partition serves:
//                         a pattern's declared rate over 3,000 RCU/s on it (warning: a cache
//                         or eventually consistent reads can absorb reads), or an entity
//                         type's declared writes over 1,000 WCU/s on it in the table (with
//                         its LSIs) or a GSI (error: writes cannot be absorbed, and a GSI that
//                         falls behind throttles the table). How the load spreads is
//                         estimated from the populated items (partitionspread.h): a literal,
//                         or a value the same for every item, takes all of it; a value per
//                         item or per parent (grandparent, ...) spreads it uniformly over that
//                         type's items at maturity (countPerParent); any other set of values
//                         (a choice: STATUS#OPEN, STATUS#CLOSED) as the populated items share
//                         them. The fix is write sharding: a Shard attribute (a hash of the
//                         item's id mod N) appended to the key, N = need / limit with 20%
//                         headroom rounded up to a power of two, and what the readers' fan-in
//                         (N Queries merged by the sort key) costs per request
//   lsi-collection-limit  with a local secondary index, one partition key value's items and
//                         their LSI entries past 10 GB at the declared growth (error:
//                         ItemCollectionSizeLimitExceededException); fix: the index as a GSI,
//                         or a partition key that splits the collection
//   gsi-projection-cost   a GSI projecting ALL or INCLUDE that no access pattern Queries (a
//                         pattern carries no ProjectionExpression, so one that Queries an index
//                         reads all it projects), when KEYS_ONLY saves at least $1 a month in
//                         the cost report (storage and index writes at the declared rates and
//                         growth); not when the design has no access patterns at all
//   scan-like-query       a pattern whose FilterExpression drops most of what it reads:
//                         ScannedCount at least 4x Count and at least 10 items dropped per
//                         request (over every page it reads), with the RCU per request against
//                         reading only the returned items and the monthly cost of the
//                         difference; not when limit-before-filter already fires on it
//                         (costchecks.cpp, hotpartition.cpp; the cost checks run on populations
//                         of at most kTrialItems items, as the pattern checks do)
//
// Pad widths are also checked against the generator's declared range (integerRange min/max, a
// sequence over the most items the counts allow): pad-overflow fires whatever the seed.
// Finding::edit holds the exact new template where it is known: unpadded-number (|pad:N),
// mixed-case (|upper), pad-overflow and pad-near-limit (the wider width), unsortable-timestamp
// (|iso8601 or |epoch|pad:N), lowercase-ulid, zoneless-timestamp (|iso8601), prefix-overlap
// (the prefix ended with the separator, or the pattern's begins_with value ended with it),
// mixed-width (the wider width), gsi-projection-cost (the index's projection, KEYS_ONLY).
//
// What each finding marks (Finding::column/length and Finding::concerned):
//   unpadded-number, mixed-case, unsortable-timestamp, random-id-order
//                         the placeholder at fault; the items in an inverted pair
//   pad-overflow          the pad:N or invert:N filter; the items whose value overflows it
//   pad-near-limit        the filter; the items past the alert share of its maximum
//   lowercase-ulid        the placeholder (or its |lower filter); the items with lowercase ULIDs
//   mutable-in-key        the placeholder; every item of the entity (each key holds it)
//   url-unsafe-key        the template part writing the first unsafe character (a literal '#'
//                         is marked alone); the items whose value or key needs encoding
//   key-too-large         the placeholder writing the most bytes; the items over the limit
//   empty-key             the whole template; the items whose key rendered empty
//   duplicate-key         the whole template (it does not tell the items apart); every item
//                         sharing its primary key with another
//   invalid-item          nothing in the editor when the item misses a key or is too large
//                         as a whole (scopeNote says so); the items rejected
//   zoneless-timestamp, delimiter-in-value
//                         the placeholder; the sampled items holding such values
//   prefix-overlap        the shorter literal prefix; the two items found in one collection
//   signed-pad, mixed-width  the pad:N or invert:N filter; the negative items (signed-pad)
//
// Severities: pad-overflow, signed-pad, mutable-in-key (marked mutable), key-too-large,
// empty-key, duplicate-key, invalid-item, lsi-collection-limit and hot-partition on writes are
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
