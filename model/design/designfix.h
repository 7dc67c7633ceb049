#pragma once

#include "model/design/project.h"

#include <QString>

#include <optional>
#include <variant>
#include <vector>

namespace keyscope::model {

// One concrete change to a design, as exact new text: what "Apply Fix" does and what
// `keyscope check --json` prints as a fix. Every change names its target by name (entity type,
// key attribute, access pattern), never by index, so a fix stays valid while other parts of the
// project are edited; `before` is the text the fix was computed against, and applying a change
// whose target no longer holds `before` is refused (the design changed under the fix).
struct FixChange
{
    enum class Kind {
        KeyTemplate,         // entity `entity`, key attribute `key`: before -> after
        AttributeGenerator,  // entity `entity`, attribute `attribute`: generator JSON text
                             // (compared as JSON, so spacing does not matter)
        AttributeMutable,    // entity `entity`, attribute `attribute`: "true" / "false"
        PatternDirection,    // pattern `pattern`: "forward" / "backward"
        PatternKeyCondition, // pattern `pattern`: KeyConditionExpression text
        PatternFilter,       // pattern `pattern`: FilterExpression text ("" removes it)
        PatternValue,        // pattern `pattern`, value `valueName` (":sk"): template text, or
                             // a literal as DynamoDB JSON ({"S": "EVENT#2023-12-01"})
        PatternLimit,        // pattern `pattern`: decimal text ("" removes the Limit)
        PatternIndex,        // pattern `pattern`: index name ("" is the table)
        TableIndex,          // a new local secondary index named `after` (before ""), on the
                             // table's partition key and the S sort key attribute `key`
        TableKeysIndex,      // a new global secondary index named `after` (before "") on the
                             // table's own partition and sort key that projects only the keys
                             // and the attributes `attribute` names ("A,B": INCLUDE; "":
                             // KEYS_ONLY), so a page of it holds far more entries
        IndexProjection,     // index `index`: its Projection as create-table JSON text
                             // ({"ProjectionType":"KEYS_ONLY"}; compared as JSON)
    };

    Kind kind = Kind::KeyTemplate;
    QString entity;
    QString key;
    QString attribute;
    QString pattern;
    QString valueName;
    QString index;
    QString before;
    QString after;

    static QString kindName(Kind kind); // "key-template", "pattern-direction", ...
    // What the change targets, in the user's words: "the SK template of Reading".
    QString targetText() const;
};

// A fix: one line saying what it does ("Pad ReadingId to 5 digits: READING#{ReadingId|pad:5}")
// and the changes that make it, applied together as one undoable edit.
struct DesignFix
{
    QString summary;
    std::vector<FixChange> changes;

    bool isEmpty() const { return changes.empty(); }
    // Every change as "target: before -> after", one a line.
    QString changesText() const;
};

// The project with every change of `fix` made, or why it cannot be made (a target that is not
// there, or no longer holds the change's `before` text).
std::variant<Project, QString> applyFix(const Project &project, const DesignFix &fix);

} // namespace keyscope::model
