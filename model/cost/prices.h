#pragma once

// What DynamoDB charges, per region, for the cost report (model/cost/costreport.h): request
// units on demand, capacity units by the hour when provisioned, and storage by the GB-month.
// Standard table class, in US dollars. Each built-in figure carries its source and the date it
// took effect; a project's "prices" member chooses a region and may override any figure.

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace keyscope::model {

struct PriceFigure
{
    double value = 0;
    QString source; // where the figure is published ("https://aws.amazon.com/dynamodb/...")
    QString asOf;   // the date the figure was taken from its source ("2024-11-01")
};

struct PriceTable
{
    QString region;
    PriceFigure readRequestUnitsPerMillion;  // on demand: USD per million read request units
    PriceFigure writeRequestUnitsPerMillion; // on demand: USD per million write request units
    PriceFigure rcuHour;                     // provisioned: USD per RCU per hour
    PriceFigure wcuHour;                     // provisioned: USD per WCU per hour
    PriceFigure storageGbMonth;              // USD per GB-month (table and indexes)
    // The share of provisioned capacity in use at peak (auto scaling's target): capacity is
    // bought at need / utilisation.
    double utilisation = 0.7;
    bool overridden = false; // some figure comes from the project, not the built-in table

    // A month as AWS prices it.
    static constexpr double kHoursPerMonth = 730;
    static constexpr double kSecondsPerMonth = kHoursPerMonth * 3600;

    static const std::vector<PriceTable> &builtIn();
    static QStringList builtInRegions();
    static std::optional<PriceTable> builtIn(const QString &region);

    // Problems with a project's "prices" member, each with its JSON path under `path`.
    static std::vector<std::pair<QString, QString>> problems(const QJsonObject &prices,
                                                             const QString &path);
    // The prices a project is costed at: the region `region` (when given) or the project's
    // "region" (us-east-1 by default), with the project's figures over the built-in ones. An
    // error message when the region has no built-in table and the project does not give every
    // figure.
    static std::variant<PriceTable, QString> forProject(const QJsonObject &prices,
                                                        const QString &region = {});
};

// The figures of a price table, as a project's "prices" member and `keyscope cost --json` name
// them ("onDemandReadPerMillion"), with a label for people.
struct PriceFigureMember
{
    const char *name;
    const char *label;
    PriceFigure PriceTable::*figure;
};
const std::vector<PriceFigureMember> &priceFigures();

} // namespace keyscope::model
