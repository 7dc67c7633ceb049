// What the cost report rests on that the design does not say (CostReport::assumptions).
#include "model/cost/entitycosts.h"
#include "model/io/wording.h"

namespace keyscope::model::costing {

namespace {

QString percent(double share)
{
    return QString::number(std::lround(share * 100)) + QLatin1Char('%');
}

void rateAssumptions(const Project &project, const CostReport &report, QStringList &out)
{
    QStringList noRate, noAverage;
    for (std::size_t i = 0; i < report.patterns.size(); ++i) {
        if (report.patterns[i].rateAssumed)
            noRate << report.patterns[i].name;
        else if (!project.accessPatterns[i].averageRate)
            noAverage << report.patterns[i].name;
    }
    if (!noRate.isEmpty())
        out << QStringLiteral("No \"rate\" declared for %1: costed at 1 request per second.")
                   .arg(listedNames(noRate));
    if (!noAverage.isEmpty())
        out << QStringLiteral("No \"averageRate\" declared for %1: on demand, costed at the peak "
                              "rate all month.")
                   .arg(listedNames(noAverage));
}

void writeAssumptions(const Project &project, QStringList &out)
{
    QStringList noWrites, noGrowth, updatesOfMutable;
    for (const EntityType &entity : project.entities) {
        if (!entity.writes)
            noWrites << entity.name;
        else if (entity.writes->updates > 0 && entity.writes->updatedAttributes.isEmpty())
            updatesOfMutable << entity.name;
        if (!entity.countPerParent)
            noGrowth << entity.name;
    }
    if (!noWrites.isEmpty())
        out << QStringLiteral("No \"writes\" declared for %1: no write cost counted.")
                   .arg(listedNames(noWrites));
    if (!updatesOfMutable.isEmpty())
        out << QStringLiteral("An update of %1 changes the attributes marked mutable (no "
                              "\"updatedAttributes\").")
                   .arg(listedNames(updatesOfMutable));
    if (!noGrowth.isEmpty())
        out << QStringLiteral("No \"countPerParent\" declared for %1: storage counts the "
                              "populated items.")
                   .arg(listedNames(noGrowth));
    out << QStringLiteral("Writes run at their declared rate all month.");
}

QString priceSource(const PriceTable &prices)
{
    const PriceFigure &read = prices.readRequestUnitsPerMillion;
    const PriceFigure &rcu = prices.rcuHour;
    QString text = QStringLiteral("Prices for %1, Standard table class, in US dollars, without "
                                  "the free tier: on demand from %2")
                       .arg(prices.region, read.source);
    if (!read.asOf.isEmpty())
        text += QStringLiteral(" (as of %1)").arg(read.asOf);
    if (rcu.source != read.source)
        text += QStringLiteral(", provisioned and storage from %1").arg(rcu.source);
    text += QLatin1Char('.');
    if (prices.overridden)
        text += QStringLiteral(" The project's \"prices\" overrides some of them.");
    return text;
}

} // namespace

QStringList assumptions(const Project &project, const CostReport &report)
{
    QStringList out;
    rateAssumptions(project, report, out);
    writeAssumptions(project, out);
    out << QStringLiteral("Item sizes are those of the populated items; reads are the pattern's "
                          "Query on them, every page until its Limit or the end.");
    out << QStringLiteral("Provisioned capacity is bought for the peak at %1 utilisation and "
                          "priced as the fraction needed (DynamoDB provisions whole units, at "
                          "least 1 per table and global index).")
               .arg(percent(report.prices.utilisation));
    out << QStringLiteral("Storage counts 100 bytes per item in the table and in each index; a "
                          "GB is 2^30 bytes; a month is 730 hours.");
    out << priceSource(report.prices);
    return out;
}

} // namespace keyscope::model::costing
