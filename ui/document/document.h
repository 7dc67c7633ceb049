#pragma once

#include "model/cost/costreport.h"
#include "model/design/accesspatternrunner.h"
#include "model/design/designchecker.h"
#include "model/design/designfix.h"
#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/design/recovery/recoveryrun.h"
#include "model/io/ioerror.h"
#include "model/table/table.h"

#include <QFuture>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QTimer;
class QUndoStack;

template<typename T>
class QFutureWatcher;

namespace keyscope::ui {

namespace detail {
struct RecomputeStage;
class EditCommand;
class ItemsCommand;
class ProjectCommand;
} // namespace detail

// The open design: the Project, what it populates (Population and Table), the verdicts on its
// access patterns and its design checks, and the undo history.
//
// Every change to the project goes through the edit functions below; each pushes one
// QUndoCommand (before/after snapshots of the design, so create/delete restore exactly), and
// consecutive edits of the same field (typing) merge into one undo step until finishEditing().
// Whole-document operations (new, open, import) clear the history.
//
// After every change the population, table, access patterns and checks are recomputed off the
// GUI thread; a newer change cancels older work. Results arrive on the GUI thread in order:
// populationReady (or populationFailed), patternsReady, checksReady, costReady. Between a change
// and populationReady, population()/table() still describe the previous revision.
class Document : public QObject
{
    Q_OBJECT

public:
    // A recompute reports its progress in per mille; populating takes this much of it.
    static constexpr int kPopulateShare = 650;

    explicit Document(QObject *parent = nullptr);
    ~Document() override;

    // The project without its hand-written items: small, snapshotted by every undo step.
    struct Design;

    // --- Whole documents (not undoable) ---

    // An empty project without a name, on a table with a string partition key PK and a string
    // sort key SK.
    void newProject();
    // Reads a *.keyscope.json file; on failure the current project stays and every problem
    // comes back (with its JSON path).
    std::vector<model::IoError> open(const QString &path);
    // Replaces the project. An empty filePath makes it untitled (examples, recovered work).
    void setProject(model::Project project, const QString &filePath = {});
    // What an importer knew of the items' types (NoSQL Workbench facets and the items each
    // lists), for Design > Infer Entity Types; cleared whenever the project is replaced.
    void setImportedHints(model::recovery::ImportedHints hints)
    {
        m_importedHints = std::move(hints);
    }
    const model::recovery::ImportedHints &importedHints() const { return m_importedHints; }
    // A create-table definition and an items file as a project without entity types: the items
    // become its hand-written items. Empty on success, else the file, position and problem.
    QString importTableAndItems(const QString &tablePath, const QString &itemsPath);
    // Writes the project to filePath() (which must be set) or to a new path.
    std::optional<model::IoError> save();
    std::optional<model::IoError> saveAs(const QString &path);

    const model::Project &project() const { return m_project; }
    QString filePath() const { return m_filePath; }
    // The file name, else the project name, else "Untitled".
    QString displayName() const;
    // The project has no name of its own yet (empty, or the old placeholder "Untitled").
    bool isUnnamed() const;
    bool isModified() const;
    // Marks unsaved changes that are not on the undo stack (a recovered project).
    void setModified(bool modified);
    QUndoStack *undoStack() const { return m_undoStack; }
    // Increases with every change to the project (edit, undo, redo, reset).
    quint64 revision() const { return m_revision; }

    // --- Edits (undoable). Functions returning bool refuse (false, nothing pushed) when the
    // entity/pattern does not exist or the new name is taken; an edit that changes nothing
    // pushes nothing. ---

    void setName(const QString &name);
    void setDescription(const QString &description);
    void setSeed(quint64 seed);
    void setTableDefinition(const model::TableDefinition &definition);

    bool addEntity(const model::EntityType &entity, int position = -1);
    bool removeEntity(const QString &name);
    // Also renames the references: children's parent, "{Old.Attr}" placeholders in key
    // templates and pattern values, access patterns' parent and expected entity types.
    bool renameEntity(const QString &from, const QString &to);
    // Replaces an entity type wholesale (attributes and generators); it may be renamed, but
    // references are not followed (use renameEntity).
    bool setEntity(const QString &name, const model::EntityType &entity);
    bool setEntityColor(const QString &entity, const QString &color);
    bool setEntityCount(const QString &entity, int countMin, int countMax);
    bool setEntityParent(const QString &entity, const QString &parent);
    // What the cost report reads about an entity type: the writes it receives (none: not
    // declared) and how many there are per parent at maturity (none: the populated count).
    // Typing into one field merges into one step until finishEditing().
    bool setEntityWrites(const QString &entity, const std::optional<model::EntityWrites> &writes);
    bool setEntityCountPerParent(const QString &entity, std::optional<qint64> count);
    // An empty template removes the key attribute from the entity type.
    bool setKeyTemplate(const QString &entity, const QString &keyAttribute,
                        const QString &templateText);

    // Appends hand-written items (an imported items file): one undo step named `text`. A
    // later item with the same primary key replaces an earlier one when the collection is
    // populated. Nothing is pushed for an empty list.
    void addItems(const model::ItemList &items, const QString &text);
    // Replaces the design and the hand-written items together as one undo step named `text`
    // (Design > Infer Entity Types adds the entity types that describe the items); undo restores
    // both exactly. The file settings (view, unknown members) stay. Nothing is pushed when nothing
    // changes.
    void replaceDesignAndItems(const model::Project &project, const QString &text);

    // Makes every change of a fix (Apply Fix on a failing pattern or a finding) as one undo
    // step "Apply Fix: <summary>"; everything re-runs. Refuses (false, nothing pushed, *why
    // set) when the design changed under the fix or the fixed design is not valid.
    bool applyFix(const model::DesignFix &fix, QString *why = nullptr);

    // Access patterns: each call is one undo step (an edit made in a form is one change, so
    // nothing merges). Names must be non-empty and unique.
    bool addAccessPattern(const model::AccessPattern &pattern, int position = -1);
    bool removeAccessPattern(int index);
    bool setAccessPattern(int index, const model::AccessPattern &pattern);
    // A copy named "<name> (copy)" ("(copy 2)", ...) right after the original; its name, or
    // empty when there is no such pattern.
    QString duplicateAccessPattern(int index);
    // Moves the pattern at `from` so it ends up at `to`.
    bool moveAccessPattern(int from, int to);

    // Ends the current typing burst: the next edit starts a new undo step even if it edits the
    // same field (call on editingFinished / focus out).
    void finishEditing();

    // --- Derived state, recomputed in the background ---

    std::shared_ptr<const model::Population> population() const { return m_population; }
    std::shared_ptr<const model::Table> table() const { return m_table; }
    // Why the last population failed (JSON path: message), empty when it succeeded.
    QString populationError() const { return m_populationError; }
    const std::vector<model::PatternResult> &patternResults() const { return m_patterns; }
    const std::vector<model::Finding> &findings() const { return m_findings; }
    // What the design costs (the Capacity panel); null until it is computed, or when it cannot
    // be (costError() says why: the design does not populate, or the prices are unknown).
    std::shared_ptr<const model::CostReport> costReport() const { return m_cost; }
    QString costError() const { return m_costError; }
    // The revision costReport() (or costError()) describes: older than revision() while the
    // report is being computed again.
    quint64 costRevision() const { return m_costRevision; }
    // The revision the derived state above describes.
    quint64 resultsRevision() const { return m_resultsRevision; }
    bool isBusy() const { return m_busy; }
    // How many items the running population makes (0 before it knows, or when idle).
    qint64 populatingItems() const { return m_populatingItems; }
    // Stops a running population; the last good population stays and populationFailed says it
    // was cancelled. Nothing happens when idle or once the population has arrived.
    void cancelRecompute();

signals:
    // A different project: new, open, import, recovery.
    void projectReset();
    // Any change to the project (including resets, undo and redo).
    void projectChanged();
    void filePathChanged(const QString &path);
    void modifiedChanged(bool modified);
    void populationReady();
    void populationFailed(const QString &message);
    void patternsReady();
    void checksReady();
    void costReady();
    void busyChanged(bool busy);
    // Background work, in per mille of the whole recompute.
    void progressChanged(int perMille);
    void populatingItemsChanged(qint64 items);

private:
    friend class detail::EditCommand;
    friend class detail::ItemsCommand;
    friend class detail::ProjectCommand;

    Design design() const;
    void applyDesign(const Design &design);
    void appendItems(const model::ItemList &items);
    void truncateItems(std::size_t count);
    void applyDesignAndItems(const Design &design, const model::ItemList &items);
    void pushEdit(const QString &text, const Design &after, const QString &mergeKeyBefore = {},
                  const QString &mergeKeyAfter = {});
    int entityIndex(const QString &name) const;
    bool patternNameTaken(const QString &name, int except = -1) const;

    void resetProject(model::Project project, const QString &filePath);
    void setFilePath(const QString &path);
    void changed();
    void startRecompute();
    void applyStage(int resultIndex);
    void finishRecompute();
    void setBusy(bool busy);
    void updateModified();

    model::Project m_project;
    model::recovery::ImportedHints m_importedHints;
    QString m_filePath;
    QUndoStack *m_undoStack;
    bool m_forcedModified = false;
    bool m_lastModified = false;
    quint64 m_revision = 0;

    QTimer *m_recomputeTimer;
    QFutureWatcher<detail::RecomputeStage> *m_watcher = nullptr;
    quint64 m_runningRevision = 0;
    bool m_busy = false;
    qint64 m_populatingItems = 0;

    std::shared_ptr<const model::Population> m_population;
    std::shared_ptr<const model::Table> m_table;
    QString m_populationError;
    std::vector<model::PatternResult> m_patterns;
    std::vector<model::Finding> m_findings;
    std::shared_ptr<const model::CostReport> m_cost;
    QString m_costError;
    quint64 m_costRevision = 0;
    quint64 m_resultsRevision = 0;
};

} // namespace keyscope::ui
