#include "ui/editors/entityloadform.h"

#include "model/design/project.h"
#include "ui/document/document.h"
#include "ui/query/errorlabel.h"
#include "ui/widgets/numbertext.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace keyscope::ui {

namespace {

QLineEdit *figureEdit(const char *name, const QString &accessible, const QString &tip,
                      QWidget *parent)
{
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(QString::fromLatin1(name));
    edit->setAccessibleName(accessible);
    edit->setToolTip(tip);
    return edit;
}

// The label of a field, with the field's tooltip (the label is what the eye looks for).
QLabel *fieldLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    label->setToolTip(buddy->toolTip());
    return label;
}

} // namespace

EntityLoadForm::EntityLoadForm(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    setAccessibleName(tr("Writes and growth"));
    createFields();
    layOutFields();
    for (QLineEdit *edit : {m_creates, m_updates, m_deletes}) {
        connect(edit, &QLineEdit::textEdited, this, &EntityLoadForm::writesEdited);
        connect(edit, &QLineEdit::editingFinished, m_document, &Document::finishEditing);
    }
    connect(m_count, &QLineEdit::textEdited, this, &EntityLoadForm::countEdited);
    connect(m_count, &QLineEdit::editingFinished, m_document, &Document::finishEditing);
    connect(m_updated, &QListWidget::itemChanged, this, [this] {
        if (m_syncing)
            return;
        writesEdited();
        m_document->finishEditing(); // each tick is a step of its own
    });
    connect(m_document, &Document::projectChanged, this, &EntityLoadForm::projectChanged);
    setEnabled(false);
}

void EntityLoadForm::createFields()
{
    m_creates = figureEdit(
        "entityCreates", tr("Creates per second"),
        tr("New items of this type per second at peak, across the table: each is a put in the "
           "table and in every index it is projected into. Empty: none."),
        this);
    m_updates = figureEdit(
        "entityUpdates", tr("Updates per second"),
        tr("Items of this type rewritten per second at peak. An update that changes an index "
           "key is a delete and a put in that index. Empty: none."),
        this);
    m_deletes = figureEdit("entityDeletes", tr("Deletes per second"),
                           tr("Items of this type deleted per second at peak; each removes its "
                              "index entries too. Empty: none."),
                           this);
    for (QLineEdit *edit : {m_creates, m_updates, m_deletes})
        edit->setPlaceholderText(tr("none"));
    m_updated = new QListWidget(this);
    m_updated->setObjectName(QStringLiteral("entityUpdatedAttributes"));
    m_updated->setAccessibleName(tr("Updated attributes"));
    m_updated->setToolTip(tr("The attributes an update changes: they decide which indexes an "
                             "update writes. None checked: the attributes marked mutable."));
    m_updatedHint = new QLabel(this);
    m_updatedHint->setWordWrap(true);
    m_updatedHint->setForegroundRole(QPalette::PlaceholderText);
    m_count = figureEdit("entityCountPerParent", tr("Count per parent at maturity"),
                         tr("How many items of this type each parent holds once the design "
                            "has grown (a root type: how many in all). Sizes the item "
                            "collections and the storage. Empty: the populated count."),
                         this);
    m_problem = new ErrorLabel(this);
    m_problem->setObjectName(QStringLiteral("entityLoadProblem"));
}

void EntityLoadForm::layOutFields()
{
    auto *intro = new QLabel(tr("What the cost report needs to know that the items do not say "
                                "(per second at peak, across the table)."),
                             this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(fieldLabel(tr("&Creates per second:"), m_creates, this), m_creates);
    form->addRow(fieldLabel(tr("&Updates per second:"), m_updates, this), m_updates);
    form->addRow(fieldLabel(tr("De&letes per second:"), m_deletes, this), m_deletes);
    auto *updated = new QVBoxLayout;
    updated->addWidget(m_updated);
    updated->addWidget(m_updatedHint);
    form->addRow(fieldLabel(tr("Updated attri&butes:"), m_updated, this), updated);
    m_countLabel = fieldLabel(tr("Per parent at &maturity:"), m_count, this);
    form->addRow(m_countLabel, m_count);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 6, 6, 2);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addStretch(1);
}

void EntityLoadForm::setEntity(const QString &entity)
{
    m_entity = entity;
    // Another type: its own figures, whatever was typed for the last one.
    m_syncing = true;
    for (QLineEdit *edit : {m_creates, m_updates, m_deletes, m_count})
        edit->clear();
    m_syncing = false;
    projectChanged();
}

void EntityLoadForm::showFigure(QLineEdit *edit, std::optional<double> value, bool integer)
{
    const NumberText typed = NumberText::parse(edit->text(), integer);
    // A figure being typed that does not parse yet stays; one that reads as the document's too.
    if ((edit->hasFocus() && !typed.problem.isEmpty()) || typed.value == value)
        return;
    edit->setText(value ? NumberText::format(*value) : QString());
}

void EntityLoadForm::projectChanged()
{
    const model::EntityType *entity = m_document->project().entity(m_entity);
    setEnabled(entity != nullptr);
    if (!entity)
        return;
    m_syncing = true;
    const auto &writes = entity->writes;
    const auto figure = [&](double model::EntityWrites::*member) -> std::optional<double> {
        if (!writes || (*writes).*member == 0)
            return std::nullopt;
        return (*writes).*member;
    };
    showFigure(m_creates, figure(&model::EntityWrites::creates), false);
    showFigure(m_updates, figure(&model::EntityWrites::updates), false);
    showFigure(m_deletes, figure(&model::EntityWrites::deletes), false);
    showFigure(m_count,
               entity->countPerParent ? std::optional<double>(double(*entity->countPerParent))
                                      : std::nullopt,
               true);
    m_count->setPlaceholderText(
        entity->countMin == entity->countMax
            ? tr("populated: %1").arg(entity->countMin)
            : tr("populated: %1\u2013%2").arg(entity->countMin).arg(entity->countMax));
    m_countLabel->setText(entity->parent.isEmpty() ? tr("Count at &maturity:")
                                                   : tr("Per parent at &maturity:"));
    fillUpdatedAttributes();
    m_syncing = false;
    showProblem();
}

int EntityLoadForm::rowHeight() const
{
    // Room for the check box and the name, with air between the rows.
    return std::max(fontMetrics().height(),
                    style()->pixelMetric(QStyle::PM_IndicatorHeight, nullptr, m_updated))
        + 6;
}

void EntityLoadForm::fillUpdatedAttributes()
{
    const model::EntityType *entity = m_document->project().entity(m_entity);
    const QStringList checked = entity->writes ? entity->writes->updatedAttributes : QStringList();
    QStringList mutableNames;
    if (m_updated->count() != qsizetype(entity->attributes.size()))
        m_updated->clear();
    for (size_t i = 0; i < entity->attributes.size(); ++i) {
        const model::AttributeSpec &attribute = entity->attributes[i];
        QListWidgetItem *item = m_updated->item(int(i));
        if (!item) {
            item = new QListWidgetItem(m_updated);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            item->setSizeHint(QSize(0, rowHeight()));
        }
        item->setText(attribute.name);
        item->setCheckState(checked.contains(attribute.name) ? Qt::Checked : Qt::Unchecked);
        if (attribute.isMutable)
            mutableNames << attribute.name;
    }
    m_updatedHint->setText(mutableNames.isEmpty()
                               ? tr("None checked: those marked mutable (none are).")
                               : tr("None checked: those marked mutable (%1).")
                                     .arg(mutableNames.join(QStringLiteral(", "))));
    // As tall as its rows, up to five; then it scrolls.
    const int rows = std::clamp(m_updated->count(), 1, 5);
    m_updated->setFixedHeight(rows * rowHeight() + 2 * m_updated->frameWidth());
}

QString EntityLoadForm::problem() const
{
    const std::pair<QLineEdit *, QString> fields[]
        = {{m_creates, tr("Creates per second")},
           {m_updates, tr("Updates per second")},
           {m_deletes, tr("Deletes per second")},
           {m_count, m_entity.isEmpty() ? QString() : tr("Count per parent at maturity")}};
    for (const auto &[edit, name] : fields) {
        const NumberText typed = NumberText::parse(edit->text(), edit == m_count);
        if (!typed.problem.isEmpty())
            return tr("%1: %2.").arg(name, typed.problem);
    }
    return {};
}

void EntityLoadForm::showProblem()
{
    const QString text = problem();
    if (text.isEmpty())
        m_problem->clearError();
    else
        m_problem->showError(text);
}

void EntityLoadForm::writesEdited()
{
    if (m_syncing)
        return;
    showProblem();
    const model::EntityType *entity = m_document->project().entity(m_entity);
    const NumberText creates = NumberText::parse(m_creates->text());
    const NumberText updates = NumberText::parse(m_updates->text());
    const NumberText deletes = NumberText::parse(m_deletes->text());
    if (!entity || !creates.problem.isEmpty() || !updates.problem.isEmpty()
        || !deletes.problem.isEmpty())
        return;
    QStringList updated;
    for (int row = 0; row < m_updated->count(); ++row) {
        if (m_updated->item(row)->checkState() == Qt::Checked)
            updated << m_updated->item(row)->text();
    }
    std::optional<model::EntityWrites> writes;
    if (creates.value || updates.value || deletes.value || !updated.isEmpty()) {
        writes = entity->writes.value_or(model::EntityWrites {});
        writes->creates = creates.value.value_or(0);
        writes->updates = updates.value.value_or(0);
        writes->deletes = deletes.value.value_or(0);
        writes->updatedAttributes = updated;
    }
    m_document->setEntityWrites(m_entity, writes);
}

void EntityLoadForm::countEdited()
{
    if (m_syncing)
        return;
    showProblem();
    const NumberText count = NumberText::parse(m_count->text(), true);
    if (count.problem.isEmpty())
        m_document->setEntityCountPerParent(
            m_entity, count.value ? std::optional<qint64>(qint64(*count.value)) : std::nullopt);
}

} // namespace keyscope::ui
