#include "model/design/fileformat/readerparts.h"

#include "model/design/fileformat/names.h"
#include "model/io/suggestion.h"
#include "model/table/keyroles.h"

#include "model/design/keytemplate.h"
#include "model/design/projectfile.h"

namespace keyscope::model::fileformat {

using Kind = GeneratorSpec::Kind;

std::optional<KeyTemplate> parseTemplate(Reader &reader, const QString &path, const QString &text)
{
    auto parsed = KeyTemplate::parse(text);
    if (auto *error = std::get_if<TemplateError>(&parsed)) {
        QString message = error->message;
        if (error->column > 0 && !message.contains(QStringLiteral("column")))
            message += QStringLiteral(" (column %1)").arg(error->column);
        reader.error(path, QStringLiteral("in template \"%1\": %2").arg(text, message));
        return std::nullopt;
    }
    return std::get<KeyTemplate>(std::move(parsed));
}

const AttributeSpec *findAttribute(const EntityType &entity, const QString &name)
{
    for (const auto &attribute : entity.attributes) {
        if (attribute.name == name)
            return &attribute;
    }
    return nullptr;
}

QStringList attributeNames(const EntityType &entity)
{
    QStringList names;
    for (const auto &attribute : entity.attributes)
        names << attribute.name;
    return names;
}

// Resolves a placeholder against `owner` (own attribute, or "Ancestor.Attribute"). On failure
// returns nullptr and says why.
const AttributeSpec *resolvePlaceholder(const Project &project, const EntityType &owner,
                                        const QStringList &ancestors, const QString &placeholder,
                                        QString *why)
{
    const qsizetype dot = placeholder.indexOf(QLatin1Char('.'));
    if (dot < 0) {
        if (const AttributeSpec *attribute = findAttribute(owner, placeholder))
            return attribute;
        QString hint = didYouMean(placeholder, attributeNames(owner));
        if (hint.isEmpty()) {
            for (const QString &ancestor : ancestors) {
                const EntityType *type = project.entity(ancestor);
                if (type && findAttribute(*type, placeholder)) {
                    hint = QStringLiteral("; %1 has it: write {%1.%2}").arg(ancestor, placeholder);
                    break;
                }
            }
        }
        *why = QStringLiteral("{%1} names no attribute of %2 (its attributes: %3)%4")
                   .arg(placeholder, owner.name, listOrNone(attributeNames(owner)), hint);
        return nullptr;
    }
    const QString typeName = placeholder.left(dot);
    const QString attributeName = placeholder.mid(dot + 1);
    const EntityType *type = nullptr;
    if (typeName == owner.name)
        type = &owner;
    else if (ancestors.contains(typeName))
        type = project.entity(typeName);
    if (!type) {
        QStringList candidates = ancestors;
        candidates.prepend(owner.name);
        *why = ancestors.isEmpty()
            ? QStringLiteral("{%1}: %2 is not %3, and %3 has no parent; a placeholder names "
                             "an attribute of %3 or of an ancestor (\"parent\")")
                  .arg(placeholder, typeName, owner.name)
            : QStringLiteral("{%1}: %2 is not %3 or one of its ancestors (%4)%5")
                  .arg(placeholder, typeName, owner.name, ancestors.join(QStringLiteral(", ")),
                       didYouMean(typeName, candidates));
        return nullptr;
    }
    if (const AttributeSpec *attribute = findAttribute(*type, attributeName))
        return attribute;
    *why = QStringLiteral("{%1}: %2 has no attribute %3 (its attributes: %4)%5")
               .arg(placeholder, type->name, attributeName, listOrNone(attributeNames(*type)),
                    didYouMean(attributeName, attributeNames(*type)));
    return nullptr;
}

QString keyTypeName(AttributeValue::Type type)
{
    switch (type) {
    case AttributeValue::Type::S:
        return QStringLiteral("a string (S)");
    case AttributeValue::Type::N:
        return QStringLiteral("a number (N)");
    case AttributeValue::Type::B:
        return QStringLiteral("a binary (B)");
    default:
        return AttributeValue::typeName(type);
    }
}

std::optional<AttributeValue::Type> keyTypeOf(const TableDefinition &table, const QString &name)
{
    return keyType(table, name);
}

// What an attribute of `kind` stores as an item value; nullopt for BOOL (never a key).
std::optional<AttributeValue::Type> storedType(AttributeKind kind)
{
    switch (kind) {
    case AttributeKind::S:
    case AttributeKind::Timestamp:
        return AttributeValue::Type::S;
    case AttributeKind::N:
        return AttributeValue::Type::N;
    case AttributeKind::B:
        return AttributeValue::Type::B;
    case AttributeKind::Bool:
        return std::nullopt;
    }
    return std::nullopt;
}

// "the table's partition key PK", "the sort key of index GSI1 (GSI1SK)".
QString keyRole(const TableDefinition &table, const QString &name)
{
    QStringList roles;
    for (const KeyRole &role : keyRoles(table)) {
        if (role.attribute != name)
            continue;
        const QString what = role.sort ? QStringLiteral("sort key") : QStringLiteral("partition key");
        roles << (role.index.isEmpty() ? QStringLiteral("the table's ") + what
                                       : QStringLiteral("the ") + what
                                           + QStringLiteral(" of index ") + role.index);
    }
    return roles.join(QStringLiteral(" and "));
}

// An example template for a missing table key, from the entity's name and first attribute.
QString exampleTemplate(const EntityType &entity)
{
    const QString prefix = entity.name.toUpper() + QLatin1Char('#');
    if (entity.attributes.empty())
        return prefix;
    return prefix + QLatin1Char('{') + entity.attributes.front().name + QLatin1Char('}');
}

} // namespace keyscope::model::fileformat
