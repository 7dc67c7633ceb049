#pragma once

#include <QString>

namespace keyscope::model {

// The text of a JSON number (a double) for Number::parse: an integer below 2^53 in full, any
// other value with 17 significant digits, which read back as the same double.
QString jsonNumberText(double value);

} // namespace keyscope::model
