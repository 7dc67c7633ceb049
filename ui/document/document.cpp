#include "ui/document/document.h"
#include "ui/document/tableitemsimport.h"

#include "model/design/designrun.h"
#include "model/design/projectfile.h"
#include "model/io/itemsfile.h"
#include "model/io/tabledefinitionfile.h"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QJsonDocument>
#include <QPromise>
#include <QTimer>
#include <QUndoCommand>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

namespace keyscope::ui {

using model::AccessPattern;
using model::EntityType;
using model::Item;
using model::Project;

struct Document::Design
{
    QString name;
    QString description;
    model::TableDefinition table;
    QJsonObject tableJson;
    std::vector<EntityType> entities;
    quint64 seed = 1;
    std::vector<AccessPattern> accessPatterns;

    // The design part of a project, and back (hand-written items are not part of it).
    static Design of(const Project &project)
    {
        return Design {project.name,          project.description, project.table,
                       project.tableJson,     project.entities,    project.seed,
                       project.accessPatterns};
    }
    void applyTo(Project &project) const
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

namespace detail {

// One stage of a background recompute, delivered to the GUI thread through QFutureWatcher.
struct RecomputeStage
{
    enum class Kind { Population, Patterns, Checks, Cost };
    Kind kind = Kind::Population;
    quint64 revision = 0;
    std::shared_ptr<const model::Population> population;
    std::shared_ptr<const model::Table> table;
    QString error;
    std::shared_ptr<const std::vector<model::PatternResult>> patterns;
    std::shared_ptr<const std::vector<model::Finding>> findings;
    std::shared_ptr<const model::CostReport> cost;
};

namespace {

QJsonObject designJson(const Document::Design &design)
{
    Project project;
    design.applyTo(project);
    return model::ProjectFile::toJson(project);
}

bool sameDesign(const Document::Design &a, const Document::Design &b)
{
    return designJson(a) == designJson(b);
}

} // namespace

// An edit: the design before and after. Snapshots (rather than inverse operations) make
// create/delete and multi-part edits (a rename that follows references) restore exactly.
// Edits with merge keys merge while the next edit's "before" key is this one's "after" key:
// typing into one field, or renaming Dev -> Devi -> Device.
// Hand-written items are not part of Design (they may be many, a whole scan export): adding
// items keeps only the added ones, and undo takes them off the end again.
class ItemsCommand : public QUndoCommand
{
public:
    ItemsCommand(Document *document, const QString &text, std::size_t countBefore,
                 model::ItemList added)
        : QUndoCommand(text)
        , m_document(document)
        , m_countBefore(countBefore)
        , m_added(std::move(added))
    { }

    void redo() override { m_document->appendItems(m_added); }
    void undo() override { m_document->truncateItems(m_countBefore); }

private:
    Document *m_document;
    std::size_t m_countBefore;
    model::ItemList m_added;
};

// A design and the hand-written items changed together (items recovered into entity types).
class ProjectCommand : public QUndoCommand
{
public:
    ProjectCommand(Document *document, const QString &text, Document::Design before,
                   model::ItemList itemsBefore, Document::Design after, model::ItemList itemsAfter)
        : QUndoCommand(text)
        , m_document(document)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_itemsBefore(std::move(itemsBefore))
        , m_itemsAfter(std::move(itemsAfter))
    { }

    void redo() override { m_document->applyDesignAndItems(m_after, m_itemsAfter); }
    void undo() override { m_document->applyDesignAndItems(m_before, m_itemsBefore); }

private:
    Document *m_document;
    Document::Design m_before;
    Document::Design m_after;
    model::ItemList m_itemsBefore;
    model::ItemList m_itemsAfter;
};

class EditCommand : public QUndoCommand
{
public:
    EditCommand(Document *document, const QString &text, Document::Design before,
                Document::Design after, QString mergeKeyBefore, QString mergeKeyAfter)
        : QUndoCommand(text)
        , m_document(document)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_keyBefore(std::move(mergeKeyBefore))
        , m_keyAfter(std::move(mergeKeyAfter))
    { }

    static constexpr int kMergeableId = 0x4b53; // "KS"

    int id() const override { return m_keyAfter.isEmpty() ? -1 : kMergeableId; }

    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const EditCommand *>(other);
        if (m_sealed || next->m_keyBefore != m_keyAfter)
            return false;
        m_after = next->m_after;
        m_keyAfter = next->m_keyAfter;
        setText(next->text());
        // Typed and deleted back to where it started: nothing left to undo.
        if (sameDesign(m_before, m_after))
            setObsolete(true);
        return true;
    }

    void redo() override { m_document->applyDesign(m_after); }
    void undo() override { m_document->applyDesign(m_before); }

    void seal() { m_sealed = true; }

private:
    Document *m_document;
    Document::Design m_before;
    Document::Design m_after;
    QString m_keyBefore;
    QString m_keyAfter;
    bool m_sealed = false;
};

} // namespace detail

using detail::RecomputeStage;

namespace {

constexpr int kTableShare = 850;
constexpr int kPatternsShare = 900;
constexpr int kChecksShare = 950;

RecomputeStage patternsStage(const Project &project, const model::PreparedDesign &design,
                             quint64 revision)
{
    RecomputeStage stage;
    stage.kind = RecomputeStage::Kind::Patterns;
    stage.revision = revision;
    stage.patterns = std::make_shared<const std::vector<model::PatternResult>>(
        model::AccessPatternRunner::runAll(project, *design.population, *design.table));
    return stage;
}

RecomputeStage checksStage(const Project &project, const model::PreparedDesign &design,
                           quint64 revision)
{
    RecomputeStage stage;
    stage.kind = RecomputeStage::Kind::Checks;
    stage.revision = revision;
    stage.findings = std::make_shared<const std::vector<model::Finding>>(
        model::DesignChecker::check(project, *design.population));
    return stage;
}

// What the design costs, on the design just populated (the Capacity panel).
RecomputeStage costStage(const Project &project, const model::PreparedDesign &design,
                         quint64 revision)
{
    RecomputeStage stage;
    stage.kind = RecomputeStage::Kind::Cost;
    stage.revision = revision;
    auto report = model::CostReport::compute(project, design);
    if (auto *error = std::get_if<QString>(&report))
        stage.error = *error;
    else
        stage.cost = std::make_shared<const model::CostReport>(
            std::move(std::get<model::CostReport>(report)));
    return stage;
}

// Runs on a pool thread; owns its copy of the project, touches nothing else.
void recompute(QPromise<RecomputeStage> &promise, std::shared_ptr<const Project> project,
               quint64 revision)
{
    promise.setProgressRange(0, 1000);
    promise.setProgressValue(0);
    RecomputeStage stage;
    stage.revision = revision;
    model::DesignRunObserver observer;
    observer.cancelled = [&promise] { return promise.isCanceled(); };
    observer.populating = [&promise](qint64 done, qint64 total) {
        // The text carries how many items are being made ("Populating 1,000,000").
        promise.setProgressValueAndText(
            total > 0 ? int(done * Document::kPopulateShare / total) : 0, QString::number(total));
    };
    observer.buildingTable = [&promise] { promise.setProgressValue(Document::kPopulateShare); };
    auto prepared = model::DesignRun::prepare(*project, {}, observer);
    if (auto *error = std::get_if<model::DesignRunError>(&prepared)) {
        if (error->stage == model::DesignRunError::Stage::Cancelled)
            return;
        // In the user's words ("the SK template of Reading"); the CLI shows the path.
        stage.error = error->inUserWords();
        promise.addResult(stage);
        return;
    }
    const auto &[population, table] = std::get<model::PreparedDesign>(prepared);
    stage.population = population;
    stage.table = table;
    promise.addResult(stage);
    promise.setProgressValue(kTableShare);

    // The stages that read the populated design, each sent as soon as it is done.
    using StageRun = RecomputeStage (*)(const Project &, const model::PreparedDesign &, quint64);
    const std::pair<StageRun, int> stages[]
        = {{patternsStage, kPatternsShare}, {checksStage, kChecksShare}, {costStage, 1000}};
    const model::PreparedDesign design {population, table};
    for (const auto &[run, share] : stages) {
        if (promise.isCanceled())
            return;
        RecomputeStage next = run(*project, design, revision);
        if (promise.isCanceled())
            return;
        promise.addResult(next);
        promise.setProgressValue(share);
    }
}

model::TableDefinition defaultTable()
{
    const QJsonObject json = QJsonDocument::fromJson(R"({
        "TableName": "MyTable",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}]})")
                                 .object();
    QString error;
    return *model::TableDefinition::fromJson(json, &error);
}

// Replaces "{Old." (an ancestor's attribute placeholder) with "{New.".
QString renamePlaceholders(QString text, const QString &from, const QString &to)
{
    return text.replace(QLatin1Char('{') + from + QLatin1Char('.'),
                        QLatin1Char('{') + to + QLatin1Char('.'));
}

} // namespace

Document::Document(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
    , m_recomputeTimer(new QTimer(this))
{
    // Coalesces bursts (typing, undo of several steps) into one recompute.
    m_recomputeTimer->setSingleShot(true);
    m_recomputeTimer->setInterval(15);
    connect(m_recomputeTimer, &QTimer::timeout, this, &Document::startRecompute);
    connect(m_undoStack, &QUndoStack::cleanChanged, this, &Document::updateModified);
    m_project.table = defaultTable();
}

Document::~Document()
{
    if (m_watcher) {
        m_watcher->disconnect(this);
        m_watcher->future().cancel();
        m_watcher->future().waitForFinished();
    }
}

void Document::newProject()
{
    // No name yet: the first save asks for one (displayName() says "Untitled" meanwhile).
    Project project;
    project.table = defaultTable();
    resetProject(std::move(project), {});
}

std::vector<model::IoError> Document::open(const QString &path)
{
    auto read = model::ProjectFile::read(path);
    if (auto *errors = std::get_if<std::vector<model::IoError>>(&read))
        return *errors;
    resetProject(std::move(std::get<Project>(read)), path);
    return {};
}

void Document::setProject(model::Project project, const QString &filePath)
{
    resetProject(std::move(project), filePath);
}

QString Document::importTableAndItems(const QString &tablePath, const QString &itemsPath)
{
    auto read = readTableAndItems(tablePath, itemsPath);
    if (auto *error = std::get_if<QString>(&read))
        return *error;
    resetProject(std::get<Project>(std::move(read)), {});
    return {};
}

std::optional<model::IoError> Document::save()
{
    if (m_filePath.isEmpty())
        return model::IoError {QString(), 0, 0, QString(), tr("The project has no file name yet")};
    return saveAs(m_filePath);
}

std::optional<model::IoError> Document::saveAs(const QString &path)
{
    if (auto error = model::ProjectFile::write(m_project, path))
        return error;
    setFilePath(path);
    m_forcedModified = false;
    m_undoStack->setClean();
    updateModified();
    return std::nullopt;
}

bool Document::isUnnamed() const
{
    const QString name = m_project.name.trimmed();
    return name.isEmpty() || name == tr("Untitled");
}

QString Document::displayName() const
{
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    if (!m_project.name.isEmpty())
        return m_project.name;
    return tr("Untitled");
}

bool Document::isModified() const
{
    return m_forcedModified || !m_undoStack->isClean();
}

void Document::setModified(bool modified)
{
    m_forcedModified = modified;
    if (!modified)
        m_undoStack->setClean();
    updateModified();
}

void Document::updateModified()
{
    const bool modified = isModified();
    if (modified == m_lastModified)
        return;
    m_lastModified = modified;
    emit modifiedChanged(modified);
}

void Document::resetProject(model::Project project, const QString &filePath)
{
    m_project = std::move(project);
    m_importedHints = {};
    m_undoStack->clear();
    m_forcedModified = false;
    setFilePath(filePath);
    updateModified();
    emit projectReset();
    changed();
}

void Document::setFilePath(const QString &path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    emit filePathChanged(path);
}

void Document::changed()
{
    ++m_revision;
    emit projectChanged();
    setBusy(true);
    m_recomputeTimer->start();
}

// --- Edits ---

Document::Design Document::design() const
{
    return Design::of(m_project);
}

void Document::applyDesign(const Design &design)
{
    design.applyTo(m_project);
    changed();
}

void Document::appendItems(const model::ItemList &items)
{
    m_project.items.append(items);
    changed();
}

void Document::truncateItems(std::size_t count)
{
    m_project.items.truncate(count);
    changed();
}

void Document::applyDesignAndItems(const Design &design, const model::ItemList &items)
{
    m_project.items = items;
    applyDesign(design); // one change: one recompute, one revision
}

void Document::replaceDesignAndItems(const model::Project &project, const QString &text)
{
    const Design after {project.name,          project.description, project.table,
                        project.tableJson,     project.entities,    project.seed,
                        project.accessPatterns};
    Design before = design();
    if (detail::sameDesign(before, after) && project.items == m_project.items)
        return;
    m_undoStack->push(new detail::ProjectCommand(this, text, std::move(before), m_project.items,
                                                 after, project.items));
}

void Document::addItems(const model::ItemList &items, const QString &text)
{
    if (items.empty())
        return;
    m_undoStack->push(new detail::ItemsCommand(this, text, m_project.items.size(), items));
}

void Document::pushEdit(const QString &text, const Design &after, const QString &mergeKeyBefore,
                        const QString &mergeKeyAfter)
{
    Design before = design();
    if (detail::sameDesign(before, after))
        return;
    m_undoStack->push(new detail::EditCommand(this, text, std::move(before), after, mergeKeyBefore,
                                              mergeKeyAfter));
}

void Document::finishEditing()
{
    const int top = m_undoStack->index() - 1;
    if (top < 0 || top != m_undoStack->count() - 1)
        return;
    // Only edits merge (imported items are one ItemsCommand each).
    auto *command = const_cast<QUndoCommand *>(m_undoStack->command(top));
    if (auto *edit = dynamic_cast<detail::EditCommand *>(command))
        edit->seal();
}

int Document::entityIndex(const QString &name) const
{
    for (size_t i = 0; i < m_project.entities.size(); ++i) {
        if (m_project.entities[i].name == name)
            return int(i);
    }
    return -1;
}

void Document::setName(const QString &name)
{
    Design after = design();
    after.name = name;
    pushEdit(tr("Rename Project"), after, QStringLiteral("name"), QStringLiteral("name"));
}

void Document::setDescription(const QString &description)
{
    Design after = design();
    after.description = description;
    pushEdit(tr("Edit Description"), after, QStringLiteral("description"),
             QStringLiteral("description"));
}

void Document::setSeed(quint64 seed)
{
    Design after = design();
    after.seed = seed;
    pushEdit(tr("Change Seed"), after, QStringLiteral("seed"), QStringLiteral("seed"));
}

void Document::setTableDefinition(const model::TableDefinition &definition)
{
    Design after = design();
    after.table = definition;
    pushEdit(tr("Edit Table Definition"), after, QStringLiteral("table"), QStringLiteral("table"));
}

bool Document::addEntity(const model::EntityType &entity, int position)
{
    if (entity.name.isEmpty() || entityIndex(entity.name) >= 0)
        return false;
    Design after = design();
    if (position < 0 || position > int(after.entities.size()))
        position = int(after.entities.size());
    after.entities.insert(after.entities.begin() + position, entity);
    pushEdit(tr("Add Entity %1").arg(entity.name), after);
    return true;
}

bool Document::removeEntity(const QString &name)
{
    const int index = entityIndex(name);
    if (index < 0)
        return false;
    Design after = design();
    after.entities.erase(after.entities.begin() + index);
    pushEdit(tr("Remove Entity %1").arg(name), after);
    return true;
}

bool Document::renameEntity(const QString &from, const QString &to)
{
    const int index = entityIndex(from);
    if (index < 0 || to.isEmpty() || (to != from && entityIndex(to) >= 0))
        return false;
    Design after = design();
    for (EntityType &entity : after.entities) {
        if (entity.name == from)
            entity.name = to;
        if (entity.parent == from)
            entity.parent = to;
        for (auto &[attribute, text] : entity.keys)
            text = renamePlaceholders(text, from, to);
    }
    for (AccessPattern &pattern : after.accessPatterns) {
        if (pattern.parentEntity == from)
            pattern.parentEntity = to;
        for (QString &type : pattern.expect.entityTypes) {
            if (type == from)
                type = to;
        }
        for (auto &[placeholder, value] : pattern.values)
            value.templateText = renamePlaceholders(value.templateText, from, to);
    }
    pushEdit(tr("Rename Entity %1 to %2").arg(from, to), after,
             QStringLiteral("entity-name:") + from, QStringLiteral("entity-name:") + to);
    return true;
}

bool Document::setEntity(const QString &name, const model::EntityType &entity)
{
    const int index = entityIndex(name);
    if (index < 0 || entity.name.isEmpty()
        || (entity.name != name && entityIndex(entity.name) >= 0))
        return false;
    Design after = design();
    after.entities[size_t(index)] = entity;
    pushEdit(tr("Edit Entity %1").arg(entity.name), after, QStringLiteral("entity:") + name,
             QStringLiteral("entity:") + entity.name);
    return true;
}

bool Document::setEntityColor(const QString &entity, const QString &color)
{
    const int index = entityIndex(entity);
    if (index < 0)
        return false;
    Design after = design();
    after.entities[size_t(index)].color = color;
    const QString key = QStringLiteral("entity-color:") + entity;
    pushEdit(tr("Change Colour of %1").arg(entity), after, key, key);
    return true;
}

bool Document::setEntityCount(const QString &entity, int countMin, int countMax)
{
    const int index = entityIndex(entity);
    if (index < 0 || countMin < 0 || countMax < countMin)
        return false;
    Design after = design();
    after.entities[size_t(index)].countMin = countMin;
    after.entities[size_t(index)].countMax = countMax;
    const QString key = QStringLiteral("entity-count:") + entity;
    pushEdit(tr("Change Count of %1").arg(entity), after, key, key);
    return true;
}

bool Document::setEntityWrites(const QString &entity,
                               const std::optional<model::EntityWrites> &writes)
{
    const int index = entityIndex(entity);
    if (index < 0)
        return false;
    Design after = design();
    after.entities[size_t(index)].writes = writes;
    const QString key = QStringLiteral("entity-writes:") + entity;
    pushEdit(tr("Change Writes of %1").arg(entity), after, key, key);
    return true;
}

bool Document::setEntityCountPerParent(const QString &entity, std::optional<qint64> count)
{
    const int index = entityIndex(entity);
    if (index < 0 || (count && *count < 0))
        return false;
    Design after = design();
    after.entities[size_t(index)].countPerParent = count;
    const QString key = QStringLiteral("entity-growth:") + entity;
    pushEdit(tr("Change Count at Maturity of %1").arg(entity), after, key, key);
    return true;
}

bool Document::setEntityParent(const QString &entity, const QString &parent)
{
    const int index = entityIndex(entity);
    if (index < 0 || parent == entity || (!parent.isEmpty() && entityIndex(parent) < 0))
        return false;
    Design after = design();
    after.entities[size_t(index)].parent = parent;
    pushEdit(tr("Change Parent of %1").arg(entity), after);
    return true;
}

bool Document::setKeyTemplate(const QString &entity, const QString &keyAttribute,
                              const QString &templateText)
{
    const int index = entityIndex(entity);
    if (index < 0 || keyAttribute.isEmpty())
        return false;
    Design after = design();
    auto &keys = after.entities[size_t(index)].keys;
    if (templateText.isEmpty())
        keys.erase(keyAttribute);
    else
        keys[keyAttribute] = templateText;
    const QString key = QStringLiteral("key-template:%1/%2").arg(entity, keyAttribute);
    pushEdit(tr("Edit %1 Template of %2").arg(keyAttribute, entity), after, key, key);
    return true;
}

bool Document::patternNameTaken(const QString &name, int except) const
{
    for (size_t i = 0; i < m_project.accessPatterns.size(); ++i) {
        if (int(i) != except && m_project.accessPatterns[i].name == name)
            return true;
    }
    return false;
}

bool Document::addAccessPattern(const model::AccessPattern &pattern, int position)
{
    if (pattern.name.isEmpty() || patternNameTaken(pattern.name))
        return false;
    Design after = design();
    if (position < 0 || position > int(after.accessPatterns.size()))
        position = int(after.accessPatterns.size());
    after.accessPatterns.insert(after.accessPatterns.begin() + position, pattern);
    pushEdit(tr("Add Access Pattern %1").arg(pattern.name), after);
    return true;
}

bool Document::removeAccessPattern(int index)
{
    if (index < 0 || index >= int(m_project.accessPatterns.size()))
        return false;
    Design after = design();
    const QString name = after.accessPatterns[size_t(index)].name;
    after.accessPatterns.erase(after.accessPatterns.begin() + index);
    pushEdit(tr("Remove Access Pattern %1").arg(name), after);
    return true;
}

bool Document::applyFix(const model::DesignFix &fix, QString *why)
{
    auto fixed = model::applyFix(m_project, fix);
    if (auto *refused = std::get_if<QString>(&fixed)) {
        if (why)
            *why = *refused;
        return false;
    }
    const model::Project &project = std::get<model::Project>(fixed);
    pushEdit(tr("Apply Fix: %1").arg(fix.summary),
             Design {project.name, project.description, project.table, project.tableJson,
                     project.entities, project.seed, project.accessPatterns});
    return true;
}

bool Document::setAccessPattern(int index, const model::AccessPattern &pattern)
{
    if (index < 0 || index >= int(m_project.accessPatterns.size()) || pattern.name.isEmpty()
        || patternNameTaken(pattern.name, index))
        return false;
    Design after = design();
    after.accessPatterns[size_t(index)] = pattern;
    pushEdit(tr("Edit Access Pattern %1").arg(pattern.name), after);
    return true;
}

QString Document::duplicateAccessPattern(int index)
{
    if (index < 0 || index >= int(m_project.accessPatterns.size()))
        return {};
    model::AccessPattern copy = m_project.accessPatterns[size_t(index)];
    const QString base = copy.name;
    copy.name = tr("%1 (copy)").arg(base);
    for (int n = 2; patternNameTaken(copy.name); ++n)
        copy.name = tr("%1 (copy %2)").arg(base, QString::number(n));
    Design after = design();
    after.accessPatterns.insert(after.accessPatterns.begin() + index + 1, copy);
    pushEdit(tr("Duplicate Access Pattern %1").arg(base), after);
    return copy.name;
}

bool Document::moveAccessPattern(int from, int to)
{
    const int count = int(m_project.accessPatterns.size());
    if (from < 0 || from >= count || to < 0 || to >= count || from == to)
        return false;
    Design after = design();
    model::AccessPattern moved = after.accessPatterns[size_t(from)];
    after.accessPatterns.erase(after.accessPatterns.begin() + from);
    after.accessPatterns.insert(after.accessPatterns.begin() + to, std::move(moved));
    pushEdit(tr("Move Access Pattern %1").arg(m_project.accessPatterns[size_t(from)].name), after);
    return true;
}

// --- Background recompute ---

void Document::startRecompute()
{
    if (m_watcher) {
        // Stale work: stop listening, ask it to stop, and let it finish on its own.
        m_watcher->disconnect(this);
        m_watcher->future().cancel();
        m_watcher->deleteLater();
        m_watcher = nullptr;
    }
    m_runningRevision = m_revision;
    auto snapshot = std::make_shared<const Project>(m_project);
    auto *watcher = new QFutureWatcher<RecomputeStage>(this);
    m_watcher = watcher;
    connect(watcher, &QFutureWatcherBase::resultReadyAt, this, &Document::applyStage);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, &Document::progressChanged);
    connect(watcher, &QFutureWatcherBase::progressTextChanged, this, [this](const QString &text) {
        m_populatingItems = text.toLongLong();
        emit populatingItemsChanged(m_populatingItems);
    });
    connect(watcher, &QFutureWatcherBase::finished, this, &Document::finishRecompute);
    m_populatingItems = 0;
    setBusy(true);
    emit progressChanged(0);
    watcher->setFuture(QtConcurrent::run(recompute, snapshot, m_revision));
}

void Document::cancelRecompute()
{
    // Once the population has arrived, the verdicts follow shortly: only populating stops.
    if (!m_watcher || !m_busy || m_resultsRevision == m_runningRevision)
        return;
    m_recomputeTimer->stop();
    m_watcher->disconnect(this);
    m_watcher->future().cancel();
    m_watcher->deleteLater();
    m_watcher = nullptr;
    // Like a population that failed: the last good collection stays, and no verdicts or
    // findings are claimed for a design that was not populated. The next edit starts over.
    m_resultsRevision = m_runningRevision;
    m_populationError = tr("Population cancelled; the collection shows the design before the "
                           "last change");
    m_patterns.clear();
    m_findings.clear();
    m_cost.reset();
    m_costError = m_populationError;
    m_costRevision = m_runningRevision;
    emit populationFailed(m_populationError);
    emit patternsReady();
    emit checksReady();
    emit costReady();
    emit progressChanged(1000);
    setBusy(false);
}

void Document::applyStage(int resultIndex)
{
    if (!m_watcher)
        return;
    const RecomputeStage stage = m_watcher->resultAt(resultIndex);
    if (stage.revision != m_runningRevision)
        return;
    switch (stage.kind) {
    case RecomputeStage::Kind::Population:
        m_resultsRevision = stage.revision;
        if (!stage.error.isEmpty()) {
            // Keep showing the last good table; the panels say why it is not current.
            m_populationError = stage.error;
            m_patterns.clear();
            m_findings.clear();
            m_cost.reset();
            m_costError = stage.error;
            m_costRevision = stage.revision;
            emit populationFailed(stage.error);
            emit patternsReady();
            emit checksReady();
            emit costReady();
            return;
        }
        m_populationError.clear();
        m_population = stage.population;
        m_table = stage.table;
        emit populationReady();
        break;
    case RecomputeStage::Kind::Patterns:
        m_patterns = *stage.patterns;
        emit patternsReady();
        break;
    case RecomputeStage::Kind::Checks:
        m_findings = *stage.findings;
        emit checksReady();
        break;
    case RecomputeStage::Kind::Cost:
        m_cost = stage.cost;
        m_costError = stage.error;
        m_costRevision = stage.revision;
        emit costReady();
        break;
    }
}

void Document::finishRecompute()
{
    if (sender() != m_watcher)
        return;
    emit progressChanged(1000);
    setBusy(false);
}

void Document::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    if (!busy)
        m_populatingItems = 0;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace keyscope::ui
