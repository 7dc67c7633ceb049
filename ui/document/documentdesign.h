#pragma once

// Document's design snapshot (internal to documentedits.cpp and documentdesignedits.cpp).

#include "ui/document/document.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace keyscope::ui {

struct Document::Design
{
    QString name;
    QString description;
    model::TableDefinition table;
    QJsonObject tableJson;
    std::vector<model::EntityType> entities;
    quint64 seed = 1;
    std::vector<model::AccessPattern> accessPatterns;

    // The design part of a project, and back (hand-written items are not part of it).
    static Design of(const model::Project &project)
    {
        return Design {project.name,          project.description, project.table,
                       project.tableJson,     project.entities,    project.seed,
                       project.accessPatterns};
    }
    void applyTo(model::Project &project) const
    {
        project.name = name;
        project.description = description;
        project.table = table;
        project.tableJson = tableJson;
        project.entities = entities;
        project.seed = seed;
        project.accessPatterns = accessPatterns;
    }
};

} // namespace keyscope::ui
