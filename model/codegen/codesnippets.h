#pragma once

#include "model/query/queryrequest.h"

#include <QJsonObject>
#include <QString>

namespace keyscope::model {

// A Query request as code people can paste: the AWS CLI, Python (boto3), JavaScript (AWS SDK
// v3) and Java (AWS SDK v2). Every member the request sets appears, nothing else: a member is
// set when it is present (optional members, non-empty strings) or differs from DynamoDB's
// default (ScanIndexForward=false, ConsistentRead=true).
// `tableName` stands in when request.tableName is empty.
class CodeSnippets
{
public:
    enum class Language { AwsCli, Python, JavaScript, Java };

    static QString snippet(Language language, const QueryRequest &request,
                           const QString &tableName = {});
    static QString awsCli(const QueryRequest &request, const QString &tableName = {});
    static QString python(const QueryRequest &request, const QString &tableName = {});
    static QString javaScript(const QueryRequest &request, const QString &tableName = {});
    static QString java(const QueryRequest &request, const QString &tableName = {});

    // The request as the DynamoDB API's JSON body (values in DynamoDB JSON, B as base64), in
    // the API's member order when written with JsonWriter. Every snippet sends exactly this.
    static QJsonObject requestJson(const QueryRequest &request, const QString &tableName = {});

    // A word the POSIX shell reads back unchanged: bare when it holds only characters no shell
    // treats specially, else in single quotes (a ' inside becomes '\'').
    static QString shellQuote(const QString &word);
};

} // namespace keyscope::model
