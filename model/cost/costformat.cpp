#include "model/cost/costformat.h"

#include <QLocale>

#include <cmath>

namespace keyscope::model {

namespace {

const QLocale &english()
{
    static const QLocale locale(QLocale::English);
    return locale;
}

// Dollars and capacity units in JSON, to a millionth: finer would be noise.
OrderedJson rounded(double value)
{
    return OrderedJson::floating(std::round(value * 1e6) / 1e6);
}

QString cell(const QString &text)
{
    QString out = text;
    out.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    out.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return out;
}

OrderedJson patternJson(const PatternCost &p)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("name"), OrderedJson::string(p.name));
    if (!p.index.isEmpty())
        out.insert(QStringLiteral("index"), OrderedJson::string(p.index));
    out.insert(QStringLiteral("rate"), rounded(p.rate));
    out.insert(QStringLiteral("averageRate"), rounded(p.averageRate));
    out.insert(QStringLiteral("rateAssumed"), OrderedJson::boolean(p.rateAssumed));
    out.insert(QStringLiteral("consistentRead"), OrderedJson::boolean(p.consistentRead));
    out.insert(QStringLiteral("pages"), OrderedJson::integer(p.pages));
    out.insert(QStringLiteral("itemsRead"), OrderedJson::integer(p.itemsRead));
    out.insert(QStringLiteral("itemsReturned"), OrderedJson::integer(p.itemsReturned));
    out.insert(QStringLiteral("bytesRead"), OrderedJson::integer(p.bytesRead));
    out.insert(QStringLiteral("rcuPerRequest"), rounded(p.rcuPerRequest));
    out.insert(QStringLiteral("rcuPerSecond"), rounded(p.rcuPerSecond));
    out.insert(QStringLiteral("monthlyOnDemand"), rounded(p.monthlyOnDemand));
    out.insert(QStringLiteral("monthlyProvisioned"), rounded(p.monthlyProvisioned));
    if (!p.error.isEmpty())
        out.insert(QStringLiteral("error"), OrderedJson::string(p.error));
    return out;
}

OrderedJson entityJson(const EntityCost &e)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("name"), OrderedJson::string(e.name));
    out.insert(QStringLiteral("items"), OrderedJson::integer(e.items));
    out.insert(QStringLiteral("itemsAtMaturity"), OrderedJson::integer(e.itemsAtMaturity));
    out.insert(QStringLiteral("meanItemBytes"), rounded(e.meanItemBytes));
    out.insert(QStringLiteral("maxItemBytes"), OrderedJson::integer(e.maxItemBytes));
    out.insert(QStringLiteral("wcuPerWrite"), rounded(e.wcuPerWrite));
    out.insert(QStringLiteral("indexWritesPerWrite"), rounded(e.indexWritesPerWrite));
    OrderedJson indexes = OrderedJson::array();
    for (const QString &index : e.indexes)
        indexes.append(OrderedJson::string(index));
    out.insert(QStringLiteral("indexes"), indexes);
    out.insert(QStringLiteral("writeRate"), rounded(e.writeRate));
    out.insert(QStringLiteral("writesAssumed"), OrderedJson::boolean(e.writesAssumed));
    out.insert(QStringLiteral("wcuPerSecond"), rounded(e.wcuPerSecond));
    out.insert(QStringLiteral("monthlyOnDemand"), rounded(e.monthlyOnDemand));
    out.insert(QStringLiteral("monthlyProvisioned"), rounded(e.monthlyProvisioned));
    return out;
}

OrderedJson storageJson(const StorageCost &s)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("table"), OrderedJson::string(s.table));
    out.insert(QStringLiteral("index"),
               s.index.isEmpty() ? OrderedJson() : OrderedJson::string(s.index));
    out.insert(QStringLiteral("items"), OrderedJson::integer(s.items));
    out.insert(QStringLiteral("bytes"), OrderedJson::integer(qint64(std::llround(s.bytes))));
    out.insert(QStringLiteral("monthly"), rounded(s.monthly));
    return out;
}

OrderedJson totalsJson(const CostTotals &t)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("onDemand"), rounded(t.onDemand));
    out.insert(QStringLiteral("provisioned"), rounded(t.provisioned));
    out.insert(QStringLiteral("reads"), rounded(t.reads));
    out.insert(QStringLiteral("readsProvisioned"), rounded(t.readsProvisioned));
    out.insert(QStringLiteral("writes"), rounded(t.writes));
    out.insert(QStringLiteral("writesProvisioned"), rounded(t.writesProvisioned));
    out.insert(QStringLiteral("storage"), rounded(t.storage));
    return out;
}

OrderedJson pricesJson(const PriceTable &prices)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("region"), OrderedJson::string(prices.region));
    OrderedJson sources = OrderedJson::array();
    for (const PriceFigureMember &f : priceFigures()) {
        const PriceFigure &figure = prices.*f.figure;
        out.insert(QLatin1String(f.name), OrderedJson::floating(figure.value));
        OrderedJson source = OrderedJson::object();
        source.insert(QStringLiteral("figure"), OrderedJson::string(QLatin1String(f.name)));
        source.insert(QStringLiteral("source"), OrderedJson::string(figure.source));
        if (!figure.asOf.isEmpty())
            source.insert(QStringLiteral("asOf"), OrderedJson::string(figure.asOf));
        sources.append(source);
    }
    out.insert(QStringLiteral("utilisation"), OrderedJson::floating(prices.utilisation));
    out.insert(QStringLiteral("hoursPerMonth"),
               OrderedJson::integer(qint64(PriceTable::kHoursPerMonth)));
    out.insert(QStringLiteral("sources"), sources);
    return out;
}

} // namespace

QString formatMoney(double dollars)
{
    if (dollars > 0 && dollars < 0.005)
        return QStringLiteral("<$0.01");
    return QStringLiteral("$") + english().toString(dollars, 'f', 2);
}

QString formatBytes(double bytes)
{
    static const char *const kUnits[] = {"KB", "MB", "GB", "TB", "PB"};
    if (bytes < 1024)
        return english().toString(qint64(std::llround(bytes))) + QStringLiteral(" B");
    double value = bytes / 1024;
    int unit = 0;
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    return english().toString(value, 'f', value < 10 ? 1 : 0) + QLatin1Char(' ')
        + QLatin1String(kUnits[unit]);
}

QString formatUnits(double units)
{
    QString text = english().toString(units, 'f', units == std::floor(units) ? 0 : 2);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

OrderedJson costJson(const CostReport &report)
{
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("design"), OrderedJson::string(report.design));
    OrderedJson patterns = OrderedJson::array();
    for (const PatternCost &p : report.patterns)
        patterns.append(patternJson(p));
    out.insert(QStringLiteral("patterns"), patterns);
    OrderedJson entities = OrderedJson::array();
    for (const EntityCost &e : report.entities)
        entities.append(entityJson(e));
    out.insert(QStringLiteral("entities"), entities);
    OrderedJson storage = OrderedJson::array();
    for (const StorageCost &s : report.storage)
        storage.append(storageJson(s));
    out.insert(QStringLiteral("storage"), storage);
    out.insert(QStringLiteral("totals"), totalsJson(report.totals));
    out.insert(QStringLiteral("biggestCost"), OrderedJson::string(report.biggestCost));
    out.insert(QStringLiteral("prices"), pricesJson(report.prices));
    OrderedJson assumptions = OrderedJson::array();
    for (const QString &a : report.assumptions)
        assumptions.append(OrderedJson::string(a));
    out.insert(QStringLiteral("assumptions"), assumptions);
    return out;
}

namespace {

void summaryTable(const CostReport &report, QString &md)
{
    const CostTotals &t = report.totals;
    md += QStringLiteral("| A month | On demand | Provisioned (%1% utilisation) |\n")
              .arg(std::lround(report.prices.utilisation * 100));
    md += QStringLiteral("|---|---:|---:|\n");
    md += QStringLiteral("| Reads | %1 | %2 |\n")
              .arg(formatMoney(t.reads), formatMoney(t.readsProvisioned));
    md += QStringLiteral("| Writes | %1 | %2 |\n")
              .arg(formatMoney(t.writes), formatMoney(t.writesProvisioned));
    md += QStringLiteral("| Storage | %1 | %1 |\n").arg(formatMoney(t.storage));
    md += QStringLiteral("| **Total** | **%1** | **%2** |\n\n")
              .arg(formatMoney(t.onDemand), formatMoney(t.provisioned));
}

void patternTable(const CostReport &report, QString &md)
{
    md += QStringLiteral("## Access patterns\n\n");
    if (report.patterns.empty()) {
        md += QStringLiteral("The design has no access patterns.\n\n");
        return;
    }
    md += QStringLiteral("| Pattern | Reads | Requests/s | Pages | Items read | Bytes read | "
                         "RCU per request | RCU/s | On demand a month | Provisioned a month |\n");
    md += QStringLiteral("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    bool assumed = false;
    QStringList failures;
    for (const PatternCost &p : report.patterns) {
        const QString reads = (p.index.isEmpty() ? QStringLiteral("table") : p.index)
            + (p.consistentRead ? QStringLiteral(", strongly consistent") : QString());
        if (!p.error.isEmpty()) {
            md += QStringLiteral("| %1 | %2 | %3 | cannot run (below) | | | | | | |\n")
                      .arg(cell(p.name), cell(reads), formatUnits(p.rate));
            failures << QStringLiteral("'%1' cannot run: %2").arg(p.name, p.error);
            continue;
        }
        assumed = assumed || p.rateAssumed;
        md += QStringLiteral("| %1 | %2 | %3%4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 |\n")
                  .arg(cell(p.name), cell(reads), formatUnits(p.rate),
                       p.rateAssumed ? QStringLiteral("*") : QString(), english().toString(p.pages),
                       english().toString(p.itemsRead), formatBytes(double(p.bytesRead)),
                       formatUnits(p.rcuPerRequest), formatUnits(p.rcuPerSecond))
                  .arg(formatMoney(p.monthlyOnDemand), formatMoney(p.monthlyProvisioned));
    }
    md += QLatin1Char('\n');
    if (assumed)
        md += QStringLiteral("\\* No rate declared: 1 request per second assumed.\n\n");
    for (const QString &failure : failures)
        md += failure + QStringLiteral("\n\n");
}

void entityTable(const CostReport &report, QString &md)
{
    md += QStringLiteral("## Entity types\n\n");
    md += QStringLiteral(
        "| Entity type | Items at maturity | Mean size | Largest | WCU per write | "
        "Index WCU per write | Indexes | Writes/s | WCU/s | On demand a month | "
        "Provisioned a month |\n");
    md += QStringLiteral("|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|\n");
    for (const EntityCost &e : report.entities) {
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 |\n")
                  .arg(cell(e.name), english().toString(e.itemsAtMaturity),
                       formatBytes(e.meanItemBytes), formatBytes(double(e.maxItemBytes)),
                       formatUnits(e.wcuPerWrite), formatUnits(e.indexWritesPerWrite),
                       e.indexes.isEmpty() ? QStringLiteral("none")
                                           : cell(e.indexes.join(QStringLiteral(", "))),
                       e.writesAssumed ? QStringLiteral("none declared") : formatUnits(e.writeRate),
                       formatUnits(e.wcuPerSecond))
                  .arg(formatMoney(e.monthlyOnDemand), formatMoney(e.monthlyProvisioned));
    }
    md += QLatin1Char('\n');
}

void storageTable(const CostReport &report, QString &md)
{
    md += QStringLiteral("## Storage at maturity\n\n");
    md += QStringLiteral("| Store | Items | Size | A month |\n|---|---:|---:|---:|\n");
    for (const StorageCost &s : report.storage) {
        const QString store = s.index.isEmpty() ? QStringLiteral("table %1").arg(s.table)
                                                : QStringLiteral("index %1").arg(s.index);
        md += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                  .arg(cell(store), english().toString(s.items), formatBytes(s.bytes),
                       formatMoney(s.monthly));
    }
    md += QLatin1Char('\n');
}

void priceTable(const CostReport &report, QString &md)
{
    md += QStringLiteral("## Prices (%1)\n\n").arg(report.prices.region);
    md += QStringLiteral("| Figure | US dollars | Source | As of |\n|---|---:|---|---|\n");
    for (const PriceFigureMember &f : priceFigures()) {
        const PriceFigure &figure = report.prices.*f.figure;
        md += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                  .arg(QLatin1String(f.label), QString::number(figure.value, 'g', 8),
                       cell(figure.source),
                       figure.asOf.isEmpty() ? QStringLiteral("-") : figure.asOf);
    }
    md += QLatin1Char('\n');
}

} // namespace

QByteArray costMarkdown(const CostReport &report)
{
    QString md = QStringLiteral("# What %1 costs\n\n")
                     .arg(report.design.isEmpty() ? QStringLiteral("the design") : report.design);
    md += report.biggestCost + QStringLiteral("\n\n");
    summaryTable(report, md);
    patternTable(report, md);
    entityTable(report, md);
    storageTable(report, md);
    priceTable(report, md);
    md += QStringLiteral("## Assumptions\n\n");
    for (const QString &a : report.assumptions)
        md += QStringLiteral("- ") + a + QLatin1Char('\n');
    return md.toUtf8();
}

} // namespace keyscope::model
