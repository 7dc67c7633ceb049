#include "ui/editors/keytemplatespanel.h"

#include "model/io/suggestion.h"
#include "model/table/keyroles.h"

#include "ui/document/document.h"
#include "ui/editors/keytemplateedit.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTextDocument>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

namespace keyscope::ui {

using model::AttributeValue;

namespace {

const QStringList kTimeFilters
    = {QStringLiteral("iso8601"), QStringLiteral("date"), QStringLiteral("epoch"),
       QStringLiteral("epochms"), QStringLiteral("format")};

QString quoted(const QString &text)
{
    return QStringLiteral("\"%1\"").arg(text);
}

QString mono(const QString &text)
{
    return QStringLiteral("<code>%1</code>")
        .arg(text.toHtmlEscaped().replace(u' ', QStringLiteral("&nbsp;")));
}

} // namespace

KeyTemplatesPanel::KeyTemplatesPanel(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_rowsLayout = new QVBoxLayout;
    m_rowsLayout->setSpacing(10);
    layout->addLayout(m_rowsLayout);

    m_empty = new QLabel(tr("Select an entity type to edit its key templates."), this);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_empty);

    auto *samplesTitle = new QLabel(tr("<b>Sample values</b> (for the preview only; double-click "
                                       "a value to try another)"),
                                    this);
    samplesTitle->setWordWrap(true);
    layout->addSpacing(6);
    layout->addWidget(samplesTitle);
    m_samples = new QTableWidget(0, 3, this);
    m_samples->setAccessibleName(tr("Sample values for the key preview"));
    m_samples->setHorizontalHeaderLabels({tr("Attribute"), tr("Value"), tr("From")});
    m_samples->verticalHeader()->hide();
    m_samples->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_samples->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_samples->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_samples->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_samples->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                               | QAbstractItemView::AnyKeyPressed);
    m_samples->setTabKeyNavigation(false);
    m_samples->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_samples->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    layout->addWidget(m_samples);
    connect(m_samples, &QTableWidget::itemChanged, this, &KeyTemplatesPanel::sampleItemChanged);

    m_sampleError = new QLabel(this);
    m_sampleError->setObjectName(QStringLiteral("sampleError"));
    m_sampleError->setWordWrap(true);
    m_sampleError->setStyleSheet(QStringLiteral("color: #c02020;"));
    m_sampleError->hide();
    layout->addWidget(m_sampleError);

    auto *reset = m_reset = new QPushButton(tr("Use Populated Values"), this);
    reset->setAccessibleName(tr("Reset sample values to the first populated item"));
    reset->setToolTip(tr("Forget typed sample values: preview with the first populated item"));
    connect(reset, &QPushButton::clicked, this, &KeyTemplatesPanel::resetSampleValues);
    auto *resetRow = new QHBoxLayout;
    resetRow->addStretch();
    resetRow->addWidget(reset);
    layout->addLayout(resetRow);
    layout->addStretch(1);

    connect(m_document, &Document::projectChanged, this, &KeyTemplatesPanel::projectChanged);
    connect(m_document, &Document::populationReady, this, [this] {
        refreshSamples();
        for (Row &row : m_rows)
            renderRow(row);
    });
    rebuild();
}

KeyTemplatesPanel::Row *KeyTemplatesPanel::row(const QString &key)
{
    for (Row &r : m_rows) {
        if (r.key == key)
            return &r;
    }
    return nullptr;
}

QString KeyTemplatesPanel::dimColor() const
{
    return palette().color(QPalette::PlaceholderText).name();
}

const KeyTemplatesPanel::Row *KeyTemplatesPanel::row(const QString &key) const
{
    return const_cast<KeyTemplatesPanel *>(this)->row(key);
}

KeyTemplateEdit *KeyTemplatesPanel::templateEdit(const QString &keyAttribute) const
{
    const Row *r = row(keyAttribute);
    return r ? r->edit : nullptr;
}

QString KeyTemplatesPanel::errorText(const QString &keyAttribute) const
{
    const Row *r = row(keyAttribute);
    return r && !r->error->isHidden() ? r->error->text() : QString();
}

QString KeyTemplatesPanel::previewText(const QString &keyAttribute) const
{
    const Row *r = row(keyAttribute);
    if (!r)
        return {};
    QTextDocument document;
    document.setHtml(r->preview->text());
    return document.toPlainText();
}

void KeyTemplatesPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The previews' dim text is written with the palette's colour.
    if (event->type() == QEvent::PaletteChange) {
        for (Row &r : m_rows)
            renderRow(r);
    }
}

void KeyTemplatesPanel::setEntity(const QString &entity)
{
    if (entity == m_entity)
        return;
    m_entity = entity;
    m_overrides.clear();
    rebuild();
}

void KeyTemplatesPanel::rebuild()
{
    for (Row &r : m_rows)
        delete r.box;
    m_rows.clear();
    const model::Project &project = m_document->project();
    const model::EntityType *entity = project.entity(m_entity);
    m_keys = project.table.allKeyAttributeNames();
    if (!showEntityState(entity))
        return;
    refreshSamples();

    QWidget *beforeRows = lastTabStopBefore(m_samples);
    QStringList tableKeys;
    for (const auto &k : project.table.keys.all())
        tableKeys << k.name;
    for (const auto &[key, roles] : model::keyRoleTexts(project.table)) {
        m_rows.push_back(makeRow(*entity, key, roles, tableKeys.contains(key)));
        m_rowsLayout->addWidget(m_rows.back().box);
        m_rows.back().box->show(); // now, not when the layout gets round to it: Tab must reach it
    }
    putRowsInTabOrder(beforeRows);
    // Connect after the move into m_rows: the lambdas find their row by key.
    for (Row &r : m_rows) {
        connectRow(r);
        renderRow(r);
    }
    reportPending();
}

bool KeyTemplatesPanel::showEntityState(const model::EntityType *entity)
{
    m_empty->setVisible(!entity);
    if (!entity) {
        m_empty->setText(m_entity.isEmpty() ? tr("Select an entity type to edit its key templates.")
                                            : tr("No entity type %1.").arg(m_entity));
        refreshSamples();
        reportPending();
        return false;
    }
    if (m_keys.isEmpty()) {
        m_empty->setText(
            tr("The table has no key attributes yet: define them in the table editor."));
        m_empty->show();
    }
    return true;
}

// The last control Tab reaches before `widget` (the tab bar of a host, say); `widget` itself
// when there is none.
QWidget *KeyTemplatesPanel::lastTabStopBefore(QWidget *widget)
{
    QWidget *before = widget->previousInFocusChain();
    while (before != widget && !(before->focusPolicy() & Qt::TabFocus))
        before = before->previousInFocusChain();
    return before;
}

KeyTemplatesPanel::Row KeyTemplatesPanel::makeRow(const model::EntityType &entity,
                                                  const QString &key, const QStringList &roles,
                                                  bool tableKey)
{
    Row r;
    r.key = key;
    r.fromAttribute = std::any_of(entity.attributes.begin(), entity.attributes.end(),
                                  [&](const model::AttributeSpec &a) { return a.name == key; });
    r.required = tableKey && !r.fromAttribute;
    r.type = model::keyType(m_document->project().table, key);
    r.box = new QWidget(this);
    auto *box = new QVBoxLayout(r.box);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(3);
    QLabel *title = addRowTitle(r, box, roles);
    addRowEdit(r, box, roles);
    title->setBuddy(r.edit);
    const auto found = entity.keys.find(key);
    r.applied = found != entity.keys.end() ? found->second : QString();
    r.edit->setText(r.applied);
    addRowFeedback(r, box);
    return r;
}

// The key's name, then its roles and type; returns the name's label.
QLabel *KeyTemplatesPanel::addRowTitle(Row &r, QVBoxLayout *box, const QStringList &roles)
{
    auto *titleRow = new QHBoxLayout;
    titleRow->setSpacing(8);
    auto *title = new QLabel(QStringLiteral("<b>%1</b>").arg(r.key.toHtmlEscaped()), r.box);
    auto *role = new QLabel(QStringLiteral("%1 · %2").arg(roles.join(QStringLiteral(", ")),
                                                          r.type ? AttributeValue::typeName(*r.type)
                                                                 : QStringLiteral("?")),
                            r.box);
    role->setForegroundRole(QPalette::PlaceholderText);
    role->setWordWrap(true); // "table partition key, ByUpdated partition key · S" is long
    titleRow->addWidget(title, 0, Qt::AlignTop);
    titleRow->addWidget(role, 1);
    box->addLayout(titleRow);
    return title;
}

void KeyTemplatesPanel::addRowEdit(Row &r, QVBoxLayout *box, const QStringList &roles)
{
    r.edit = new KeyTemplateEdit(r.box);
    r.edit->setObjectName(QStringLiteral("template_") + r.key);
    r.edit->setAccessibleName(tr("%1 key template of %2").arg(r.key, m_entity));
    r.edit->setAccessibleDescription(roles.join(QStringLiteral(", ")));
    r.edit->setPlaceholderText(r.fromAttribute ? tr("empty: the attribute %1 itself").arg(r.key)
                                   : r.required
                                   ? tr("required, e.g. %1#{Id}").arg(m_entity.toUpper())
                                   : tr("empty: %1 items are not in this index").arg(m_entity));
    box->addWidget(r.edit);
}

// Under the field: its error, the quick fixes, the preview.
void KeyTemplatesPanel::addRowFeedback(Row &r, QVBoxLayout *box)
{
    r.error = new QLabel(r.box);
    r.error->setWordWrap(true);
    r.error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    r.error->setStyleSheet(QStringLiteral("color: #c02020;"));
    r.error->hide();
    box->addWidget(r.error);
    auto *fixes = new QHBoxLayout;
    r.useAncestor = new QPushButton(r.box);
    r.addAttribute = new QPushButton(r.box);
    for (QPushButton *fix : {r.useAncestor, r.addAttribute}) {
        fix->setAutoDefault(false);
        fix->hide();
        fixes->addWidget(fix);
    }
    fixes->addStretch(1);
    box->addLayout(fixes);
    r.preview = new QLabel(r.box);
    r.preview->setTextFormat(Qt::RichText);
    r.preview->setWordWrap(true);
    r.preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    r.preview->setAccessibleName(tr("Preview of the %1 key").arg(r.key));
    box->addWidget(r.preview);
}

// Rows made now would come last in the Tab order: put them before the sample values.
void KeyTemplatesPanel::putRowsInTabOrder(QWidget *beforeRows)
{
    QWidget *previous = beforeRows != m_samples ? beforeRows : nullptr;
    for (Row &r : m_rows) {
        if (previous)
            setTabOrder(previous, r.edit);
        previous = r.edit;
    }
    if (previous)
        setTabOrder(previous, m_samples);
}

void KeyTemplatesPanel::connectRow(Row &r)
{
    const QString key = r.key;
    connect(r.edit, &QLineEdit::textEdited, this, [this, key](const QString &text) {
        if (Row *target = row(key))
            templateEdited(*target, text);
    });
    connect(r.edit, &QLineEdit::editingFinished, m_document, &Document::finishEditing);
    connect(r.useAncestor, &QPushButton::clicked, this, [this, key] {
        if (Row *target = row(key))
            useAncestorAttribute(*target);
    });
    connect(r.addAttribute, &QPushButton::clicked, this, [this, key] {
        if (Row *target = row(key))
            addMissingAttribute(*target);
    });
    connect(r.edit, &KeyTemplateEdit::undoRequested, this, [this] {
        m_document->finishEditing();
        m_document->undoStack()->undo();
    });
    connect(r.edit, &KeyTemplateEdit::redoRequested, this, [this] {
        m_document->finishEditing();
        m_document->undoStack()->redo();
    });
}

void KeyTemplatesPanel::projectChanged()
{
    const model::Project &project = m_document->project();
    const model::EntityType *entity = project.entity(m_entity);
    if (!entity || project.table.allKeyAttributeNames() != m_keys) {
        rebuild();
        return;
    }
    refreshSamples();
    for (Row &r : m_rows) {
        const auto found = entity->keys.find(r.key);
        const QString text = found != entity->keys.end() ? found->second : QString();
        // Changed elsewhere (undo, redo, a check's fix): the document's template wins. A field
        // still holding what it last applied keeps its text, valid or not.
        if (text != r.applied) {
            r.applied = text;
            if (r.edit->text() != text)
                r.edit->setText(text);
        }
        renderRow(r);
        // A field still holding text that did not parse (an attribute it names was missing)
        // goes live as soon as it parses, whatever made it parse: the design follows the field.
        if (r.edit->text() != r.applied && validity(r, r.edit->text()).isEmpty())
            QTimer::singleShot(0, this, [this, key = r.key] { applyPending(key); });
    }
    reportPending();
}

void KeyTemplatesPanel::renderQuickFixes(Row &r)
{
    r.missing = r.result.error ? r.result.error->missingAttribute : QString();
    if (r.missing.contains(u'.'))
        r.missing.clear(); // an ancestor's name that does not exist: no quick fix
    r.ancestorName.clear();
    for (const model::SampleValue &sample : m_sampleValues) {
        if (!r.missing.isEmpty() && sample.name.endsWith(u'.' + r.missing)) {
            r.ancestorName = sample.name;
            break;
        }
    }
    r.useAncestor->setText(tr("Use {%1}").arg(r.ancestorName));
    r.useAncestor->setAccessibleName(tr("Use the attribute %1").arg(r.ancestorName));
    r.useAncestor->setVisible(!r.ancestorName.isEmpty());
    r.addAttribute->setText(tr("Add attribute %1").arg(r.missing));
    r.addAttribute->setAccessibleName(tr("Add the attribute %1 to %2").arg(r.missing, m_entity));
    r.addAttribute->setVisible(!r.missing.isEmpty());
}

void KeyTemplatesPanel::useAncestorAttribute(Row &r)
{
    if (r.missing.isEmpty() || r.ancestorName.isEmpty())
        return;
    // {CustomerId} and {CustomerId|upper} become {Customer.CustomerId...}.
    const QRegularExpression placeholder(
        QStringLiteral("\\{%1(?=[|}])").arg(QRegularExpression::escape(r.missing)));
    QString text = r.edit->text();
    text.replace(placeholder, u'{' + r.ancestorName);
    r.edit->setText(text);
    templateEdited(r, text);
    m_document->finishEditing();
}

void KeyTemplatesPanel::addMissingAttribute(Row &r)
{
    const model::EntityType *entity = m_document->project().entity(m_entity);
    if (r.missing.isEmpty() || !entity)
        return;
    model::EntityType changed = *entity;
    changed.attributes.push_back(model::newAttribute(r.missing));
    // The field's template goes live once the attribute is there (projectChanged).
    m_document->setEntity(m_entity, changed);
}

void KeyTemplatesPanel::applyPending(const QString &key)
{
    Row *r = row(key);
    if (!r || r->edit->text() == r->applied)
        return;
    templateEdited(*r, r->edit->text());
}

QString KeyTemplatesPanel::validity(const Row &r, const QString &text) const
{
    if (text.isEmpty())
        return r.required
            ? tr("%1 is a key of the table: every %2 needs a template").arg(r.key, m_entity)
            : QString();
    if (r.result.error)
        return r.result.error->message;
    return r.result.typeError;
}

void KeyTemplatesPanel::templateEdited(Row &r, const QString &text)
{
    renderRow(r);
    if (validity(r, text).isEmpty()) {
        r.applied = text;
        m_document->setKeyTemplate(m_entity, r.key, text);
    }
    reportPending();
}

void KeyTemplatesPanel::reportPending()
{
    QStringList sentences;
    for (const Row &r : m_rows) {
        const QString text = r.edit->text();
        const QString problem = text == r.applied ? QString() : validity(r, text);
        if (problem.isEmpty())
            continue;
        const QString held = r.applied.isEmpty() ? tr("no template") : u'\'' + r.applied + u'\'';
        sentences << tr("The collection shows %1's %2 from its last valid template, %3: the "
                        "field's '%4' does not parse yet (%5).")
                         .arg(m_entity, r.key, held, text, problem);
    }
    const QString notice = sentences.join(u' ');
    if (notice == m_pendingNotice)
        return;
    m_pendingNotice = notice;
    emit pendingNoticeChanged(notice);
}

void KeyTemplatesPanel::renderRow(Row &r)
{
    const QString text = r.edit->text();
    r.result = text.isEmpty() ? model::KeyPreview::Result {}
                              : model::KeyPreview::render(text, m_sampleValues, r.type, r.key);
    if (r.result.error && !r.result.error->missingAttribute.isEmpty())
        wordUnknownName(*r.result.error);

    renderQuickFixes(r);
    const QString problem = validity(r, text);
    r.edit->setErrorColumn(r.result.error ? qMax(1, r.result.error->column) : 0);
    r.error->setVisible(!problem.isEmpty());
    r.error->setText(problem.isEmpty() ? QString() : QStringLiteral("✗ ") + problem);
    r.edit->setToolTip(problem);

    QString html = previewHtml(r, text);
    if (!problem.isEmpty() && r.applied != text) {
        html = r.applied.isEmpty()
            ? tr("<i>Not applied: %1 items keep no %2.</i>")
                  .arg(m_entity.toHtmlEscaped(), r.key.toHtmlEscaped())
            : tr("<i>Not applied: the collection keeps %1</i>").arg(mono(r.applied));
    }
    r.preview->setText(html);
    r.preview->setVisible(!html.isEmpty());
}

// An unknown name: suggest the closest sample value ("Tss" -> "Ts").
void KeyTemplatesPanel::wordUnknownName(model::TemplateError &error) const
{
    const QString name = error.missingAttribute;
    QStringList names;
    for (const model::SampleValue &sample : m_sampleValues)
        names << sample.name;
    const QString best = model::closestMatch(name, names);
    error.message = tr("unknown attribute '%1' at column %2").arg(name).arg(error.column);
    if (!best.isEmpty())
        error.message += tr("; did you mean '%1'?").arg(best);
}

// The preview of a field's text: what an empty one means, or the key and how each part was
// made; empty when there is nothing to show.
QString KeyTemplatesPanel::previewHtml(const Row &r, const QString &text) const
{
    if (text.isEmpty()) {
        if (r.fromAttribute)
            return tr("<i>The key is the value of the attribute %1.</i>")
                .arg(r.key.toHtmlEscaped());
        if (!r.required)
            return tr("<i>%1 items are not in the index that uses %2 (sparse).</i>")
                .arg(m_entity.toHtmlEscaped(), r.key.toHtmlEscaped());
        return QString();
    }
    if (r.result.error || r.result.trace.empty())
        return QString();
    const QString value = model::KeyPreview::displayText(r.result.value);
    // The key on a line of its own that never breaks (a key split at '-' or '|' reads as
    // two); the explanations around it wrap at spaces.
    QString html = QStringLiteral("<p style='white-space:pre; margin:0'>→ %1 "
                                  "<span style='color:%DIM%'>(%2)</span></p>")
                       .replace(QStringLiteral("%DIM%"), dimColor())
                       .arg(mono(value), r.result.value.typeName());
    for (const auto &part : r.result.trace)
        html += partHtml(part);
    return html;
}

// One part per line: its text as written (never broken: "{At|iso8601}" split at the bar reads
// as two parts), then how it was made, indented, wrapping at spaces.
QString KeyTemplatesPanel::partHtml(const model::KeyTemplate::PartTrace &part) const
{
    const QString line = QStringLiteral("<p style='white-space:pre; margin:1px 0 0 12px'>%1</p>");
    if (!part.isPlaceholder)
        return line.arg(mono(part.source)
                        + QStringLiteral("&nbsp;&nbsp;<span style='color:%1'>%2</span>")
                              .arg(dimColor(), tr("literal")));
    const QString how = QStringLiteral("<p style='margin:0 0 0 28px'>%1</p>");
    QStringList steps;
    for (qsizetype s = 0; s < part.steps.size(); ++s) {
        const QString label = part.stepLabels.value(s);
        QString value = quoted(part.steps.at(s)).toHtmlEscaped();
        // A time filter reads the instant, not the text: show what it read.
        if (s == 0 && part.steps.size() > 1) {
            const QString next = part.stepLabels.value(1).section(u':', 0, 0);
            for (const model::SampleValue &sample : m_sampleValues) {
                if (sample.name == label && sample.input.instantMs && kTimeFilters.contains(next))
                    value = QString::number(*sample.input.instantMs) + QStringLiteral(" ms");
            }
        }
        steps << QStringLiteral("<i>%1</i> %2").arg(label.toHtmlEscaped(), value);
    }
    return line.arg(mono(part.source)) + how.arg(steps.join(QStringLiteral(" → ")));
}

void KeyTemplatesPanel::refreshSamples()
{
    const auto population = m_document->population();
    m_sampleValues = model::KeyPreview::samples(m_document->project(), population.get(), m_entity);
    QStringList stale;
    for (auto it = m_overrides.cbegin(); it != m_overrides.cend(); ++it) {
        bool applied = false;
        for (model::SampleValue &sample : m_sampleValues) {
            if (sample.name != it.key())
                continue;
            auto input = model::KeyPreview::inputFromText(sample.spec, it.value());
            if (auto *valid = std::get_if<model::TemplateInput>(&input)) {
                sample.input = *valid;
                sample.text = it.value();
                sample.overridden = true;
                applied = true;
            }
        }
        if (!applied)
            stale << it.key();
    }
    for (const QString &name : stale)
        m_overrides.remove(name);
    fillSampleTable();
}

void KeyTemplatesPanel::fillSampleTable()
{
    m_fillingSamples = true;
    m_samples->setRowCount(int(m_sampleValues.size()));
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (int i = 0; i < int(m_sampleValues.size()); ++i) {
        const model::SampleValue &sample = m_sampleValues[size_t(i)];
        auto *name = new QTableWidgetItem(sample.name);
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        name->setToolTip(tr("{%1} in a template").arg(sample.name));
        auto *value = new QTableWidgetItem(sample.text);
        value->setFont(fixed);
        value->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable);
        auto *from = new QTableWidgetItem(sample.overridden     ? tr("typed")
                                              : sample.fromItem ? tr("first item")
                                                                : tr("generator"));
        from->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        m_samples->setItem(i, 0, name);
        m_samples->setItem(i, 1, value);
        m_samples->setItem(i, 2, from);
    }
    m_fillingSamples = false;
    // As tall as its rows: the panel scrolls, not the table.
    const int rows = qMax(1, m_samples->rowCount());
    m_samples->setFixedHeight(m_samples->horizontalHeader()->sizeHint().height()
                              + rows * m_samples->verticalHeader()->defaultSectionSize()
                              + 2 * m_samples->frameWidth());
}

bool KeyTemplatesPanel::setSampleValue(const QString &name, const QString &text)
{
    for (const model::SampleValue &sample : m_sampleValues) {
        if (sample.name != name)
            continue;
        auto input = model::KeyPreview::inputFromText(sample.spec, text);
        if (const auto *error = std::get_if<QString>(&input)) {
            m_sampleError->setText(QStringLiteral("✗ ") + *error);
            m_sampleError->show();
            fillSampleTable();
            return false;
        }
        m_sampleError->hide();
        m_overrides.insert(name, text);
        refreshSamples();
        for (Row &r : m_rows)
            renderRow(r);
        return true;
    }
    return false;
}

void KeyTemplatesPanel::resetSampleValues()
{
    m_overrides.clear();
    m_sampleError->hide();
    refreshSamples();
    for (Row &r : m_rows)
        renderRow(r);
}

void KeyTemplatesPanel::sampleItemChanged(QTableWidgetItem *item)
{
    if (m_fillingSamples || item->column() != 1 || item->row() >= int(m_sampleValues.size()))
        return;
    const QString name = m_sampleValues[size_t(item->row())].name;
    const QString text = item->text();
    // Rebuilding the table deletes `item`: let the view finish with it first.
    QMetaObject::invokeMethod(
        this, [this, name, text] { setSampleValue(name, text); }, Qt::QueuedConnection);
}

KeyTemplatesPanel::~KeyTemplatesPanel()
{
    // Children outlive this object's members: a field losing focus while the window closes
    // must not reach the slots above.
    for (QWidget *child : findChildren<QWidget *>())
        child->disconnect(this);
}

} // namespace keyscope::ui
