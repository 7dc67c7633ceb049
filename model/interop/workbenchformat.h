#pragma once

// What WorkbenchModel's reader (workbenchreader.cpp) and writer (workbenchwriter.cpp) share: the
// member names of a NoSQL Workbench model and the reading of a facet's key alias.

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace keyscope::model::workbench {

inline const QString kDataModel = QStringLiteral("DataModel");
inline const QString kTableData = QStringLiteral("TableData");
inline const QString kKeyAttributes = QStringLiteral("KeyAttributes");
inline const QString kNonKeyAttributes = QStringLiteral("NonKeyAttributes");
inline const QString kTableFacets = QStringLiteral("TableFacets");
inline const QString kGsis = QStringLiteral("GlobalSecondaryIndexes");
inline const QString kModelMetadata = QStringLiteral("ModelMetadata");
inline const QString kCapacity = QStringLiteral("ProvisionedCapacitySettings");
inline const QString kAlias = QStringLiteral("KeyAttributeAlias");

struct KeyAttr
{
    QString name;
    QString type;
};

struct KeyPair
{
    KeyAttr hash;
    std::optional<KeyAttr> range;
};

// A facet alias such as "CUSTOMER#<id>" as a key template "CUSTOMER#{id}" and its placeholder
// names; nullopt when it has no <name> part or holds characters templates reserve.
std::optional<std::pair<QString, QStringList>>
templateFromAlias(const QString &alias, const QHash<QString, QString> &declared,
                  const KeyPair &keys);

} // namespace keyscope::model::workbench
