#include "model/cost/prices.h"

#include "model/io/suggestion.h"

#include <cmath>

namespace keyscope::model {

namespace {

const QString kOnDemandPage = QStringLiteral("https://aws.amazon.com/dynamodb/pricing/on-demand/");
const QString kProvisionedPage
    = QStringLiteral("https://aws.amazon.com/dynamodb/pricing/provisioned/");
// On-demand throughput prices were halved on 2024-11-01; every figure is as the pricing pages
// list it from that date.
const QString kAsOf = QStringLiteral("2024-11-01");

// The US regions share one price list.
PriceTable usPrices(const QString &region)
{
    PriceTable table;
    table.region = region;
    table.readRequestUnitsPerMillion = {0.125, kOnDemandPage, kAsOf};
    table.writeRequestUnitsPerMillion = {0.625, kOnDemandPage, kAsOf};
    table.rcuHour = {0.00013, kProvisionedPage, kAsOf};
    table.wcuHour = {0.00065, kProvisionedPage, kAsOf};
    table.storageGbMonth = {0.25, kProvisionedPage, kAsOf};
    return table;
}

QStringList knownMembers()
{
    QStringList names {QStringLiteral("region"), QStringLiteral("utilisation"),
                       QStringLiteral("source")};
    for (const PriceFigureMember &member : priceFigures())
        names << QLatin1String(member.name);
    return names;
}

bool allFiguresGiven(const QJsonObject &prices)
{
    for (const PriceFigureMember &member : priceFigures()) {
        if (!prices.value(QLatin1String(member.name)).isDouble())
            return false;
    }
    return true;
}

QString figureList()
{
    QStringList names;
    for (const PriceFigureMember &member : priceFigures())
        names << QLatin1String(member.name);
    return names.join(QStringLiteral(", "));
}

QString unknownRegion(const QString &region)
{
    return QStringLiteral("Keyscope has no prices for region '%1'%2 (built in: %3); choose one "
                          "of those, or give every figure in \"prices\" (%4)")
        .arg(region, didYouMean(region, PriceTable::builtInRegions()),
             PriceTable::builtInRegions().join(QStringLiteral(", ")), figureList());
}

} // namespace

const std::vector<PriceFigureMember> &priceFigures()
{
    static const std::vector<PriceFigureMember> figures {
        {"onDemandReadPerMillion", "On demand, per million read request units",
         &PriceTable::readRequestUnitsPerMillion},
        {"onDemandWritePerMillion", "On demand, per million write request units",
         &PriceTable::writeRequestUnitsPerMillion},
        {"provisionedRcuHour", "Provisioned, per RCU-hour", &PriceTable::rcuHour},
        {"provisionedWcuHour", "Provisioned, per WCU-hour", &PriceTable::wcuHour},
        {"storageGbMonth", "Storage, per GB-month", &PriceTable::storageGbMonth},
    };
    return figures;
}

const std::vector<PriceTable> &PriceTable::builtIn()
{
    static const std::vector<PriceTable> tables {usPrices(QStringLiteral("us-east-1")),
                                                 usPrices(QStringLiteral("us-east-2")),
                                                 usPrices(QStringLiteral("us-west-2"))};
    return tables;
}

QStringList PriceTable::builtInRegions()
{
    QStringList regions;
    for (const PriceTable &table : builtIn())
        regions << table.region;
    return regions;
}

std::optional<PriceTable> PriceTable::builtIn(const QString &region)
{
    for (const PriceTable &table : builtIn()) {
        if (table.region == region)
            return table;
    }
    return std::nullopt;
}

std::vector<std::pair<QString, QString>> PriceTable::problems(const QJsonObject &prices,
                                                              const QString &path)
{
    std::vector<std::pair<QString, QString>> found;
    const auto at = [&](const QString &key) { return path + QLatin1Char('.') + key; };
    const QStringList known = knownMembers();
    for (auto it = prices.begin(); it != prices.end(); ++it) {
        const QString key = it.key();
        if (!known.contains(key)) {
            found.emplace_back(at(key),
                               QStringLiteral("unknown price%1 (known: %2)")
                                   .arg(didYouMean(key, known), known.join(", ")));
        } else if (key == QLatin1String("region") || key == QLatin1String("source")) {
            if (!it.value().isString())
                found.emplace_back(at(key), QStringLiteral("expected a string"));
        } else if (!it.value().isDouble() || !std::isfinite(it.value().toDouble())
                   || it.value().toDouble() < 0) {
            found.emplace_back(at(key), QStringLiteral("expected a number of at least 0"));
        } else if (key == QLatin1String("utilisation")
                   && (it.value().toDouble() <= 0 || it.value().toDouble() > 1)) {
            found.emplace_back(at(key),
                               QStringLiteral("expected the share of provisioned capacity used "
                                              "at peak, above 0 and at most 1 (0.7 is 70%)"));
        }
    }
    const QString region = prices.value(QStringLiteral("region")).toString();
    if (!region.isEmpty() && !builtIn(region) && !allFiguresGiven(prices))
        found.emplace_back(at(QStringLiteral("region")), unknownRegion(region));
    return found;
}

std::variant<PriceTable, QString> PriceTable::forProject(const QJsonObject &prices,
                                                         const QString &region)
{
    QString chosen = region;
    if (chosen.isEmpty())
        chosen = prices.value(QStringLiteral("region")).toString(QStringLiteral("us-east-1"));
    PriceTable table;
    if (const auto known = builtIn(chosen))
        table = *known;
    else if (!allFiguresGiven(prices))
        return unknownRegion(chosen);
    table.region = chosen;
    const QString source = prices.value(QStringLiteral("source"))
                               .toString(QStringLiteral("the project's \"prices\""));
    for (const PriceFigureMember &member : priceFigures()) {
        const QJsonValue value = prices.value(QLatin1String(member.name));
        if (value.isDouble()) {
            table.*member.figure = {value.toDouble(), source, QString()};
            table.overridden = true;
        }
    }
    if (prices.value(QStringLiteral("utilisation")).isDouble())
        table.utilisation = prices.value(QStringLiteral("utilisation")).toDouble();
    return table;
}

} // namespace keyscope::model
