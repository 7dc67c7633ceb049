#pragma once

#include "model/design/project.h"
#include "model/design/recovery/designrecovery.h"
#include "model/io/ioerror.h"
#include "model/io/orderedjson.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonDocument>
#include <QString>
#include <QStringList>

#include <variant>
#include <vector>

namespace keyscope::model {

// NoSQL Workbench for DynamoDB data models (the JSON its Data modeler imports and exports):
//
//   {"ModelName": "...", "ModelMetadata": {"Author", "DateCreated", "DateLastModified",
//    "Description", "AWSService": "Amazon DynamoDB", "Version": "3.0"},
//    "DataModel": [{
//      "TableName": "...",
//      "KeyAttributes": {"PartitionKey": {"AttributeName", "AttributeType"}, "SortKey": {...}},
//      "NonKeyAttributes": [{"AttributeName", "AttributeType"}],
//      "TableFacets": [{"FacetName", "KeyAttributeAlias": {"PartitionKeyAlias", "SortKeyAlias"},
//                       "TableData": [items] (1.0 only), "NonKeyAttributes": [names],
//                       "DataAccess": {"MySql": {}}}],
//      "GlobalSecondaryIndexes": [{"IndexName", "KeyAttributes": {...},
//                                  "Projection": {"ProjectionType", "NonKeyAttributes"}}],
//      "TableData": [items in DynamoDB JSON] (2.0 and later),
//      "DataAccess": {"MySql": {}}, "BillingMode": "PROVISIONED" | "PAY_PER_REQUEST",
//      "ProvisionedCapacitySettings": {"ProvisionedThroughput": {...}, "AutoScalingRead": ...}}]}
//
// Versions read: 3.0 and 2.0 (items in the table's TableData), 1.0 (items in each facet's
// TableData) and the early files without a Version (either place; plain JSON values are read
// as the attribute's declared type). See tests/data/interop/README.md for the sources.
//
// A malformed sample item never refuses the model: plain JSON inside an M or L is read as
// DynamoDB values (ItemsFile::valueFromJsonLeniently), anything else bad leaves that item out;
// both with a note naming the item's JSON path.
//
// Facet hints (recovery::TypeHint, one per facet): the facet's name, key aliases, attributes and
// items. A 1.0 facet lists its own items in its TableData. From 2.0 on all items sit in the
// table's TableData and AWS documents a facet only as showing "a subset of the data in a table,
// without having to see records that don't meet the constraints of the facet" (the constraints
// being its key aliases and attributes), so an item is the facet's whose name its type attribute
// (Type, EntityType, __typename, ...) holds, else that of the fewest attributes holding all of
// the item's non-key attributes and one of its own, and whose alias templates' literal starts
// begin the item's keys (see matchFacet).
//
// Each table becomes a project: facets become entity types (a key alias that is a plain name
// becomes an attribute and the key template "{Alias}"), table data become hand-written items,
// GSIs and billing settings go into the table. Members Keyscope does not use are kept in
// "x-workbench" members (project, entity types) and written back on export.
//
// Export writes a Workbench 3.0 model of one project: entity types as facets, items as the
// table's TableData, and the whole Keyscope project (key templates, generators, access
// patterns, LSIs, seed...) in the table's extra member "KeyscopeProject", which import reads
// back, so Keyscope -> Workbench -> Keyscope loses nothing.
class WorkbenchModel
{
public:
    static constexpr const char *kProjectMember = "KeyscopeProject";
    static constexpr const char *kExtraMember = "x-workbench";

    struct Import
    {
        QString version;               // ModelMetadata.Version; empty for early files
        QStringList tableNames;        // every table in the file, in file order
        std::vector<Project> projects; // the tables asked for, in file order
        // Parallel to projects: one hint per facet (see below); empty for a table that carries
        // a Keyscope project.
        std::vector<std::vector<recovery::TypeHint>> hints;
        // Things the user may not expect, each "FILE: JSON PATH: what was done" (a malformed
        // sample item left out, plain JSON inside an M read as DynamoDB values, ...).
        QStringList notes;
        qsizetype leftOut = 0; // sample items left out (each with a note)
    };

    // An object with a "DataModel" array (or "ModelName" and "ModelMetadata").
    static bool looksLike(const QJsonDocument &document);

    // `table` picks one table by name; empty takes every table. An unknown name is an error
    // that lists the tables.
    static std::variant<Import, IoError>
    fromDocument(const QJsonDocument &document, const QString &source, const QString &table = {});

    // The Workbench 3.0 model of `project` with `tableData` (usually its populated items) as the
    // table's TableData. `now` dates the model (DateLastModified; also DateCreated unless the
    // project came from a model that had one).
    static OrderedJson toJson(const Project &project, const ItemList &tableData,
                              const QDateTime &now);
    // 2-space indentation, as NoSQL Workbench writes its files.
    static QByteArray serialize(const Project &project, const ItemList &tableData,
                                const QDateTime &now);
};

} // namespace keyscope::model
