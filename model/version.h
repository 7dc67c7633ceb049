#pragma once

#include <QString>

namespace keyscope::model {

// The project version ("0.1.0"), from project(VERSION) in the top-level CMakeLists.txt.
QString versionString();
// The CMake build type this binary was made with ("RelWithDebInfo", "Release").
QString buildType();

} // namespace keyscope::model
