// CSV items: the RFC 4180 reader, header types and every cell type, read without a table (bare
// headers are typed by inference).

#include "model/interop/itemsformats.h"

#include <cstddef>
#include <cstdint>

using namespace keyscope::model;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    (void)ItemsFormats::fromCsv(bytes, QStringLiteral("fuzz.csv"), TableDefinition {});
    return 0;
}
