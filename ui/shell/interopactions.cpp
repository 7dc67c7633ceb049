#include "ui/shell/interopactions.h"

#include "model/design/projectfile.h"
#include "model/interop/itemsformats.h"
#include "ui/document/document.h"
#include "ui/shell/mainwindow.h"
#include "ui/widgets/counted.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

namespace keyscope::ui {

using model::InteropFile;

namespace {

struct FilterFormat
{
    const char *filter;
    InteropFile::Format format;
    const char *suffix;
    bool items; // Export Items As… offers it (else Export Table As…)
};

const FilterFormat kFilters[] = {
    {QT_TRANSLATE_NOOP("InteropActions", "NoSQL Workbench model (*.json)"),
     InteropFile::Format::Workbench, ".json", false},
    {QT_TRANSLATE_NOOP("InteropActions", "CloudFormation template, JSON (*.json)"),
     InteropFile::Format::CloudFormation, ".json", false},
    {QT_TRANSLATE_NOOP("InteropActions", "CloudFormation template, YAML (*.yaml *.yml)"),
     InteropFile::Format::CloudFormationYaml, ".yaml", false},
    {QT_TRANSLATE_NOOP("InteropActions", "create-table JSON (*.json)"),
     InteropFile::Format::CreateTable, ".json", false},
    {QT_TRANSLATE_NOOP("InteropActions",
                       "AWS DynamoDB MCP schema.json, for its code generator (*.json)"),
     InteropFile::Format::McpSchema, ".json", false},
    {QT_TRANSLATE_NOOP("InteropActions",
                       "AWS DynamoDB MCP dynamodb_data_model.json, with the items (*.json)"),
     InteropFile::Format::McpDataModel, ".json", false},
    {QT_TRANSLATE_NOOP("InteropActions", "batch-write-item requests, 25 items per file (*.json)"),
     InteropFile::Format::BatchWrite, ".json", true},
    {QT_TRANSLATE_NOOP("InteropActions", "scan output (*.json)"), InteropFile::Format::Scan,
     ".json", true},
    {QT_TRANSLATE_NOOP("InteropActions", "CSV with a header row (*.csv)"), InteropFile::Format::Csv,
     ".csv", true},
};

QStringList filtersFor(bool items)
{
    QStringList filters;
    for (const auto &entry : kFilters) {
        if (entry.items == items)
            filters << InteropActions::tr(entry.filter);
    }
    return filters;
}

constexpr qsizetype kNotesShown = 10; // in the notes box; the rest under Show Details

// Reading or writing a large file runs on a worker thread; the window stays responsive (a busy
// dialog, modal to it, shows after half a second) and the caller gets the result as if it had
// waited.
template<typename Work>
auto inBackground(QWidget *parent, const QString &label, Work work)
{
    using Result = decltype(work());
    QFuture<Result> future = QtConcurrent::run(std::move(work));
    if (!future.isFinished()) {
        QProgressDialog progress(label, QString(), 0, 0, parent);
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(500);
        progress.setCancelButton(nullptr);
        QEventLoop loop;
        QFutureWatcher<Result> watcher;
        QObject::connect(&watcher, &QFutureWatcher<Result>::finished, &loop, &QEventLoop::quit);
        watcher.setFuture(future);
        if (!future.isFinished())
            loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
    return future.result();
}

} // namespace

InteropActions::InteropActions(MainWindow *window, Document *document, QMenu *fileMenu,
                               QAction *importBefore, QAction *exportBefore)
    : QObject(window)
    , m_window(window)
    , m_document(document)
{
    m_import = new QAction(tr("&Import…"), this);
    m_import->setObjectName(QStringLiteral("actionImportAny"));
    m_import->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_import->setStatusTip(tr("Import a NoSQL Workbench model, a CloudFormation template, "
                              "create-table JSON or items (DynamoDB JSON or CSV)"));
    connect(m_import, &QAction::triggered, this, &InteropActions::importDialog);
    auto *exportTable = new QAction(tr("Export &Table As…"), this);
    exportTable->setObjectName(QStringLiteral("actionExportTable"));
    exportTable->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_T));
    exportTable->setStatusTip(tr("Write the table as a NoSQL Workbench model, a CloudFormation "
                                 "template, create-table JSON or an AWS DynamoDB MCP schema.json "
                                 "or dynamodb_data_model.json"));
    connect(exportTable, &QAction::triggered, this, [this] { exportDialog(false); });
    auto *exportItems = new QAction(tr("Export It&ems As…"), this);
    exportItems->setObjectName(QStringLiteral("actionExportItems"));
    exportItems->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E));
    exportItems->setStatusTip(tr("Write the populated items as batch-write-item requests, scan "
                                 "output or CSV"));
    connect(exportItems, &QAction::triggered, this, [this] { exportDialog(true); });
    fileMenu->insertAction(importBefore, m_import);
    fileMenu->insertAction(exportBefore, exportTable);
    fileMenu->insertAction(exportBefore, exportItems);

    m_hooks.askImportPath = [this] {
        return QFileDialog::getOpenFileName(
            m_window, tr("Import"), {},
            tr("Files Keyscope imports (*.json *.yaml *.yml *.csv);;All files (*)"));
    };
    m_hooks.askExportPath
        = [this](const QString &title, const QStringList &filters, QString *filter) {
              return QFileDialog::getSaveFileName(m_window, title, {},
                                                  filters.join(QStringLiteral(";;")), filter);
          };
    m_hooks.chooseTable = [this](const QStringList &choices) {
        bool ok = false;
        const QString table = QInputDialog::getItem(
            m_window, tr("Import"),
            tr("The file holds %1 tables. Import one as a new project, or all:")
                .arg(choices.size() - 1),
            choices, 0, false, &ok);
        return ok ? table : QString();
    };
    m_hooks.askDirectory = [this] {
        return QFileDialog::getExistingDirectory(m_window, tr("Save Each Table as a Project In"));
    };
    m_hooks.showError = [this](const QString &title, const QString &text) {
        QMessageBox::warning(m_window, title, text);
    };
    m_hooks.showNotes = [this](const QString &title, const QString &text) {
        // The heading, then ten notes; all of them under Show Details… (a file may have 200).
        const QString notes = text.section(QLatin1Char('\n'), 1);
        const qsizetype count = notes.count(QLatin1Char('\n')) + 1;
        QMessageBox box(QMessageBox::Information, title, text.section(QLatin1Char('\n'), 0, 0),
                        QMessageBox::Ok, m_window);
        QString shown = notes.section(QLatin1Char('\n'), 0, kNotesShown - 1);
        if (count > kNotesShown) {
            shown
                += QLatin1Char('\n') + tr("… %1 more under Show Details").arg(count - kNotesShown);
            box.setDetailedText(notes);
        }
        box.setInformativeText(shown);
        box.exec();
    };
}

QStringList InteropActions::tableFilters()
{
    return filtersFor(false);
}

QStringList InteropActions::itemsFilters()
{
    return filtersFor(true);
}

InteropFile::Format InteropActions::formatForFilter(const QString &filter)
{
    for (const auto &entry : kFilters) {
        if (tr(entry.filter) == filter)
            return entry.format;
    }
    return InteropFile::Format::CreateTable;
}

void InteropActions::status(const QString &message)
{
    m_window->statusBar()->showMessage(message, 6000);
}

void InteropActions::notes(const QString &path, const QStringList &lines)
{
    if (lines.isEmpty())
        return;
    // The file is named once, above its notes; a note on another file (usage_data.json) keeps
    // that file's name.
    const QString prefix = path + QStringLiteral(": ");
    QStringList text {tr("Notes on %1:").arg(QDir::toNativeSeparators(path))};
    for (const QString &line : lines)
        text << QStringLiteral("• ") + (line.startsWith(prefix) ? line.mid(prefix.size()) : line);
    m_hooks.showNotes(tr("Imported %1").arg(QFileInfo(path).fileName()),
                      text.join(QLatin1Char('\n')));
}

std::variant<InteropFile::Input, model::IoError> InteropActions::readInput(const QString &path,
                                                                           const QString &tableName)
{
    const model::TableDefinition table = m_document->project().table;
    return inBackground(
        m_window, tr("Reading %1…").arg(QFileInfo(path).fileName()),
        [path, tableName, table]() -> std::variant<InteropFile::Input, model::IoError> {
            auto read = InteropFile::read(path, tableName, table);
            auto *input = std::get_if<InteropFile::Input>(&read);
            if (!input)
                return read;
            if (auto error = InteropFile::applyUsageData(*input, path, {}, tableName.isEmpty()))
                return *error;
            return read;
        });
}

bool InteropActions::importFile(const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    auto read = readInput(path, {});
    if (auto *error = std::get_if<model::IoError>(&read)) {
        m_hooks.showError(tr("Cannot import %1").arg(name), error->toString());
        return false;
    }
    auto &input = std::get<InteropFile::Input>(read);
    switch (input.kind) {
    case InteropFile::Kind::KeyscopeProject:
        return m_window->maybeSave() && m_window->openFile(path);
    case InteropFile::Kind::Items:
        return importItems(input, path);
    case InteropFile::Kind::Workbench:
    case InteropFile::Kind::CloudFormation:
    case InteropFile::Kind::CreateTable:
    case InteropFile::Kind::McpSchema:
    case InteropFile::Kind::McpDataModel:
        break;
    }
    QString table;
    if (input.projects.size() > 1) {
        table = pickTable(input);
        if (table.isEmpty())
            return false;
        if (table == allTablesChoice(qsizetype(input.projects.size())))
            return importAllTables(std::move(input.projects), name);
        // Read again for that table alone: its notes only, as `keyscope convert --table` gives.
        read = readInput(path, table);
        if (auto *error = std::get_if<model::IoError>(&read)) {
            m_hooks.showError(tr("Cannot import %1").arg(name), error->toString());
            return false;
        }
    }
    return importDesign(std::get<InteropFile::Input>(std::move(read)), path, table);
}

bool InteropActions::importItems(InteropFile::Input &input, const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    // Items that do not fit the table are left out with a note; the rest is imported.
    if (auto error = InteropFile::leaveOutUnfitItems(input.items, m_document->project().table, path,
                                                     &input.notes)) {
        m_hooks.showError(tr("Cannot import %1").arg(name), error->toString());
        return false;
    }
    const auto count = qsizetype(input.items.items.size());
    if (count == 0) {
        m_hooks.showError(tr("Cannot import %1").arg(name), tr("The file holds no items."));
        return false;
    }
    m_document->addItems(
        input.items.items,
        tr("Import %1 from %2").arg(counted(count, tr("item"), tr("items")), name));
    status(tr("Imported %1 from %2 (%3); Ctrl+Z undoes it")
               .arg(counted(count, tr("item"), tr("items")), name, input.description));
    notes(path, input.notes);
    return true;
}

bool InteropActions::importDesign(InteropFile::Input input, const QString &path,
                                  const QString &table)
{
    if (input.projects.empty() || !m_window->maybeSave())
        return false;
    std::size_t chosen = 0;
    while (!table.isEmpty() && chosen + 1 < input.projects.size()
           && input.projects[chosen].table.tableName != table)
        ++chosen;
    model::Project project = std::move(input.projects[chosen]);
    const QString tableName = project.table.tableName;
    auto hints = chosen < input.hints.size()
        ? model::recovery::ImportedHints::capture(project, std::move(input.hints[chosen]))
        : model::recovery::ImportedHints {};
    m_document->setProject(std::move(project));
    m_document->setImportedHints(std::move(hints));
    status(tr("Imported table %1 from %2 (%3)")
               .arg(tableName, QFileInfo(path).fileName(), input.description));
    notes(path, input.notes);
    return true;
}

bool InteropActions::exportTable(const QString &path, InteropFile::Format format)
{
    model::ItemList items;
    // A Workbench model's TableData and a data model's items: the populated collection.
    if (format == InteropFile::Format::Workbench || format == InteropFile::Format::McpDataModel) {
        auto populated = populatedItems();
        if (auto *error = std::get_if<model::IoError>(&populated)) {
            m_hooks.showError(tr("Cannot export the table"), error->toString());
            return false;
        }
        items = std::get<model::ItemList>(std::move(populated));
    }
    auto written = write(format, items, path);
    if (auto *error = std::get_if<model::IoError>(&written)) {
        m_hooks.showError(tr("Cannot export the table"), error->toString());
        return false;
    }
    status(tr("Exported the table to %1")
               .arg(std::get<QStringList>(written).join(QStringLiteral(", "))));
    return true;
}

bool InteropActions::exportItems(const QString &path, InteropFile::Format format)
{
    const auto population = m_document->population();
    if (!population || !m_document->populationError().isEmpty()) {
        m_hooks.showError(
            tr("Cannot export the items"),
            m_document->populationError().isEmpty()
                ? tr("The items are still being populated; try again in a moment.")
                : tr("The project does not populate: %1").arg(m_document->populationError()));
        return false;
    }
    const auto items
        = model::ItemsFormats::uniqueByKey(population->items, m_document->project().table.keys);
    auto written = write(format, items, path);
    if (auto *error = std::get_if<model::IoError>(&written)) {
        m_hooks.showError(tr("Cannot export the items"), error->toString());
        return false;
    }
    const QStringList paths = std::get<QStringList>(written);
    status(
        tr("Exported %1 to %2")
            .arg(counted(qint64(items.size()), tr("item"), tr("items")),
                 paths.size() > 2
                     ? tr("%1 … %2 (%3 files)").arg(paths.first(), paths.last()).arg(paths.size())
                     : paths.join(QStringLiteral(", "))));
    return true;
}

std::variant<model::ItemList, model::IoError> InteropActions::populatedItems()
{
    const auto population = m_document->population();
    if (population && m_document->populationError().isEmpty()
        && m_document->resultsRevision() == m_document->revision())
        return model::ItemsFormats::uniqueByKey(population->items,
                                                m_document->project().table.keys);
    const model::Project project = m_document->project();
    const QString source
        = m_document->filePath().isEmpty() ? project.table.tableName : m_document->filePath();
    return inBackground(m_window, tr("Populating %1…").arg(project.table.tableName),
                        [project, source] { return InteropFile::populatedItems(project, source); });
}

std::variant<QStringList, model::IoError>
InteropActions::write(InteropFile::Format format, const model::ItemList &items, const QString &path)
{
    const model::Project project = m_document->project();
    return inBackground(m_window, tr("Writing %1…").arg(QFileInfo(path).fileName()),
                        [format, project, items, path] {
                            return InteropFile::write(format, project, items, path,
                                                      QDateTime::currentDateTimeUtc());
                        });
}

QString InteropActions::tableChoice(const model::Project &project)
{
    QStringList types;
    for (const model::EntityType &entity : project.entities)
        types << entity.name;
    constexpr qsizetype kTypesNamed = 3;
    if (types.size() > kTypesNamed) {
        const qsizetype more = types.size() - kTypesNamed;
        types.resize(kTypesNamed);
        types << tr("%1 more").arg(more);
    }
    const QString patterns = counted(qint64(project.accessPatterns.size()), tr("access pattern"),
                                     tr("access patterns"));
    if (types.isEmpty())
        return tr("%1 (%2)").arg(project.table.tableName, patterns);
    return tr("%1 (%2; %3)")
        .arg(project.table.tableName, types.join(QStringLiteral(", ")), patterns);
}

QString InteropActions::pickTable(const InteropFile::Input &input)
{
    QStringList choices;
    for (const model::Project &project : input.projects)
        choices << tableChoice(project);
    const QString all = allTablesChoice(qsizetype(input.projects.size()));
    const QString choice = m_hooks.chooseTable(choices + QStringList {all});
    if (choice.isEmpty() || choice == all)
        return choice;
    const qsizetype at = choices.indexOf(choice);
    return at < 0 ? QString() : input.projects.at(std::size_t(at)).table.tableName;
}

QString InteropActions::allTablesChoice(qsizetype tables)
{
    return tr("All %1 tables, each saved as a project in a folder…").arg(tables);
}

bool InteropActions::importAllTables(std::vector<model::Project> projects, const QString &source)
{
    const QString directory = m_hooks.askDirectory();
    if (directory.isEmpty())
        return false;
    QStringList paths;
    for (const model::Project &project : projects) {
        QString name;
        for (const QChar c : project.table.tableName)
            name += c.isLetterOrNumber() || c == u'-' || c == u'_' || c == u'.' ? c : QChar(u'_');
        const QString path
            = QDir(directory).filePath(name + QLatin1String(model::ProjectFile::kSuffix));
        if (QFileInfo::exists(path)) {
            m_hooks.showError(tr("Cannot import %1").arg(source),
                              tr("%1 already exists; choose another folder.")
                                  .arg(QDir::toNativeSeparators(path)));
            return false;
        }
        paths << path;
    }
    for (std::size_t i = 0; i < projects.size(); ++i) {
        if (auto error = model::ProjectFile::write(projects[i], paths.at(qsizetype(i)))) {
            m_hooks.showError(tr("Cannot import %1").arg(source), error->toString());
            return false;
        }
    }
    if (!m_window->maybeSave() || !m_window->openFile(paths.first()))
        return false;
    status(tr("Saved %1 projects in %2; opened %3")
               .arg(paths.size())
               .arg(QDir::toNativeSeparators(directory), QFileInfo(paths.first()).fileName()));
    return true;
}

void InteropActions::importDialog()
{
    const QString path = m_hooks.askImportPath();
    if (!path.isEmpty())
        importFile(path);
}

void InteropActions::exportDialog(bool items)
{
    const QStringList filters = items ? itemsFilters() : tableFilters();
    QString filter = filters.first();
    QString path = m_hooks.askExportPath(items ? tr("Export Items As") : tr("Export Table As"),
                                         filters, &filter);
    if (path.isEmpty())
        return;
    const InteropFile::Format format = formatForFilter(filter);
    if (QFileInfo(path).suffix().isEmpty()) {
        for (const auto &entry : kFilters) {
            if (entry.format == format)
                path += QLatin1String(entry.suffix);
        }
    }
    if (items)
        exportItems(path, format);
    else
        exportTable(path, format);
}

} // namespace keyscope::ui
