#include "ui/document/tableitemsimport.h"

#include "model/io/tabledefinitionfile.h"

#include <QFileInfo>

namespace keyscope::ui {

std::variant<model::Project, QString> readTableAndItems(const QString &tablePath,
                                                        const QString &itemsPath,
                                                        const model::ItemsFile::Progress &progress,
                                                        bool *cancelled)
{
    auto definition = model::TableDefinitionFile::read(tablePath);
    if (auto *error = std::get_if<model::IoError>(&definition))
        return error->toString();
    const auto &table = std::get<model::TableDefinition>(definition);
    auto contents = model::ItemsFile::read(itemsPath, table, model::ItemsFile::BadItems::Refuse,
                                           progress, cancelled);
    if (auto *error = std::get_if<model::IoError>(&contents))
        return error->toString();
    model::Project project;
    project.name
        = table.tableName.isEmpty() ? QFileInfo(tablePath).completeBaseName() : table.tableName;
    project.table = table;
    project.tableJson = table.toJson();
    project.items = std::move(std::get<model::ItemsFile::Contents>(contents).items);
    return project;
}

} // namespace keyscope::ui
