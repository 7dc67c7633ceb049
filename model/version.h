#pragma once

#include <QString>

namespace keyscope::model {

// The project version ("0.1.0"), from project(VERSION) in the top-level CMakeLists.txt.
QString versionString();

} // namespace keyscope::model
