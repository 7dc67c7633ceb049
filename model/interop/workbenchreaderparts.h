#pragma once

// What WorkbenchModel's reader files share (model/interop/workbenchmodel.h): one table's read as
// it goes (workbenchtable.cpp), its facets (workbenchfacets.cpp), its sample items
// (workbenchitems.cpp) and the Keyscope project it may carry (workbenchembedded.cpp).

#include "model/design/project.h"
#include "model/design/recovery/designrecovery.h"
#include "model/interop/workbenchformat.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <map>
#include <variant>
#include <vector>

namespace keyscope::model::workbench::detail {

struct Failure
{
    QString path;
    QString message;
};

struct TableContext
{
    QString source;
    QString path; // "DataModel[0]"
    QStringList *notes;
    QString tableName;
    qsizetype *leftOut; // sample items left out
};

// What the model says about a facet's items, for its TypeHint.
struct FacetInfo
{
    QString facetName;                   // as the model spells it
    QString entityName;                  // the entity type it became
    std::map<QString, QString> aliases;  // key attribute -> alias, where they differ
    std::map<QString, QString> prefixes; // key attribute -> literal start of its alias template
    QStringList attributes;              // NonKeyAttributes
    QSet<QString> names;                 // attributes and alias placeholders
};

struct TableRead
{
    Project project;
    std::vector<FacetInfo> facets; // per entity type made from a facet
    std::vector<int> itemFacet;    // per item: the facet whose TableData held it, or -1
};

struct FacetRead
{
    EntityType entity;
    FacetInfo info;
};

// Sample items as a model holds them: the table's TableData (-1) or a 1.0 facet's.
struct TableDataRead
{
    QJsonArray items;
    QString path;
    int facet;         // -1: the table's TableData
    QString facetName; // as the model spells it
};

// workbenchtable.cpp
std::variant<TableRead, Failure> readTable(const QJsonObject &root, const QJsonObject &tableJson,
                                           const TableContext &context);

// workbenchfacets.cpp
FacetRead readFacet(QJsonObject facet, int i, const KeyPair &keys,
                    const QHash<QString, QString> &declared, QSet<QString> *entityNames,
                    QHash<QString, QString> *aliasToKey, const TableContext &context);
std::vector<recovery::TypeHint> facetHints(const TableRead &read);

// workbenchitems.cpp
void readItems(const std::vector<TableDataRead> &tableData, const QHash<QString, QString> &declared,
               const QHash<QString, QString> &aliasToKey, bool versioned,
               const TableContext &context, TableRead *read);

// workbenchembedded.cpp
std::variant<Project, Failure> mergeEmbedded(Project fromModel, const QJsonObject &embedded,
                                             const TableContext &context);

} // namespace keyscope::model::workbench::detail
