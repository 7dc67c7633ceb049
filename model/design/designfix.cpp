#include "model/design/designfix.h"

#include "model/design/projectfile.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace keyscope::model {

QString FixChange::kindName(Kind kind)
{
    switch (kind) {
    case Kind::KeyTemplate:
        return QStringLiteral("key-template");
    case Kind::AttributeGenerator:
        return QStringLiteral("attribute-generator");
    case Kind::AttributeMutable:
        return QStringLiteral("attribute-mutable");
    case Kind::PatternDirection:
        return QStringLiteral("pattern-direction");
    case Kind::PatternKeyCondition:
        return QStringLiteral("pattern-key-condition");
    case Kind::PatternFilter:
        return QStringLiteral("pattern-filter");
    case Kind::PatternValue:
        return QStringLiteral("pattern-value");
    case Kind::PatternLimit:
        return QStringLiteral("pattern-limit");
    case Kind::PatternIndex:
        return QStringLiteral("pattern-index");
    case Kind::TableIndex:
        return QStringLiteral("table-index");
    case Kind::TableKeysIndex:
        return QStringLiteral("table-keys-index");
    case Kind::IndexProjection:
        return QStringLiteral("index-projection");
    }
    return QString();
}

QString FixChange::targetText() const
{
    const QString of = QStringLiteral(" of ");
    const QString quoted = QStringLiteral("pattern '") + pattern + QLatin1Char('\'');
    switch (kind) {
    case Kind::KeyTemplate:
        return QStringLiteral("the ") + key + QStringLiteral(" template") + of + entity;
    case Kind::AttributeGenerator:
        return QStringLiteral("the generator of ") + entity + QLatin1Char('.') + attribute;
    case Kind::AttributeMutable:
        return QStringLiteral("\"mutable\" of ") + entity + QLatin1Char('.') + attribute;
    case Kind::PatternDirection:
        return QStringLiteral("the direction") + of + quoted;
    case Kind::PatternKeyCondition:
        return QStringLiteral("the key condition") + of + quoted;
    case Kind::PatternFilter:
        return QStringLiteral("the filter") + of + quoted;
    case Kind::PatternValue:
        return QStringLiteral("the value ") + valueName + of + quoted;
    case Kind::PatternLimit:
        return QStringLiteral("the Limit") + of + quoted;
    case Kind::PatternIndex:
        return QStringLiteral("the index") + of + quoted;
    case Kind::TableIndex:
        return QStringLiteral("a local secondary index on ") + key;
    case Kind::TableKeysIndex:
        return attribute.isEmpty()
            ? QStringLiteral("a global secondary index of the table's keys only")
            : QStringLiteral("a global secondary index of the table's keys and ") + attribute;
    case Kind::IndexProjection:
        return QStringLiteral("the projection of index ") + index;
    }
    return QString();
}

QString DesignFix::changesText() const
{
    QStringList lines;
    for (const FixChange &change : changes) {
        const QString before = change.before.isEmpty() ? QStringLiteral("(none)") : change.before;
        const QString after = change.after.isEmpty() ? QStringLiteral("(none)") : change.after;
        lines << change.targetText() + QStringLiteral(": ") + before + QStringLiteral(" -> ")
                + after;
    }
    return lines.join(QLatin1Char('\n'));
}

namespace {

QString compact(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    if (value.isString())
        return value.toString();
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble())
        return QString::number(qint64(value.toDouble()));
    return QString();
}

std::optional<QJsonObject> objectText(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    return document.object();
}

// The element of `array` whose "name" is `name`, or -1.
qsizetype named(const QJsonArray &array, const QString &name)
{
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (array.at(i).toObject().value(QLatin1String("name")).toString() == name)
            return i;
    }
    return -1;
}

QString stale(const FixChange &change, const QString &now)
{
    return QStringLiteral("The design changed since the fix was made: ") + change.targetText()
        + QStringLiteral(" is ") + (now.isEmpty() ? QStringLiteral("(none)") : now)
        + QStringLiteral(", not ")
        + (change.before.isEmpty() ? QStringLiteral("(none)") : change.before) + QLatin1Char('.');
}

// Sets `member` of `object` to `after` (undefined removes it), refusing when it does not
// hold `before` (objects compare as JSON, so spacing and member order do not matter).
std::optional<QString> replaceMember(QJsonObject &object, const QString &member,
                                     const FixChange &change, const QJsonValue &after)
{
    const QString now = compact(object.value(member));
    bool same = now == change.before;
    if (!same && object.value(member).isObject()) {
        const auto before = objectText(change.before);
        same = before && *before == object.value(member).toObject();
    }
    if (!same)
        return stale(change, now);
    if (after.isUndefined())
        object.remove(member);
    else
        object.insert(member, after);
    return std::nullopt;
}

// Edits the project's table definition, as create-table input or inside describe-table's
// {"Table": {...}}; `edit` returns why it refused, and then nothing changes.
template<typename Edit>
std::optional<QString> editTable(QJsonObject &root, Edit &&edit)
{
    QJsonObject table = root.value(QLatin1String("table")).toObject();
    const bool wrapped = table.value(QLatin1String("Table")).isObject();
    QJsonObject inner = wrapped ? table.value(QLatin1String("Table")).toObject() : table;
    if (auto refused = edit(inner))
        return refused;
    if (wrapped)
        table.insert(QStringLiteral("Table"), inner);
    root.insert(QStringLiteral("table"), wrapped ? table : inner);
    return std::nullopt;
}

// Why an index `name` cannot be added: the table's `members` (LocalSecondaryIndexes,
// GlobalSecondaryIndexes) already have one of that name.
std::optional<QString> indexNameTaken(const QJsonObject &table, const QString &name,
                                      std::initializer_list<const char *> members)
{
    for (const char *member : members) {
        for (const QJsonValue &index : table.value(QLatin1String(member)).toArray()) {
            if (index.toObject().value(QLatin1String("IndexName")).toString() == name)
                return QStringLiteral("The table already has an index named ") + name
                    + QLatin1Char('.');
        }
    }
    return std::nullopt;
}

std::optional<QString> changeTable(QJsonObject &root, const FixChange &change)
{
    return editTable(root, [&](QJsonObject &inner) -> std::optional<QString> {
        if (auto taken = indexNameTaken(inner, change.after, {"LocalSecondaryIndexes"}))
            return taken;
        QJsonArray locals = inner.value(QLatin1String("LocalSecondaryIndexes")).toArray();
        QString hash;
        for (const QJsonValue &key : inner.value(QLatin1String("KeySchema")).toArray()) {
            if (key.toObject().value(QLatin1String("KeyType")).toString() == QLatin1String("HASH"))
                hash = key.toObject().value(QLatin1String("AttributeName")).toString();
        }
        QJsonArray definitions = inner.value(QLatin1String("AttributeDefinitions")).toArray();
        bool defined = false;
        for (const QJsonValue &definition : definitions)
            defined = defined
                || definition.toObject().value(QLatin1String("AttributeName")).toString()
                    == change.key;
        if (!defined)
            definitions.append(
                QJsonObject {{QStringLiteral("AttributeName"), change.key},
                             {QStringLiteral("AttributeType"), QStringLiteral("S")}});
        inner.insert(QStringLiteral("AttributeDefinitions"), definitions);
        locals.append(QJsonObject {
            {QStringLiteral("IndexName"), change.after},
            {QStringLiteral("KeySchema"),
             QJsonArray {QJsonObject {{QStringLiteral("AttributeName"), hash},
                                      {QStringLiteral("KeyType"), QStringLiteral("HASH")}},
                         QJsonObject {{QStringLiteral("AttributeName"), change.key},
                                      {QStringLiteral("KeyType"), QStringLiteral("RANGE")}}}},
            {QStringLiteral("Projection"),
             QJsonObject {{QStringLiteral("ProjectionType"), QStringLiteral("ALL")}}}});
        inner.insert(QStringLiteral("LocalSecondaryIndexes"), locals);
        return std::nullopt;
    });
}

// A global secondary index on the table's own key schema with a narrow projection.
std::optional<QString> addKeysIndex(QJsonObject &root, const FixChange &change)
{
    return editTable(root, [&](QJsonObject &inner) -> std::optional<QString> {
        if (auto taken = indexNameTaken(inner, change.after,
                                        {"LocalSecondaryIndexes", "GlobalSecondaryIndexes"}))
            return taken;
        QJsonObject projection {{QStringLiteral("ProjectionType"), QStringLiteral("KEYS_ONLY")}};
        const QStringList attributes = change.attribute.split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (!attributes.isEmpty()) {
            projection.insert(QStringLiteral("ProjectionType"), QStringLiteral("INCLUDE"));
            projection.insert(QStringLiteral("NonKeyAttributes"),
                              QJsonArray::fromStringList(attributes));
        }
        QJsonArray globals = inner.value(QLatin1String("GlobalSecondaryIndexes")).toArray();
        globals.append(
            QJsonObject {{QStringLiteral("IndexName"), change.after},
                         {QStringLiteral("KeySchema"), inner.value(QLatin1String("KeySchema"))},
                         {QStringLiteral("Projection"), projection}});
        inner.insert(QStringLiteral("GlobalSecondaryIndexes"), globals);
        return std::nullopt;
    });
}

// Sets the Projection of the index `index` (global or local) to the JSON object `after`.
std::optional<QString> changeProjection(QJsonObject &root, const FixChange &change)
{
    const auto after = objectText(change.after);
    if (!after)
        return QStringLiteral("The new projection is not a JSON object: ") + change.after;
    return editTable(root, [&](QJsonObject &inner) -> std::optional<QString> {
        for (const char *member : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
            QJsonArray indexes = inner.value(QLatin1String(member)).toArray();
            for (qsizetype i = 0; i < indexes.size(); ++i) {
                QJsonObject index = indexes.at(i).toObject();
                if (index.value(QLatin1String("IndexName")).toString() != change.index)
                    continue;
                if (auto refused
                    = replaceMember(index, QStringLiteral("Projection"), change, *after))
                    return refused;
                indexes.replace(i, index);
                inner.insert(QLatin1String(member), indexes);
                return std::nullopt;
            }
        }
        return QStringLiteral("The table has no index named '") + change.index
            + QStringLiteral("' any more.");
    });
}

// Edits the element of object[member] whose "name" is `name` and writes it back; `missing`
// is the refusal when there is none. A refused edit writes nothing (applyFix then stops).
template<typename Edit>
std::optional<QString> editNamed(QJsonObject &object, const QString &member, const QString &name,
                                 const QString &missing, Edit &&edit)
{
    QJsonArray array = object.value(member).toArray();
    const qsizetype i = named(array, name);
    if (i < 0)
        return missing;
    QJsonObject element = array.at(i).toObject();
    if (auto refused = edit(element))
        return refused;
    array.replace(i, element);
    object.insert(member, array);
    return std::nullopt;
}

std::optional<QString> changeAttribute(QJsonObject &attribute, const FixChange &change)
{
    if (change.kind == FixChange::Kind::AttributeGenerator) {
        const auto after = objectText(change.after);
        if (!after)
            return QStringLiteral("The new generator is not a JSON object: ") + change.after;
        return replaceMember(attribute, QStringLiteral("generator"), change, *after);
    }
    const bool now = attribute.value(QLatin1String("mutable")).toBool();
    if ((now ? QStringLiteral("true") : QStringLiteral("false")) != change.before)
        return stale(change, now ? QStringLiteral("true") : QStringLiteral("false"));
    attribute.insert(QStringLiteral("mutable"), change.after == QLatin1String("true"));
    return std::nullopt;
}

std::optional<QString> changeEntity(QJsonObject &root, const FixChange &change)
{
    const QString missing = QStringLiteral("No entity type is named '") + change.entity
        + QStringLiteral("' any more.");
    return editNamed(
        root, QStringLiteral("entities"), change.entity, missing,
        [&](QJsonObject &entity) -> std::optional<QString> {
            if (change.kind != FixChange::Kind::KeyTemplate) {
                const QString noAttribute = change.entity + QStringLiteral(" has no attribute '")
                    + change.attribute + QStringLiteral("' any more.");
                return editNamed(
                    entity, QStringLiteral("attributes"), change.attribute, noAttribute,
                    [&](QJsonObject &attribute) { return changeAttribute(attribute, change); });
            }
            QJsonObject keys = entity.value(QLatin1String("keys")).toObject();
            const auto refused
                = replaceMember(keys, change.key, change,
                                change.after.isEmpty() ? QJsonValue(QJsonValue::Undefined)
                                                       : QJsonValue(change.after));
            entity.insert(QStringLiteral("keys"), keys);
            return refused;
        });
}

std::optional<QString> changePatternMembers(QJsonObject &pattern, const FixChange &change)
{
    const QJsonValue text
        = change.after.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(change.after);
    switch (change.kind) {
    case FixChange::Kind::PatternDirection: {
        const bool forward = pattern.value(QLatin1String("scanIndexForward")).toBool(true);
        if ((forward ? QStringLiteral("forward") : QStringLiteral("backward")) != change.before)
            return stale(change, forward ? QStringLiteral("forward") : QStringLiteral("backward"));
        pattern.insert(QStringLiteral("scanIndexForward"),
                       change.after == QLatin1String("forward"));
        return std::nullopt;
    }
    case FixChange::Kind::PatternKeyCondition:
        return replaceMember(pattern, QStringLiteral("keyCondition"), change, text);
    case FixChange::Kind::PatternFilter:
        return replaceMember(pattern, QStringLiteral("filter"), change, text);
    case FixChange::Kind::PatternIndex:
        return replaceMember(pattern, QStringLiteral("index"), change, text);
    case FixChange::Kind::PatternLimit: {
        bool ok = change.after.isEmpty();
        const qint64 limit = change.after.toLongLong(ok ? nullptr : &ok);
        if (!ok)
            return QStringLiteral("The new Limit is not a number: ") + change.after;
        return replaceMember(pattern, QStringLiteral("limit"), change,
                             change.after.isEmpty() ? QJsonValue(QJsonValue::Undefined)
                                                    : QJsonValue(limit));
    }
    case FixChange::Kind::PatternValue: {
        QJsonObject values = pattern.value(QLatin1String("values")).toObject();
        const auto literal = objectText(change.after);
        const auto refused = replaceMember(values, change.valueName, change,
                                           literal ? QJsonValue(*literal) : text);
        pattern.insert(QStringLiteral("values"), values);
        return refused;
    }
    default:
        return std::nullopt;
    }
}

std::optional<QString> changePattern(QJsonObject &root, const FixChange &change)
{
    const QString missing = QStringLiteral("No access pattern is named '") + change.pattern
        + QStringLiteral("' any more.");
    return editNamed(root, QStringLiteral("accessPatterns"), change.pattern, missing,
                     [&](QJsonObject &pattern) { return changePatternMembers(pattern, change); });
}

} // namespace

std::variant<Project, QString> applyFix(const Project &project, const DesignFix &fix)
{
    // The changes are made on the project file's JSON and read back, so the fixed design is
    // checked exactly as a saved file would be.
    QJsonObject root = ProjectFile::toJson(project);
    for (const FixChange &change : fix.changes) {
        std::optional<QString> refused;
        switch (change.kind) {
        case FixChange::Kind::KeyTemplate:
        case FixChange::Kind::AttributeGenerator:
        case FixChange::Kind::AttributeMutable:
            refused = changeEntity(root, change);
            break;
        case FixChange::Kind::TableIndex:
            refused = changeTable(root, change);
            break;
        case FixChange::Kind::TableKeysIndex:
            refused = addKeysIndex(root, change);
            break;
        case FixChange::Kind::IndexProjection:
            refused = changeProjection(root, change);
            break;
        default:
            refused = changePattern(root, change);
            break;
        }
        if (refused)
            return *refused;
    }
    auto read = ProjectFile::fromJson(QJsonDocument(root), QStringLiteral("the fixed design"));
    if (auto *errors = std::get_if<std::vector<IoError>>(&read)) {
        QStringList lines;
        for (const IoError &error : *errors)
            lines << (error.path.isEmpty() ? error.message
                                           : error.path + QStringLiteral(": ") + error.message);
        return QStringLiteral("The fixed design is not valid: ") + lines.join(QStringLiteral("; "));
    }
    Project fixed = std::get<Project>(std::move(read));
    fixed.view = project.view;
    return fixed;
}

} // namespace keyscope::model
