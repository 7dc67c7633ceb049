#include "model/version.h"

#ifndef KEYSCOPE_VERSION
#error "KEYSCOPE_VERSION must be defined by the build (model/CMakeLists.txt)"
#endif

namespace keyscope::model {

QString versionString()
{
    return QStringLiteral(KEYSCOPE_VERSION);
}

QString buildType()
{
    return QStringLiteral(KEYSCOPE_BUILD_TYPE);
}

} // namespace keyscope::model
