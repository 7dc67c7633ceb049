// WorkbenchModel's reading of a NoSQL Workbench model: its outline, version and tables, and
// where in it a problem is, in its author's words.
#include "model/interop/workbenchmodel.h"

#include "model/interop/workbenchformat.h"
#include "model/interop/workbenchreaderparts.h"

#include "model/design/projectfile.h"
#include "model/io/wording.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace keyscope::model {

namespace workbench {

// A facet alias such as "CUSTOMER#<id>" as a key template "CUSTOMER#{id}" and its placeholder
// names; nullopt when it has no <name> part or holds characters templates reserve.
std::optional<std::pair<QString, QStringList>>
templateFromAlias(const QString &alias, const QHash<QString, QString> &declared,
                  const KeyPair &keys)
{
    // <name> as Workbench users write placeholders, {name} as Keyscope's export writes them.
    static const QRegularExpression part(
        QStringLiteral("<([A-Za-z_][A-Za-z0-9_-]*)>|\\{([A-Za-z_][A-Za-z0-9_-]*)\\}"));
    static const QRegularExpression plainPlaceholders(
        QStringLiteral("^([^{}\\\\|]|\\{[A-Za-z_][A-Za-z0-9_-]*\\})*$"));
    if (!plainPlaceholders.match(alias).hasMatch())
        return std::nullopt;
    QString text;
    QStringList names;
    qsizetype last = 0;
    for (auto it = part.globalMatch(alias); it.hasNext();) {
        const auto match = it.next();
        const QString name = match.captured(1).isEmpty() ? match.captured(2) : match.captured(1);
        if (name == keys.hash.name || (keys.range && name == keys.range->name))
            return std::nullopt;
        const QString type = declared.value(name, QStringLiteral("S"));
        if (type != u"S" && type != u"N")
            return std::nullopt;
        text += alias.mid(last, match.capturedStart() - last) + u'{' + name + u'}';
        last = match.capturedEnd();
        if (!names.contains(name))
            names << name;
    }
    if (names.isEmpty())
        return std::nullopt;
    return std::pair {text + alias.mid(last), names};
}

} // namespace workbench

namespace {

using namespace workbench;
using namespace workbench::detail;

const QString kWhatIsAModel = QStringLiteral(
    "a NoSQL Workbench data model is an object {\"ModelName\": ..., \"ModelMetadata\": {...}, "
    "\"DataModel\": [{\"TableName\": ..., \"KeyAttributes\": {\"PartitionKey\": {...}}, ...}]} "
    "(Data modeler > Export data model)");

} // namespace

bool WorkbenchModel::looksLike(const QJsonDocument &document)
{
    const QJsonObject root = document.object();
    return root.value(kDataModel).isArray()
        || (root.contains(QLatin1String("ModelName")) && root.contains(kModelMetadata));
}

namespace {

// A model's path in the words of its author: "DataModel[1].TableFacets[0].KeyAttributeAlias" is
// "table 'Shop', facet 'Orders', KeyAttributeAlias". Tables, facets, indexes, items and
// declared attributes are named (or counted from 1); the member that follows stays as the file
// spells it, so it can be found.
QString placeInWords(const QJsonObject &root, const QString &path)
{
    static const QRegularExpression step(QStringLiteral("^(\\w+)\\[(\\d+)\\]$"));
    struct Kind
    {
        QLatin1String member;
        QLatin1String noun;
        QLatin1String nameMember;
    };
    static const Kind kinds[]
        = {{QLatin1String("DataModel"), QLatin1String("table"), QLatin1String("TableName")},
           {QLatin1String("TableFacets"), QLatin1String("facet"), QLatin1String("FacetName")},
           {QLatin1String("GlobalSecondaryIndexes"), QLatin1String("index"),
            QLatin1String("IndexName")},
           {QLatin1String("NonKeyAttributes"), QLatin1String("attribute"),
            QLatin1String("AttributeName")},
           {QLatin1String("TableData"), QLatin1String("item"), QLatin1String()}};
    QStringList words;
    QJsonValue current = root;
    const QStringList parts = path.split(u'.');
    qsizetype p = 0;
    for (; p < parts.size(); ++p) {
        const auto match = step.match(parts[p]);
        const auto kind = std::find_if(std::begin(kinds), std::end(kinds), [&](const Kind &k) {
            return k.member == match.captured(1);
        });
        if (!match.hasMatch() || kind == std::end(kinds))
            break;
        const qsizetype index = match.captured(2).toLongLong();
        current = current.toObject().value(kind->member).toArray().at(index);
        const QString name = current.toObject().value(kind->nameMember).toString();
        words << QString(kind->noun) + u' '
                + (name.isEmpty() ? QString::number(index + 1) : u'\'' + name + u'\'');
    }
    if (words.isEmpty())
        return path;
    if (p < parts.size())
        words << parts.mid(p).join(u'.');
    return words.join(QStringLiteral(", "));
}

// The model's outline: an object with a non-empty DataModel array of tables.
std::optional<Failure> checkModelShape(const QJsonDocument &document)
{
    if (!document.isObject())
        return Failure {{}, QStringLiteral("expected an object, found an array: ") + kWhatIsAModel};
    const QJsonObject root = document.object();
    if (!root.contains(kDataModel))
        return Failure {kDataModel, QStringLiteral("missing: ") + kWhatIsAModel};
    if (!root.value(kDataModel).isArray())
        return Failure {kDataModel,
                        QStringLiteral("expected an array of tables: ") + kWhatIsAModel};
    if (root.value(kDataModel).toArray().isEmpty())
        return Failure {kDataModel,
                        QStringLiteral("the model has no tables; add one in NoSQL "
                                       "Workbench before exporting")};
    if (root.contains(kModelMetadata) && !root.value(kModelMetadata).isObject())
        return Failure {kModelMetadata, QStringLiteral("expected an object")};
    return std::nullopt;
}

// ModelMetadata.Version, with a note when it is newer than Keyscope knows.
void readModelVersion(const QJsonObject &root, const QString &source,
                      WorkbenchModel::Import &result)
{
    const QJsonValue version
        = root.value(kModelMetadata).toObject().value(QLatin1String("Version"));
    result.version
        = version.isDouble() ? QString::number(version.toDouble(), 'f', 1) : version.toString();
    static const QStringList known {QStringLiteral("1.0"), QStringLiteral("2.0"),
                                    QStringLiteral("3.0")};
    if (!result.version.isEmpty() && !known.contains(result.version))
        result.notes << IoError {source,
                                 0,
                                 0,
                                 {},
                                 QStringLiteral("the model's version, ") + result.version
                                     + QStringLiteral(", is newer than the versions Keyscope "
                                                      "knows (1.0, 2.0, 3.0); reading it as 3.0")}
                            .toString();
}

// Every table's name; the table asked for (if any) must be one of them.
std::optional<Failure> readTableNames(const QJsonArray &tables, const QString &table,
                                      WorkbenchModel::Import &result)
{
    for (qsizetype i = 0; i < tables.size(); ++i) {
        const QString path = QStringLiteral("DataModel[%1]").arg(i);
        if (!tables.at(i).isObject())
            return Failure {path,
                            QStringLiteral("expected a table object {\"TableName\": ..., "
                                           "\"KeyAttributes\": {...}}")};
        result.tableNames << tables.at(i).toObject().value(QLatin1String("TableName")).toString();
    }
    if (!table.isEmpty() && !result.tableNames.contains(table))
        return Failure {kDataModel,
                        QStringLiteral("the model has no table \"%1\"; its tables: %2")
                            .arg(table, listedNames(result.tableNames))};
    return std::nullopt;
}

// A table read from the model alone: it must be a valid project (anything that is not is
// reported by its path).
std::optional<Failure> addModelProject(TableRead &tableRead, const TableContext &context,
                                       WorkbenchModel::Import &result)
{
    Project &read = tableRead.project;
    auto check = ProjectFile::fromJson(QJsonDocument(ProjectFile::toJson(read)), context.source);
    if (auto *errors = std::get_if<std::vector<IoError>>(&check))
        return Failure {context.path,
                        errors->front().path + QStringLiteral(": ") + errors->front().message};
    result.hints.push_back(facetHints(tableRead));
    result.projects.push_back(std::move(read));
    return std::nullopt;
}

// One table as a project: the Keyscope project it carries, else what the model says of it.
std::optional<Failure> readModelTable(const QJsonObject &root, const QJsonObject &tableJson,
                                      const TableContext &context, bool severalTables,
                                      WorkbenchModel::Import &result)
{
    auto table = readTable(root, tableJson, context);
    if (auto *failure = std::get_if<Failure>(&table))
        return *failure;
    TableRead &tableRead = std::get<TableRead>(table);
    Project &read = tableRead.project;
    if (severalTables)
        read.name = QStringLiteral("%1 — %2").arg(read.name, context.tableName);
    const QJsonValue embedded = tableJson.value(QLatin1String(WorkbenchModel::kProjectMember));
    if (embedded.isObject()) {
        auto merged = mergeEmbedded(read, embedded.toObject(), context);
        if (auto *failure = std::get_if<Failure>(&merged))
            return *failure;
        result.projects.push_back(std::get<Project>(std::move(merged)));
        result.hints.emplace_back(); // its entity types are Keyscope's own
        return std::nullopt;
    }
    if (!embedded.isUndefined())
        return Failure {context.path + u'.' + QLatin1String(WorkbenchModel::kProjectMember),
                        QStringLiteral("expected a Keyscope project object")};
    return addModelProject(tableRead, context, result);
}

std::variant<WorkbenchModel::Import, Failure> readModel(const QJsonObject &root,
                                                        const QString &source, const QString &table)
{
    WorkbenchModel::Import result;
    readModelVersion(root, source, result);
    const QJsonArray tables = root.value(kDataModel).toArray();
    if (auto failure = readTableNames(tables, table, result))
        return *failure;
    for (qsizetype i = 0; i < tables.size(); ++i) {
        if (!table.isEmpty() && result.tableNames.at(i) != table)
            continue;
        TableContext context {source, QStringLiteral("DataModel[%1]").arg(i), &result.notes,
                              result.tableNames.at(i), &result.leftOut};
        if (auto failure
            = readModelTable(root, tables.at(i).toObject(), context, tables.size() > 1, result))
            return *failure;
    }
    return result;
}

} // namespace

std::variant<WorkbenchModel::Import, IoError>
WorkbenchModel::fromDocument(const QJsonDocument &document, const QString &source,
                             const QString &table)
{
    const auto fail = [&](const Failure &failure) {
        return IoError {source, 0, 0, placeInWords(document.object(), failure.path),
                        failure.message};
    };
    if (auto failure = checkModelShape(document))
        return fail(*failure);
    auto read = readModel(document.object(), source, table);
    if (auto *failure = std::get_if<Failure>(&read))
        return fail(*failure);
    return std::get<Import>(std::move(read));
}
} // namespace keyscope::model
