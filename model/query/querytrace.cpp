#include "model/query/querytrace.h"

namespace keyscope::model {

QString fateName(ItemFate fate)
{
    switch (fate) {
    case ItemFate::Returned:
        return QStringLiteral("RETURNED");
    case ItemFate::Filtered:
        return QStringLiteral("FILTERED");
    case ItemFate::OutsideRange:
        return QStringLiteral("OUTSIDE_KEY_RANGE");
    case ItemFate::LimitReached:
        return QStringLiteral("STOPPED_BY_LIMIT");
    case ItemFate::PageFull:
        return QStringLiteral("STOPPED_BY_PAGE_SIZE");
    }
    return {};
}

QString stopReasonName(StopReason reason)
{
    switch (reason) {
    case StopReason::NoPartition:
        return QStringLiteral("NO_PARTITION");
    case StopReason::EndOfRange:
        return QStringLiteral("END_OF_KEY_RANGE");
    case StopReason::EndOfPartition:
        return QStringLiteral("END_OF_PARTITION");
    case StopReason::Limit:
        return QStringLiteral("LIMIT");
    case StopReason::PageFull:
        return QStringLiteral("PAGE_SIZE");
    }
    return {};
}

QString seekTargetName(SeekTarget target)
{
    switch (target) {
    case SeekTarget::LowerBound:
        return QStringLiteral("LOWER_BOUND");
    case SeekTarget::UpperBound:
        return QStringLiteral("UPPER_BOUND");
    case SeekTarget::ExclusiveStartKey:
        return QStringLiteral("EXCLUSIVE_START_KEY");
    }
    return {};
}

} // namespace keyscope::model
