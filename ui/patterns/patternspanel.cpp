#include "ui/patterns/patternspanel.h"

#include "ui/document/document.h"
#include "ui/icons/actionicon.h"
#include "ui/patterns/fixdialog.h"
#include "ui/patterns/keptoperationslist.h"
#include "ui/patterns/patterneditor.h"
#include "ui/patterns/patternlistmodel.h"
#include "ui/widgets/detailview.h"
#include "ui/widgets/wrappinglist.h"

#include <QAction>
#include <QEvent>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyscope::ui {

PatternsPanel::PatternsPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new PatternListModel(this))
    , m_summary(new QLabel(this))
    , m_toolBar(new QToolBar(this))
    , m_list(new QListView(this))
    , m_detail(detailView(this, tr("Access pattern explanation")))
    , m_kept(new KeptOperationsList(this))
{
    makeSummaryLabel(m_summary);
    m_list->setModel(m_model);
    m_list->setAccessibleName(tr("Access patterns"));
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    makeWrappingList(m_list);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &PatternsPanel::showCurrent);
    connect(m_list, &QListView::clicked, this, &PatternsPanel::showCurrent);
    connect(m_kept, &KeptOperationsList::operationChosen, this, [this](const QString &text) {
        m_list->clearSelection();
        m_detail->setPlainText(text);
    });
    // Double-click or Return (or a single click where the platform activates on one).
    connect(m_list, &QListView::activated, this, [this] {
        if (m_document)
            editCurrent();
    });
    m_toolBar->setAccessibleName(tr("Access pattern actions"));
    m_toolBar->setIconSize(QSize(16, 16));
    createActions();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(4);
    layout->addWidget(m_summary);
    layout->addWidget(m_toolBar);
    auto *lists = new QWidget(this);
    auto *listsLayout = new QVBoxLayout(lists);
    listsLayout->setContentsMargins(0, 0, 0, 0);
    listsLayout->addWidget(m_list, 1);
    listsLayout->addWidget(m_kept);
    layout->addWidget(listAndDetail(this, lists, m_detail), 1);
    updateActions();
}

void PatternsPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    // Keyscope's own icons are drawn in the palette's ink: a theme change redraws them.
    for (QAction *a : m_toolBar->actions()) {
        const QString name = a->property("keyscopeIconName").toString();
        if (!name.isEmpty())
            a->setIcon(actionIcon(name, palette()));
    }
}

void PatternsPanel::createActions()
{
    // Panel actions: their keys work while the list has focus, never window-wide. Delete comes
    // before the moves: in a narrow dock the toolbar's overflow menu takes the last ones.
    bool allIcons = true;
    const auto action = [&](const QString &text, const QString &iconText, const char *icon,
                            const QList<QKeySequence> &keys, const QString &tip,
                            void (PatternsPanel::*slot)()) {
        auto *a = new QAction(text, this);
        a->setIconText(iconText);
        // The desktop's icon, else Keyscope's own line icon in the palette's ink.
        const QIcon themed = actionIcon(QLatin1String(icon), palette());
        a->setProperty("keyscopeIconName", QLatin1String(icon));
        allIcons = allIcons && !themed.isNull();
        a->setIcon(themed);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        a->setToolTip(keys.isEmpty() ? tip
                                     : tip + QStringLiteral(" (")
                              + keys.front().toString(QKeySequence::NativeText) + QLatin1Char(')'));
        connect(a, &QAction::triggered, this, slot);
        m_list->addAction(a);
        m_toolBar->addAction(a);
        return a;
    };
    m_new = action(tr("&New Pattern..."), tr("New"), "list-add", {QKeySequence(Qt::Key_Insert)},
                   tr("Add an access pattern"), &PatternsPanel::newPattern);
    m_edit = action(tr("&Edit Pattern..."), tr("Edit"), "document-edit", {QKeySequence(Qt::Key_F2)},
                    tr("Edit the selected access pattern"), &PatternsPanel::editCurrent);
    m_duplicate = action(tr("D&uplicate Pattern"), tr("Duplicate"), "edit-copy",
                         {QKeySequence(Qt::CTRL | Qt::Key_D)},
                         tr("Copy the selected access pattern"), &PatternsPanel::duplicateCurrent);
    m_delete = action(tr("&Delete Pattern"), tr("Delete"), "edit-delete",
                      {QKeySequence(QKeySequence::Delete)},
                      tr("Delete the selected access pattern"), &PatternsPanel::deleteCurrent);
    m_moveUp = action(tr("Move &Up"), QStringLiteral("\u2191"), "go-up",
                      {QKeySequence(Qt::ALT | Qt::Key_Up)},
                      tr("Move the selected access pattern up"), &PatternsPanel::moveCurrentUp);
    m_moveDown
        = action(tr("Move Do&wn"), QStringLiteral("\u2193"), "go-down",
                 {QKeySequence(Qt::ALT | Qt::Key_Down)},
                 tr("Move the selected access pattern down"), &PatternsPanel::moveCurrentDown);
    m_new->setObjectName(QStringLiteral("actionNewPattern"));
    m_edit->setObjectName(QStringLiteral("actionEditPattern"));
    m_duplicate->setObjectName(QStringLiteral("actionDuplicatePattern"));
    m_moveUp->setObjectName(QStringLiteral("actionMovePatternUp"));
    m_moveDown->setObjectName(QStringLiteral("actionMovePatternDown"));
    m_delete->setObjectName(QStringLiteral("actionDeletePattern"));
    // Without an icon theme the buttons say what they do.
    m_toolBar->setToolButtonStyle(allIcons ? Qt::ToolButtonIconOnly : Qt::ToolButtonTextOnly);
    // Short button texts (arrows for the moves) fit a narrow dock; screen readers hear the
    // action's name.
    for (QAction *a : m_toolBar->actions()) {
        if (QWidget *button = m_toolBar->widgetForAction(a))
            button->setAccessibleName(
                a->text().remove(QLatin1Char('&')).remove(QStringLiteral("...")));
    }
    // Apply Fix has no icon: its button says it, first in the bar, where it is seen.
    m_applyFix = new QAction(tr("Apply &Fix..."), this);
    m_applyFix->setObjectName(QStringLiteral("actionApplyPatternFix"));
    m_applyFix->setIconText(tr("Apply Fix"));
    m_applyFix->setToolTip(tr("Show the change that makes the selected pattern pass, before and "
                              "after side by side, and make it"));
    connect(m_applyFix, &QAction::triggered, this, &PatternsPanel::applyFixToCurrent);
    m_list->addAction(m_applyFix);
    m_toolBar->insertAction(m_new, m_applyFix);
    m_toolBar->insertSeparator(m_new);
    if (auto *button = qobject_cast<QToolButton *>(m_toolBar->widgetForAction(m_applyFix))) {
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAccessibleName(tr("Apply Fix"));
    }
    m_list->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void PatternsPanel::setDocument(Document *document)
{
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    if (m_document) {
        // Another project (New, Open): the old verdicts go before its patterns are listed, so
        // no old pattern's Query is shown for the new design.
        connect(m_document, &Document::projectReset, this, [this] {
            m_pendingSelection.clear();
            m_model->setResults({}, {});
            m_kept->setOperations({});
        });
        connect(m_document, &Document::projectChanged, this, &PatternsPanel::followProject);
    }
    updateActions();
}

void PatternsPanel::followProject()
{
    const QString selected = m_pendingSelection.isEmpty() ? m_list->currentIndex().data().toString()
                                                          : m_pendingSelection;
    m_model->setPatterns(m_document->project().accessPatterns);
    selectByName(selected);
    updateActions();
}

void PatternsPanel::selectByName(const QString &name)
{
    const int total = m_model->rowCount();
    int row = -1;
    for (int i = 0; i < total && row < 0; ++i) {
        if (m_model->index(i).data().toString() == name)
            row = i;
    }
    if (row >= 0)
        m_pendingSelection.clear();
    else if (!m_list->currentIndex().isValid() && total > 0)
        row = 0;
    if (row >= 0 && m_list->currentIndex().row() != row)
        m_list->setCurrentIndex(m_model->index(row));
}

void PatternsPanel::setResults(std::vector<model::PatternResult> results,
                               std::vector<model::AccessPattern> patterns,
                               const QString &populationError)
{
    const QString selected = m_pendingSelection.isEmpty() ? m_list->currentIndex().data().toString()
                                                          : m_pendingSelection;
    m_model->setResults(std::move(results), std::move(patterns));
    if (m_document)
        m_kept->setOperations(
            model::keptOperations(m_document->project(), m_document->table().get()));
    const int total = m_model->rowCount();
    const int passed = m_model->passedCount();
    if (!populationError.isEmpty())
        m_summary->setText(tr("Not run: the project does not populate."));
    else if (total == 0)
        m_summary->setText(tr("No access patterns in this project."));
    else if (passed == total)
        m_summary->setText(total == 1 ? tr("The pattern passes.")
                                      : tr("All %1 patterns pass.").arg(total));
    else
        m_summary->setText(tr("%1 of %2 fail.").arg(total - passed).arg(total));
    int row = 0;
    for (int i = 0; i < total; ++i) {
        if (m_model->index(i).data().toString() == selected) {
            row = i;
            m_pendingSelection.clear();
        }
    }
    if (total > 0)
        m_list->setCurrentIndex(m_model->index(row));
    else
        showCurrent();
    updateActions();
}

const model::PatternResult *PatternsPanel::currentResult() const
{
    return m_model->result(currentRow());
}

int PatternsPanel::currentRow() const
{
    return m_list->currentIndex().row();
}

void PatternsPanel::showCurrent()
{
    const model::PatternResult *result = currentResult();
    {
        const QSignalBlocker blocker(m_kept->listWidget());
        m_kept->listWidget()->setCurrentRow(-1);
    }
    QString text = result ? result->explanation : QString();
    if (result && !result->diagnosis.isEmpty())
        text += QStringLiteral("\n\n") + tr("Why: ") + result->diagnosis
            + (result->findingId.isEmpty()
                   ? QString()
                   : QStringLiteral(" [") + result->findingId + QLatin1Char(']'));
    if (result && result->fix)
        text += QStringLiteral("\n") + tr("Fix: ") + result->fix->summary + QLatin1Char('\n')
            + result->fix->changesText();
    m_detail->setPlainText(text);
    updateActions();
    emit currentPatternChanged();
}

int PatternsPanel::currentPatternIndex() const
{
    const model::PatternResult *result = currentResult();
    if (!m_document || !result)
        return -1;
    const auto &patterns = m_document->project().accessPatterns;
    for (size_t i = 0; i < patterns.size(); ++i) {
        if (patterns[i].name == result->name)
            return int(i);
    }
    // Not in the project any more (the list shows the verdicts of the previous revision until
    // the new ones arrive): act on nothing rather than on a neighbour.
    return -1;
}

void PatternsPanel::updateActions()
{
    const int index = currentPatternIndex();
    const int count = m_document ? int(m_document->project().accessPatterns.size()) : 0;
    m_new->setEnabled(m_document != nullptr);
    for (QAction *a : {m_edit, m_duplicate, m_delete})
        a->setEnabled(index >= 0);
    m_moveUp->setEnabled(index > 0);
    m_moveDown->setEnabled(index >= 0 && index < count - 1);
    const model::PatternResult *result = currentResult();
    m_applyFix->setEnabled(index >= 0 && result && !result->passed && result->fix
                           && !result->fix->isEmpty());
}

void PatternsPanel::applyFixToCurrent()
{
    const model::PatternResult *result = currentResult();
    if (!m_document || !result || !result->fix)
        return;
    FixDialog::openFor(m_document, *result->fix, result->diagnosis, this);
}

// --- Editing ---

PatternEditor *PatternsPanel::editor() const
{
    return m_editor.data();
}

PatternEditor *PatternsPanel::openEditor()
{
    if (!m_document)
        return nullptr;
    if (m_editor)
        m_editor->close();
    auto *editor = new PatternEditor(m_document->project(), m_document->population(),
                                     m_document->table(), this);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    m_editor = editor;
    return editor;
}

void PatternsPanel::newPattern()
{
    // The form's query starts as the builder does: the largest partition.
    if (PatternEditor *editor = openEditor())
        startNew(editor);
}

void PatternsPanel::newPatternFromQuery(const model::QueryRequest &request)
{
    if (PatternEditor *editor = openEditor()) {
        editor->setRequest(request);
        startNew(editor);
    }
}

void PatternsPanel::startNew(PatternEditor *editor)
{
    QStringList taken;
    for (const model::AccessPattern &pattern : m_document->project().accessPatterns)
        taken << pattern.name;
    editor->setTakenNames(taken);
    connect(editor, &QDialog::accepted, this, [this, editor] {
        const model::AccessPattern pattern = editor->pattern();
        m_pendingSelection = pattern.name;
        if (!m_document->addAccessPattern(pattern))
            m_pendingSelection.clear();
    });
    editor->open();
    editor->nameEdit()->setFocus();
}

void PatternsPanel::editCurrent()
{
    const int index = currentPatternIndex();
    if (index < 0)
        return;
    PatternEditor *editor = openEditor();
    if (!editor)
        return;
    const model::AccessPattern &original = m_document->project().accessPatterns[size_t(index)];
    QStringList taken;
    for (const model::AccessPattern &pattern : m_document->project().accessPatterns) {
        if (pattern.name != original.name)
            taken << pattern.name;
    }
    editor->setPattern(original);
    editor->setTakenNames(taken);
    const QString name = original.name;
    connect(editor, &QDialog::accepted, this, [this, editor, name] {
        // Found again by name: the list may have changed while the form was open.
        const auto &patterns = m_document->project().accessPatterns;
        for (size_t i = 0; i < patterns.size(); ++i) {
            if (patterns[i].name != name)
                continue;
            const model::AccessPattern pattern = editor->pattern();
            m_pendingSelection = pattern.name;
            if (!m_document->setAccessPattern(int(i), pattern))
                m_pendingSelection.clear();
            return;
        }
    });
    editor->open();
    editor->nameEdit()->setFocus();
}

void PatternsPanel::duplicateCurrent()
{
    const QString name
        = m_document ? m_document->duplicateAccessPattern(currentPatternIndex()) : QString();
    if (!name.isEmpty())
        selectByName(name);
}

void PatternsPanel::moveCurrentUp()
{
    moveCurrent(-1);
}

void PatternsPanel::moveCurrentDown()
{
    moveCurrent(1);
}

void PatternsPanel::moveCurrent(int delta)
{
    const int index = currentPatternIndex();
    if (index < 0)
        return;
    m_pendingSelection = m_document->project().accessPatterns[size_t(index)].name;
    if (!m_document->moveAccessPattern(index, index + delta))
        m_pendingSelection.clear();
}

void PatternsPanel::deleteCurrent()
{
    const int index = currentPatternIndex();
    if (index < 0)
        return;
    // The selection moves to the next pattern, or to the previous one after the last.
    const auto &patterns = m_document->project().accessPatterns;
    const int next = index + 1 < int(patterns.size()) ? index + 1 : index - 1;
    m_pendingSelection = next >= 0 ? patterns[size_t(next)].name : QString();
    if (!m_document->removeAccessPattern(index))
        m_pendingSelection.clear();
}

} // namespace keyscope::ui
