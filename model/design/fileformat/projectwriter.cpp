#include "model/design/fileformat/projectwriter.h"

#include "model/design/projectfile.h"
#include "model/design/valuegenerator.h"
#include "model/io/jsonwriter.h"
#include "model/io/orderedjson.h"
#include "model/value/dynamojson.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace keyscope::model::fileformat {

using Kind = GeneratorSpec::Kind;

namespace {

constexpr int kIndent = 2;
constexpr int kLineWidth = 120;

// How deeply containers nest inside `value` (a scalar is 0, [1, 2] is 1, [{"a": 1}] is 2).
int nesting(const OrderedJson &value)
{
    int deepest = 0;
    if (value.kind() == OrderedJson::Kind::Array) {
        for (const auto &element : value.elements())
            deepest = std::max(deepest, nesting(element));
        return deepest + 1;
    }
    if (value.kind() == OrderedJson::Kind::Object) {
        for (const auto &member : value.members())
            deepest = std::max(deepest, nesting(member.second));
        return deepest + 1;
    }
    return 0;
}

void writeCompact(QByteArray &out, const OrderedJson &value)
{
    switch (value.kind()) {
    case OrderedJson::Kind::Array: {
        out += '[';
        bool first = true;
        for (const auto &element : value.elements()) {
            if (!first)
                out += ", ";
            first = false;
            writeCompact(out, element);
        }
        out += ']';
        return;
    }
    case OrderedJson::Kind::Object: {
        out += '{';
        bool first = true;
        for (const auto &member : value.members()) {
            if (!first)
                out += ", ";
            first = false;
            out += JsonWriter::quote(member.first);
            out += ": ";
            writeCompact(out, member.second);
        }
        out += '}';
        return;
    }
    default:
        out += JsonWriter::write(value, 0);
        return;
    }
}

// Pretty JSON that stays readable: a container that nests at most three levels and fits on
// the line (`"count": [25, 40]`, `{"kind": "sequence", "start": 1, "step": 1}`) is written on one
// line, anything bigger one member per line. `column` is where the value starts.
void writeItems(QByteArray &out, const ItemList &items, int depth, qsizetype column);

// `items`, if given, are written in place of the top-level member "items" (whose value is then
// an empty placeholder), one at a time: a tree of every item cost twenty times the file.
void writePretty(QByteArray &out, const OrderedJson &value, int depth, qsizetype column,
                 const ItemList *items = nullptr)
{
    const bool container
        = value.kind() == OrderedJson::Kind::Array || value.kind() == OrderedJson::Kind::Object;
    if (!container || value.size() == 0) {
        writeCompact(out, value);
        return;
    }
    if (nesting(value) <= 3 && !items) {
        QByteArray compact;
        writeCompact(compact, value);
        // +1 for a ',' that may follow.
        if (column + QString::fromUtf8(compact).size() + 1 <= kLineWidth) {
            out += compact;
            return;
        }
    }
    const QByteArray inner(qsizetype(depth + 1) * kIndent, ' ');
    if (value.kind() == OrderedJson::Kind::Array) {
        out += "[\n";
        const auto &elements = value.elements();
        for (std::size_t i = 0; i < elements.size(); ++i) {
            out += inner;
            writePretty(out, elements[i], depth + 1, inner.size());
            out += i + 1 < elements.size() ? ",\n" : "\n";
        }
        out += QByteArray(qsizetype(depth) * kIndent, ' ') + ']';
        return;
    }
    out += "{\n";
    const auto &members = value.members();
    for (std::size_t i = 0; i < members.size(); ++i) {
        out += inner;
        const QByteArray key = JsonWriter::quote(members[i].first) + ": ";
        out += key;
        const qsizetype at = inner.size() + QString::fromUtf8(key).size();
        if (items && depth == 0 && members[i].first == u"items")
            writeItems(out, *items, depth + 1, at);
        else
            writePretty(out, members[i].second, depth + 1, at);
        out += i + 1 < members.size() ? ",\n" : "\n";
    }
    out += QByteArray(qsizetype(depth) * kIndent, ' ') + '}';
}

// The items as writePretty writes an array of them, building one item's JSON at a time.
void writeItems(QByteArray &out, const ItemList &items, int depth, qsizetype column)
{
    const auto element
        = [&items](size_t i) { return OrderedJson::fromQJson(dynamojson::itemToJson(items[i])); };
    // A few items may fit on the line: then the whole array as writePretty decides. Once the
    // items taken are longer than a line, the array cannot be one line.
    OrderedJson head = OrderedJson::array();
    qsizetype length = 0;
    size_t taken = 0;
    for (; taken < items.size() && length <= kLineWidth; ++taken) {
        OrderedJson next = element(taken);
        QByteArray compact;
        writeCompact(compact, next);
        length += QString::fromUtf8(compact).size();
        head.append(std::move(next));
    }
    if (taken == items.size()) {
        writePretty(out, head, depth, column);
        return;
    }
    const QByteArray inner(qsizetype(depth + 1) * kIndent, ' ');
    out += "[\n";
    for (size_t i = 0; i < items.size(); ++i) {
        out += inner;
        writePretty(out, i < taken ? head.elements()[i] : element(i), depth + 1, inner.size());
        out += i + 1 < items.size() ? ",\n" : "\n";
    }
    out += QByteArray(qsizetype(depth) * kIndent, ' ') + ']';
}

// Appends `extra` members that are not already present, in alphabetical order.
void appendExtra(OrderedJson &object, const QJsonObject &extra)
{
    for (auto it = extra.begin(); it != extra.end(); ++it) {
        if (!object.contains(it.key()))
            object.insert(it.key(), OrderedJson::fromQJson(it.value()));
    }
}

// Members in the create-table order, the rest alphabetically.
OrderedJson tableOrdered(const QJsonValue &value)
{
    static const QStringList preferred = {
        QStringLiteral("TableName"),
        QStringLiteral("IndexName"),
        QStringLiteral("AttributeDefinitions"),
        QStringLiteral("KeySchema"),
        QStringLiteral("LocalSecondaryIndexes"),
        QStringLiteral("GlobalSecondaryIndexes"),
        QStringLiteral("AttributeName"),
        QStringLiteral("AttributeType"),
        QStringLiteral("KeyType"),
        QStringLiteral("Projection"),
        QStringLiteral("ProjectionType"),
        QStringLiteral("NonKeyAttributes"),
    };
    if (value.isArray()) {
        OrderedJson array = OrderedJson::array();
        for (const QJsonValue &element : value.toArray())
            array.append(tableOrdered(element));
        return array;
    }
    if (!value.isObject())
        return OrderedJson::fromQJson(value);
    const QJsonObject object = value.toObject();
    OrderedJson out = OrderedJson::object();
    for (const QString &key : preferred) {
        if (object.contains(key))
            out.insert(key, tableOrdered(object.value(key)));
    }
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!out.contains(it.key()))
            out.insert(it.key(), tableOrdered(it.value()));
    }
    return out;
}

// The "table" member: the JSON as read when it still describes project.table (so every member
// survives), else project.table with the members TableDefinition does not model carried over.
QJsonObject tableJsonOf(const Project &project)
{
    const QJsonObject current = project.table.toJson();
    if (!project.tableJson.isEmpty()) {
        QString error;
        const auto parsed = TableDefinition::fromJson(project.tableJson, &error);
        if (parsed && parsed->toJson() == current)
            return project.tableJson;
    }
    QJsonObject source = project.tableJson;
    if (source.value(QLatin1String("Table")).isObject())
        source = source.value(QLatin1String("Table")).toObject();
    static const QSet<QString> modeled = {
        QStringLiteral("TableName"),
        QStringLiteral("AttributeDefinitions"),
        QStringLiteral("KeySchema"),
        QStringLiteral("LocalSecondaryIndexes"),
        QStringLiteral("GlobalSecondaryIndexes"),
    };
    QJsonObject out = current;
    for (auto it = source.begin(); it != source.end(); ++it) {
        if (!modeled.contains(it.key()))
            out.insert(it.key(), it.value());
    }
    // Per-index members (ProvisionedThroughput, ...) of indexes that still exist.
    QHash<QString, QJsonObject> sourceIndexes;
    for (const char *member : {"LocalSecondaryIndexes", "GlobalSecondaryIndexes"}) {
        for (const QJsonValue &index : source.value(QLatin1String(member)).toArray())
            sourceIndexes.insert(index.toObject().value(QLatin1String("IndexName")).toString(),
                                 index.toObject());
    }
    static const QSet<QString> modeledIndex
        = {QStringLiteral("IndexName"), QStringLiteral("KeySchema"), QStringLiteral("Projection")};
    for (const char *member : {"LocalSecondaryIndexes", "GlobalSecondaryIndexes"}) {
        if (!out.contains(QLatin1String(member)))
            continue;
        QJsonArray indexes = out.value(QLatin1String(member)).toArray();
        for (qsizetype i = 0; i < indexes.size(); ++i) {
            QJsonObject index = indexes.at(i).toObject();
            const QJsonObject old
                = sourceIndexes.value(index.value(QLatin1String("IndexName")).toString());
            for (auto it = old.begin(); it != old.end(); ++it) {
                if (!modeledIndex.contains(it.key()))
                    index.insert(it.key(), it.value());
            }
            indexes[i] = index;
        }
        out.insert(QLatin1String(member), indexes);
    }
    return out;
}

// A generated value as JSON, typed by the attribute: N as a number when it is an exact
// integer, BOOL as true/false, everything else as a string.
OrderedJson scalarJson(const QString &text, AttributeKind type)
{
    if (type == AttributeKind::N) {
        bool ok = false;
        const qint64 n = text.toLongLong(&ok);
        if (ok && QString::number(n) == text && std::abs(n) <= 9007199254740992LL)
            return OrderedJson::integer(n);
    }
    if (type == AttributeKind::Bool && (text == u"true" || text == u"false"))
        return OrderedJson::boolean(text == u"true");
    return OrderedJson::string(text);
}

OrderedJson durationJson(qint64 ms)
{
    const QJsonValue value = ProjectFile::formatDuration(ms);
    return value.isString() ? OrderedJson::string(value.toString()) : OrderedJson::integer(ms);
}

// Timestamps, ULIDs and KSUIDs drawn at random between two instants.
void insertRandomWindow(OrderedJson &out, const GeneratorSpec &spec)
{
    out.insert(QStringLiteral("random"), OrderedJson::boolean(true));
    out.insert(QStringLiteral("min"), OrderedJson::string(ProjectFile::formatInstant(spec.min)));
    out.insert(QStringLiteral("max"), OrderedJson::string(ProjectFile::formatInstant(spec.max)));
}

// The generators that can count or time per parent item.
bool hasPerParent(GeneratorSpec::Kind kind)
{
    return kind == Kind::Sequence || kind == Kind::Timestamp || kind == Kind::Ksuid
        || kind == Kind::Ulid;
}

OrderedJson generatorJson(const GeneratorSpec &spec, AttributeKind type)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("kind"),
               OrderedJson::string(ProjectFile::generatorKindName(spec.kind)));
    switch (spec.kind) {
    case Kind::Constant:
        out.insert(QStringLiteral("value"), scalarJson(spec.constant, type));
        break;
    case Kind::Sequence:
        out.insert(QStringLiteral("start"), OrderedJson::integer(spec.start));
        out.insert(QStringLiteral("step"), OrderedJson::integer(spec.step));
        break;
    case Kind::IntegerRange:
        out.insert(QStringLiteral("min"), OrderedJson::integer(spec.min));
        out.insert(QStringLiteral("max"), OrderedJson::integer(spec.max));
        break;
    case Kind::Choice: {
        OrderedJson choices = OrderedJson::array();
        for (const QString &choice : spec.choices)
            choices.append(scalarJson(choice, type));
        out.insert(QStringLiteral("choices"), choices);
        break;
    }
    case Kind::Timestamp:
        if (spec.random) {
            insertRandomWindow(out, spec);
        } else {
            out.insert(QStringLiteral("start"),
                       OrderedJson::string(ProjectFile::formatInstant(spec.start)));
            out.insert(QStringLiteral("step"), durationJson(spec.step));
        }
        break;
    case Kind::Pattern:
        out.insert(QStringLiteral("pattern"), OrderedJson::string(spec.pattern));
        break;
    case Kind::Ksuid:
    case Kind::Ulid:
        if (spec.random) {
            insertRandomWindow(out, spec);
        } else {
            // start 0 or 1 (the default) means "not set": the population's "now".
            if (spec.start > 1)
                out.insert(QStringLiteral("start"),
                           OrderedJson::string(ProjectFile::formatInstant(spec.start)));
            if (spec.step != 1 || spec.start > 1)
                out.insert(QStringLiteral("step"), durationJson(spec.step));
        }
        break;
    case Kind::Names:
    case Kind::Uuid4:
        break;
    }
    if (spec.perParent && hasPerParent(spec.kind))
        out.insert(QStringLiteral("perParent"), OrderedJson::boolean(true));
    appendExtra(out, spec.extra);
    return out;
}

// Key templates in key-schema order: the table's keys, each index's, then any others.
QStringList keyOrder(const Project &project, const EntityType &entity)
{
    QStringList order;
    for (const QString &name : project.table.allKeyAttributeNames()) {
        if (entity.keys.count(name))
            order << name;
    }
    for (const auto &[name, text] : entity.keys) {
        if (!order.contains(name))
            order << name;
    }
    return order;
}

// A rate as written by hand: 50, 0.5.
OrderedJson numberJson(double value)
{
    if (value == std::floor(value) && std::abs(value) < 9007199254740992.0)
        return OrderedJson::integer(qint64(value));
    return OrderedJson::floating(value);
}

OrderedJson writesJson(const EntityWrites &writes)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("creates"), numberJson(writes.creates));
    out.insert(QStringLiteral("updates"), numberJson(writes.updates));
    out.insert(QStringLiteral("deletes"), numberJson(writes.deletes));
    if (!writes.updatedAttributes.isEmpty()) {
        OrderedJson names = OrderedJson::array();
        for (const QString &name : writes.updatedAttributes)
            names.append(OrderedJson::string(name));
        out.insert(QStringLiteral("updatedAttributes"), names);
    }
    appendExtra(out, writes.extra);
    return out;
}

OrderedJson entityJson(const Project &project, const EntityType &entity)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("name"), OrderedJson::string(entity.name));
    if (!entity.color.isEmpty())
        out.insert(QStringLiteral("color"), OrderedJson::string(entity.color));
    if (!entity.parent.isEmpty())
        out.insert(QStringLiteral("parent"), OrderedJson::string(entity.parent));
    if (entity.countMin == entity.countMax) {
        out.insert(QStringLiteral("count"), OrderedJson::integer(entity.countMin));
    } else {
        OrderedJson range = OrderedJson::array();
        range.append(OrderedJson::integer(entity.countMin));
        range.append(OrderedJson::integer(entity.countMax));
        out.insert(QStringLiteral("count"), range);
    }
    OrderedJson attributes = OrderedJson::array();
    for (const auto &attribute : entity.attributes) {
        OrderedJson a = OrderedJson::object();
        a.insert(QStringLiteral("name"), OrderedJson::string(attribute.name));
        a.insert(QStringLiteral("type"),
                 OrderedJson::string(ProjectFile::attributeKindName(attribute.type)));
        a.insert(QStringLiteral("generator"), generatorJson(attribute.generator, attribute.type));
        if (attribute.isMutable)
            a.insert(QStringLiteral("mutable"), OrderedJson::boolean(true));
        if (attribute.exposedInUrl)
            a.insert(QStringLiteral("exposedInUrl"), OrderedJson::boolean(true));
        appendExtra(a, attribute.extra);
        attributes.append(a);
    }
    out.insert(QStringLiteral("attributes"), attributes);
    OrderedJson keys = OrderedJson::object();
    for (const QString &name : keyOrder(project, entity))
        keys.insert(name, OrderedJson::string(entity.keys.at(name)));
    out.insert(QStringLiteral("keys"), keys);
    if (entity.countPerParent)
        out.insert(QStringLiteral("countPerParent"), OrderedJson::integer(*entity.countPerParent));
    if (entity.writes)
        out.insert(QStringLiteral("writes"), writesJson(*entity.writes));
    appendExtra(out, entity.extra);
    return out;
}

OrderedJson patternJson(const AccessPattern &pattern)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("name"), OrderedJson::string(pattern.name));
    if (!pattern.description.isEmpty())
        out.insert(QStringLiteral("description"), OrderedJson::string(pattern.description));
    if (!pattern.indexName.isEmpty())
        out.insert(QStringLiteral("index"), OrderedJson::string(pattern.indexName));
    out.insert(QStringLiteral("keyCondition"), OrderedJson::string(pattern.keyConditionExpression));
    if (pattern.filterExpression)
        out.insert(QStringLiteral("filter"), OrderedJson::string(*pattern.filterExpression));
    if (!pattern.names.empty()) {
        OrderedJson names = OrderedJson::object();
        for (const auto &[placeholder, name] : pattern.names)
            names.insert(placeholder, OrderedJson::string(name));
        out.insert(QStringLiteral("names"), names);
    }
    if (!pattern.values.empty()) {
        OrderedJson values = OrderedJson::object();
        for (const auto &[placeholder, value] : pattern.values) {
            values.insert(placeholder,
                          value.literal
                              ? OrderedJson::fromQJson(dynamojson::valueToJson(*value.literal))
                              : OrderedJson::string(value.templateText));
        }
        out.insert(QStringLiteral("values"), values);
    }
    if (!pattern.parentEntity.isEmpty()) {
        out.insert(QStringLiteral("parent"), OrderedJson::string(pattern.parentEntity));
        out.insert(QStringLiteral("parentIndex"), OrderedJson::integer(pattern.parentIndex));
    }
    out.insert(QStringLiteral("scanIndexForward"), OrderedJson::boolean(pattern.scanIndexForward));
    if (pattern.limit)
        out.insert(QStringLiteral("limit"), OrderedJson::integer(*pattern.limit));
    if (pattern.consistentRead)
        out.insert(QStringLiteral("consistentRead"), OrderedJson::boolean(true));
    if (pattern.rate)
        out.insert(QStringLiteral("rate"), numberJson(*pattern.rate));
    if (pattern.averageRate)
        out.insert(QStringLiteral("averageRate"), numberJson(*pattern.averageRate));

    const PatternExpectation &expect = pattern.expect;
    OrderedJson e = OrderedJson::object();
    if (!expect.entityTypes.isEmpty()) {
        OrderedJson types = OrderedJson::array();
        for (const QString &type : expect.entityTypes)
            types.append(OrderedJson::string(type));
        e.insert(QStringLiteral("entityTypes"), types);
    }
    if (expect.parentFirst)
        e.insert(QStringLiteral("parentFirst"), OrderedJson::boolean(*expect.parentFirst));
    if (!expect.orderAttribute.isEmpty()) {
        OrderedJson order = OrderedJson::object();
        order.insert(QStringLiteral("attribute"), OrderedJson::string(expect.orderAttribute));
        order.insert(QStringLiteral("descending"), OrderedJson::boolean(!expect.orderAscending));
        appendExtra(order, expect.orderByExtra);
        e.insert(QStringLiteral("orderBy"), order);
    }
    if (expect.count)
        e.insert(QStringLiteral("count"), OrderedJson::integer(*expect.count));
    if (expect.minCount)
        e.insert(QStringLiteral("minCount"), OrderedJson::integer(*expect.minCount));
    appendExtra(e, expect.extra);
    if (e.size() > 0)
        out.insert(QStringLiteral("expect"), e);
    appendExtra(out, pattern.extra);
    return out;
}

} // namespace

OrderedJson projectJson(const Project &project, bool withItems)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("keyscope"), OrderedJson::integer(Project::kFormatVersion));
    out.insert(QStringLiteral("name"), OrderedJson::string(project.name));
    if (!project.description.isEmpty())
        out.insert(QStringLiteral("description"), OrderedJson::string(project.description));
    // JSON numbers are exact to 2^53; larger seeds are written as strings.
    out.insert(QStringLiteral("seed"),
               project.seed <= 9007199254740992ULL
                   ? OrderedJson::integer(qint64(project.seed))
                   : OrderedJson::string(QString::number(project.seed)));
    out.insert(QStringLiteral("table"), tableOrdered(tableJsonOf(project)));
    OrderedJson entities = OrderedJson::array();
    for (const auto &entity : project.entities)
        entities.append(entityJson(project, entity));
    out.insert(QStringLiteral("entities"), entities);
    OrderedJson patterns = OrderedJson::array();
    for (const auto &pattern : project.accessPatterns)
        patterns.append(patternJson(pattern));
    out.insert(QStringLiteral("accessPatterns"), patterns);
    if (!project.items.empty()) {
        if (withItems) {
            OrderedJson items = OrderedJson::array();
            for (const Item &item : project.items)
                items.append(OrderedJson::fromQJson(dynamojson::itemToJson(item)));
            out.insert(QStringLiteral("items"), items);
        } else {
            out.insert(QStringLiteral("items"),
                       OrderedJson::array()); // serializeProject writes them
        }
    }
    if (!project.prices.isEmpty())
        out.insert(QStringLiteral("prices"), OrderedJson::fromQJson(project.prices));
    if (!project.view.isEmpty())
        out.insert(QStringLiteral("view"), OrderedJson::fromQJson(project.view));
    appendExtra(out, project.extra);
    return out;
}

QByteArray serializeProject(const Project &project)
{
    QByteArray out;
    if (project.items.empty()) {
        writePretty(out, projectJson(project), 0, 0);
    } else {
        writePretty(out, projectJson(project, false), 0, 0, &project.items);
    }
    return out + '\n';
}

} // namespace keyscope::model::fileformat
