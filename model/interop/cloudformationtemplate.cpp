#include "model/interop/cloudformationtemplate.h"

#include "model/interop/interopjson.h"
#include "model/interop/yamldocument.h"
#include "model/io/jsonwriter.h"
#include "model/io/wording.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace keyscope::model {

namespace {

const QString kResources = QStringLiteral("Resources");

struct Unresolved
{
    QString path;
    QString what; // "!Ref TableNameParam"
    QString why;
};

QString describe(const QJsonObject &function)
{
    const QString name = function.begin().key();
    const QJsonValue argument = function.begin().value();
    QString shortName = name.startsWith(u"Fn::") ? name.mid(4) : name;
    QString text = argument.isString()
        ? argument.toString()
        : QString::fromUtf8(QJsonDocument(argument.isArray() ? QJsonDocument(argument.toArray())
                                                             : QJsonDocument(argument.toObject()))
                                .toJson(QJsonDocument::Compact));
    return QStringLiteral("!%1 %2").arg(shortName, text);
}

bool isIntrinsic(const QJsonValue &value)
{
    if (!value.isObject() || value.toObject().size() != 1)
        return false;
    const QString key = value.toObject().begin().key();
    return key == u"Ref" || key.startsWith(u"Fn::");
}

class Resolver
{
public:
    explicit Resolver(const QJsonObject &parameters)
        : m_parameters(parameters)
    { }

    // Resolves every intrinsic function inside `value`; the first that cannot be resolved is
    // reported.
    std::variant<QJsonValue, Unresolved> resolve(const QJsonValue &value, const QString &path) const
    {
        if (isIntrinsic(value))
            return resolveFunction(value.toObject(), path);
        if (value.isArray()) {
            QJsonArray out;
            const QJsonArray array = value.toArray();
            for (qsizetype i = 0; i < array.size(); ++i) {
                auto element = resolve(array.at(i), QStringLiteral("%1[%2]").arg(path).arg(i));
                if (auto *failure = std::get_if<Unresolved>(&element))
                    return *failure;
                out.append(std::get<QJsonValue>(element));
            }
            return out;
        }
        if (value.isObject()) {
            QJsonObject out;
            const QJsonObject object = value.toObject();
            for (auto it = object.begin(); it != object.end(); ++it) {
                auto member = resolve(it.value(), path + u'.' + it.key());
                if (auto *failure = std::get_if<Unresolved>(&member))
                    return *failure;
                out.insert(it.key(), std::get<QJsonValue>(member));
            }
            return out;
        }
        return value;
    }

private:
    std::optional<QJsonValue> parameterDefault(const QString &name) const
    {
        const QJsonObject parameter = m_parameters.value(name).toObject();
        if (!parameter.contains(QLatin1String("Default")))
            return std::nullopt;
        return parameter.value(QLatin1String("Default"));
    }

    QString missingWhy(const QString &name) const
    {
        if (name.startsWith(u"AWS::"))
            return QStringLiteral("%1 is only known when the stack is deployed").arg(name);
        if (m_parameters.contains(name))
            return QStringLiteral("parameter %1 has no Default").arg(name);
        return QStringLiteral("%1 is not a parameter of the template (a resource's value is only "
                              "known when the stack is deployed)")
            .arg(name);
    }

    std::variant<QJsonValue, Unresolved> resolveFunction(const QJsonObject &function,
                                                         const QString &path) const
    {
        const QString name = function.begin().key();
        const QJsonValue argument = function.begin().value();
        const QString what = describe(function);
        if (name == u"Ref" && argument.isString()) {
            if (auto value = parameterDefault(argument.toString()))
                return *value;
            return Unresolved {path, what, missingWhy(argument.toString())};
        }
        if (name == u"Fn::Sub") {
            QString text;
            QJsonObject variables;
            if (argument.isString()) {
                text = argument.toString();
            } else if (argument.isArray() && argument.toArray().size() == 2) {
                text = argument.toArray().at(0).toString();
                variables = argument.toArray().at(1).toObject();
            } else {
                return Unresolved {path, what,
                                   QStringLiteral("expected a string or [string, map]")};
            }
            static const QRegularExpression variable(QStringLiteral("\\$\\{([^}!]+)\\}"));
            QString out;
            qsizetype last = 0;
            for (auto it = variable.globalMatch(text); it.hasNext();) {
                const auto match = it.next();
                out += text.mid(last, match.capturedStart() - last);
                last = match.capturedEnd();
                const QString key = match.captured(1);
                std::optional<QJsonValue> value;
                if (variables.contains(key)) {
                    auto resolved = resolve(variables.value(key), path);
                    if (auto *failure = std::get_if<Unresolved>(&resolved))
                        return *failure;
                    value = std::get<QJsonValue>(resolved);
                } else {
                    value = parameterDefault(key);
                }
                if (value && value->isDouble())
                    value = QJsonValue(QString::number(value->toDouble(), 'g', 17));
                if (!value || !value->isString())
                    return Unresolved {path, what, missingWhy(key)};
                out += value->toString();
            }
            out += text.mid(last);
            return QJsonValue(out.replace(QStringLiteral("${!"), QStringLiteral("${")));
        }
        if (name == u"Fn::Join" && argument.isArray() && argument.toArray().size() == 2) {
            const QString separator = argument.toArray().at(0).toString();
            auto parts = resolve(argument.toArray().at(1), path);
            if (auto *failure = std::get_if<Unresolved>(&parts))
                return Unresolved {path, what, failure->why};
            QStringList texts;
            for (const QJsonValue &part : std::get<QJsonValue>(parts).toArray())
                texts << part.toString();
            return QJsonValue(texts.join(separator));
        }
        return Unresolved {path, what,
                           QStringLiteral("%1 is only evaluated when the stack is deployed")
                               .arg(name.startsWith(u"Fn::") ? name.mid(4) : name)};
    }

    QJsonObject m_parameters;
};

OrderedJson indexesWithThroughput(const QJsonValue &indexes, const QJsonValue &throughput,
                                  bool provisioned)
{
    OrderedJson out = OrderedJson::array();
    for (const QJsonValue &index : indexes.toArray()) {
        OrderedJson ordered = OrderedJson::object();
        const QJsonObject object = index.toObject();
        for (const char *member : {"IndexName", "KeySchema", "Projection"}) {
            if (object.contains(QLatin1String(member)))
                ordered.insert(QLatin1String(member),
                               OrderedJson::fromQJson(object.value(QLatin1String(member))));
        }
        if (provisioned)
            ordered.insert(
                QStringLiteral("ProvisionedThroughput"),
                OrderedJson::fromQJson(object.contains(QLatin1String("ProvisionedThroughput"))
                                           ? object.value(QLatin1String("ProvisionedThroughput"))
                                           : throughput));
        out.append(ordered);
    }
    return out;
}

// One table resource being read: where it is and what the template calls it.
struct TableResource
{
    const Resolver &resolver;
    const QString &source;
    QString logicalId;
    QString base; // "Resources.<id>.Properties"
    QJsonObject properties;
};

// TableName: a placeholder (the logical id) when the template cannot say, with a note.
QString resourceTableName(const TableResource &resource, QStringList &notes)
{
    const QJsonObject &properties = resource.properties;
    if (!properties.contains(QLatin1String("TableName")))
        return resource.logicalId;
    auto name = resource.resolver.resolve(properties.value(QLatin1String("TableName")),
                                          resource.base + QStringLiteral(".TableName"));
    if (auto *unresolved = std::get_if<Unresolved>(&name)) {
        notes << QStringLiteral("%1: %2: %3 cannot be resolved (%4); the table is "
                                "called \"%5\" after its logical id")
                     .arg(resource.source, unresolved->path, unresolved->what, unresolved->why,
                          resource.logicalId);
        return resource.logicalId;
    }
    return std::get<QJsonValue>(name).toString(resource.logicalId);
}

// Other properties (Tags, StreamSpecification, ...) do not affect queries: kept as written for
// the next CloudFormation export, apart from the create-table JSON.
QJsonObject keptProperties(const TableResource &resource, const QJsonObject &create)
{
    QJsonObject others;
    for (auto p = resource.properties.begin(); p != resource.properties.end(); ++p) {
        if (!create.contains(p.key()) && p.key() != u"TableName")
            others.insert(p.key(), p.value());
    }
    QJsonObject kept {{"LogicalId", resource.logicalId}};
    if (!others.isEmpty())
        kept.insert(QStringLiteral("Properties"), others);
    return kept;
}

// The create-table JSON the resource's properties describe; every value they hold must resolve.
std::variant<QJsonObject, IoError> resourceCreateTable(const TableResource &resource,
                                                       const QString &tableName)
{
    QJsonObject create;
    create.insert(QStringLiteral("TableName"), tableName);
    for (const char *member : {"AttributeDefinitions", "KeySchema", "LocalSecondaryIndexes",
                               "GlobalSecondaryIndexes", "BillingMode", "ProvisionedThroughput"}) {
        const QString key = QLatin1String(member);
        if (!resource.properties.contains(key))
            continue;
        auto value
            = resource.resolver.resolve(resource.properties.value(key), resource.base + u'.' + key);
        if (auto *unresolved = std::get_if<Unresolved>(&value))
            return IoError {resource.source, 0, 0, unresolved->path,
                            QStringLiteral("%1 cannot be resolved: %2; write the value itself")
                                .arg(unresolved->what, unresolved->why)};
        create.insert(key, std::get<QJsonValue>(value));
    }
    create.insert(QLatin1String(CloudFormationTemplate::kExtraMember),
                  keptProperties(resource, create));
    return create;
}

// A table resource as a project, if it is the table asked for (or any is); its name joins
// `found` either way.
std::optional<IoError> readTableResource(const TableResource &resource, const QString &table,
                                         QStringList &found, CloudFormationTemplate::Import &result)
{
    const QString tableName = resourceTableName(resource, result.notes);
    found << tableName;
    if (!table.isEmpty() && table != tableName && table != resource.logicalId)
        return std::nullopt;
    auto create = resourceCreateTable(resource, tableName);
    if (auto *error = std::get_if<IoError>(&create))
        return *error;
    const QJsonObject &json = std::get<QJsonObject>(create);
    QString message;
    auto definition = TableDefinition::fromJson(json, &message);
    if (!definition)
        return IoError {resource.source, 0, 0, resource.base, message};
    result.tables.push_back({resource.logicalId, interopjson::projectForTable(*definition, json)});
    return std::nullopt;
}

} // namespace

bool CloudFormationTemplate::looksLike(const QJsonValue &document)
{
    const QJsonObject root = document.toObject();
    return root.value(kResources).isObject()
        || root.contains(QLatin1String("AWSTemplateFormatVersion"));
}

std::variant<CloudFormationTemplate::Import, IoError>
CloudFormationTemplate::fromJson(const QJsonValue &document, const QString &source,
                                 const QString &table)
{
    const auto fail = [&](const QString &path, const QString &message) {
        return IoError {source, 0, 0, path, message};
    };
    if (!document.isObject())
        return fail({},
                    QStringLiteral("expected a CloudFormation template: an object with "
                                   "\"Resources\""));
    const QJsonObject root = document.toObject();
    if (!root.value(kResources).isObject())
        return fail(kResources,
                    QStringLiteral("missing or not an object: a CloudFormation "
                                   "template lists its resources under "
                                   "\"Resources\""));
    const Resolver resolver(root.value(QLatin1String("Parameters")).toObject());
    const QJsonObject resources = root.value(kResources).toObject();
    Import result;
    QStringList found;
    for (auto it = resources.begin(); it != resources.end(); ++it) {
        const QJsonObject resource = it.value().toObject();
        const QString type = resource.value(QLatin1String("Type")).toString();
        if (type != u"AWS::DynamoDB::Table" && type != u"AWS::DynamoDB::GlobalTable")
            continue;
        const TableResource tableResource {resolver, source, it.key(),
                                           QStringLiteral("Resources.%1.Properties").arg(it.key()),
                                           resource.value(QLatin1String("Properties")).toObject()};
        if (auto error = readTableResource(tableResource, table, found, result))
            return *error;
    }
    if (found.isEmpty())
        return fail(kResources,
                    QStringLiteral("the template has no AWS::DynamoDB::Table resource"));
    if (result.tables.empty())
        return fail(kResources,
                    QStringLiteral("the template has no table \"%1\"; its tables: %2")
                        .arg(table, listedNames(found)));
    return result;
}

QString CloudFormationTemplate::logicalIdFor(const QString &tableName)
{
    QString id;
    bool upper = true;
    for (const QChar c : tableName) {
        if ((c >= u'A' && c <= u'Z') || (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9')) {
            id += upper ? c.toUpper() : c;
            upper = false;
        } else {
            upper = true;
        }
    }
    if (id.isEmpty() || id.front().isDigit())
        id.prepend(u'T');
    return id + QStringLiteral("Table");
}

OrderedJson CloudFormationTemplate::toJson(const Project &project)
{
    const OrderedJson create = interopjson::createTableJson(project);
    const QJsonObject &tableJson = project.tableJson;
    const QJsonValue throughput = tableJson.value(QLatin1String("ProvisionedThroughput"));
    const QString billing = tableJson.value(QLatin1String("BillingMode")).toString();
    const bool provisioned
        = billing == u"PROVISIONED" || (billing.isEmpty() && throughput.isObject());
    OrderedJson properties = OrderedJson::object();
    for (const char *member : {"TableName", "AttributeDefinitions", "KeySchema"})
        properties.insert(QLatin1String(member), *create.value(QLatin1String(member)));
    const QJsonObject definition = project.table.toJson();
    if (definition.contains(QLatin1String("LocalSecondaryIndexes")))
        properties.insert(QStringLiteral("LocalSecondaryIndexes"),
                          indexesWithThroughput(
                              definition.value(QLatin1String("LocalSecondaryIndexes")), {}, false));
    if (definition.contains(QLatin1String("GlobalSecondaryIndexes"))) {
        // Keep each GSI's own throughput from the project's table JSON when it has one.
        QJsonArray globals = definition.value(QLatin1String("GlobalSecondaryIndexes")).toArray();
        const QJsonArray stored
            = tableJson.value(QLatin1String("GlobalSecondaryIndexes")).toArray();
        for (qsizetype i = 0; i < globals.size(); ++i) {
            QJsonObject index = globals.at(i).toObject();
            for (const QJsonValue &original : stored) {
                if (original.toObject().value(QLatin1String("IndexName"))
                        == index.value(QLatin1String("IndexName"))
                    && original.toObject().contains(QLatin1String("ProvisionedThroughput")))
                    index.insert(QStringLiteral("ProvisionedThroughput"),
                                 original.toObject().value(QLatin1String("ProvisionedThroughput")));
            }
            globals[i] = index;
        }
        const QJsonValue fallback = throughput.isObject()
            ? throughput
            : QJsonValue(QJsonObject {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}});
        properties.insert(QStringLiteral("GlobalSecondaryIndexes"),
                          indexesWithThroughput(globals, fallback, provisioned));
    }
    properties.insert(QStringLiteral("BillingMode"),
                      OrderedJson::string(provisioned ? QStringLiteral("PROVISIONED")
                                                      : QStringLiteral("PAY_PER_REQUEST")));
    if (provisioned)
        properties.insert(
            QStringLiteral("ProvisionedThroughput"),
            OrderedJson::fromQJson(throughput.isObject()
                                       ? throughput
                                       : QJsonValue(QJsonObject {{"ReadCapacityUnits", 5},
                                                                 {"WriteCapacityUnits", 5}})));
    if (tableJson.value(QLatin1String("Tags")).isArray())
        properties.insert(QStringLiteral("Tags"),
                          OrderedJson::fromQJson(tableJson.value(QLatin1String("Tags"))));
    const QJsonObject kept = tableJson.value(QLatin1String(kExtraMember)).toObject();
    const QJsonObject others = kept.value(QLatin1String("Properties")).toObject();
    for (auto it = others.begin(); it != others.end(); ++it) {
        if (!properties.contains(it.key()))
            properties.insert(it.key(), OrderedJson::fromQJson(it.value()));
    }

    OrderedJson resource = OrderedJson::object();
    resource.insert(QStringLiteral("Type"),
                    OrderedJson::string(QStringLiteral("AWS::DynamoDB::Table")));
    resource.insert(QStringLiteral("Properties"), properties);
    OrderedJson resources = OrderedJson::object();
    const QString logicalId = kept.value(QLatin1String("LogicalId")).toString();
    resources.insert(logicalId.isEmpty() ? logicalIdFor(project.table.tableName) : logicalId,
                     resource);
    OrderedJson root = OrderedJson::object();
    root.insert(QStringLiteral("AWSTemplateFormatVersion"),
                OrderedJson::string(QStringLiteral("2010-09-09")));
    root.insert(QStringLiteral("Description"),
                OrderedJson::string(
                    QStringLiteral("DynamoDB table %1, exported by Keyscope")
                        .arg(project.name.isEmpty() ? project.table.tableName : project.name)));
    root.insert(kResources, resources);
    return root;
}

QByteArray CloudFormationTemplate::serializeJson(const Project &project)
{
    return JsonWriter::write(toJson(project), 2) + '\n';
}

QByteArray CloudFormationTemplate::serializeYaml(const Project &project)
{
    return YamlDocument::write(toJson(project));
}

} // namespace keyscope::model
