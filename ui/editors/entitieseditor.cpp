#include "ui/editors/entitieseditor.h"

#include "ui/document/document.h"
#include "ui/editors/attributelistmodel.h"
#include "ui/editors/choicedelegate.h"
#include "ui/editors/columnfitter.h"
#include "ui/editors/entitylistmodel.h"
#include "ui/editors/entityloadform.h"
#include "ui/editors/generatorform.h"
#include "ui/editors/keytemplateedit.h"
#include "ui/editors/keytemplatespanel.h"

#include <QAction>
#include <QColorDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

// "Order" -> "ORDER", "LineItem" -> "LINEITEM": the usual literal prefix of a key.
QString prefixOf(const QString &entity)
{
    return entity.toUpper();
}

QTableView *tableView(QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setTabKeyNavigation(false); // Tab leaves the table; arrows move inside it
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setHighlightSections(false);
    view->setWordWrap(false);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                          | QAbstractItemView::SelectedClicked);
    return view;
}

} // namespace

EntitiesEditor::EntitiesEditor(Document *document, QWidget *parent)
    : DesignPanel(parent)
    , m_document(document)
    , m_entities(new EntityListModel(document, this))
    , m_attributes(new AttributeListModel(document, this))
{
    setAccessibleName(tr("Entities and templates"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    layout->addWidget(splitter, 1);

    // --- Entity types ---
    auto *top = new QWidget(splitter);
    QToolButton *add = createEntityList(top);

    // --- The selected entity type ---
    m_tabs = new QTabWidget(splitter);
    m_tabs->setDocumentMode(true);
    m_tabs->setAccessibleName(tr("Selected entity type"));

    createKeyTemplatesTab();
    createAttributesTab();
    createLoadTab();

    splitter->addWidget(top);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);

    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setForegroundRole(QPalette::PlaceholderText);
    m_message->hide();
    layout->addWidget(m_message);

    connect(m_entityView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &EntitiesEditor::selectionChanged);
    connect(m_entities, &QAbstractItemModel::modelReset, this, &EntitiesEditor::modelReset);
    connect(m_entities, &QAbstractItemModel::dataChanged, this, [this] {
        // A rename keeps the row: follow the name.
        const QModelIndex current = m_entityView->currentIndex();
        if (current.isValid() && m_entities->entityName(current.row()) != m_current)
            selectionChanged();
        updateButtons();
    });
    connect(m_entities, &EntityListModel::editRejected, this, &EntitiesEditor::showMessage);
    connect(m_attributes, &AttributeListModel::editRejected, this, &EntitiesEditor::showMessage);
    connect(m_keyTemplates, &KeyTemplatesPanel::message, this, &EntitiesEditor::showMessage);

    setTabOrder(m_entityView, add);
    setTabOrder(add, m_remove);
    setTabOrder(m_remove, m_rename);
    setTabOrder(m_rename, m_color);
    setTabOrder(m_color, m_tabs);

    modelReset();
}

// The entity types' list, its buttons and shortcuts, in `top`; the Add button.
QToolButton *EntitiesEditor::createEntityList(QWidget *top)
{
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(2);
    m_entityView = tableView(top);
    m_entityView->setObjectName(QStringLiteral("entityTypes"));
    m_entityView->setAccessibleName(tr("Entity types"));
    m_entityView->setModel(m_entities);
    m_entityView->horizontalHeader()->setSectionResizeMode(EntityListModel::NameColumn,
                                                           QHeaderView::Stretch);
    for (int c : {int(EntityListModel::ColorColumn), int(EntityListModel::CountColumn),
                  int(EntityListModel::ParentColumn)})
        m_entityView->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_entityView->setItemDelegateForColumn(
        EntityListModel::ParentColumn,
        new ChoiceDelegate(
            [this](const QModelIndex &index) {
                QList<QPair<QString, QString>> choices {{tr("(none: a root type)"), QString()}};
                const QString self = m_entities->entityName(index.row());
                for (const auto &entity : m_document->project().entities) {
                    if (entity.name != self)
                        choices.append({entity.name, entity.name});
                }
                return choices;
            },
            this));
    m_entityView->setMinimumHeight(90);
    topLayout->addWidget(m_entityView, 1);

    auto *add = button(tr("&Add"), tr("Add entity type"), tr("Add an entity type (Insert)"), top);
    m_remove = button(tr("Remove"), tr("Remove entity type"),
                      tr("Remove the selected entity type (Delete)"), top);
    m_rename
        = button(tr("Rename"), tr("Rename entity type"),
                 tr("Rename the selected entity type; templates that read it follow (F2)"), top);
    m_color = button(tr("Colour…"), tr("Choose entity colour"),
                     tr("Choose the colour of the selected entity type"), top);
    addButtonRow(topLayout, {add, m_remove, m_rename, m_color}, 2);
    connect(add, &QToolButton::clicked, this, &EntitiesEditor::addEntity);
    connect(m_remove, &QToolButton::clicked, this, &EntitiesEditor::removeCurrentEntity);
    connect(m_rename, &QToolButton::clicked, this, &EntitiesEditor::renameCurrentEntity);
    connect(m_color, &QToolButton::clicked, this, &EntitiesEditor::chooseColor);

    // Shortcuts that act on the list while it has focus.
    const auto shortcut = [this](const QKeySequence &keys, const QString &text, auto slot) {
        auto *action = new QAction(text, m_entityView);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        m_entityView->addAction(action);
    };
    shortcut(QKeySequence::Delete, tr("Remove Entity Type"), &EntitiesEditor::removeCurrentEntity);
    shortcut(QKeySequence(Qt::Key_F2), tr("Rename Entity Type"),
             &EntitiesEditor::renameCurrentEntity);
    shortcut(QKeySequence(Qt::Key_Insert), tr("Add Entity Type"), &EntitiesEditor::addEntity);
    return add;
}

void EntitiesEditor::createKeyTemplatesTab()
{
    m_keyTemplates = new KeyTemplatesPanel(m_document);
    auto *keysScroll = new QScrollArea;
    keysScroll->setWidgetResizable(true);
    keysScroll->setFrameShape(QFrame::NoFrame);
    keysScroll->setFocusPolicy(Qt::NoFocus); // Tab goes to the fields inside
    // Everything inside wraps or gives way: the panel scrolls down, never sideways.
    keysScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *keysHolder = new QWidget;
    auto *keysLayout = new QVBoxLayout(keysHolder);
    keysLayout->setContentsMargins(2, 6, 6, 2);
    keysLayout->addWidget(m_keyTemplates);
    keysScroll->setWidget(keysHolder);
    m_tabs->addTab(keysScroll, tr("&Key templates"));
}

// The attributes' table, its buttons and the generator form.
void EntitiesEditor::createAttributesTab()
{
    auto *attributes = new QWidget;
    auto *attributesLayout = new QVBoxLayout(attributes);
    attributesLayout->setContentsMargins(2, 6, 2, 2);
    m_attributeView = tableView(attributes);
    m_attributeView->setObjectName(QStringLiteral("attributes"));
    m_attributeView->setAccessibleName(tr("Attributes"));
    m_attributeView->setModel(m_attributes);
    m_attributeView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_attributeView->horizontalHeader()->setSectionResizeMode(AttributeListModel::ParametersColumn,
                                                              QHeaderView::Stretch);
    m_attributeView->setMinimumHeight(80);
    // Parameters and generator are in the form below: they give way first on a narrow panel.
    new ColumnFitter(m_attributeView,
                     {AttributeListModel::ParametersColumn, AttributeListModel::GeneratorColumn});
    const auto fixedChoices = [](const QStringList &names) {
        return [names](const QModelIndex &) {
            QList<QPair<QString, QString>> choices;
            for (const QString &name : names)
                choices.append({name, name});
            return choices;
        };
    };
    m_attributeView->setItemDelegateForColumn(
        AttributeListModel::TypeColumn,
        new ChoiceDelegate(fixedChoices(AttributeListModel::typeNames()), this));
    m_attributeView->setItemDelegateForColumn(
        AttributeListModel::GeneratorColumn,
        new ChoiceDelegate(fixedChoices(AttributeListModel::generatorKindNames()), this));
    attributesLayout->addWidget(m_attributeView, 1);
    auto *addAttribute = button(tr("Add Attribute"), tr("Add attribute"),
                                tr("Add an attribute to the selected entity type"), attributes);
    m_removeAttribute = button(tr("Remove Attribute"), tr("Remove attribute"),
                               tr("Remove the selected attribute"), attributes);
    addButtonRow(attributesLayout, {addAttribute, m_removeAttribute});
    m_generator = new GeneratorForm(attributes);
    attributesLayout->addWidget(m_generator);
    m_tabs->addTab(attributes, tr("A&ttributes"));
    connect(addAttribute, &QToolButton::clicked, this, [this] {
        if (m_attributes->addAttribute())
            m_attributeView->setCurrentIndex(
                m_attributes->index(m_attributes->rowCount() - 1, AttributeListModel::NameColumn));
    });
    connect(m_removeAttribute, &QToolButton::clicked, this, [this] {
        const QModelIndex current = m_attributeView->currentIndex();
        if (current.isValid())
            m_attributes->removeAttribute(current.row());
    });
    connect(m_generator, &GeneratorForm::specEdited, this,
            [this](const model::AttributeSpec &spec) {
                const QModelIndex current = m_attributeView->currentIndex();
                if (current.isValid())
                    m_attributes->setAttribute(current.row(), spec);
            });
    connect(m_attributeView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &EntitiesEditor::attributeSelectionChanged);
    connect(m_attributes, &QAbstractItemModel::dataChanged, this,
            &EntitiesEditor::attributeSelectionChanged);
    connect(m_attributes, &QAbstractItemModel::modelReset, this,
            &EntitiesEditor::attributeSelectionChanged);
    // Another entity type: its first attribute is selected, so its generator shows below.
    connect(m_attributes, &QAbstractItemModel::modelReset, this, [this] {
        if (!m_attributeView->currentIndex().isValid() && m_attributes->rowCount() > 0)
            m_attributeView->setCurrentIndex(m_attributes->index(0, 0));
    });
}

// The writes and growth of the selected type (what the cost report reads); scrolls down on a
// short panel, never sideways.
void EntitiesEditor::createLoadTab()
{
    m_load = new EntityLoadForm(m_document);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFocusPolicy(Qt::NoFocus);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(m_load);
    m_tabs->addTab(scroll, tr("&Writes"));
}

EntitiesEditor::~EntitiesEditor()
{
    // A cell editor still open commits when the window closes during destruction: the edit
    // may reach the document, but nothing here may react to it any more.
    for (QObject *receiver :
         {static_cast<QObject *>(this), static_cast<QObject *>(m_entities),
          static_cast<QObject *>(m_attributes), static_cast<QObject *>(m_keyTemplates),
          static_cast<QObject *>(m_load)})
        m_document->disconnect(receiver);
    m_entities->disconnect(this);
    m_attributes->disconnect(this);
    for (QWidget *child : findChildren<QWidget *>())
        child->disconnect(this);
}

void EntitiesEditor::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    emit message(text);
}

void EntitiesEditor::modelReset()
{
    int row = m_entities->rowOf(m_current);
    if (row < 0 && m_entities->rowCount() > 0)
        row = 0;
    if (row >= 0)
        m_entityView->setCurrentIndex(m_entities->index(row, EntityListModel::NameColumn));
    selectionChanged();
}

void EntitiesEditor::selectionChanged()
{
    const QModelIndex current = m_entityView->currentIndex();
    const QString name = current.isValid() ? m_entities->entityName(current.row()) : QString();
    updateButtons();
    if (name == m_current && m_keyTemplates->entity() == name)
        return;
    m_current = name;
    m_attributes->setEntity(name);
    m_keyTemplates->setEntity(name);
    m_load->setEntity(name);
    // The tab names the type in its tooltip: three tabs fit a narrow panel only with short
    // titles (the selected row above names it anyway).
    m_tabs->setTabToolTip(0, name.isEmpty() ? QString() : tr("Key templates of %1").arg(name));
    m_tabs->setTabToolTip(1, name.isEmpty() ? QString() : tr("Attributes of %1").arg(name));
    m_tabs->setTabToolTip(2, name.isEmpty() ? QString() : tr("Writes and growth of %1").arg(name));
    emit currentEntityChanged(name);
}

void EntitiesEditor::updateButtons()
{
    const bool has = !m_current.isEmpty() && m_entities->rowOf(m_current) >= 0;
    m_remove->setEnabled(has);
    m_rename->setEnabled(has);
    m_color->setEnabled(has);
    m_tabs->setEnabled(has);
}

void EntitiesEditor::attributeSelectionChanged()
{
    const QModelIndex current = m_attributeView->currentIndex();
    m_generator->setAttribute(current.isValid() ? m_attributes->attribute(current.row()) : nullptr);
    m_removeAttribute->setEnabled(current.isValid());
}

bool EntitiesEditor::setCurrentEntity(const QString &entity)
{
    const int row = m_entities->rowOf(entity);
    if (row < 0)
        return false;
    m_entityView->setCurrentIndex(m_entities->index(row, EntityListModel::NameColumn));
    return true;
}

bool EntitiesEditor::showKeyTemplate(const QString &entity, const QString &keyAttribute, int column,
                                     int length)
{
    if (!setCurrentEntity(entity))
        return false;
    KeyTemplateEdit *edit = m_keyTemplates->templateEdit(keyAttribute);
    if (!edit)
        return false;
    clearFindingMarks();
    m_tabs->setCurrentIndex(0);
    edit->setFocus(Qt::OtherFocusReason);
    if (column > 0) {
        edit->setFindingSpan(column, length);
        // Selected from its end back to the column, so the cursor sits where the part starts.
        edit->setSelection(column - 1 + length, -length);
    }
    return true;
}

bool EntitiesEditor::markKeyTemplate(const QString &entity, const QString &keyAttribute, int column,
                                     int length)
{
    clearFindingMarks();
    if (entity != m_current)
        return false;
    KeyTemplateEdit *edit = m_keyTemplates->templateEdit(keyAttribute);
    if (!edit)
        return false;
    edit->setFindingSpan(column, length);
    return true;
}

void EntitiesEditor::clearFindingMarks()
{
    for (KeyTemplateEdit *edit : m_keyTemplates->findChildren<KeyTemplateEdit *>())
        edit->setFindingSpan(0, 0);
}

void EntitiesEditor::addEntity()
{
    const model::Project &project = m_document->project();
    QString name = QStringLiteral("Entity");
    for (int n = 2; project.entity(name); ++n)
        name = QStringLiteral("Entity%1").arg(n);
    model::EntityType entity;
    entity.name = name;
    entity.color = model::entityColour(qsizetype(project.entities.size()));
    entity.countMin = entity.countMax = 10;
    model::AttributeSpec id;
    id.name = QStringLiteral("Id");
    id.type = model::AttributeKind::S;
    id.generator.kind = model::GeneratorSpec::Kind::Pattern;
    id.generator.pattern = QStringLiteral("####");
    entity.attributes.push_back(id);
    for (const auto &key : project.table.keys.all()) {
        entity.keys[key.name] = key.type == model::AttributeValue::Type::S
            ? prefixOf(name) + QStringLiteral("#{Id}")
            : QStringLiteral("{Id}");
    }
    if (!m_document->addEntity(entity))
        return;
    m_document->finishEditing();
    setCurrentEntity(name);
    // Let the user name it right away.
    m_entityView->setFocus(Qt::OtherFocusReason);
    m_entityView->edit(m_entities->index(m_entities->rowOf(name), EntityListModel::NameColumn));
}

void EntitiesEditor::removeCurrentEntity()
{
    const QString name = m_current;
    if (name.isEmpty())
        return;
    const int row = m_entities->rowOf(name);
    QStringList children;
    for (const auto &entity : m_document->project().entities) {
        if (entity.parent == name)
            children << entity.name;
    }
    if (!m_document->removeEntity(name))
        return;
    m_document->finishEditing();
    if (m_entities->rowCount() > 0)
        m_entityView->setCurrentIndex(
            m_entities->index(qMin(row, m_entities->rowCount() - 1), EntityListModel::NameColumn));
    showMessage(children.isEmpty()
                    ? tr("Removed %1 (Undo brings it back).").arg(name)
                    : tr("Removed %1; %2 still name it as parent: give them another parent, or "
                         "Undo.")
                          .arg(name, children.join(QStringLiteral(", "))));
}

void EntitiesEditor::renameCurrentEntity()
{
    const int row = m_entities->rowOf(m_current);
    if (row < 0)
        return;
    const QModelIndex index = m_entities->index(row, EntityListModel::NameColumn);
    m_entityView->setCurrentIndex(index);
    m_entityView->setFocus(Qt::ShortcutFocusReason);
    m_entityView->edit(index);
}

void EntitiesEditor::chooseColor()
{
    const model::EntityType *entity = m_document->project().entity(m_current);
    if (!entity)
        return;
    const QColor color = QColorDialog::getColor(QColor::fromString(entity->color), this,
                                                tr("Colour of %1").arg(m_current));
    if (!color.isValid())
        return;
    m_document->setEntityColor(m_current, color.name(QColor::HexRgb).toUpper());
    m_document->finishEditing();
}

} // namespace keyscope::ui
