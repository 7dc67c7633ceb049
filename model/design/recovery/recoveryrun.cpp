#include "model/design/recovery/recoveryrun.h"

#include "model/interop/workbenchmodel.h"

#include <QCryptographicHash>

#include <algorithm>

namespace keyscope::model::recovery {

bool isImportedFacet(const EntityType &entity)
{
    return entity.countMax == 0
        && entity.extra.contains(QLatin1String(WorkbenchModel::kExtraMember));
}

bool designOnlyInItems(const Project &project)
{
    return !project.items.empty()
        && std::all_of(project.entities.begin(), project.entities.end(), isImportedFacet);
}

std::vector<TypeHint> recoveryHints(const Project &project, std::vector<TypeHint> given)
{
    const qsizetype fromImporter = qsizetype(given.size());
    for (TypeHint &hint : DesignRecovery::hintsFrom(project)) {
        const auto named = std::find_if(given.begin(), given.begin() + fromImporter,
                                        [&](const TypeHint &g) { return g.name == hint.name; });
        if (named == given.begin() + fromImporter)
            given.push_back(std::move(hint));
    }
    return given;
}

namespace {

QByteArray digestOfKeys(const Project &project)
{
    QStringList names;
    for (const KeyAttribute &key : project.table.keys.hash)
        names << key.name;
    for (const KeyAttribute &key : project.table.keys.range)
        names << key.name;
    QCryptographicHash hash(QCryptographicHash::Sha1);
    for (const Item &item : project.items) {
        for (const QString &name : names) {
            const auto found = item.find(name);
            if (found == item.end() || !found->second.isKeyType()) {
                hash.addData(QByteArrayView("\0", 1));
                continue;
            }
            const QByteArray bytes = found->second.sortableBytes();
            const char type = char(found->second.type());
            const qint64 size = bytes.size();
            hash.addData(QByteArrayView(&type, 1));
            hash.addData(QByteArrayView(reinterpret_cast<const char *>(&size), sizeof size));
            hash.addData(bytes);
        }
    }
    return hash.result();
}

} // namespace

ImportedHints ImportedHints::capture(const Project &project, std::vector<TypeHint> hints)
{
    ImportedHints captured;
    captured.hints = std::move(hints);
    captured.itemCount = qsizetype(project.items.size());
    captured.keysDigest = digestOfKeys(project);
    return captured;
}

std::vector<TypeHint> ImportedHints::validFor(const Project &project) const
{
    if (hints.empty() || qsizetype(project.items.size()) != itemCount
        || digestOfKeys(project) != keysDigest)
        return {};
    return hints;
}

InferredProject inferProject(const Project &project, RecoveryOptions options)
{
    options.hints = recoveryHints(project, std::move(options.hints));
    InferredProject inferred;
    inferred.result = DesignRecovery::recover(project.table, project.items, options);
    inferred.project = DesignRecovery::apply(project, inferred.result);
    return inferred;
}

} // namespace keyscope::model::recovery
