#pragma once

// What pattern diagnosis's files share (model/design/patterndiagnosis.h): a candidate fix, the
// context one diagnosis works from, the helpers that write changes, and the families of
// candidates: the parent's side and the direction (diagnosisparent.cpp), the order of the
// children (diagnosisorder.cpp), and what the query reads (diagnosisquery.cpp).

#include "model/design/patterndiagnosis.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace keyscope::model::diagnosis {

struct Candidate
{
    QString diagnosis;
    QString findingId;
    DesignFix fix;
};

FixChange keyChange(const QString &entity, const QString &key, const QString &before,
                    const QString &after);
FixChange patternChange(FixChange::Kind kind, const QString &pattern, const QString &before,
                        const QString &after);
QString quoted(const QString &text);
// A placeholder's source text with new filters: "{PostNo|pad:5}".
QString placeholderText(const QString &attribute, const QStringList &filters);
const AttributeSpec *attributeOf(const EntityType &entity, const QString &name);

// What one diagnosis works from: the run, the parent, the sort key it reads.
struct Context
{
    const Project &project;
    const Population &population;
    const Table &table;
    const AccessPattern &pattern;
    const PatternResult &result;
    QString sortKey;

    const EntityType *parent() const { return project.entity(pattern.parentEntity); }
    QString keyOf(const EntityType &entity) const
    {
        const auto it = entity.keys.find(sortKey);
        return it == entity.keys.end() ? QString() : it->second;
    }
    const std::vector<ItemId> &ids() const
    {
        static const std::vector<ItemId> none;
        return result.response ? result.response->itemIds : none;
    }
    QString entityOf(qint64 item) const
    {
        const int e
            = item >= 0 && item < population.size() ? population.entityOf[size_t(item)] : -1;
        return e < 0 ? QString() : project.entities[size_t(e)].name;
    }
    // The first child of the pattern's parent item of type `entity`, or -1.
    qint64 childOf(const QString &entity) const
    {
        for (qint64 i = 0; i < population.generatedCount; ++i) {
            if (population.parentOf[size_t(i)] == result.parentItem && entityOf(i) == entity)
                return i;
        }
        return -1;
    }
    AttributeValue sortValue(qint64 item) const { return table.attribute(ItemId(item), sortKey); }
    // The types the pattern reads other than the parent, returned unexpected ones first.
    std::vector<const EntityType *> childTypes() const;
    bool parentProblem() const;
};

// diagnosisparent.cpp
// The parent sorts on the wrong side of its children: move the children across it with '#'.
void parentSide(const Context &c, std::vector<Candidate> &out);
// The other way round: read in the other direction, with the key condition's comparison
// turned to match.
void flipDirection(const Context &c, std::vector<Candidate> &out);

// diagnosisorder.cpp
void orderFixes(const Context &c, std::vector<Candidate> &out);

// diagnosisquery.cpp
// The pattern looks its item up by a sort key the item is not keyed by ("TICKET#{TicketId}"
// against "{UpdatedAt}"): key it by what the caller knows, and move the patterns that read
// the old key's order to a local index on it.
void lookupKey(const Context &c, std::vector<Candidate> &out);
// Limit counts the items read before the filter drops any.
void limitBeforeFilter(const Context &c, std::vector<Candidate> &out);
// The pattern's begins_with value stops short of the separator and reaches another type:
// end it with the separator.
void narrowBeginsWith(const Context &c, std::vector<Candidate> &out);
// Another type starts its sort key like the one the pattern expects: give it its own prefix.
void distinctPrefix(const Context &c, std::vector<Candidate> &out);
// The 1 MB page ends before the expected count: read a narrow index of the same keys.
void projectedIndex(const Context &c, std::vector<Candidate> &out);

} // namespace keyscope::model::diagnosis
