// NoSQL Workbench data models (every version), as File > Import reads them.

#include "model/interop/workbenchmodel.h"
#include "model/io/jsonfile.h"

#include <cstddef>
#include <cstdint>

using namespace keyscope::model;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    auto parsed = JsonFile::parse(bytes, QStringLiteral("fuzz.json"));
    if (auto *document = std::get_if<QJsonDocument>(&parsed))
        (void)WorkbenchModel::fromDocument(*document, QStringLiteral("fuzz.json"));
    return 0;
}
