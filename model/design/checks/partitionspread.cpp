#include "model/design/checks/partitionspread.h"

#include <QHash>
#include <QLocale>

#include <cmath>
#include <map>

namespace keyscope::model::checks {

namespace {

const QLocale &english()
{
    static const QLocale locale(QLocale::English);
    return locale;
}

// The member's ancestor `levels` up (0: itself), or -1.
qint64 ancestorOf(const Population &population, qint64 member, int levels)
{
    for (int n = 0; n < levels && member >= 0; ++n)
        member = population.parentOf[std::size_t(member)];
    return member;
}

// Whether values and the members' ancestors `levels` up go one to one: each ancestor's members
// share one value, and no value is shared by two ancestors. Sets *owners to the ancestors seen.
bool oneToOne(const SpreadInput &input, const Population &population, int levels, qint64 *owners)
{
    QHash<qint64, QString> valueOf;
    QHash<QString, qint64> ownerOf;
    for (std::size_t i = 0; i < input.members.size(); ++i) {
        const qint64 owner = ancestorOf(population, input.members[i], levels);
        if (owner < 0)
            return false;
        const QString &value = input.values[i];
        const auto v = valueOf.constFind(owner);
        if (v != valueOf.constEnd() && *v != value)
            return false;
        const auto o = ownerOf.constFind(value);
        if (o != ownerOf.constEnd() && *o != owner)
            return false;
        valueOf.insert(owner, value);
        ownerOf.insert(value, owner);
    }
    *owners = qint64(valueOf.size());
    return true;
}

// The value most members have (the smallest such text, so the choice is stable).
std::pair<QString, qint64> busiest(const std::map<QString, qint64> &counts)
{
    std::pair<QString, qint64> best;
    for (const auto &[value, count] : counts) {
        if (count > best.second)
            best = {value, count};
    }
    return best;
}

// PerItem / PerOwner: the first ancestor level whose items map one to one onto the values.
bool scaledSpread(const SpreadInput &input, const Project &project, const Population &population,
                  const std::vector<double> &mature, PartitionSpread &spread)
{
    const int depth = int(project.entities.size());
    for (int levels = 0; levels <= depth; ++levels) {
        qint64 owners = 0;
        if (!oneToOne(input, population, levels, &owners))
            continue;
        const qint64 first = ancestorOf(population, input.members.front(), levels);
        const int type = population.entityOf[std::size_t(first)];
        if (type < 0 || std::size_t(type) >= mature.size())
            return false;
        qint64 populated = 0;
        for (int e : population.entityOf)
            populated += e == type ? 1 : 0;
        spread.kind
            = levels == 0 ? PartitionSpread::Kind::PerItem : PartitionSpread::Kind::PerOwner;
        spread.owner = project.entities[std::size_t(type)].name;
        // Items of a sparse index's key: only the share of the type seen here has a value.
        spread.partitions = std::max(1.0,
                                     mature[std::size_t(type)] * double(owners)
                                         / double(std::max<qint64>(populated, 1)));
        spread.share = 1.0 / spread.partitions;
        return true;
    }
    return false;
}

} // namespace

QString PartitionSpread::described(const QString &memberType) const
{
    switch (kind) {
    case Kind::One:
        return QStringLiteral("one value, '") + value + QStringLiteral("', for every ")
            + memberType;
    case Kind::PerItem:
        return QStringLiteral("one value per ") + owner + QStringLiteral(" (")
            + rateText(partitions) + QStringLiteral(" at maturity)");
    case Kind::PerOwner:
        return QStringLiteral("one value per ") + owner + QStringLiteral(" (")
            + rateText(partitions) + QStringLiteral(" at maturity), shared by its ") + memberType
            + QStringLiteral(" items");
    case Kind::Bounded:
        return rateText(partitions) + QStringLiteral(" values that do not grow with the items; '")
            + value + QStringLiteral("' holds ") + rateText(double(onBusiest))
            + QStringLiteral(" of ") + rateText(double(members)) + QStringLiteral(" populated ")
            + memberType + QStringLiteral(" items (") + QString::number(std::lround(share * 100))
            + QStringLiteral("%)");
    }
    return QString();
}

PartitionSpread estimateSpread(const SpreadInput &input, const Project &project,
                               const Population &population, const std::vector<double> &mature)
{
    PartitionSpread spread;
    spread.members = qint64(input.members.size());
    std::map<QString, qint64> counts;
    for (const QString &value : input.values)
        ++counts[value];
    std::tie(spread.value, spread.onBusiest) = busiest(counts);
    spread.partitions = double(counts.size());
    if (input.members.empty() || input.literal || (counts.size() == 1 && spread.members > 1)) {
        spread.kind = PartitionSpread::Kind::One;
        spread.partitions = 1;
        return spread;
    }
    if (scaledSpread(input, project, population, mature, spread))
        return spread;
    spread.kind = PartitionSpread::Kind::Bounded;
    spread.share = double(spread.onBusiest) / double(spread.members);
    return spread;
}

int shardCount(double need, double limit)
{
    const double wanted = std::ceil(need / (limit * 0.8));
    int shards = 2;
    while (shards < wanted && shards < (1 << 20))
        shards *= 2;
    return shards;
}

QString rateText(double value)
{
    if (value >= 100 || std::abs(value - std::round(value)) < 0.05)
        return english().toString(double(std::llround(value)), 'f', 0);
    return english().toString(value, 'f', 1);
}

QString dollarText(double value)
{
    if (value >= 1000)
        return QLatin1Char('$') + english().toString(double(std::llround(value)), 'f', 0);
    return QLatin1Char('$') + english().toString(value, 'f', 2);
}

} // namespace keyscope::model::checks
