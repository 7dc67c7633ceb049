// `keyscope check FILE [--json] [--strict] [--seed N] [--table NAME]`: populate a project, run its
// design checks and its access patterns, and say whether the design holds.

#include "app/cli/checkcommand.h"

#include "app/cli/clisupport.h"
#include "app/cli/interopinputs.h"
#include "model/design/accesspatternrunner.h"
#include "model/design/designchecker.h"
#include "model/interop/mcpoperations.h"
#include "model/io/jsonwriter.h"
#include "model/io/queryresponsejson.h"
#include "model/io/wording.h"

namespace keyscope::cli {

namespace {

using namespace keyscope::model;

const QString kCheckHelp = QStringLiteral(
    "usage: keyscope check FILE [--json] [--strict] [--seed N] [--table NAME]\n"
    "                      [--usage-data FILE]\n"
    "\n"
    "Loads a Keyscope project (*.keyscope.json), or each table of an AWS DynamoDB MCP\n"
    "schema (schema.json) or data model (dynamodb_data_model.json), read as `keyscope\n"
    "convert` reads them (a data model's Query patterns pass when they run and return at\n"
    "least one of its items; its other operations are listed under \"Other operations\"\n"
    "with their keys checked, Scans with what they read; no DynamoDB Local, no Docker),\n"
    "populates it, runs the design checks (lints) over the keys it makes, and runs each\n"
    "access pattern as a real Query and judges the result against the pattern's\n"
    "expectation.\n"
    "\n"
    "The report lists each finding (severity, check id, title, explanation with an\n"
    "example from the populated items, suggested fix, JSON path in the project) and each\n"
    "access pattern (PASS or FAIL, name, and why: the first item that breaks the\n"
    "expectation and which bytes compared how). A failing pattern also says what in the\n"
    "design causes it (and which check explains it) and the exact change that makes it\n"
    "pass: each candidate change is tried on a fresh population with the same seed\n"
    "(designs up to 200,000 items) and the first that makes the pattern pass without\n"
    "failing another is given.\n"
    "\n"
    "Options:\n"
    "  --json          Print the report as JSON (below) instead of text.\n"
    "  --strict        Fail (exit 1) on warning-level findings too, for CI.\n"
    "  --seed N        Populate with seed N instead of the project's \"seed\".\n"
    "  --table NAME    Check one table of an AWS DynamoDB MCP schema or data model; without\n"
    "                  it every table is checked, one report after the other (with --json,\n"
    "                  an array of reports).\n"
    "  --usage-data FILE  An AWS DynamoDB MCP schema's usage_data.json: the values it gives\n"
    "                  an entity's non-key attributes become their generators' choices.\n"
    "                  Without it, usage_data.json beside the schema is read if present.\n"
    "  --help          Show this help.\n"
    "\n"
    "JSON report (members in this order; absent values are null):\n"
    "  {\n"
    "    \"file\": \"iot.keyscope.json\", \"project\": \"<name>\", \"table\": \"<TableName>\",\n"
    "    \"seed\": 7, \"itemCount\": 180,\n"
    "    \"tableError\": null,              why the items could not be put in the table\n"
    "    \"findings\": [{\"id\", \"severity\" (\"error\"|\"warning\"|\"info\"), \"title\",\n"
    "                  \"explanation\", \"fix\", \"entity\", \"attribute\", \"path\",\n"
    "                  \"items\": [ITEM, ...] (a few examples),\n"
    "                  \"span\": {\"key\", \"role\", \"column\", \"length\", \"text\"}: the part "
    "of\n"
    "                  the key template at fault (1-based column), or null with \"scope\"\n"
    "                  saying what the finding is about instead, \"index\": the index whose\n"
    "                  order it concerns (null: the table), \"concernedCount\",\n"
    "                  \"concerned\": [population index, ...] every item it concerns,\n"
    "                  \"edit\": FIX, present when the finding knows the exact change}],\n"
    "    \"patterns\": [{\"name\", \"description\", \"index\", \"passed\", \"explanation\",\n"
    "                  \"count\", \"scannedCount\", \"error\": {\"type\", \"message\"},\n"
    "                  \"parentItem\": ITEM, \"offendingItem\": ITEM,\n"
    "                  \"diagnosis\": why it fails in design terms, \"findingId\": the check\n"
    "                  that explains it, \"fix\": FIX (all three null when it passes)}],\n"
    "    \"keptOperations\": [{\"operation\", \"name\", \"entity\", \"detail\", \"problem\"}]:\n"
    "                  an MCP file's operations that are not Queries (or cannot run), kept\n"
    "                  for export: the key each uses, and what is wrong with it or, for a\n"
    "                  Scan, what it reads (empty for a Keyscope project)\n"
    "    \"summary\": {\"errors\", \"warnings\", \"info\", \"patterns\", \"patternsPassed\",\n"
    "                \"patternsFailed\", \"passed\"}: with --strict, \"passed\" is false on\n"
    "                warnings too; the shape is the same\n"
    "  }\n"
    "  ITEM is {\"index\": population index (generation order, as `keyscope populate`\n"
    "  writes the items), \"entity\": type name or null for a hand-written item,\n"
    "  \"key\": its primary key in DynamoDB JSON}.\n"
    "  FIX is {\"summary\", \"changes\": [{\"kind\" (key-template, attribute-generator,\n"
    "  attribute-mutable, pattern-direction, pattern-key-condition, pattern-filter,\n"
    "  pattern-value, pattern-limit, pattern-index, table-index, table-keys-index,\n"
    "  index-projection), \"targets\": {\"entity\", \"key\", \"attribute\", \"pattern\",\n"
    "  \"value\", \"index\"} (the ones the change names),\n"
    "  \"before\", \"after\"}]}: \"\" is none (a key, filter or Limit added or removed).\n"
    "\n"
    "Progress goes to standard error when populating takes more than a second.\n"
    "\n"
    "Exit codes:\n"
    "  0    every access pattern passes and no error-level finding fires (with --strict:\n"
    "       no warning-level one either)\n"
    "  1    an access pattern fails or an error-level finding fires (or, with --strict, a\n"
    "       warning-level one)\n"
    "  252  command-line mistake (unknown or missing option, bad value)\n"
    "  255  the project could not be read or is invalid (every problem is listed with its\n"
    "       JSON path)\n");

const QString kCheckUsage = shortUsage(kCheckHelp, QStringLiteral("check"));

// The characters of the key template a finding's span covers ("{PostNo}", "pad:2").
QString spanText(const Project &project, const Finding &finding)
{
    const EntityType *entity = project.entity(finding.entity);
    if (!entity || !entity->keys.count(finding.keyAttribute))
        return QString();
    return entity->keys.at(finding.keyAttribute).mid(finding.column - 1, finding.length);
}

QString severityName(Finding::Severity severity)
{
    switch (severity) {
    case Finding::Severity::Error:
        return QStringLiteral("error");
    case Finding::Severity::Warning:
        return QStringLiteral("warning");
    case Finding::Severity::Info:
        break;
    }
    return QStringLiteral("info");
}

OrderedJson orNull(const QString &text)
{
    return text.isEmpty() ? OrderedJson() : OrderedJson::string(text);
}

struct Report
{
    QString file;
    const Project *project = nullptr;
    const Population *population = nullptr;
    const Table *table = nullptr;
    quint64 seed = 0;
    QString tableError;
    std::vector<Finding> findings;
    std::vector<PatternResult> patterns;
    std::vector<KeptOperation> kept; // an MCP file's operations that are not run
    bool strict = false;

    qint64 count(Finding::Severity severity) const
    {
        return std::count_if(findings.begin(), findings.end(),
                             [&](const Finding &f) { return f.severity == severity; });
    }
    qint64 patternsPassed() const
    {
        return std::count_if(patterns.begin(), patterns.end(),
                             [](const PatternResult &r) { return r.passed; });
    }
    bool passed() const
    {
        return tableError.isEmpty() && count(Finding::Severity::Error) == 0
            && (!strict || count(Finding::Severity::Warning) == 0)
            && patternsPassed() == qint64(patterns.size());
    }

    QString entityOf(qint64 item) const
    {
        const int e = population->entityOf[size_t(item)];
        return e < 0 ? QString() : project->entities[size_t(e)].name;
    }
    Item primaryKey(qint64 item) const
    {
        Item key;
        const Item &full = population->items[size_t(item)];
        for (const auto &attribute : project->table.keys.all()) {
            auto it = full.find(attribute.name);
            if (it != full.end())
                key.emplace(it->first, it->second);
        }
        return key;
    }
    OrderedJson itemJson(qint64 item) const
    {
        if (item < 0 || item >= population->size())
            return OrderedJson();
        OrderedJson json = OrderedJson::object();
        json.insert(QStringLiteral("index"), OrderedJson::integer(item));
        json.insert(QStringLiteral("entity"), orNull(entityOf(item)));
        json.insert(QStringLiteral("key"), QueryResponseJson::itemToJson(primaryKey(item)));
        return json;
    }
    // "Reading 12 (PK 'DEVICE#d-0007', SK '#READING#2024-06-01T00:00:00Z')": the 12th Reading
    // generated, or "hand-written item 3 (...)", the project's items[2], counted from 1 as the
    // findings' explanations count them (the JSON's "index" counts from 0, for programs).
    QString itemText(qint64 item) const
    {
        if (item < 0 || item >= population->size())
            return QString();
        QStringList parts;
        for (const auto &[name, value] : primaryKey(item)) {
            parts << QStringLiteral("%1 %2").arg(
                name,
                value.type() == AttributeValue::Type::S
                    ? QLatin1Char('\'') + value.asString() + QLatin1Char('\'')
                    : QString::fromUtf8(
                        JsonWriter::write(QueryResponseJson::itemToJson({{name, value}}), 0)));
        }
        return QStringLiteral("%1 (%2)").arg(populationItemName(*project, *population, item),
                                             parts.join(u", "));
    }
};

const AccessPattern *patternNamed(const Project &project, qsizetype index)
{
    return index < qsizetype(project.accessPatterns.size()) ? &project.accessPatterns[size_t(index)]
                                                            : nullptr;
}

OrderedJson fixJson(const std::optional<DesignFix> &fix)
{
    if (!fix)
        return OrderedJson();
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("summary"), OrderedJson::string(fix->summary));
    OrderedJson changes = OrderedJson::array();
    for (const FixChange &change : fix->changes) {
        OrderedJson c = OrderedJson::object();
        c.insert(QStringLiteral("kind"), OrderedJson::string(FixChange::kindName(change.kind)));
        OrderedJson targets = OrderedJson::object();
        const std::pair<const char *, const QString *> names[] = {
            {"entity", &change.entity},       {"key", &change.key},
            {"attribute", &change.attribute}, {"pattern", &change.pattern},
            {"value", &change.valueName},     {"index", &change.index},
        };
        for (const auto &[name, text] : names) {
            if (!text->isEmpty())
                targets.insert(QString::fromLatin1(name), OrderedJson::string(*text));
        }
        c.insert(QStringLiteral("targets"), std::move(targets));
        c.insert(QStringLiteral("before"), OrderedJson::string(change.before));
        c.insert(QStringLiteral("after"), OrderedJson::string(change.after));
        changes.append(std::move(c));
    }
    out.insert(QStringLiteral("changes"), std::move(changes));
    return out;
}

OrderedJson spanJson(const Project &project, const Finding &finding)
{
    OrderedJson span;
    if (finding.hasTemplateSpan()) {
        span = OrderedJson::object();
        span.insert(QStringLiteral("key"), OrderedJson::string(finding.keyAttribute));
        span.insert(QStringLiteral("role"), OrderedJson::string(finding.keyRole));
        span.insert(QStringLiteral("column"), OrderedJson::integer(finding.column));
        span.insert(QStringLiteral("length"), OrderedJson::integer(finding.length));
        span.insert(QStringLiteral("text"), OrderedJson::string(spanText(project, finding)));
    }
    return span;
}

OrderedJson findingItemsJson(const Report &report, const Finding &finding)
{
    OrderedJson items = OrderedJson::array();
    for (qint64 item : finding.items) {
        OrderedJson json = report.itemJson(item);
        if (!json.isNull())
            items.append(std::move(json));
    }
    return items;
}

OrderedJson findingJson(const Report &report, const Finding &finding)
{
    OrderedJson f = OrderedJson::object();
    f.insert(QStringLiteral("id"), OrderedJson::string(finding.id));
    f.insert(QStringLiteral("severity"), OrderedJson::string(severityName(finding.severity)));
    f.insert(QStringLiteral("title"), OrderedJson::string(finding.title));
    f.insert(QStringLiteral("explanation"), OrderedJson::string(finding.explanation));
    f.insert(QStringLiteral("fix"), orNull(finding.fix));
    f.insert(QStringLiteral("entity"), orNull(finding.entity));
    f.insert(QStringLiteral("attribute"), orNull(finding.attribute));
    f.insert(QStringLiteral("path"), orNull(finding.path));
    f.insert(QStringLiteral("items"), findingItemsJson(report, finding));
    f.insert(QStringLiteral("span"), spanJson(*report.project, finding));
    f.insert(QStringLiteral("scope"), orNull(finding.scopeNote));
    f.insert(QStringLiteral("index"), orNull(finding.index));
    f.insert(QStringLiteral("concernedCount"),
             OrderedJson::integer(qint64(finding.concerned.size())));
    OrderedJson concerned = OrderedJson::array();
    for (qint64 item : finding.concerned)
        concerned.append(OrderedJson::integer(item));
    f.insert(QStringLiteral("concerned"), std::move(concerned));
    if (finding.edit)
        f.insert(QStringLiteral("edit"), fixJson(finding.edit));
    return f;
}

OrderedJson patternErrorJson(const PatternResult &result)
{
    OrderedJson error;
    if (result.error) {
        error = OrderedJson::object();
        error.insert(QStringLiteral("type"), OrderedJson::string(result.error->type));
        error.insert(QStringLiteral("message"), OrderedJson::string(result.error->message));
    }
    return error;
}

OrderedJson patternJson(const Report &report, const PatternResult &result,
                        const AccessPattern *pattern)
{
    OrderedJson p = OrderedJson::object();
    p.insert(QStringLiteral("name"), OrderedJson::string(result.name));
    p.insert(QStringLiteral("description"), orNull(pattern ? pattern->description : QString()));
    p.insert(QStringLiteral("index"), orNull(pattern ? pattern->indexName : QString()));
    p.insert(QStringLiteral("passed"), OrderedJson::boolean(result.passed));
    p.insert(QStringLiteral("explanation"), OrderedJson::string(result.explanation));
    p.insert(QStringLiteral("count"),
             result.response ? OrderedJson::integer(result.response->count) : OrderedJson());
    p.insert(QStringLiteral("scannedCount"),
             result.response ? OrderedJson::integer(result.response->scannedCount) : OrderedJson());
    p.insert(QStringLiteral("error"), patternErrorJson(result));
    p.insert(QStringLiteral("parentItem"), report.itemJson(result.parentItem));
    p.insert(QStringLiteral("offendingItem"), report.itemJson(result.offendingItem));
    p.insert(QStringLiteral("diagnosis"), orNull(result.diagnosis));
    p.insert(QStringLiteral("findingId"), orNull(result.findingId));
    p.insert(QStringLiteral("fix"), fixJson(result.fix));
    return p;
}

OrderedJson summaryJson(const Report &report)
{
    OrderedJson summary = OrderedJson::object();
    summary.insert(QStringLiteral("errors"),
                   OrderedJson::integer(report.count(Finding::Severity::Error)));
    summary.insert(QStringLiteral("warnings"),
                   OrderedJson::integer(report.count(Finding::Severity::Warning)));
    summary.insert(QStringLiteral("info"),
                   OrderedJson::integer(report.count(Finding::Severity::Info)));
    summary.insert(QStringLiteral("patterns"),
                   OrderedJson::integer(qint64(report.patterns.size())));
    summary.insert(QStringLiteral("patternsPassed"), OrderedJson::integer(report.patternsPassed()));
    summary.insert(QStringLiteral("patternsFailed"),
                   OrderedJson::integer(qint64(report.patterns.size()) - report.patternsPassed()));
    summary.insert(QStringLiteral("passed"), OrderedJson::boolean(report.passed()));
    return summary;
}

OrderedJson keptJson(const Report &report)
{
    OrderedJson kept = OrderedJson::array();
    for (const KeptOperation &operation : report.kept) {
        OrderedJson k = OrderedJson::object();
        k.insert(QStringLiteral("operation"), OrderedJson::string(operation.operation));
        k.insert(QStringLiteral("name"), OrderedJson::string(operation.name));
        k.insert(QStringLiteral("entity"), orNull(operation.entity));
        k.insert(QStringLiteral("detail"), orNull(operation.detail));
        k.insert(QStringLiteral("problem"), orNull(operation.problem));
        kept.append(std::move(k));
    }
    return kept;
}

OrderedJson toJson(const Report &report)
{
    const Project &project = *report.project;
    OrderedJson root = OrderedJson::object();
    root.insert(QStringLiteral("file"), OrderedJson::string(report.file));
    root.insert(QStringLiteral("project"), OrderedJson::string(project.name));
    root.insert(QStringLiteral("table"), OrderedJson::string(project.table.tableName));
    root.insert(QStringLiteral("seed"),
                report.seed <= quint64(std::numeric_limits<qint64>::max())
                    ? OrderedJson::integer(qint64(report.seed))
                    : OrderedJson::string(QString::number(report.seed)));
    root.insert(QStringLiteral("itemCount"), OrderedJson::integer(report.population->size()));
    root.insert(QStringLiteral("tableError"), orNull(report.tableError));
    OrderedJson findings = OrderedJson::array();
    for (const Finding &finding : report.findings)
        findings.append(findingJson(report, finding));
    root.insert(QStringLiteral("findings"), std::move(findings));
    OrderedJson patterns = OrderedJson::array();
    for (qsizetype i = 0; i < qsizetype(report.patterns.size()); ++i)
        patterns.append(patternJson(report, report.patterns[size_t(i)], patternNamed(project, i)));
    root.insert(QStringLiteral("patterns"), std::move(patterns));
    root.insert(QStringLiteral("keptOperations"), keptJson(report));
    root.insert(QStringLiteral("summary"), summaryJson(report));
    return root;
}

// Continuation lines of a multi-line text start at the same column as the first.
QString indented(const QString &text, int column)
{
    QString out = text;
    out.replace(QLatin1Char('\n'), QLatin1Char('\n') + QString(column, QLatin1Char(' ')));
    return out;
}

QString findingExamplesText(const Report &report, const Finding &finding)
{
    QStringList examples;
    for (qint64 item : finding.items) {
        const QString text = report.itemText(item);
        if (!text.isEmpty())
            examples << text;
    }
    if (examples.isEmpty())
        return QString();
    return QStringLiteral("    Items: %1\n").arg(examples.join(QStringLiteral("\n           ")));
}

QString findingText(const Report &report, const Finding &finding)
{
    QString out = QStringLiteral("  %1 %2: %3\n")
                      .arg(severityName(finding.severity).leftJustified(7), finding.id,
                           indented(finding.title, 4));
    if (!finding.explanation.isEmpty())
        out += QStringLiteral("    %1\n").arg(indented(finding.explanation, 4));
    if (!finding.fix.isEmpty())
        out += QStringLiteral("    Fix: %1\n").arg(indented(finding.fix, 9));
    if (!finding.path.isEmpty())
        out += QStringLiteral("    At: %1\n").arg(finding.path);
    if (finding.hasTemplateSpan())
        out += QStringLiteral("    Part: %1 (%2), column %3: %4\n")
                   .arg(finding.keyAttribute, finding.keyRole)
                   .arg(finding.column)
                   .arg(spanText(*report.project, finding));
    out += findingExamplesText(report, finding);
    if (!finding.concerned.empty())
        out += QStringLiteral("    Concerns: %1\n")
                   .arg(counted(qint64(finding.concerned.size()), QStringLiteral("item"),
                                QStringLiteral("items")));
    if (finding.edit)
        out += QStringLiteral("    Edit: ") + indented(finding.edit->changesText(), 10)
            + QLatin1Char('\n');
    return out;
}

QString patternText(const PatternResult &result)
{
    QString out
        = QStringLiteral("  %1  %2\n")
              .arg(result.passed ? QStringLiteral("PASS") : QStringLiteral("FAIL"), result.name);
    if (!result.explanation.isEmpty())
        out += QStringLiteral("        %1\n").arg(indented(result.explanation, 8));
    if (!result.diagnosis.isEmpty())
        out += QStringLiteral("        Why: ") + indented(result.diagnosis, 13)
            + (result.findingId.isEmpty()
                   ? QString()
                   : QStringLiteral(" [") + result.findingId + QLatin1Char(']'))
            + QLatin1Char('\n');
    if (result.fix)
        out += QStringLiteral("        Fix: ") + indented(result.fix->summary, 13)
            + QStringLiteral("\n             ") + indented(result.fix->changesText(), 13)
            + QLatin1Char('\n');
    return out;
}

// "OK: ..." or "FAILED: " and every reason the check failed.
QString verdictText(const Report &report)
{
    if (report.passed()) {
        return report.strict ? QStringLiteral("OK: every access pattern passes and no error- or "
                                              "warning-level finding fires.\n")
                             : QStringLiteral("OK: every access pattern passes and no error-level "
                                              "finding fires.\n");
    }
    QStringList why;
    if (!report.tableError.isEmpty())
        why << QStringLiteral("the items do not fit the table");
    if (const qint64 errors = report.count(Finding::Severity::Error))
        why << counted(errors, QStringLiteral("error-level finding"),
                       QStringLiteral("error-level findings"));
    const qint64 warnings = report.count(Finding::Severity::Warning);
    if (report.strict && warnings)
        why << counted(warnings, QStringLiteral("warning-level finding (--strict)"),
                       QStringLiteral("warning-level findings (--strict)"));
    if (const qint64 failed = qint64(report.patterns.size()) - report.patternsPassed())
        why << counted(failed, QStringLiteral("failing access pattern"),
                       QStringLiteral("failing access patterns"));
    return QStringLiteral("FAILED: %1.\n").arg(why.join(u", "));
}

QString headerText(const Report &report)
{
    const Project &project = *report.project;
    QString out;
    out += QStringLiteral("%1 (%2)\n")
               .arg(project.name.isEmpty() ? project.table.tableName : project.name, report.file);
    out += QStringLiteral("Populated %1 with seed %2 into table %3.\n")
               .arg(counted(report.population->size(), QStringLiteral("item"),
                            QStringLiteral("items")))
               .arg(report.seed)
               .arg(project.table.tableName);
    if (!report.tableError.isEmpty())
        out += QStringLiteral("\nerror: the items do not fit the table: %1\n")
                   .arg(indented(report.tableError, 7));
    return out;
}

// An MCP file's operations that Keyscope keeps but does not run, each with its key and what is
// wrong with it (or, for a Scan, what it costs).
QString keptText(const Report &report)
{
    if (report.kept.empty())
        return {};
    QString out = QStringLiteral("\nOther operations: %1, kept for export, not run (Keyscope "
                                 "runs Queries)\n")
                      .arg(report.kept.size());
    qsizetype width = 0;
    for (const KeptOperation &kept : report.kept)
        width = std::max(width, kept.operation.size());
    for (const KeptOperation &kept : report.kept) {
        out += QStringLiteral("  %1  %2%3\n")
                   .arg(kept.operation.leftJustified(width), kept.name,
                        kept.entity.isEmpty() ? QString()
                                              : QStringLiteral(" (%1)").arg(kept.entity));
        if (!kept.detail.isEmpty())
            out += QStringLiteral("        %1\n").arg(indented(kept.detail, 8));
        if (!kept.problem.isEmpty())
            out += (kept.operation == u"Scan" ? QStringLiteral("        Cost: ")
                                              : QStringLiteral("        Problem: "))
                + indented(kept.problem, kept.operation == u"Scan" ? 14 : 17) + u'\n';
    }
    return out;
}

QString toText(const Report &report)
{
    QString out = headerText(report);
    out += QLatin1Char('\n');
    out += QStringLiteral("Design checks: %1, %2, %3\n")
               .arg(counted(report.count(Finding::Severity::Error), QStringLiteral("error"),
                            QStringLiteral("errors")),
                    counted(report.count(Finding::Severity::Warning), QStringLiteral("warning"),
                            QStringLiteral("warnings")),
                    counted(report.count(Finding::Severity::Info), QStringLiteral("info"),
                            QStringLiteral("info")));
    for (const Finding &finding : report.findings)
        out += findingText(report, finding);
    out += QLatin1Char('\n');
    out += QStringLiteral("Access patterns: %1 of %2 pass\n")
               .arg(report.patternsPassed())
               .arg(report.patterns.size());
    for (const PatternResult &result : report.patterns)
        out += patternText(result);
    out += keptText(report);
    out += QLatin1Char('\n');
    out += verdictText(report);
    return out;
}

} // namespace

namespace {

// One design's check: populated, linted, its patterns run. Returns the report's exit status, or
// the file error's.
int checkProject(Project &project, const QString &file, const ParsedOptions &options,
                 std::optional<quint64> seed, OrderedJson *json, QString *text)
{
    Report report;
    report.file = file;
    report.strict = options.has(QStringLiteral("--strict"));
    report.project = &project;
    // The seed goes into the project, so the candidate fixes of failing patterns are tried on
    // populations made with the same seed as the one reported.
    report.seed = seed.value_or(project.seed);
    project.seed = report.seed;

    Progress progress;
    auto populated = populateProject(report.file, project, report.seed, progress);
    if (auto *exitCode = std::get_if<int>(&populated))
        return *exitCode;
    const Population &population = std::get<Population>(populated);
    report.population = &population;

    progress.stage(QStringLiteral("running the design checks"));
    report.findings = DesignChecker::check(project, population);

    progress.stage(QStringLiteral("building the table"));
    auto built = AccessPatternRunner::buildTable(project, population);
    if (auto *error = std::get_if<QString>(&built)) {
        // The patterns cannot run; each is reported as failing, with the reason.
        report.tableError = *error;
        for (const AccessPattern &pattern : project.accessPatterns) {
            PatternResult result;
            result.name = pattern.name;
            result.explanation = QStringLiteral("Not run: the items do not fit the table.");
            report.patterns.push_back(std::move(result));
        }
    } else {
        const auto &table = std::get<std::unique_ptr<Table>>(built);
        report.table = table.get();
        progress.stage(QStringLiteral("running the access patterns"));
        report.patterns = AccessPatternRunner::runAll(project, population, *table);
    }
    report.kept = keptOperations(project, report.table);
    progress.finish();

    if (options.has(QStringLiteral("--json")))
        *json = toJson(report);
    else
        *text = toText(report);
    return report.passed() ? kExitOk : kExitFailed;
}

} // namespace

int runCheckCommand(const QStringList &args)
{
    auto parsed = parseFileCommand(args,
                                   {{QStringLiteral("--json"), false},
                                    {QStringLiteral("--strict"), false},
                                    {QStringLiteral("--seed"), true},
                                    {QStringLiteral("--table"), true},
                                    {QStringLiteral("--usage-data"), true}},
                                   kCheckUsage, kCheckHelp);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const FileCommand &command = std::get<FileCommand>(parsed);
    const ParsedOptions &options = command.options;
    auto loaded
        = loadDesigns(command.file, options.value(QStringLiteral("--table")).value_or(QString()),
                      options.value(QStringLiteral("--usage-data")));
    if (auto *exitCode = std::get_if<int>(&loaded))
        return *exitCode;
    std::vector<Project> &projects = std::get<std::vector<Project>>(loaded);

    int status = kExitOk;
    OrderedJson reports = OrderedJson::array();
    QStringList texts;
    for (Project &project : projects) {
        OrderedJson json;
        QString text;
        const int code = checkProject(project, command.file, options, command.seed, &json, &text);
        if (code == kExitFile)
            return code;
        status = std::max(status, code);
        reports.append(std::move(json));
        texts << text;
    }
    // One design: its report; several (the tables of an MCP schema): one after the other, a
    // JSON array of reports.
    if (!options.has(QStringLiteral("--json")))
        print(stdout, texts.join(QLatin1Char('\n')));
    else if (projects.size() == 1)
        print(stdout, JsonWriter::write(reports.elements().front()) + '\n');
    else
        print(stdout, JsonWriter::write(reports) + '\n');
    return status;
}

} // namespace keyscope::cli
