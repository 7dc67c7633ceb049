#include "model/cost/costreport.h"

#include "model/cost/entitycosts.h"
#include "model/design/accesspatternrunner.h"
#include "model/io/wording.h"
#include "model/query/queryengine.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace keyscope::model {

namespace {

// A pattern without a Limit reads every page; more than this many is not a request a design
// makes, and the report stops there.
constexpr qint64 kMaxPagesPerRequest = 10'000;

double onDemandReads(const PriceTable &prices, double unitsPerSecond)
{
    return unitsPerSecond * PriceTable::kSecondsPerMonth / 1e6
        * prices.readRequestUnitsPerMillion.value;
}

double provisionedReads(const PriceTable &prices, double unitsPerSecond)
{
    return unitsPerSecond / prices.utilisation * prices.rcuHour.value * PriceTable::kHoursPerMonth;
}

// Every page of one request: until the pattern's Limit (one page) or the partition's end.
void readPages(const Table &table, QueryRequest request, bool onePage, PatternCost &cost)
{
    request.returnConsumedCapacity = QStringLiteral("TOTAL");
    QueryEngine::Options options;
    options.materializeItems = false;
    for (qint64 page = 0; page < kMaxPagesPerRequest; ++page) {
        auto answer = QueryEngine::query(table, request, options);
        if (auto *error = std::get_if<QueryError>(&answer)) {
            cost.error = QStringLiteral("DynamoDB would reject this query (%1): %2")
                             .arg(error->type, error->message);
            return;
        }
        const QueryResponse &response = std::get<QueryResponse>(answer);
        ++cost.pages;
        cost.itemsRead += response.scannedCount;
        cost.itemsReturned += response.count;
        cost.bytesRead += qint64(response.trace.bytesRead);
        if (response.consumedCapacity)
            cost.rcuPerRequest += response.consumedCapacity->capacityUnits;
        if (onePage || !response.lastEvaluatedKey)
            return;
        request.exclusiveStartKey = response.lastEvaluatedKey;
    }
}

PatternCost patternCost(const Project &project, const PreparedDesign &design,
                        const AccessPattern &pattern, const PriceTable &prices)
{
    PatternCost cost;
    cost.name = pattern.name;
    cost.index = pattern.indexName;
    cost.rateAssumed = !pattern.rate;
    cost.rate = pattern.rate.value_or(1.0);
    cost.averageRate = pattern.averageRate.value_or(cost.rate);
    cost.consistentRead = pattern.consistentRead;
    const PatternResult result
        = AccessPatternRunner::run(project, *design.population, *design.table, pattern);
    cost.request = result.request;
    if (!result.response) {
        cost.error = result.explanation;
        return cost;
    }
    readPages(*design.table, result.request, pattern.limit.has_value(), cost);
    if (!cost.error.isEmpty()) {
        cost.pages = cost.itemsRead = cost.itemsReturned = cost.bytesRead = 0;
        cost.rcuPerRequest = 0;
        return cost;
    }
    cost.rcuPerSecond = cost.rate * cost.rcuPerRequest;
    cost.monthlyOnDemand = onDemandReads(prices, cost.averageRate * cost.rcuPerRequest);
    cost.monthlyProvisioned = provisionedReads(prices, cost.rcuPerSecond);
    return cost;
}

QString money(double dollars)
{
    return QStringLiteral("$") + QLocale(QLocale::English).toString(dollars, 'f', 2);
}

// "The biggest cost is ...": the largest single monthly figure on demand.
QString biggestCostSentence(const CostReport &report)
{
    QString what;
    double most = 0;
    const auto consider = [&](double monthly, const QString &text) {
        if (monthly > most) {
            most = monthly;
            what = text;
        }
    };
    for (const PatternCost &p : report.patterns)
        consider(p.monthlyOnDemand, QStringLiteral("reading '%1'").arg(p.name));
    for (const EntityCost &e : report.entities)
        consider(e.monthlyOnDemand, QStringLiteral("writing %1 items").arg(e.name));
    for (const StorageCost &s : report.storage)
        consider(s.monthly,
                 s.index.isEmpty() ? QStringLiteral("storing table %1").arg(s.table)
                                   : QStringLiteral("storing index %1").arg(s.index));
    if (what.isEmpty() || report.totals.onDemand <= 0)
        return QStringLiteral("Nothing in this design costs anything yet: give its access "
                              "patterns a rate and its entity types writes.");
    const int share = int(std::lround(100 * most / report.totals.onDemand));
    return QStringLiteral("The biggest cost is %1: %2 a month on demand, %3% of the total.")
        .arg(what, money(most))
        .arg(share);
}

void totalUp(CostReport &report)
{
    CostTotals &t = report.totals;
    for (const PatternCost &p : report.patterns) {
        t.reads += p.monthlyOnDemand;
        t.readsProvisioned += p.monthlyProvisioned;
    }
    for (const EntityCost &e : report.entities) {
        t.writes += e.monthlyOnDemand;
        t.writesProvisioned += e.monthlyProvisioned;
    }
    for (const StorageCost &s : report.storage)
        t.storage += s.monthly;
    t.onDemand = t.reads + t.writes + t.storage;
    t.provisioned = t.readsProvisioned + t.writesProvisioned + t.storage;
}

} // namespace

double readUnits(qint64 bytes, bool consistentRead)
{
    return QueryEngine::capacityUnits(quint64(std::max<qint64>(0, bytes)), consistentRead);
}

double writeUnits(qint64 bytes)
{
    return double(std::max<qint64>(1, (bytes + 1023) / 1024));
}

std::variant<CostReport, QString> CostReport::compute(const Project &project,
                                                      const PreparedDesign &design,
                                                      const CostOptions &options)
{
    auto prices = PriceTable::forProject(project.prices, options.region);
    if (auto *error = std::get_if<QString>(&prices))
        return *error;
    CostReport report;
    report.design = project.name;
    report.prices = std::get<PriceTable>(prices);
    for (const AccessPattern &pattern : project.accessPatterns)
        report.patterns.push_back(patternCost(project, design, pattern, report.prices));
    report.entities = costing::entityCosts(project, design, report.prices);
    report.storage = costing::storageCosts(project, design, report.prices);
    totalUp(report);
    report.biggestCost = biggestCostSentence(report);
    report.assumptions = costing::assumptions(project, report);
    return report;
}

std::variant<CostReport, QString> CostReport::compute(const Project &project,
                                                      const CostOptions &options)
{
    auto prepared = DesignRun::prepare(project, options.seed);
    if (auto *error = std::get_if<DesignRunError>(&prepared))
        return error->withPath();
    return compute(project, std::get<PreparedDesign>(prepared), options);
}

} // namespace keyscope::model
