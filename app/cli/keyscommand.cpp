// `keyscope keys FILE --entity NAME [--set Attr=Value ...]`: the keys an entity type gets,
// each with how every part of its template was produced.

#include "app/cli/keyscommand.h"

#include "app/cli/clisupport.h"
#include "model/design/keytemplate.h"
#include "model/design/projectfile.h"
#include "model/design/valuegenerator.h"
#include "model/io/jsonwriter.h"
#include "model/io/queryresponsejson.h"
#include "model/io/suggestion.h"
#include "model/value/dynamojson.h"

#include <QHash>

#include <cmath>

namespace keyscope::cli {

namespace {

using namespace keyscope::model;

const QString kUsage
    = QStringLiteral("usage: keyscope keys FILE --entity NAME [--set ATTR=VALUE ...] [--json]\n"
                     "To see help text, you can run:\n"
                     "\n"
                     "  keyscope keys --help\n");

const QString kHelp = QStringLiteral(
    "usage: keyscope keys FILE --entity NAME [--set ATTR=VALUE ...] [--seed N] [--json]\n"
    "\n"
    "Previews the keys an entity type of a Keyscope project (*.keyscope.json) gets: each\n"
    "of its key templates (table and index keys, in key-schema order) rendered with sample\n"
    "values, and how each part of the template was produced:\n"
    "\n"
    "  SK = \"#READING#2024-06-01T00:00:00Z\" (S; table sort key)\n"
    "      #READING#       literal\n"
    "      {Ts|iso8601}    Ts \"2024-06-01T00:00:00Z\" -> iso8601 \"2024-06-01T00:00:00Z\"\n"
    "\n"
    "The sample values are those of the first item of the entity type that `keyscope\n"
    "populate` generates (its ancestors' too, for placeholders such as {Device.DeviceId}),\n"
    "and --set overrides them.\n"
    "\n"
    "Options:\n"
    "  --entity NAME          The entity type (required).\n"
    "  --set ATTR=VALUE       Use VALUE for attribute ATTR (repeatable). ATTR is one of the\n"
    "                         entity's attributes or an ancestor's as Type.Attr. VALUE is\n"
    "                         read as the attribute's type: S text as is, N a number,\n"
    "                         B base64, BOOL true/false, timestamp ISO-8601\n"
    "                         (2024-01-01T00:00:00Z) or epoch milliseconds.\n"
    "  --seed N               Sample values from a population with seed N.\n"
    "  --json                 Print the preview as JSON:\n"
    "      {\"file\", \"entity\", \"sample\": {\"index\", \"entity\", \"key\"} or null,\n"
    "       \"set\": {ATTR: DynamoDB JSON value},\n"
    "       \"keys\": [{\"attribute\", \"roles\": [\"table partition key\", ...], \"template\",\n"
    "                 \"value\": DynamoDB JSON or null,\n"
    "                 \"error\": {\"message\", \"column\"} or null,\n"
    "                 \"parts\": [{\"column\", \"source\", \"placeholder\", \"attribute\",\n"
    "                            \"origin\": \"sample\"|\"set\"|null,\n"
    "                            \"steps\": [{\"label\", \"value\"}], \"output\"}]}]}\n"
    "  --help                 Show this help.\n"
    "\n"
    "Exit codes:\n"
    "  0    every key rendered\n"
    "  1    a key template could not be rendered (the error names its column)\n"
    "  252  command-line mistake (unknown entity or attribute, bad --set, bad value)\n"
    "  255  the project could not be read or is invalid (every problem is listed with its\n"
    "       JSON path)\n");

// What a --set value or a populated value means for a template.
struct Sample
{
    TemplateInput input;
    bool fromSet = false;
};

// Where an attribute lives: an entity type and its spec.
struct AttributeRef
{
    int entity = -1;
    const AttributeSpec *spec = nullptr;
};

bool isTimestamp(const AttributeSpec &spec)
{
    return spec.type == AttributeKind::Timestamp
        || spec.generator.kind == GeneratorSpec::Kind::Timestamp;
}

// A populated value as the generator handed it to the templates (instants included).
TemplateInput inputFromItem(const AttributeSpec &spec, const AttributeValue &value)
{
    TemplateInput input {value, std::nullopt};
    if (!isTimestamp(spec))
        return input;
    if (value.type() == AttributeValue::Type::S) {
        input.instantMs = ProjectFile::parseInstant(QJsonValue(value.asString()));
    } else if (value.type() == AttributeValue::Type::N) {
        // N timestamps hold epoch seconds, possibly with a fraction.
        bool ok = false;
        const double seconds = value.asNumber().toString().toDouble(&ok);
        if (ok)
            input.instantMs = qint64(std::llround(seconds * 1000.0));
    }
    return input;
}

// A --set value read as the attribute's type.
std::variant<TemplateInput, QString> inputFromText(const AttributeSpec &spec, const QString &text)
{
    switch (spec.type) {
    case AttributeKind::S:
        return TemplateInput {AttributeValue::string(text), std::nullopt};
    case AttributeKind::N: {
        QString error;
        auto number = Number::parse(text.trimmed(), &error);
        if (!number)
            return QStringLiteral("'%1' is not a number (%2 is N): %3").arg(text, spec.name, error);
        return inputFromItem(spec, AttributeValue::number(*number));
    }
    case AttributeKind::B: {
        auto decoded = QByteArray::fromBase64Encoding(text.toLatin1(),
                                                      QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return QStringLiteral("'%1' is not base64 (%2 is B)").arg(text, spec.name);
        return TemplateInput {AttributeValue::binary(*decoded), std::nullopt};
    }
    case AttributeKind::Bool:
        if (text == QLatin1String("true") || text == QLatin1String("false"))
            return TemplateInput {AttributeValue::boolean(text == QLatin1String("true")),
                                  std::nullopt};
        return QStringLiteral("'%1' is not true or false (%2 is BOOL)").arg(text, spec.name);
    case AttributeKind::Timestamp: {
        bool isInteger = false;
        const qint64 ms = text.trimmed().toLongLong(&isInteger);
        QString error;
        const auto instant = isInteger
            ? std::optional<qint64>(ms)
            : ProjectFile::parseInstant(QJsonValue(text.trimmed()), &error);
        if (!instant)
            return error.isEmpty() ? QStringLiteral("'%1' is not a timestamp: write ISO-8601 "
                                                    "such as 2024-01-01T00:00:00Z, or epoch "
                                                    "milliseconds")
                                         .arg(text)
                                   : error;
        // Stored as the generator stores timestamps: ISO-8601 UTC text, with the instant.
        return TemplateInput {
            AttributeValue::string(formatIsoInstant(*instant, *instant % 1000 != 0)), *instant};
    }
    }
    return QString();
}

// What each key attribute is for: "table partition key", "GSI1 sort key".
std::vector<std::pair<QString, QStringList>> keyRoles(const TableDefinition &table)
{
    std::vector<std::pair<QString, QStringList>> roles;
    const auto add = [&](const QString &name, const QString &role) {
        for (auto &entry : roles) {
            if (entry.first == name) {
                entry.second << role;
                return;
            }
        }
        roles.push_back({name, {role}});
    };
    for (const auto &k : table.keys.hash)
        add(k.name, QStringLiteral("table partition key"));
    for (const auto &k : table.keys.range)
        add(k.name, QStringLiteral("table sort key"));
    for (const auto &index : table.indexes) {
        for (const auto &k : index.keys.hash)
            add(k.name, QStringLiteral("%1 partition key").arg(index.name));
        for (const auto &k : index.keys.range)
            add(k.name, QStringLiteral("%1 sort key").arg(index.name));
    }
    return roles;
}

std::optional<AttributeValue::Type> keyType(const TableDefinition &table, const QString &name)
{
    for (const auto &k : table.keys.all()) {
        if (k.name == name)
            return k.type;
    }
    for (const auto &index : table.indexes) {
        for (const auto &k : index.keys.all()) {
            if (k.name == name)
                return k.type;
        }
    }
    return std::nullopt;
}

struct PartView
{
    KeyTemplate::PartTrace trace;
    QString attribute;
    std::optional<bool> fromSet;
};

struct KeyView
{
    QString attribute;
    QStringList roles;
    QString templateText;
    std::optional<AttributeValue> value;
    std::optional<TemplateError> error;
    std::vector<PartView> parts;
};

QString quoted(const QString &text)
{
    return QString::fromUtf8(JsonWriter::quote(text));
}

QString valueText(const AttributeValue &value)
{
    return value.type() == AttributeValue::Type::S
        ? quoted(value.asString())
        : QString::fromUtf8(JsonWriter::write(
            QueryResponseJson::itemToJson({{QStringLiteral("v"), value}}).members().front().second,
            0));
}

} // namespace

int runKeysCommand(const QStringList &args)
{
    auto parsed = parseCommand(args,
                               {{QStringLiteral("--entity"), true},
                                {QStringLiteral("--set"), true, true},
                                {QStringLiteral("--seed"), true},
                                {QStringLiteral("--json"), false}},
                               kUsage, kHelp);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const ParsedOptions &options = std::get<ParsedOptions>(parsed);
    QStringList missing;
    if (options.positionals.isEmpty())
        missing << QStringLiteral("FILE");
    if (!options.has(QStringLiteral("--entity")))
        missing << QStringLiteral("--entity");
    if (!missing.isEmpty())
        return usageError(
            kUsage,
            QStringLiteral("the following arguments are required: %1").arg(missing.join(u", ")));
    if (options.positionals.size() > 1)
        return usageError(kUsage,
                          QStringLiteral("unrecognized arguments: %1")
                              .arg(options.positionals.mid(1).join(u' ')));
    auto seed = parseSeed(options);
    if (auto *message = std::get_if<QString>(&seed))
        return usageError(kUsage, *message);
    // --set syntax first: a typo should not wait for a load.
    std::vector<std::pair<QString, QString>> assignments;
    for (const QString &assignment : options.all(QStringLiteral("--set"))) {
        const qsizetype equals = assignment.indexOf(QLatin1Char('='));
        if (equals <= 0)
            return usageError(kUsage,
                              QStringLiteral("argument --set: expected ATTR=VALUE, got "
                                             "'%1'")
                                  .arg(assignment));
        assignments.emplace_back(assignment.left(equals).trimmed(), assignment.mid(equals + 1));
    }

    const QString path = options.positionals.first();
    auto loaded = loadProject(path);
    if (auto *exitCode = std::get_if<int>(&loaded))
        return *exitCode;
    const Project &project = std::get<Project>(loaded);

    const QString entityName = *options.value(QStringLiteral("--entity"));
    int entityIndex = -1;
    QStringList entityNames;
    for (int i = 0; i < int(project.entities.size()); ++i) {
        entityNames << project.entities[size_t(i)].name;
        if (project.entities[size_t(i)].name == entityName)
            entityIndex = i;
    }
    if (entityIndex < 0) {
        QString message = QStringLiteral("argument --entity: %1 has no entity type named '%2'")
                              .arg(path, entityName);
        const QString suggestion = closestMatch(entityName, entityNames);
        if (!suggestion.isEmpty())
            message += QStringLiteral("; did you mean '%1'?").arg(suggestion);
        message += entityNames.isEmpty()
            ? QStringLiteral(" (it has none)")
            : QStringLiteral(" (entity types: %1)").arg(entityNames.join(u", "));
        return usageError(kUsage, message);
    }
    const EntityType &entity = project.entities[size_t(entityIndex)];

    // The entity and its ancestors, nearest first: where Attr and Type.Attr are looked up.
    std::vector<int> lineage {entityIndex};
    for (int e = entityIndex; !project.entities[size_t(e)].parent.isEmpty();) {
        const EntityType *parent = project.entity(project.entities[size_t(e)].parent);
        if (!parent)
            break;
        e = int(parent - project.entities.data());
        if (std::find(lineage.begin(), lineage.end(), e) != lineage.end())
            break; // a cycle: the project reader reports it
        lineage.push_back(e);
    }
    const auto resolve = [&](const QString &name) -> AttributeRef {
        const qsizetype dot = name.indexOf(QLatin1Char('.'));
        const QString type = dot < 0 ? entity.name : name.left(dot);
        const QString attribute = dot < 0 ? name : name.mid(dot + 1);
        for (int e : lineage) {
            const EntityType &candidate = project.entities[size_t(e)];
            if (candidate.name != type)
                continue;
            for (const AttributeSpec &spec : candidate.attributes) {
                if (spec.name == attribute)
                    return {e, &spec};
            }
        }
        return {};
    };

    // --set values, checked against the attributes they name.
    std::map<QString, TemplateInput> setValues; // "Ts" or "Device.DeviceId"
    for (const auto &[name, text] : assignments) {
        const AttributeRef ref = resolve(name);
        if (!ref.spec) {
            QStringList known;
            for (int e : lineage) {
                for (const AttributeSpec &spec : project.entities[size_t(e)].attributes)
                    known << (e == entityIndex
                                  ? spec.name
                                  : project.entities[size_t(e)].name + u'.' + spec.name);
            }
            QString message
                = QStringLiteral("argument --set: %1 has no attribute '%2'").arg(entity.name, name);
            const QString suggestion = closestMatch(name, known);
            if (!suggestion.isEmpty())
                message += QStringLiteral("; did you mean '%1'?").arg(suggestion);
            message += known.isEmpty() ? QStringLiteral(" (it has none)")
                                       : QStringLiteral(" (attributes: %1)").arg(known.join(u", "));
            return usageError(kUsage, message);
        }
        auto input = inputFromText(*ref.spec, text);
        if (auto *message = std::get_if<QString>(&input))
            return usageError(kUsage, QStringLiteral("argument --set %1: %2").arg(name, *message));
        const QString key = ref.entity == entityIndex
            ? ref.spec->name
            : project.entities[size_t(ref.entity)].name + u'.' + ref.spec->name;
        setValues[key] = std::get<TemplateInput>(std::move(input));
    }

    // Sample values: the first item of the entity in the population `keyscope populate`
    // writes (the whole population: what a type makes can depend on its ancestors' counts).
    Project sampleProject = project;
    sampleProject.items.clear();
    Progress progress;
    auto populated = Populator::populate(
        sampleProject, std::get<std::optional<quint64>>(seed), [&](qint64 done, qint64 total) {
            progress.update(QStringLiteral("populating"), done, total);
        });
    progress.finish();
    std::optional<Population> population;
    qint64 sampleItem = -1;
    if (auto *error = std::get_if<PopulationError>(&populated)) {
        print(stderr,
              QStringLiteral("keyscope: note: %1: %2: %3; no sample values, only --set "
                             "ones\n")
                  .arg(path, error->path, error->message));
    } else {
        population = std::get<Population>(std::move(populated));
        for (qint64 i = 0; i < population->generatedCount; ++i) {
            if (population->entityOf[size_t(i)] == entityIndex) {
                sampleItem = i;
                break;
            }
        }
        if (sampleItem < 0)
            print(stderr,
                  QStringLiteral("keyscope: note: the population has no %1; no sample "
                                 "values, only --set ones\n")
                      .arg(entity.name));
    }

    const auto lookup = [&](const QString &name) -> std::optional<Sample> {
        if (auto it = setValues.find(name); it != setValues.end())
            return Sample {it->second, true};
        if (sampleItem < 0)
            return std::nullopt;
        const AttributeRef ref = resolve(name);
        if (!ref.spec)
            return std::nullopt;
        qint64 item = sampleItem; // walk up to the ancestor of the wanted type
        while (item >= 0 && population->entityOf[size_t(item)] != ref.entity)
            item = population->parentOf[size_t(item)];
        if (item < 0)
            return std::nullopt;
        const Item &values = population->items[size_t(item)];
        const auto it = values.find(ref.spec->name);
        if (it == values.end())
            return std::nullopt;
        return Sample {inputFromItem(*ref.spec, it->second), false};
    };

    // Key templates in key-schema order, then any others by name.
    std::vector<KeyView> keys;
    const auto roles = keyRoles(project.table);
    QStringList order;
    for (const auto &[name, r] : roles) {
        if (entity.keys.count(name))
            order << name;
    }
    for (const auto &[name, text] : entity.keys) {
        if (!order.contains(name))
            order << name;
    }
    bool allRendered = true;
    for (const QString &attribute : order) {
        KeyView view;
        view.attribute = attribute;
        view.templateText = entity.keys.at(attribute);
        for (const auto &[name, r] : roles) {
            if (name == attribute)
                view.roles = r;
        }
        auto parsedTemplate = KeyTemplate::parse(view.templateText);
        if (auto *error = std::get_if<TemplateError>(&parsedTemplate)) {
            view.error = *error;
        } else {
            const KeyTemplate &keyTemplate = std::get<KeyTemplate>(parsedTemplate);
            QHash<QString, bool> origins;
            auto rendered
                = keyTemplate.render([&](const QString &name) -> std::optional<TemplateInput> {
                      auto sample = lookup(name);
                      if (!sample)
                          return std::nullopt;
                      origins.insert(name, sample->fromSet);
                      return sample->input;
                  });
            if (auto *error = std::get_if<TemplateError>(&rendered)) {
                view.error = *error;
            } else {
                auto &result = std::get<KeyTemplate::Rendered>(rendered);
                // The populator gives a key attribute its declared type.
                AttributeValue value = result.value;
                const auto wanted = keyType(project.table, attribute);
                if (wanted && *wanted == AttributeValue::Type::S
                    && value.type() == AttributeValue::Type::N) {
                    value = AttributeValue::string(value.asNumber().toString());
                } else if (wanted && *wanted == AttributeValue::Type::N
                           && value.type() == AttributeValue::Type::S) {
                    QString numberError;
                    auto number = Number::parse(value.asString(), &numberError);
                    if (number)
                        value = AttributeValue::number(*number);
                    else
                        view.error = TemplateError {
                            QStringLiteral("the template makes '%1', but %2 is a number (N) "
                                           "key: %3")
                                .arg(value.asString(), attribute, numberError),
                            0,
                            {}};
                } else if (wanted && *wanted != value.type()) {
                    view.error = TemplateError {
                        QStringLiteral("the template makes a %1 value, but %2 is a %3 key")
                            .arg(value.typeName(), attribute, AttributeValue::typeName(*wanted)),
                        0,
                        {}};
                }
                if (!view.error)
                    view.value = value;
                const auto &partsOf = keyTemplate.parts();
                for (size_t p = 0; p < result.trace.size(); ++p) {
                    PartView part;
                    part.trace = result.trace[p];
                    if (p < partsOf.size() && partsOf[p].isPlaceholder) {
                        part.attribute = partsOf[p].text;
                        if (origins.contains(part.attribute))
                            part.fromSet = origins.value(part.attribute);
                    }
                    view.parts.push_back(std::move(part));
                }
            }
        }
        allRendered = allRendered && !view.error;
        keys.push_back(std::move(view));
    }

    const auto sampleJson = [&]() -> OrderedJson {
        if (sampleItem < 0)
            return OrderedJson();
        OrderedJson json = OrderedJson::object();
        json.insert(QStringLiteral("index"), OrderedJson::integer(sampleItem));
        json.insert(QStringLiteral("entity"), OrderedJson::string(entity.name));
        Item key;
        const Item &item = population->items[size_t(sampleItem)];
        for (const auto &k : project.table.keys.all()) {
            if (auto it = item.find(k.name); it != item.end())
                key.emplace(it->first, it->second);
        }
        json.insert(QStringLiteral("key"), QueryResponseJson::itemToJson(key));
        return json;
    };

    if (options.has(QStringLiteral("--json"))) {
        OrderedJson root = OrderedJson::object();
        root.insert(QStringLiteral("file"), OrderedJson::string(path));
        root.insert(QStringLiteral("entity"), OrderedJson::string(entity.name));
        root.insert(QStringLiteral("sample"), sampleJson());
        OrderedJson set = OrderedJson::object();
        for (const auto &[name, input] : setValues)
            set.insert(
                name,
                QueryResponseJson::itemToJson({{name, input.value}}).members().front().second);
        root.insert(QStringLiteral("set"), std::move(set));
        OrderedJson keyArray = OrderedJson::array();
        for (const KeyView &view : keys) {
            OrderedJson k = OrderedJson::object();
            k.insert(QStringLiteral("attribute"), OrderedJson::string(view.attribute));
            OrderedJson roleArray = OrderedJson::array();
            for (const QString &role : view.roles)
                roleArray.append(OrderedJson::string(role));
            k.insert(QStringLiteral("roles"), std::move(roleArray));
            k.insert(QStringLiteral("template"), OrderedJson::string(view.templateText));
            k.insert(QStringLiteral("value"),
                     view.value ? QueryResponseJson::itemToJson({{view.attribute, *view.value}})
                                      .members()
                                      .front()
                                      .second
                                : OrderedJson());
            OrderedJson error;
            if (view.error) {
                error = OrderedJson::object();
                error.insert(QStringLiteral("message"), OrderedJson::string(view.error->message));
                error.insert(QStringLiteral("column"), OrderedJson::integer(view.error->column));
            }
            k.insert(QStringLiteral("error"), std::move(error));
            OrderedJson parts = OrderedJson::array();
            for (const PartView &part : view.parts) {
                OrderedJson p = OrderedJson::object();
                p.insert(QStringLiteral("column"), OrderedJson::integer(part.trace.column));
                p.insert(QStringLiteral("source"), OrderedJson::string(part.trace.source));
                p.insert(QStringLiteral("placeholder"),
                         OrderedJson::boolean(part.trace.isPlaceholder));
                p.insert(QStringLiteral("attribute"),
                         part.attribute.isEmpty() ? OrderedJson()
                                                  : OrderedJson::string(part.attribute));
                p.insert(QStringLiteral("origin"),
                         part.fromSet ? OrderedJson::string(
                             *part.fromSet ? QStringLiteral("set") : QStringLiteral("sample"))
                                      : OrderedJson());
                OrderedJson steps = OrderedJson::array();
                for (qsizetype s = 0; s < part.trace.steps.size(); ++s) {
                    OrderedJson step = OrderedJson::object();
                    const QString label = part.trace.stepLabels.value(s);
                    step.insert(QStringLiteral("label"),
                                label.isEmpty() ? OrderedJson() : OrderedJson::string(label));
                    step.insert(QStringLiteral("value"),
                                OrderedJson::string(part.trace.steps.at(s)));
                    steps.append(std::move(step));
                }
                p.insert(QStringLiteral("steps"), std::move(steps));
                p.insert(QStringLiteral("output"), OrderedJson::string(part.trace.output));
                parts.append(std::move(p));
            }
            k.insert(QStringLiteral("parts"), std::move(parts));
            keyArray.append(std::move(k));
        }
        root.insert(QStringLiteral("keys"), std::move(keyArray));
        print(stdout, JsonWriter::write(root) + '\n');
        return allRendered ? kExitOk : kExitFailed;
    }

    QString out;
    QString source;
    if (sampleItem >= 0)
        source = QStringLiteral("sample values from the first %1 generated (item %2 of "
                                "`keyscope populate`, counting from 0)")
                     .arg(entity.name)
                     .arg(sampleItem);
    else
        source = QStringLiteral("no sample values");
    if (!setValues.empty()) {
        QStringList names;
        for (const auto &[name, input] : setValues)
            names << name;
        source += QStringLiteral(", --set %1").arg(names.join(u", "));
    }
    out += QStringLiteral("%1: %2\n").arg(entity.name, source);
    if (keys.empty())
        out += QStringLiteral("\n(no key templates)\n");
    for (const KeyView &view : keys) {
        out += QLatin1Char('\n');
        const QString roles = view.roles.isEmpty() ? QStringLiteral("not a key of the table")
                                                   : view.roles.join(u", ");
        if (view.error) {
            out += QStringLiteral("%1: error: %2\n").arg(view.attribute, view.error->message);
            out += QStringLiteral("    %1\n").arg(view.templateText);
            if (view.error->column > 0)
                out += QStringLiteral("    %1^\n").arg(QString(view.error->column - 1, u' '));
            continue;
        }
        out += QStringLiteral("%1 = %2 (%3; %4)\n")
                   .arg(view.attribute, valueText(*view.value), view.value->typeName(), roles);
        int width = 0;
        for (const PartView &part : view.parts)
            width = std::max(width, int(part.trace.source.size()));
        for (const PartView &part : view.parts) {
            QString how;
            if (!part.trace.isPlaceholder) {
                how = QStringLiteral("literal");
            } else {
                QStringList steps;
                for (qsizetype s = 0; s < part.trace.steps.size(); ++s)
                    steps << QStringLiteral("%1 %2").arg(part.trace.stepLabels.value(s),
                                                         quoted(part.trace.steps.at(s)));
                how = steps.join(QStringLiteral(" -> "));
                if (part.fromSet && *part.fromSet)
                    how += QStringLiteral("  (--set)");
            }
            out += QStringLiteral("    %1  %2\n").arg(part.trace.source.leftJustified(width), how);
        }
    }
    print(stdout, out);
    return allRendered ? kExitOk : kExitFailed;
}

} // namespace keyscope::cli
