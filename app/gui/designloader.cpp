#include "app/gui/designloader.h"

#include "model/io/itemsfile.h"
#include "model/io/tabledefinitionfile.h"

namespace keyscope::app {

DesignLoadResult loadDesign(const QString &tablePath, const QString &itemsPath)
{
    DesignLoadResult result;
    auto definition = model::TableDefinitionFile::read(tablePath);
    if (auto *error = std::get_if<model::IoError>(&definition)) {
        result.error = error->toString();
        return result;
    }
    auto table = std::make_shared<model::Table>(std::get<model::TableDefinition>(definition));
    auto loaded = model::ItemsFile::load(*table, itemsPath);
    if (auto *error = std::get_if<model::IoError>(&loaded)) {
        result.error = error->toString();
        return result;
    }
    result.replaced = std::get<model::ItemsFile::LoadResult>(loaded).replaced;
    result.table = std::move(table);
    return result;
}

} // namespace keyscope::app
