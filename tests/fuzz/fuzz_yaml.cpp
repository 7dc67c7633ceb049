// YAML and CloudFormation templates: the YAML reader (anchors, aliases, short-form tags), then
// the template's tables, as `keyscope convert` reads a .yaml file.

#include "model/interop/cloudformationtemplate.h"
#include "model/interop/yamldocument.h"

#include <cstddef>
#include <cstdint>

using namespace keyscope::model;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    auto parsed = YamlDocument::parse(bytes, QStringLiteral("fuzz.yaml"));
    if (auto *document = std::get_if<QJsonValue>(&parsed)) {
        if (CloudFormationTemplate::looksLike(*document))
            (void)CloudFormationTemplate::fromJson(*document, QStringLiteral("fuzz.yaml"));
    }
    return 0;
}
