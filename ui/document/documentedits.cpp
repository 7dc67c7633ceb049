// Document's undo: the undoable commands (design snapshots, merged while typing), pushed.

#include "ui/document/documentdesign.h"

#include "model/design/projectfile.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace keyscope::ui {

using model::Project;

namespace detail {

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

} // namespace keyscope::ui
