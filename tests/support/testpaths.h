#pragma once

// Where the tests find the checkout, its test data and the built keyscope executable, as absolute
// paths. They are not compiled into each test as definitions: tests/CMakeLists.txt generates one
// small unit that holds them (keyscope_testpaths), so no other test object depends on the folder
// the checkout lies in, and the compiler cache serves a fresh clone from what another built.

#include <QString>

namespace keyscope::testsupport {

QString sourceDir();      // the repository root
QString testDataDir();    // tests/data
QString keyscopeBinary(); // the built keyscope executable

// sourceDir() or testDataDir() followed by `relative` ("/resources/examples").
inline QString sourcePath(const char *relative)
{
    return sourceDir() + QString::fromUtf8(relative);
}
inline QString testDataPath(const char *relative)
{
    return testDataDir() + QString::fromUtf8(relative);
}

} // namespace keyscope::testsupport
