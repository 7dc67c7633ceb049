#pragma once

// The design checks over hand-written, imported and loaded items (Project::items): the items
// are grouped into entity types inferred from their keys (recovery::DesignRecovery), the
// checks read them through the inferred templates like generated items, and findings on them
// are told in the items' words, since no template in the file writes them.

#include "model/design/checks/checksupport.h"
#include "model/design/recovery/designrecovery.h"

#include <memory>

namespace keyscope::model::checks {

struct InferredTypes
{
    // The project's entity types, then one inferred type per proposal (entity type
    // itemTypes.declaredEntities + p is proposal p).
    Project project;
    ItemTypes itemTypes;
    recovery::RecoveryResult recovery; // over the hand-written items
    ItemList handWritten;              // the hand-written items as the user wrote them

    const recovery::EntityProposal *proposal(int entity) const;
};

// Null when the population has no hand-written item that falls into an inferred group.
// Items whose keys the inferred templates do not render back stay of no type.
std::unique_ptr<InferredTypes> inferItemTypes(const Project &project, const Population &population,
                                              const CheckOptions &options);

// What the template checks cannot see because the inferred templates do not write it: values
// of a part that do not fit the kind the others agree on (a malformed timestamp among
// timestamps, a number wider or narrower than the padded others), times that mix zones or
// have none, dates written for people whose order the generic check did not reach. Reads the
// items' own key text; skips what a finding of the same check already reports.
void checkInferredParts(const CheckContext &context, const InferredTypes &types,
                        std::vector<Finding> &findings);

// Findings on inferred entity types are about the user's items, not a template in the file:
// path "items[K]" (the first hand-written example), no template span, a scope note naming the
// items by key and the inferred template part, and the fix in the items' words.
void describeItemFindings(const CheckContext &context, const InferredTypes &types,
                          std::vector<Finding> &findings);

// What the three steps share (inferredtypes.cpp, itemwords.cpp, inferredparts.cpp).
namespace inferred {

// The recovery types all three read, by their own names.
using recovery::EntityProposal;
using recovery::InferredKey;
using recovery::PartKind;

QString stringKey(const Item &item, const QString &attribute); // S values only
QByteArray keyBytes(const Item &item, const QString &attribute);
// What each part of an inferred key writes in a key's text: a placeholder runs to the next
// literal, as DesignRecovery::withInferredAttributes reads it. False when the text does not
// follow the parts.
bool splitKey(const QString &text, const recovery::InferredKey &key, std::vector<QString> &outputs);
// The index into InferredKey::parts of the n-th placeholder (templates list them in order).
int inferredPart(const recovery::InferredKey &key, int ordinal);
const recovery::InferredKey *inferredKey(const recovery::EntityProposal &proposal,
                                         const QString &keyAttribute);
bool isTimeKind(recovery::PartKind::Kind kind);

// "These 3 hand-written items follow the inferred template SK 'READING#{ReadingNo}' (its
// {ReadingNo} part: ...); no template in the file writes them. Named here: SK '...'."
QString scopeNote(const CheckContext &context, const InferredTypes &types, int entity,
                  const QString &keyAttribute, int ordinal, const std::vector<qint64> &named);
std::optional<QString> padded(const QString &output, int width); // digits only
QString isoText(qint64 instantMs); // a date at UTC midnight, else date and time in UTC
// "When you adopt the inferred design (...), write the part as {ReadingNo|pad:5}."
QString adoptText(const QString &part);

} // namespace inferred

} // namespace keyscope::model::checks
