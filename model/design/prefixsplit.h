#pragma once

#include "model/design/accesspatternrunner.h"
#include "model/design/designfix.h"

#include <QString>

#include <optional>

namespace keyscope::model {

// The literal text a key template starts with, before its first placeholder ("ORDER#" of
// "ORDER#{OrderId}#ITEM#{ItemId}"); the whole text for a template without placeholders, and
// "" for one that does not parse.
QString templatePrefix(const QString &templateText);

// Two entity types whose sort keys start with the same literal prefix, so a begins_with meant
// for one returns the other too: `ORDER#{OrderId}` and `ORDER#{Order.OrderId}#ITEM#{ItemId}`
// both begin with 'ORDER#'. Found from an access pattern that expects only `reads` and got
// items of `other` back (the equal-prefix case, which the templates alone cannot tell from a
// deliberate parent-and-children hierarchy; a shorter prefix that does not end with its
// separator, 'TASK' and 'TASKNOTE#', is the prefix-overlap check's from the templates).
struct PrefixSplit
{
    QString reads;   // the entity type the pattern expects ("Order")
    QString other;   // the one it returned too ("OrderItem")
    QString sortKey; // the key attribute both start alike ("SK")
    QString prefix;  // what both start with ("ORDER#")
    QString readsTemplate;
    QString otherBefore;   // the other type's template now
    QString otherAfter;    // with a prefix of its own: "ITEM#{Order.OrderId}#{ItemId}"
    qint64 otherItem = -1; // the first returned item of the other type (population index)
    int otherReturned = 0; // how many the page returned
    // The change: the other type's template, and the pattern values that read the other type
    // by its old prefix ("ORDER#{OrderId}#ITEM#" -> "ITEM#{OrderId}#").
    DesignFix fix;
};

std::optional<PrefixSplit> prefixSplit(const Project &project, const Population &population,
                                       const AccessPattern &pattern, const PatternResult &result,
                                       const QString &sortKey);

// A begins_with value in an access pattern that stops short of the separator, so it reaches
// another entity type whose sort key prefix begins with it too: begins_with(SK, 'TASK') meant
// for Task (TASK#{TaskId}) returns TaskNote (TASKNOTE#{NoteId}). Found from a pattern that
// expects only `reads` and got items of `other` back; the fix extends the value up to the
// expected type's separator ('TASK#'), which the other prefix does not begin with.
struct BeginsWithReach
{
    QString valueName;     // ":sk"
    QString sortKey;       // "SK"
    QString prefix;        // the value as the pattern gives it: "TASK"
    QString narrowed;      // "TASK#"
    QString reads;         // "Task"
    QString readsPrefix;   // "TASK#"
    QString other;         // "TaskNote"
    QString otherPrefix;   // "TASKNOTE#"
    qint64 otherItem = -1; // the first returned item of the other type (population index)
    int otherReturned = 0; // how many the page returned
    DesignFix fix;         // the pattern value, narrowed
};

std::optional<BeginsWithReach> beginsWithReach(const Project &project, const Population &population,
                                               const AccessPattern &pattern,
                                               const PatternResult &result, const QString &sortKey);

} // namespace keyscope::model
