#include "model/interop/yamldocument.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

namespace keyscope::model {

namespace {

// YAML 1.2 core schema resolution of a plain scalar (plus YAML 1.1's True/False spellings).
QJsonValue plainScalar(const QString &text)
{
    static const QRegularExpression integer(QStringLiteral("^[-+]?[0-9]+$"));
    static const QRegularExpression real(
        QStringLiteral("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$"));
    if (text.isEmpty() || text == u"~" || text == u"null" || text == u"Null" || text == u"NULL")
        return QJsonValue::Null;
    if (text == u"true" || text == u"True" || text == u"TRUE")
        return true;
    if (text == u"false" || text == u"False" || text == u"FALSE")
        return false;
    if (integer.match(text).hasMatch() || real.match(text).hasMatch()) {
        bool ok = false;
        const double value = text.toDouble(&ok);
        if (ok)
            return value;
    }
    return text;
}

QJsonValue toJson(const YAML::Node &node)
{
    QJsonValue value;
    switch (node.Type()) {
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        value = QJsonValue::Null;
        break;
    case YAML::NodeType::Scalar: {
        const QString text = QString::fromStdString(node.Scalar());
        value = node.Tag() == "?" ? plainScalar(text) : QJsonValue(text);
        break;
    }
    case YAML::NodeType::Sequence: {
        QJsonArray array;
        for (const auto &element : node)
            array.append(toJson(element));
        value = array;
        break;
    }
    case YAML::NodeType::Map: {
        QJsonObject object;
        for (const auto &member : node)
            object.insert(QString::fromStdString(member.first.as<std::string>()),
                          toJson(member.second));
        value = object;
        break;
    }
    }
    const std::string tag = node.Tag();
    if (tag.size() > 1 && tag[0] == '!' && tag[1] != '!' && tag.find(':') == std::string::npos) {
        const QString name = QString::fromStdString(tag.substr(1));
        if (name == u"Ref" || name == u"Condition")
            return QJsonObject {{name, value}};
        if (name == u"GetAtt" && value.isString()) {
            const QString text = value.toString();
            const qsizetype dot = text.indexOf(u'.');
            return QJsonObject {{"Fn::GetAtt", QJsonArray {text.left(dot), text.mid(dot + 1)}}};
        }
        return QJsonObject {{QStringLiteral("Fn::") + name, value}};
    }
    if (node.IsScalar() && node.Tag() == "!") // a quoted scalar
        return QString::fromStdString(node.Scalar());
    return value;
}

void emitYaml(YAML::Emitter &out, const OrderedJson &value)
{
    switch (value.kind()) {
    case OrderedJson::Kind::Null:
        out << YAML::Null;
        return;
    case OrderedJson::Kind::Bool:
        out << value.toBool();
        return;
    case OrderedJson::Kind::Integer:
        out << static_cast<long long>(value.toInteger());
        return;
    case OrderedJson::Kind::Float:
        out << value.toDouble();
        return;
    case OrderedJson::Kind::String: {
        const QString &text = value.toString();
        // Also dates: YAML 1.1 readers take 2010-09-09 for a timestamp.
        static const QRegularExpression date(QStringLiteral("^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}"));
        if (!plainScalar(text).isString() || text.trimmed() != text || date.match(text).hasMatch())
            out << YAML::DoubleQuoted;
        out << text.toStdString();
        return;
    }
    case OrderedJson::Kind::Array:
        if (value.elements().empty()) {
            out << YAML::Flow << YAML::BeginSeq << YAML::EndSeq;
            return;
        }
        out << YAML::BeginSeq;
        for (const auto &element : value.elements())
            emitYaml(out, element);
        out << YAML::EndSeq;
        return;
    case OrderedJson::Kind::Object:
        if (value.members().empty()) {
            out << YAML::Flow << YAML::BeginMap << YAML::EndMap;
            return;
        }
        out << YAML::BeginMap;
        for (const auto &[key, member] : value.members()) {
            out << YAML::Key << key.toStdString() << YAML::Value;
            emitYaml(out, member);
        }
        out << YAML::EndMap;
        return;
    }
}

} // namespace

std::variant<QJsonValue, IoError> YamlDocument::parse(const QByteArray &data, const QString &source)
{
    try {
        const YAML::Node root = YAML::Load(data.toStdString());
        if (!root.IsDefined() || root.IsNull())
            return IoError {source, 0, 0, {}, QStringLiteral("the YAML document is empty")};
        return toJson(root);
    } catch (const YAML::Exception &error) {
        return IoError {source,
                        error.mark.line >= 0 ? error.mark.line + 1 : 0,
                        error.mark.column >= 0 ? error.mark.column + 1 : 0,
                        {},
                        QStringLiteral("YAML: %1").arg(QString::fromStdString(error.msg))};
    }
}

QByteArray YamlDocument::write(const OrderedJson &value)
{
    YAML::Emitter out;
    out.SetIndent(2);
    emitYaml(out, value);
    QByteArray text(out.c_str());
    if (!text.endsWith('\n'))
        text += '\n';
    return text;
}

} // namespace keyscope::model
