// Keyscope project files (*.keyscope.json): the reader and every check it makes.

#include "model/design/projectfile.h"

#include <cstddef>
#include <cstdint>

using namespace keyscope::model;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    (void)ProjectFile::parse(bytes, QStringLiteral("fuzz.keyscope.json"));
    return 0;
}
