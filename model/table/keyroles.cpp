#include "model/table/keyroles.h"

namespace keyscope::model {

QString KeyRole::shortText() const
{
    const QString what = sort ? QStringLiteral("sort key") : QStringLiteral("partition key");
    return (index.isEmpty() ? QStringLiteral("table") : index) + QLatin1Char(' ') + what;
}

std::vector<KeyRole> keyRoles(const TableDefinition &table)
{
    std::vector<KeyRole> roles;
    const auto add = [&roles](const KeySchema &keys, const QString &index) {
        for (const KeyAttribute &k : keys.hash)
            roles.push_back({k.name, index, false, k.type});
        for (const KeyAttribute &k : keys.range)
            roles.push_back({k.name, index, true, k.type});
    };
    add(table.keys, QString());
    for (const IndexDefinition &index : table.indexes)
        add(index.keys, index.name);
    return roles;
}

std::vector<std::pair<QString, QStringList>> keyRoleTexts(const TableDefinition &table)
{
    std::vector<std::pair<QString, QStringList>> texts;
    for (const KeyRole &role : keyRoles(table)) {
        auto it = std::find_if(texts.begin(), texts.end(), [&role](const auto &entry) {
            return entry.first == role.attribute;
        });
        if (it == texts.end())
            texts.push_back({role.attribute, {role.shortText()}});
        else
            it->second << role.shortText();
    }
    return texts;
}

std::optional<AttributeValue::Type> keyType(const TableDefinition &table, const QString &name)
{
    for (const KeyRole &role : keyRoles(table)) {
        if (role.attribute == name)
            return role.type;
    }
    return std::nullopt;
}

} // namespace keyscope::model
