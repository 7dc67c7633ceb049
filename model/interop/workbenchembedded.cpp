// The Keyscope project a NoSQL Workbench table carries, merged with what the model says now.
#include "model/interop/workbenchreaderparts.h"

#include "model/design/populator.h"
#include "model/design/projectfile.h"
#include "model/interop/workbenchmodel.h"
#include "model/io/wording.h"

namespace keyscope::model::workbench::detail {

namespace {

QByteArray completeKeyIdentity(const Item &item, const KeySchema &keys)
{
    QByteArray identity;
    for (const auto &attribute : keys.all()) {
        const auto it = item.find(attribute.name);
        if (it == item.end())
            return {};
        identity += char(it->second.type());
        identity += it->second.sortableBytes().toHex();
        identity += ':';
    }
    return identity;
}

// A table as NoSQL Workbench can hold it: GSIs with one partition and one sort key, no LSIs.
QJsonObject workbenchView(TableDefinition table)
{
    std::vector<IndexDefinition> kept;
    for (IndexDefinition index : table.indexes) {
        if (!index.isGlobal())
            continue;
        index.keys.hash.resize(1);
        if (index.keys.range.size() > 1)
            index.keys.range.resize(1);
        kept.push_back(index);
    }
    table.indexes = kept;
    return table.toJson();
}

} // namespace

// The table carries a Keyscope project: it wins, except where the model was changed since.
std::variant<Project, Failure> mergeEmbedded(Project fromModel, const QJsonObject &embedded,
                                             const TableContext &context)
{
    const QString path = context.path + u'.' + QLatin1String(WorkbenchModel::kProjectMember);
    auto read = ProjectFile::fromJson(QJsonDocument(embedded), context.source);
    if (auto *errors = std::get_if<std::vector<IoError>>(&read)) {
        const IoError &first = errors->front();
        return Failure {
            first.path.isEmpty() ? path : path + u'.' + first.path,
            first.message
                + (errors->size() > 1
                       ? QStringLiteral(" (and %1 more problems)").arg(errors->size() - 1)
                       : QString())};
    }
    Project project = std::get<Project>(std::move(read));
    if (workbenchView(project.table) != workbenchView(fromModel.table)) {
        context.notes->append(IoError {context.source, 0, 0,
                                       QStringLiteral("table '") + context.tableName + u'\'',
                                       QStringLiteral("its keys or indexes were changed in NoSQL "
                                                      "Workbench; using the model's table")}
                                  .toString());
        project.table = fromModel.table;
        project.tableJson = fromModel.tableJson;
    }
    for (EntityType &entity : fromModel.entities) {
        if (!project.entity(entity.name)) {
            context.notes->append(QStringLiteral("%1: facet \"%2\" was added in NoSQL Workbench: "
                                                 "it becomes an entity type")
                                      .arg(context.source, entity.name));
            project.entities.push_back(std::move(entity));
        }
    }
    // Items: the model's table data are the populated collection; what differs from it was
    // added or edited in NoSQL Workbench and becomes hand-written.
    QHash<QByteArray, std::size_t> populated; // key -> index in the population
    auto population = Populator::populate(project);
    auto *items = std::get_if<Population>(&population);
    if (items) {
        for (std::size_t i = 0; i < items->items.size(); ++i)
            populated.insert(completeKeyIdentity(items->items[i], project.table.keys), i);
    }
    qsizetype added = 0;
    for (const Item &item : fromModel.items) {
        const auto it = populated.constFind(completeKeyIdentity(item, project.table.keys));
        if (it != populated.constEnd() && items->items[*it] == item)
            continue;
        project.items.push_back(item);
        ++added;
    }
    if (added > 0)
        context.notes->append(
            (added == 1 ? QStringLiteral("%1: %2 of the table data differs from the populated "
                                         "collection: kept as a hand-written item")
                        : QStringLiteral("%1: %2 of the table data differ from the populated "
                                         "collection: kept as hand-written items"))
                .arg(context.source,
                     counted(added, QStringLiteral("item"), QStringLiteral("items"))));
    project.extra.insert(QLatin1String(WorkbenchModel::kExtraMember),
                         fromModel.extra.value(QLatin1String(WorkbenchModel::kExtraMember)));
    return project;
}

} // namespace keyscope::model::workbench::detail
