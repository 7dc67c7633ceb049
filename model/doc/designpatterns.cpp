// The access patterns, findings and cost sections of the design document (designdocument.h).
#include "model/cost/costformat.h"
#include "model/doc/designdocument.h"

#include <QLocale>

namespace keyscope::model::doc {

namespace {

const PatternCost *costOf(const DesignDocumentParts &parts, std::size_t i)
{
    if (!parts.cost || i >= parts.cost->patterns.size())
        return nullptr;
    return &parts.cost->patterns[i];
}

// ":pk = 'DEVICE#d-0001', :sk = ..." as the pattern's Query sent them.
QString valuesText(const QueryRequest &request)
{
    QStringList values;
    if (request.expressionAttributeValues) {
        for (const auto &[name, value] : *request.expressionAttributeValues)
            values << name + QStringLiteral(" = ") + value.displayText();
    }
    return values.join(QStringLiteral(", "));
}

std::vector<Inline> matrixRow(const DesignDocumentParts &parts, std::size_t i)
{
    const AccessPattern &pattern = parts.project->accessPatterns[i];
    const PatternResult &result = parts.patterns[i];
    const PatternCost *cost = costOf(parts, i);
    const bool rated = cost && !cost->rateAssumed && cost->error.isEmpty();
    const QLocale english(QLocale::English);
    return {
        plain(QString::number(i + 1)),
        plain(pattern.name),
        pattern.indexName.isEmpty() ? plain(QStringLiteral("table")) : code(pattern.indexName),
        code(pattern.keyConditionExpression),
        plain(pattern.scanIndexForward ? QStringLiteral("forward") : QStringLiteral("backward")),
        plain(pattern.limit ? english.toString(*pattern.limit) : QStringLiteral("none")),
        strong(result.passed ? QStringLiteral("pass") : QStringLiteral("FAIL")),
        plain(cost && cost->error.isEmpty() ? english.toString(cost->itemsRead)
                                            : QStringLiteral("-")),
        plain(cost && cost->error.isEmpty() ? formatUnits(cost->rcuPerRequest)
                                            : QStringLiteral("-")),
        plain(rated ? formatUnits(cost->rate) : QStringLiteral("-")),
        plain(rated ? formatMoney(cost->monthlyOnDemand) : QStringLiteral("-"))};
}

void patternMatrix(const DesignDocumentParts &parts, Document &d)
{
    std::vector<std::vector<Inline>> rows;
    for (std::size_t i = 0; i < parts.patterns.size(); ++i)
        rows.push_back(matrixRow(parts, i));
    d.table({plain("#"), plain("Pattern"), plain("Index"), plain("Key condition"),
             plain("Direction"), plain("Limit"), plain("Verdict"), plain("Items read"),
             plain("RCU per request"), plain("Requests/s"), plain("On demand a month")},
            {true, false, false, false, false, true, false, true, true, true, true}, rows);
}

void patternDetail(const DesignDocumentParts &parts, std::size_t i, Document &d)
{
    const AccessPattern &pattern = parts.project->accessPatterns[i];
    const PatternResult &result = parts.patterns[i];
    d.heading(3, plain(QStringLiteral("%1. %2").arg(i + 1).arg(pattern.name)));
    if (!pattern.description.isEmpty())
        d.paragraph(plain(pattern.description));
    Inline query = plain(QStringLiteral("Query ")) + code(pattern.keyConditionExpression);
    if (pattern.filterExpression)
        query = query + plain(QStringLiteral(" filtered by ")) + code(*pattern.filterExpression);
    const QString values = valuesText(result.request);
    if (!values.isEmpty())
        query = query + plain(QStringLiteral(" with ")) + code(values);
    d.paragraph(query + plain(QStringLiteral(".")));
    d.paragraph(strong(result.passed ? QStringLiteral("Passes.") : QStringLiteral("Fails."))
                + plain(QStringLiteral(" ") + result.explanation));
    if (!result.passed && !result.diagnosis.isEmpty())
        d.paragraph(plain(QStringLiteral("Why: ") + result.diagnosis));
    if (!result.passed && result.fix)
        d.paragraph(plain(QStringLiteral("Fix: ") + result.fix->summary));
    if (!parts.assetsFolder.isEmpty())
        d.image(patternDiagramPath(parts.assetsFolder, i),
                QStringLiteral("%1 at its last step").arg(pattern.name));
}

QString severityWord(Finding::Severity severity)
{
    return Finding::severityName(severity);
}

} // namespace

void patternSections(const DesignDocumentParts &parts, Document &d)
{
    d.heading(2, plain(QStringLiteral("Access patterns")));
    if (parts.patterns.empty()) {
        d.paragraph(plain(QStringLiteral("The design has no access patterns yet.")));
        return;
    }
    patternMatrix(parts, d);
    for (std::size_t i = 0; i < parts.patterns.size(); ++i)
        patternDetail(parts, i, d);
}

void keptSection(const DesignDocumentParts &parts, Document &d)
{
    if (parts.kept.empty())
        return;
    d.heading(2, plain(QStringLiteral("Other operations")));
    d.paragraph(plain(QStringLiteral("Operations of the design that are not Queries, kept so that "
                                     "an export gives them back; Keyscope checks their keys but "
                                     "does not run them.")));
    std::vector<std::vector<Inline>> rows;
    for (const KeptOperation &kept : parts.kept)
        rows.push_back({plain(kept.operation), plain(kept.name), plain(kept.entity),
                        plain(kept.detail), plain(kept.problem)});
    d.table({plain("Operation"), plain("Name"), plain("Entity type"), plain("Key or reads"),
             plain("Problem or cost")},
            {false, false, false, false, false}, rows);
}

void findingSection(const DesignDocumentParts &parts, Document &d)
{
    d.heading(2, plain(QStringLiteral("Checks")));
    if (parts.findings.empty()) {
        d.paragraph(plain(QStringLiteral("No problems found.")));
        return;
    }
    std::vector<Inline> items;
    for (const Finding &f : parts.findings) {
        Inline item = strong(severityWord(f.severity)) + plain(QStringLiteral(" ")) + code(f.id)
            + plain(QStringLiteral(": ") + f.title + QStringLiteral(". ") + f.explanation);
        if (!f.fix.isEmpty())
            item = item + plain(QStringLiteral(" Fix: ") + f.fix);
        items.push_back(item);
    }
    d.list(items);
}

void costSection(const DesignDocumentParts &parts, Document &d)
{
    if (!parts.cost)
        return;
    const CostReport &cost = *parts.cost;
    bool declared = false;
    for (const PatternCost &p : cost.patterns)
        declared = declared || !p.rateAssumed;
    for (const EntityCost &e : cost.entities)
        declared = declared || !e.writesAssumed;
    if (!declared)
        return;
    d.heading(2, plain(QStringLiteral("Cost")));
    d.paragraph(plain(cost.biggestCost));
    const CostTotals &t = cost.totals;
    d.table(
        {plain("A month"), plain("On demand"), plain("Provisioned")}, {false, true, true},
        {{plain("Reads"), plain(formatMoney(t.reads)), plain(formatMoney(t.readsProvisioned))},
         {plain("Writes"), plain(formatMoney(t.writes)), plain(formatMoney(t.writesProvisioned))},
         {plain("Storage"), plain(formatMoney(t.storage)), plain(formatMoney(t.storage))},
         {strong("Total"), strong(formatMoney(t.onDemand)), strong(formatMoney(t.provisioned))}});
    d.paragraph(plain(QStringLiteral("Prices for %1; ").arg(cost.prices.region))
                + code(QStringLiteral("keyscope cost"))
                + plain(QStringLiteral(" gives every figure and assumption.")));
}

} // namespace keyscope::model::doc
