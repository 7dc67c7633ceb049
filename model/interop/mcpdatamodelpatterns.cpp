#include "model/interop/mcpdatamodel.h"
#include "model/interop/mcpdatamodelparts.h"
#include "model/query/commandline.h"
#include "model/query/queryoptions.h"
#include "model/value/dynamojson.h"

#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace keyscope::model::mcpdm {

namespace {

QString patternLabel(const QJsonObject &pattern)
{
    const QString operation = pattern.value(QLatin1String("dynamodb_operation")).toString();
    return QStringLiteral("%1 (pattern %2, \"%3\")")
        .arg(operation.isEmpty() ? QStringLiteral("no operation") : operation,
             pattern.value(QLatin1String("pattern")).toVariant().toString(),
             pattern.value(QLatin1String("description")).toString());
}

void note(PatternSink &sink, const QString &path, const QString &text)
{
    if (sink.notes)
        *sink.notes << QStringLiteral("%1: %2: %3").arg(sink.source, path, text);
}

// "2: A user's orders" (the pattern's id and description), unique within the project.
QString uniqueName(const QJsonObject &pattern, QSet<QString> &names)
{
    const QString base = QStringLiteral("%1: %2").arg(
        pattern.value(QLatin1String("pattern")).toVariant().toString(),
        pattern.value(QLatin1String("description")).toString());
    QString name = base;
    for (int n = 2; names.contains(name); ++n)
        name = QStringLiteral("%1 (%2)").arg(base).arg(n);
    names.insert(name);
    return name;
}

AccessPattern accessPattern(const QueryRequest &request, const QJsonObject &pattern,
                            QSet<QString> &names)
{
    AccessPattern out;
    out.name = uniqueName(pattern, names);
    out.description = pattern.value(QLatin1String("description")).toString();
    out.indexName = request.indexName;
    out.keyConditionExpression = request.keyConditionExpression;
    out.filterExpression = request.filterExpression;
    if (request.expressionAttributeNames)
        out.names = *request.expressionAttributeNames;
    if (request.expressionAttributeValues) {
        for (const auto &[name, value] : *request.expressionAttributeValues)
            out.values[name] = PatternValue {{}, value};
    }
    out.scanIndexForward = request.scanIndexForward;
    out.limit = request.limit;
    out.consistentRead = request.consistentRead;
    // The file's items are there to show each pattern: one that finds none does not.
    out.expect.minCount = 1;
    out.extra.insert(QLatin1String(McpDataModel::kExtraMember), pattern);
    return out;
}

std::optional<Failure> convertQuery(Project &project, const QJsonObject &pattern,
                                    const QString &path, PatternSink &sink)
{
    const QString at = path + QStringLiteral(".implementation");
    auto parsed
        = QueryOptions::fromCommandLine(pattern.value(QLatin1String("implementation")).toString());
    if (auto *error = std::get_if<QString>(&parsed))
        return Failure {
            at, QStringLiteral("the Query does not run as `aws dynamodb query`: ") + *error};
    QueryRequest request;
    if (auto failure = buildQueryRequest(std::get<QueryOptions>(parsed), request))
        return Failure {at, QStringLiteral("the Query does not run: ") + failure->message};
    if (!request.tableName.isEmpty() && request.tableName != project.table.tableName)
        return Failure {at,
                        QStringLiteral("the Query's --table-name is %1, the pattern's table %2")
                            .arg(request.tableName, project.table.tableName)};
    const QString index = pattern.value(QLatin1String("index")).toString();
    if (!index.isEmpty() && index != request.indexName)
        note(sink, path,
             QStringLiteral("\"index\" says %1, the command line's --index-name \"%2\": the "
                            "command line is run")
                 .arg(index, request.indexName));
    project.accessPatterns.push_back(accessPattern(request, pattern, sink.names));
    return std::nullopt;
}

// The value of `option` on an `aws dynamodb ...` command line ("--key"), if given.
std::optional<QString> optionValue(const QString &command, const QString &option)
{
    auto words = commandline::shellWords(command);
    const QStringList *list = std::get_if<QStringList>(&words);
    if (!list)
        return std::nullopt;
    for (qsizetype i = 0; i + 1 < list->size(); ++i) {
        if (list->at(i) == option)
            return list->at(i + 1);
        if (list->at(i).startsWith(option + u'='))
            return list->at(i).mid(option.size() + 1);
    }
    return std::nullopt;
}

// What a --key or --item says about the table's primary key: the key ("pk = A, sk = B") in
// kept.detail, or what is wrong with it in kept.problem.
void checkKey(const Item &item, const TableDefinition &table, bool wholeItem, KeptOperation &kept)
{
    QStringList lacks;
    QStringList parts;
    const auto check = [&](const KeyAttribute &key, const QString &role) {
        const auto it = item.find(key.name);
        if (it == item.end())
            lacks << QStringLiteral("the %1 %2").arg(role, key.name);
        else if (it->second.type() != key.type)
            lacks << QStringLiteral("%1 of type %2")
                         .arg(key.name, AttributeValue::typeName(key.type));
        else
            parts << QStringLiteral("%1 = %2").arg(key.name, it->second.displayText());
    };
    for (const KeyAttribute &key : table.keys.hash)
        check(key, QStringLiteral("partition key"));
    for (const KeyAttribute &key : table.keys.range)
        check(key, QStringLiteral("sort key"));
    if (!lacks.isEmpty())
        kept.problem = QStringLiteral("the key lacks %1").arg(lacks.join(QStringLiteral(" and ")));
    else if (!wholeItem && item.size() > size_t(parts.size()))
        kept.problem = QStringLiteral("the key holds more than the table's key attributes; a key "
                                      "holds only those");
    else
        kept.detail = QStringLiteral("key ") + parts.join(QStringLiteral(", "));
}

// The --key (or put-item's --item) of an operation's implementation, checked by checkKey.
void checkImplementationKey(const QJsonObject &pattern, const TableDefinition &table,
                            KeptOperation &kept)
{
    const QString command = pattern.value(QLatin1String("implementation")).toString();
    const bool put = command.contains(QLatin1String(" put-item"));
    const QString option = put ? QStringLiteral("--item") : QStringLiteral("--key");
    const auto text = optionValue(command, option);
    if (!text) {
        kept.problem = QStringLiteral("no %1 to check").arg(option);
        return;
    }
    QString error;
    const auto item
        = dynamojson::itemFromJson(QJsonDocument::fromJson(text->toUtf8()).object(), &error);
    if (!item)
        kept.problem = QStringLiteral("its %1 is not DynamoDB JSON: %2").arg(option, error);
    else
        checkKey(*item, table, put, kept);
}

// A shell word: as it is when it needs no quoting, else in single quotes.
QString shellQuoted(const QString &word)
{
    static const QRegularExpression kPlain(QStringLiteral("^[A-Za-z0-9_./:=-]+$"));
    if (kPlain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(QLatin1String("'"), QLatin1String("'\\''"));
    return u'\'' + quoted + u'\'';
}

QString compactJson(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

std::variant<AccessPattern, QString> patternFromImplementation(const QJsonObject &pattern,
                                                               QSet<QString> &names)
{
    auto parsed
        = QueryOptions::fromCommandLine(pattern.value(QLatin1String("implementation")).toString());
    if (auto *error = std::get_if<QString>(&parsed))
        return *error;
    QueryRequest request;
    if (auto failure = buildQueryRequest(std::get<QueryOptions>(parsed), request))
        return failure->message;
    return accessPattern(request, pattern, names);
}

QString implementationOf(const AccessPattern &pattern, const QString &table)
{
    QStringList words {QStringLiteral("aws dynamodb query --table-name"), shellQuoted(table)};
    if (!pattern.indexName.isEmpty())
        words << QStringLiteral("--index-name") << shellQuoted(pattern.indexName);
    words << QStringLiteral("--key-condition-expression")
          << shellQuoted(pattern.keyConditionExpression);
    if (pattern.filterExpression)
        words << QStringLiteral("--filter-expression") << shellQuoted(*pattern.filterExpression);
    QJsonObject names;
    for (const auto &[name, attribute] : pattern.names)
        names.insert(name, attribute);
    if (!names.isEmpty())
        words << QStringLiteral("--expression-attribute-names") << shellQuoted(compactJson(names));
    QJsonObject values;
    for (const auto &[name, value] : pattern.values)
        values.insert(name,
                      value.literal
                          ? QJsonValue(dynamojson::valueToJson(*value.literal))
                          : QJsonValue(QJsonObject {{QStringLiteral("S"), value.templateText}}));
    if (!values.isEmpty())
        words << QStringLiteral("--expression-attribute-values")
              << shellQuoted(compactJson(values));
    if (!pattern.scanIndexForward)
        words << QStringLiteral("--no-scan-index-forward");
    if (pattern.limit)
        words << QStringLiteral("--limit") << QString::number(*pattern.limit);
    if (pattern.consistentRead)
        words << QStringLiteral("--consistent-read");
    return words.join(u' ');
}

KeptOperation keptOperation(const Project &project, const QJsonObject &pattern)
{
    KeptOperation kept;
    kept.operation = pattern.value(QLatin1String("dynamodb_operation")).toString();
    kept.name = QStringLiteral("%1: %2").arg(
        pattern.value(QLatin1String("pattern")).toVariant().toString(),
        pattern.value(QLatin1String("description")).toString());
    if (!pattern.contains(QLatin1String("implementation"))) {
        kept.problem = QStringLiteral("no implementation");
        if (pattern.contains(QLatin1String("reason")))
            kept.problem
                += QStringLiteral(": ") + pattern.value(QLatin1String("reason")).toString();
    } else if (kept.operation == u"Scan") {
        qint64 bytes = 0;
        for (size_t i = 0; i < project.items.size(); ++i)
            bytes += project.items.sizeBytes(i);
        kept.detail = QStringLiteral("reads every item of table %1").arg(project.table.tableName);
        kept.problem = scanCost(qint64(project.items.size()), bytes);
    } else if (QStringList {QStringLiteral("GetItem"), QStringLiteral("PutItem"),
                            QStringLiteral("UpdateItem"), QStringLiteral("DeleteItem")}
                   .contains(kept.operation)) {
        checkImplementationKey(pattern, project.table, kept);
    }
    return kept;
}

std::optional<Failure> convertPattern(Project &project, const QJsonObject &pattern,
                                      const QString &path, PatternSink &sink)
{
    const QString operation = pattern.value(QLatin1String("dynamodb_operation")).toString();
    if (operation == u"Query" && pattern.contains(QLatin1String("implementation")))
        return convertQuery(project, pattern, path, sink);
    sink.operations.append(pattern);
    const KeptOperation kept = keptOperation(project, pattern);
    const QString label = patternLabel(pattern);
    if (!pattern.contains(QLatin1String("implementation")))
        note(sink, path, label + QStringLiteral(": not run, ") + kept.problem);
    else if (operation == u"Scan")
        note(sink, path,
             QStringLiteral("%1: flagged: a Scan %2, whatever its filter keeps: %3")
                 .arg(label, kept.detail, kept.problem));
    else
        note(sink, path,
             label + QStringLiteral(": kept, not run (Keyscope runs Queries)")
                 + (kept.detail.isEmpty() ? QString() : QStringLiteral("; ") + kept.detail)
                 + (kept.problem.isEmpty() ? QString() : QStringLiteral("; ") + kept.problem));
    return std::nullopt;
}

} // namespace keyscope::model::mcpdm
