#include "model/interop/yamldocument.h"

#include "model/io/wording.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <vector>

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

// Where the limits are crossed, from the parser's events, before yaml-cpp builds its nodes (an
// alias there is the anchor's node itself, so a cycle or a repeat cannot be seen any more).
// Counts what the JSON will hold: an alias adds everything its anchor's node holds.
class ExpansionGuard final : public YAML::EventHandler
{
public:
    struct Exceeded
    {
        YAML::Mark mark;
        QString message;
    };

    void OnDocumentStart(const YAML::Mark &) override { }
    void OnDocumentEnd() override { }
    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override { leaf(mark, anchor); }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                  const std::string &) override
    {
        leaf(mark, anchor);
    }
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override;
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override
    {
        open(mark, anchor);
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override
    {
        open(mark, anchor);
    }
    void OnMapEnd() override { close(); }
    void OnAnchor(const YAML::Mark &, const std::string &name) override { m_anchorName = name; }

    // The innermost sequence or map being read (where the parser's own depth limit was hit).
    YAML::Mark innermost() const { return m_open.empty() ? YAML::Mark() : m_open.back().mark; }

private:
    struct Extent
    {
        qint64 values = 1;
        int depth = 0; // sequences and maps on the longest path down, this one included
    };
    struct Open
    {
        YAML::anchor_t anchor;
        YAML::Mark mark;
        Extent extent;
    };

    void name(YAML::anchor_t anchor)
    {
        if (anchor)
            m_names[anchor] = m_anchorName;
        m_anchorName.clear();
    }
    QString aliasName(YAML::anchor_t anchor) const
    {
        const auto it = m_names.find(anchor);
        return QStringLiteral("*")
            + (it == m_names.end() ? QString() : QString::fromStdString(it->second));
    }
    void count(qint64 values, const YAML::Mark &mark, const QString &via)
    {
        m_values += values;
        if (m_values <= YamlDocument::kMaxValues)
            return;
        const QString limit
            = counted(YamlDocument::kMaxValues, QStringLiteral("value"), QStringLiteral("values"));
        if (via.isEmpty())
            throw Exceeded {mark,
                            QStringLiteral("the document holds more than ") + limit
                                + QStringLiteral(", the most Keyscope reads")};
        throw Exceeded {mark,
                        QStringLiteral("aliases expand the document past ") + limit
                            + QStringLiteral(", the most Keyscope reads (the alias ") + via
                            + QStringLiteral(" here repeats ")
                            + counted(values, QStringLiteral("value"), QStringLiteral("values"))
                            + QStringLiteral(")")};
    }
    void nest(int depth, const YAML::Mark &mark, const QString &via)
    {
        if (int(m_open.size()) + depth <= YamlDocument::kMaxDepth)
            return;
        const QString limit
            = QStringLiteral("nested deeper than %1 levels, the most Keyscope reads")
                  .arg(YamlDocument::kMaxDepth);
        if (via.isEmpty())
            throw Exceeded {mark, QStringLiteral("sequences and maps ") + limit};
        throw Exceeded {mark,
                        QStringLiteral("the alias ") + via
                            + QStringLiteral(" here expands to sequences and maps ") + limit};
    }
    void addToParent(const Extent &child)
    {
        if (m_open.empty())
            return;
        Extent &parent = m_open.back().extent;
        parent.values += child.values;
        parent.depth = std::max(parent.depth, child.depth + 1);
    }
    void leaf(const YAML::Mark &mark, YAML::anchor_t anchor)
    {
        name(anchor);
        count(1, mark, {});
        if (anchor)
            m_closed[anchor] = Extent {};
        addToParent(Extent {});
    }
    void open(const YAML::Mark &mark, YAML::anchor_t anchor)
    {
        name(anchor);
        nest(1, mark, {});
        count(1, mark, {});
        m_open.push_back(Open {anchor, mark, Extent {1, 1}});
    }
    void close()
    {
        const Open done = m_open.back();
        m_open.pop_back();
        if (done.anchor)
            m_closed[done.anchor] = done.extent;
        addToParent(done.extent);
    }

    std::vector<Open> m_open;
    std::unordered_map<YAML::anchor_t, Extent> m_closed;
    std::unordered_map<YAML::anchor_t, std::string> m_names;
    std::string m_anchorName;
    qint64 m_values = 0;
};

void ExpansionGuard::OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor)
{
    m_anchorName.clear();
    const auto closed = m_closed.find(anchor);
    if (closed == m_closed.end()) {
        // yaml-cpp refuses unknown anchors itself: this one names a node still being read.
        const auto open = std::find_if(m_open.begin(), m_open.end(),
                                       [&](const Open &o) { return o.anchor == anchor; });
        QString message = QStringLiteral("the alias ") + aliasName(anchor)
            + QStringLiteral(" is inside the node it refers to");
        if (open != m_open.end())
            message += QStringLiteral(" (&") + aliasName(anchor).mid(1)
                + QStringLiteral(" at line %1, column %2)")
                      .arg(open->mark.line + 1)
                      .arg(open->mark.column + 1);
        throw Exceeded {mark, message + QStringLiteral(": expanding it would never end")};
    }
    const Extent extent = closed->second;
    nest(extent.depth, mark, aliasName(anchor));
    count(extent.values, mark, aliasName(anchor));
    addToParent(extent);
}

IoError errorAt(const QString &source, const YAML::Mark &mark, const QString &message)
{
    return IoError {source,
                    mark.line >= 0 ? mark.line + 1 : 0,
                    mark.column >= 0 ? mark.column + 1 : 0,
                    {},
                    QStringLiteral("YAML: ") + message};
}

// The first document's events through the guard: nothing, or why the document is refused.
std::optional<IoError> checkExpansion(const std::string &text, const QString &source)
{
    std::istringstream stream(text);
    ExpansionGuard guard;
    try {
        YAML::Parser parser(stream);
        parser.HandleNextDocument(guard);
    } catch (const ExpansionGuard::Exceeded &exceeded) {
        return errorAt(source, exceeded.mark, exceeded.message);
    } catch (const YAML::DeepRecursion &) {
        // yaml-cpp's own bound on its recursion (its mark is where the scanner had got to).
        return errorAt(source, guard.innermost(),
                       QStringLiteral("sequences and maps nest too deeply here for the YAML "
                                      "reader (more than %1 levels are refused)")
                           .arg(YamlDocument::kMaxDepth));
    } catch (const YAML::Exception &error) {
        return errorAt(source, error.mark, QString::fromStdString(error.msg));
    }
    return std::nullopt;
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
    const std::string text = data.toStdString();
    if (auto refused = checkExpansion(text, source))
        return *refused;
    try {
        const YAML::Node root = YAML::Load(text);
        if (!root.IsDefined() || root.IsNull())
            return IoError {source, 0, 0, {}, QStringLiteral("the YAML document is empty")};
        return toJson(root);
    } catch (const YAML::Exception &error) {
        return errorAt(source, error.mark, QString::fromStdString(error.msg));
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
