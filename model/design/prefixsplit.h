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

} // namespace keyscope::model
