#include "model/value/jsonnumbertext.h"

#include <cmath>

namespace keyscope::model {

QString jsonNumberText(double value)
{
    if (std::trunc(value) == value && std::abs(value) < 9007199254740992.0)
        return QString::number(qint64(value));
    return QString::number(value, 'g', 17);
}

} // namespace keyscope::model
