// Key-condition, filter and projection expressions. Input: up to three lines, the key condition,
// the filter and the projection; each is also parsed on its own by the condition and projection
// grammars. Names and values are fixed so the validator gets past "undefined name".

#include "model/expression/expressionparser.h"
#include "model/expression/queryexpressions.h"
#include "model/value/number.h"

#include <QString>
#include <QStringList>

#include <cstddef>
#include <cstdint>

using namespace keyscope::model;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        (void)ExpressionParser::parseCondition(line);
        (void)ExpressionParser::parseProjection(line);
    }
    QueryExpressionText input;
    input.keyConditionExpression = lines.value(0);
    if (lines.size() > 1)
        input.filterExpression = lines.at(1);
    if (lines.size() > 2)
        input.projectionExpression = lines.at(2);
    input.names = std::map<QString, QString> {{QStringLiteral("#pk"), QStringLiteral("PK")},
                                              {QStringLiteral("#sk"), QStringLiteral("SK")},
                                              {QStringLiteral("#a"), QStringLiteral("a")}};
    input.values = std::map<QString, AttributeValue> {
        {QStringLiteral(":pk"), AttributeValue::string(QStringLiteral("DEVICE#1"))},
        {QStringLiteral(":sk"), AttributeValue::string(QStringLiteral("READING#"))},
        {QStringLiteral(":n"), AttributeValue::number(*Number::parse(QStringLiteral("1")))},
        {QStringLiteral(":b"), AttributeValue::boolean(true)}};
    (void)parseQueryExpressionSyntax(input);
    return 0;
}
