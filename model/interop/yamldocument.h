#pragma once

#include "model/io/ioerror.h"
#include "model/io/orderedjson.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>

#include <variant>

namespace keyscope::model {

// YAML through yaml-cpp, as far as CloudFormation templates use it. Reading gives JSON: plain
// scalars that look like numbers, booleans or null become those, quoted scalars stay strings,
// and CloudFormation's short-form intrinsic functions become their long form (`!Ref X` ->
// {"Ref": "X"}, `!Sub s` -> {"Fn::Sub": s}, `!GetAtt A.B` -> {"Fn::GetAtt": ["A", "B"]}, any
// other `!Name v` -> {"Fn::Name": v}), so a template reads the same in either notation.
class YamlDocument
{
public:
    // Syntax errors carry the line and column yaml-cpp reports.
    static std::variant<QJsonValue, IoError> parse(const QByteArray &data, const QString &source);
    // Block style, 2-space indentation, members in order; strings that would read back as
    // another type are quoted.
    static QByteArray write(const OrderedJson &value);
};

} // namespace keyscope::model
