#pragma once

#include "ui/editors/designpanel.h"

class QLabel;
class QTabWidget;
class QTableView;
class QToolButton;

namespace keyscope::ui {

class AttributeListModel;
class Document;
class EntityLoadForm;
class EntityListModel;
class GeneratorForm;
class KeyTemplatesPanel;

// The "Entities & templates" panel: the entity types (name, colour, count, parent), and for the
// selected one its key templates with live previews, its attributes with their generators, and
// the writes and growth the cost report reads.
// Every change is a Document edit, so it is undoable and re-populates the collection.
//
// Keyboard: Tab walks every control; in the entity list Insert adds, Delete removes and F2
// renames the selected entity type.
class EntitiesEditor : public DesignPanel
{
    Q_OBJECT

public:
    explicit EntitiesEditor(Document *document, QWidget *parent = nullptr);
    ~EntitiesEditor() override;

    QString currentEntity() const { return m_current; }
    // Selects an entity type (false when there is none of that name).
    bool setCurrentEntity(const QString &entity);
    // Shows the key template of `keyAttribute` for `entity` and selects `length` characters at
    // the 1-based `column` (a design check pointing at a template part), marking them with an
    // amber wave that stays when focus leaves; the cursor lands at the column. 0 selects and
    // marks nothing.
    bool showKeyTemplate(const QString &entity, const QString &keyAttribute, int column = 0,
                         int length = 0);
    // Marks the span as showKeyTemplate does, but only when `entity` is the one shown, and
    // leaves focus, selection and cursor alone (a recheck while the user edits the template).
    bool markKeyTemplate(const QString &entity, const QString &keyAttribute, int column,
                         int length);
    // Removes every finding mark from the template editors.
    void clearFindingMarks();

    EntityListModel *entityModel() const { return m_entities; }
    AttributeListModel *attributeModel() const { return m_attributes; }
    QTableView *entityView() const { return m_entityView; }
    QTableView *attributeView() const { return m_attributeView; }
    KeyTemplatesPanel *keyTemplates() const { return m_keyTemplates; }
    GeneratorForm *generatorForm() const { return m_generator; }
    EntityLoadForm *loadForm() const { return m_load; }

public slots:
    // A new entity type with an Id attribute and a template for every table key, then renaming.
    void addEntity();
    void removeCurrentEntity();
    void renameCurrentEntity();
    void chooseColor();

signals:
    void currentEntityChanged(const QString &entity);
    // Plain words for a status bar ("'Device' is already an entity type").
    void message(const QString &text);

private:
    // The constructor's parts.
    QToolButton *createEntityList(QWidget *top);
    void createKeyTemplatesTab();
    void createAttributesTab();
    void createLoadTab();
    void selectionChanged();
    void modelReset();
    void showMessage(const QString &text);
    void attributeSelectionChanged();
    void updateButtons();

    Document *m_document;
    QString m_current;
    EntityListModel *m_entities;
    AttributeListModel *m_attributes;
    QTableView *m_entityView;
    QTableView *m_attributeView;
    KeyTemplatesPanel *m_keyTemplates;
    GeneratorForm *m_generator;
    EntityLoadForm *m_load = nullptr;
    QTabWidget *m_tabs;
    QToolButton *m_remove;
    QToolButton *m_rename;
    QToolButton *m_color;
    QToolButton *m_removeAttribute;
    QLabel *m_message;
};

} // namespace keyscope::ui
