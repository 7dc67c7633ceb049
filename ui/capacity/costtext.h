#pragma once

#include <QString>

namespace keyscope::ui {

// The cost report's figures as the Capacity panel shows them: money as "$1,234.56", and a
// figure that is not zero never shown as zero ("<$0.01", "<0.01").
struct CostText
{
    static QString money(double dollars);
    // Capacity units, rates, kilobytes: up to two decimals, trailing zeros dropped ("0.5",
    // "1,250", "12.25").
    static QString figure(double value);
    // A whole count with thousands separators ("12,000").
    static QString count(qint64 value);
    // Bytes in B, KB, MB, GB (1,024 each, as DynamoDB counts them).
    static QString bytes(double bytes);
};

} // namespace keyscope::ui
