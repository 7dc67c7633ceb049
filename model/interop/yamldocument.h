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
    // Limits on the JSON a document may become, counting what aliases repeat: a few hundred
    // bytes of anchors and aliases ("billion laughs") would otherwise expand to billions of
    // values, and an alias inside the node it names would repeat forever.
    static constexpr qint64 kMaxValues = 1'000'000; // scalars, sequences and maps
    static constexpr int kMaxDepth = 256;           // sequences and maps inside each other

    // Syntax errors carry the line and column yaml-cpp reports; a document past a limit is
    // refused with the limit and the line and column of the node (or alias) that crossed it.
    static std::variant<QJsonValue, IoError> parse(const QByteArray &data, const QString &source);
    // Block style, 2-space indentation, members in order; strings that would read back as
    // another type are quoted.
    static QByteArray write(const OrderedJson &value);
};

} // namespace keyscope::model
