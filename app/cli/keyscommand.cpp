// `keyscope keys FILE --entity NAME [--set Attr=Value ...]`: the keys an entity type gets,
// each with how every part of its template was produced.

#include "app/cli/keyscommand.h"

#include "app/cli/clisupport.h"
#include "model/design/designrun.h"
#include "model/design/keypreview.h"
#include "model/io/jsonwriter.h"
#include "model/io/queryresponsejson.h"
#include "model/io/suggestion.h"
#include "model/value/dynamojson.h"

#include <algorithm>

namespace keyscope::cli {

namespace {

using namespace keyscope::model;

const QString kKeysHelp = QStringLiteral(
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

const QString kKeysUsage = shortUsage(kKeysHelp, QStringLiteral("keys"));

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

// --set ATTR=VALUE, split (its syntax is checked before the project is loaded).
std::variant<std::vector<std::pair<QString, QString>>, int>
splitAssignments(const ParsedOptions &options)
{
    std::vector<std::pair<QString, QString>> assignments;
    for (const QString &assignment : options.all(QStringLiteral("--set"))) {
        const qsizetype equals = assignment.indexOf(QLatin1Char('='));
        if (equals <= 0)
            return usageError(kKeysUsage,
                              QStringLiteral("argument --set: expected ATTR=VALUE, got "
                                             "'%1'")
                                  .arg(assignment));
        assignments.emplace_back(assignment.left(equals).trimmed(), assignment.mid(equals + 1));
    }
    return assignments;
}

// "; did you mean 'X'?" and the names there are, after a message about an unknown name.
QString unknownName(QString message, const QString &name, const QStringList &known,
                    const QString &what)
{
    const QString suggestion = closestMatch(name, known);
    if (!suggestion.isEmpty())
        message += QStringLiteral("; did you mean '%1'?").arg(suggestion);
    message += known.isEmpty() ? QStringLiteral(" (it has none)")
                               : QStringLiteral(" (%1: %2)").arg(what, known.join(u", "));
    return message;
}

// The --set values by sample name ("Ts", "Device.DeviceId"), read as their attributes' types.
std::variant<std::map<QString, std::pair<SampleAttribute, TemplateInput>>, int>
readSetValues(const Project &project, int entity,
              const std::vector<std::pair<QString, QString>> &assignments)
{
    std::map<QString, std::pair<SampleAttribute, TemplateInput>> values;
    for (const auto &[name, text] : assignments) {
        const SampleAttribute ref = KeyPreview::resolve(project, entity, name);
        if (!ref.spec)
            return usageError(kKeysUsage,
                              unknownName(QStringLiteral("argument --set: %1 has no attribute '%2'")
                                              .arg(project.entities[size_t(entity)].name, name),
                                          name, KeyPreview::attributeNames(project, entity),
                                          QStringLiteral("attributes")));
        auto input = KeyPreview::inputFromText(*ref.spec, text);
        if (auto *message = std::get_if<QString>(&input))
            return usageError(kKeysUsage,
                              QStringLiteral("argument --set %1: %2").arg(name, *message));
        values[ref.name] = {ref, std::get<TemplateInput>(std::move(input))};
    }
    return values;
}

OrderedJson dynamoJson(const QString &name, const AttributeValue &value)
{
    return QueryResponseJson::itemToJson({{name, value}}).members().front().second;
}

OrderedJson partJson(const KeyPartView &part)
{
    OrderedJson p = OrderedJson::object();
    p.insert(QStringLiteral("column"), OrderedJson::integer(part.trace.column));
    p.insert(QStringLiteral("source"), OrderedJson::string(part.trace.source));
    p.insert(QStringLiteral("placeholder"), OrderedJson::boolean(part.trace.isPlaceholder));
    p.insert(QStringLiteral("attribute"),
             part.attribute.isEmpty() ? OrderedJson() : OrderedJson::string(part.attribute));
    p.insert(QStringLiteral("origin"),
             part.overridden ? OrderedJson::string(*part.overridden ? QStringLiteral("set")
                                                                    : QStringLiteral("sample"))
                             : OrderedJson());
    OrderedJson steps = OrderedJson::array();
    for (qsizetype s = 0; s < part.trace.steps.size(); ++s) {
        OrderedJson step = OrderedJson::object();
        const QString label = part.trace.stepLabels.value(s);
        step.insert(QStringLiteral("label"),
                    label.isEmpty() ? OrderedJson() : OrderedJson::string(label));
        step.insert(QStringLiteral("value"), OrderedJson::string(part.trace.steps.at(s)));
        steps.append(std::move(step));
    }
    p.insert(QStringLiteral("steps"), std::move(steps));
    p.insert(QStringLiteral("output"), OrderedJson::string(part.trace.output));
    return p;
}

// {"message", "column"}, or null.
OrderedJson errorJson(const std::optional<TemplateError> &error)
{
    if (!error)
        return OrderedJson();
    OrderedJson json = OrderedJson::object();
    json.insert(QStringLiteral("message"), OrderedJson::string(error->message));
    json.insert(QStringLiteral("column"), OrderedJson::integer(error->column));
    return json;
}

OrderedJson keyJson(const KeyView &view)
{
    OrderedJson k = OrderedJson::object();
    k.insert(QStringLiteral("attribute"), OrderedJson::string(view.attribute));
    OrderedJson roleArray = OrderedJson::array();
    for (const QString &role : view.roles)
        roleArray.append(OrderedJson::string(role));
    k.insert(QStringLiteral("roles"), std::move(roleArray));
    k.insert(QStringLiteral("template"), OrderedJson::string(view.templateText));
    k.insert(QStringLiteral("value"),
             view.value ? dynamoJson(view.attribute, *view.value) : OrderedJson());
    k.insert(QStringLiteral("error"), errorJson(view.error));
    OrderedJson parts = OrderedJson::array();
    for (const KeyPartView &part : view.parts)
        parts.append(partJson(part));
    k.insert(QStringLiteral("parts"), std::move(parts));
    return k;
}

// What the preview is made from: the file, the entity type, the sample item and --set values.
struct KeysReport
{
    QString path;
    const Project *project = nullptr;
    const EntityType *entity = nullptr;
    const Population *population = nullptr; // null when the project did not populate
    qint64 sampleItem = -1;
    std::map<QString, std::pair<SampleAttribute, TemplateInput>> setValues;
    std::vector<KeyView> keys;
};

QByteArray reportJson(const KeysReport &report)
{
    OrderedJson sample;
    if (report.sampleItem >= 0) {
        sample = OrderedJson::object();
        sample.insert(QStringLiteral("index"), OrderedJson::integer(report.sampleItem));
        sample.insert(QStringLiteral("entity"), OrderedJson::string(report.entity->name));
        Item key;
        const Item &item = report.population->items[size_t(report.sampleItem)];
        for (const auto &k : report.project->table.keys.all()) {
            if (auto it = item.find(k.name); it != item.end())
                key.emplace(it->first, it->second);
        }
        sample.insert(QStringLiteral("key"), QueryResponseJson::itemToJson(key));
    }
    OrderedJson root = OrderedJson::object();
    root.insert(QStringLiteral("file"), OrderedJson::string(report.path));
    root.insert(QStringLiteral("entity"), OrderedJson::string(report.entity->name));
    root.insert(QStringLiteral("sample"), std::move(sample));
    OrderedJson set = OrderedJson::object();
    for (const auto &[name, value] : report.setValues)
        set.insert(name, dynamoJson(name, value.second.value));
    root.insert(QStringLiteral("set"), std::move(set));
    OrderedJson keyArray = OrderedJson::array();
    for (const KeyView &view : report.keys)
        keyArray.append(keyJson(view));
    root.insert(QStringLiteral("keys"), std::move(keyArray));
    return JsonWriter::write(root) + '\n';
}

QString keyViewText(const KeyView &view)
{
    QString out = QStringLiteral("\n");
    if (view.error) {
        out += QStringLiteral("%1: error: %2\n").arg(view.attribute, view.error->message);
        out += QStringLiteral("    %1\n").arg(view.templateText);
        if (view.error->column > 0)
            out += QStringLiteral("    %1^\n").arg(QString(view.error->column - 1, u' '));
        return out;
    }
    const QString roles
        = view.roles.isEmpty() ? QStringLiteral("not a key of the table") : view.roles.join(u", ");
    out += QStringLiteral("%1 = %2 (%3; %4)\n")
               .arg(view.attribute, valueText(*view.value), view.value->typeName(), roles);
    int width = 0;
    for (const KeyPartView &part : view.parts)
        width = std::max(width, int(part.trace.source.size()));
    for (const KeyPartView &part : view.parts) {
        QString how;
        if (!part.trace.isPlaceholder) {
            how = QStringLiteral("literal");
        } else {
            QStringList steps;
            for (qsizetype s = 0; s < part.trace.steps.size(); ++s)
                steps << part.trace.stepLabels.value(s) + u' ' + quoted(part.trace.steps.at(s));
            how = steps.join(QStringLiteral(" -> "));
            if (part.overridden && *part.overridden)
                how += QStringLiteral("  (--set)");
        }
        out += QStringLiteral("    ") + part.trace.source.leftJustified(width)
            + QStringLiteral("  ") + how + u'\n';
    }
    return out;
}

QString reportText(const KeysReport &report)
{
    QString source;
    if (report.sampleItem >= 0)
        source = QStringLiteral("sample values from the first %1 generated (item %2 of the "
                                "items `keyscope populate` writes)")
                     .arg(report.entity->name, QString::number(report.sampleItem + 1));
    else
        source = QStringLiteral("no sample values");
    if (!report.setValues.empty()) {
        QStringList names;
        for (const auto &[name, value] : report.setValues)
            names << name;
        source += QStringLiteral(", --set %1").arg(names.join(u", "));
    }
    QString out = report.entity->name + QStringLiteral(": ") + source + u'\n';
    if (report.keys.empty())
        out += QStringLiteral("\n(no key templates)\n");
    for (const KeyView &view : report.keys)
        out += keyViewText(view);
    return out;
}

// The index of the entity type named `name` (the last one, if two share it), or -1.
int entityIndexNamed(const Project &project, const QString &name)
{
    int entityIndex = -1;
    for (int i = 0; i < int(project.entities.size()); ++i) {
        if (project.entities[size_t(i)].name == name)
            entityIndex = i;
    }
    return entityIndex;
}

int unknownEntityError(const Project &project, const QString &path, const QString &entityName)
{
    QStringList entityNames;
    for (const EntityType &entity : project.entities)
        entityNames << entity.name;
    return usageError(kKeysUsage,
                      unknownName(QStringLiteral("argument --entity: %1 has no entity type named "
                                                 "'%2'")
                                      .arg(path, entityName),
                                  entityName, entityNames, QStringLiteral("entity types")));
}

// Sample values: the first item of the entity in the population `keyscope populate` writes
// (the whole population: what a type makes can depend on its ancestors' counts). `population`
// keeps the population the report points into.
std::vector<SampleValue> populationSamples(const FileCommand &command, int entityIndex,
                                           std::optional<Population> &population,
                                           KeysReport &report)
{
    const Project &project = *report.project;
    Project sampleProject = project;
    sampleProject.items.clear();
    Progress progress;
    auto populated = DesignRun::populate(sampleProject, command.seed, observer(progress));
    progress.finish();
    if (auto *error = std::get_if<DesignRunError>(&populated)) {
        print(stderr,
              QStringLiteral("keyscope: note: ") + report.path + QStringLiteral(": ")
                  + error->withPath() + QStringLiteral("; no sample values, only --set ones\n"));
        return {};
    }
    population = std::get<Population>(std::move(populated));
    report.population = &*population;
    report.sampleItem = KeyPreview::firstItemOf(*population, entityIndex);
    if (report.sampleItem < 0) {
        print(stderr,
              QStringLiteral("keyscope: note: the population has no %1; no sample "
                             "values, only --set ones\n")
                  .arg(report.entity->name));
        return {};
    }
    return KeyPreview::itemSamples(project, *population, report.sampleItem);
}

} // namespace

int runKeysCommand(const QStringList &args)
{
    auto parsed = parseFileCommand(args,
                                   {{QStringLiteral("--entity"), true},
                                    {QStringLiteral("--set"), true, true},
                                    {QStringLiteral("--seed"), true},
                                    {QStringLiteral("--json"), false}},
                                   kKeysUsage, kKeysHelp, {QStringLiteral("--entity")});
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const FileCommand &command = std::get<FileCommand>(parsed);
    const ParsedOptions &options = command.options;
    // --set syntax first: a typo should not wait for a load.
    auto assignments = splitAssignments(options);
    if (const int *exitCode = std::get_if<int>(&assignments))
        return *exitCode;

    KeysReport report;
    report.path = command.file;
    auto loaded = loadProject(report.path);
    if (auto *exitCode = std::get_if<int>(&loaded))
        return *exitCode;
    const Project &project = std::get<Project>(loaded);
    report.project = &project;

    const QString entityName = *options.value(QStringLiteral("--entity"));
    const int entityIndex = entityIndexNamed(project, entityName);
    if (entityIndex < 0)
        return unknownEntityError(project, report.path, entityName);
    report.entity = &project.entities[size_t(entityIndex)];
    auto setValues = readSetValues(project, entityIndex,
                                   std::get<std::vector<std::pair<QString, QString>>>(assignments));
    if (const int *exitCode = std::get_if<int>(&setValues))
        return *exitCode;
    report.setValues = std::get<0>(std::move(setValues));

    std::optional<Population> population;
    std::vector<SampleValue> samples = populationSamples(command, entityIndex, population, report);
    for (const auto &[name, value] : report.setValues)
        KeyPreview::overrideSample(samples, value.first, value.second, QString());

    report.keys = KeyPreview::keys(project, *report.entity, samples);
    const bool allRendered
        = std::none_of(report.keys.begin(), report.keys.end(),
                       [](const KeyView &view) { return view.error.has_value(); });
    print(stdout,
          options.has(QStringLiteral("--json")) ? reportJson(report) : reportText(report).toUtf8());
    return allRendered ? kExitOk : kExitFailed;
}

} // namespace keyscope::cli
