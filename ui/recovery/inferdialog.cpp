#include "ui/recovery/inferdialog.h"

#include "model/design/projectfile.h"
#include "ui/recovery/proposalmodel.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSet>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace keyscope::ui {

using model::recovery::DesignRecovery;
using model::recovery::EntityProposal;
using model::recovery::RecoveryResult;

namespace {

// How many near misses and outliers the details list before "and N more".
constexpr qsizetype kListed = 8;

QString countText(qsizetype n)
{
    return QLocale().toString(qlonglong(n));
}

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QString code(const QString &text)
{
    return QStringLiteral("<code>%1</code>").arg(escaped(text));
}

QString attributeKindText(const model::AttributeSpec &spec)
{
    switch (spec.type) {
    case model::AttributeKind::S:
        return QObject::tr("string");
    case model::AttributeKind::N:
        return QObject::tr("number");
    case model::AttributeKind::B:
        return QObject::tr("binary");
    case model::AttributeKind::Bool:
        return QObject::tr("boolean");
    case model::AttributeKind::Timestamp:
        return QObject::tr("timestamp");
    }
    return {};
}

} // namespace

InferDialog::InferDialog(const RecoveryResult &result, const model::Project &project,
                         QWidget *parent)
    : QDialog(parent)
    , m_project(project)
    , m_model(new ProposalModel(this))
{
    setObjectName(QStringLiteral("InferDialog"));
    setWindowTitle(tr("Infer Entity Types"));
    m_model->setResult(result);

    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_intro->setText(
        tr("Each row is an entity type recovered from the shape of the items' keys. It "
           "describes those items; they stay exactly as they are. Untick one (Space) to leave "
           "its items without a type, rename it (F2), or select rows and Merge them into one."));
    createProposalTable();
    QSplitter *splitter = createDetailsBelowTable();
    createFooter();
    layOutDialog(splitter);
    connectModel();
    if (m_model->rowCount() > 0)
        m_view->setCurrentIndex(m_model->index(0, ProposalModel::Name));
    m_view->setFocus();
    updateState();
    updateDetails();
    resize(900, 600);
}

void InferDialog::createProposalTable()
{
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("ProposalTable"));
    m_view->setAccessibleName(tr("Proposed entity types"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->resizeColumnsToContents();
    m_view->setColumnWidth(ProposalModel::Name,
                           std::max(m_view->columnWidth(ProposalModel::Name), 150));
    m_view->setColumnWidth(ProposalModel::Templates,
                           std::min(m_view->columnWidth(ProposalModel::Templates), 320));
    m_view->installEventFilter(this);
}

// The selected proposal in detail, in a splitter under the table.
QSplitter *InferDialog::createDetailsBelowTable()
{
    m_details = new QTextBrowser(this);
    m_details->setObjectName(QStringLiteral("ProposalDetails"));
    m_details->setAccessibleName(tr("The selected entity type in detail"));
    m_details->setOpenLinks(false);
    m_details->setFrameShape(QFrame::StyledPanel);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_view);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    return splitter;
}

// The summary, the problem that refuses Apply, Merge, Apply and Cancel.
void InferDialog::createFooter()
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("InferSummary"));
    m_summary->setWordWrap(true);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("InferProblem"));
    m_problem->setWordWrap(true);
    QPalette warning = m_problem->palette();
    warning.setColor(QPalette::WindowText, QColor(0xc0, 0x39, 0x2b));
    m_problem->setPalette(warning);
    m_problem->hide();

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    okButton()->setText(tr("Apply"));
    m_merge = new QPushButton(tr("&Merge Selected"), this);
    m_merge->setObjectName(QStringLiteral("MergeProposals"));
    m_merge->setAutoDefault(false);
    m_merge->setToolTip(
        tr("Make the selected entity types one (it keeps the uppermost one's name)"));
    connect(m_merge, &QPushButton::clicked, this, &InferDialog::mergeSelected);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (problem().isEmpty())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void InferDialog::layOutDialog(QSplitter *splitter)
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(splitter, 1);
    auto *summaryRow = new QHBoxLayout;
    summaryRow->addWidget(m_summary, 1);
    summaryRow->addWidget(m_merge, 0, Qt::AlignTop);
    layout->addLayout(summaryRow);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
}

void InferDialog::connectModel()
{
    connect(m_model, &ProposalModel::decisionsChanged, this, &InferDialog::updateState);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_model->rowCount() > 0)
            m_view->setCurrentIndex(m_model->index(0, ProposalModel::Name));
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &InferDialog::updateState);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &InferDialog::updateDetails);
}

QPushButton *InferDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

const RecoveryResult &InferDialog::reviewed() const
{
    return m_model->result();
}

std::vector<DesignRecovery::Decision> InferDialog::decisions() const
{
    return m_model->decisions();
}

bool InferDialog::merge(int into, int from)
{
    return merge(std::vector<int> {into, from});
}

bool InferDialog::merge(const std::vector<int> &rows)
{
    const int count = m_model->rowCount();
    const QSet<int> distinct(rows.begin(), rows.end());
    if (distinct.size() < 2 || distinct.size() != qsizetype(rows.size())
        || std::any_of(rows.begin(), rows.end(), [&](int r) { return r < 0 || r >= count; }))
        return false;
    auto decisions = m_model->decisions();
    RecoveryResult merged
        = DesignRecovery::merge(m_model->result(), rows, m_project.table, m_project.items);
    std::vector<int> gone(rows.begin() + 1, rows.end());
    std::sort(gone.rbegin(), gone.rend());
    for (const int row : gone)
        decisions.erase(decisions.begin() + row);
    const int kept = rows.front()
        - int(std::count_if(gone.begin(), gone.end(), [&](int r) { return r < rows.front(); }));
    m_model->setResult(std::move(merged), std::move(decisions));
    m_view->setCurrentIndex(m_model->index(kept, ProposalModel::Name));
    return true;
}

void InferDialog::mergeSelected()
{
    std::vector<int> rows;
    for (const QModelIndex &index : m_view->selectionModel()->selectedRows())
        rows.push_back(index.row());
    std::sort(rows.begin(), rows.end()); // the upper row keeps its name
    merge(rows);
}

QString InferDialog::problem() const
{
    // Entity types the accepted proposals would sit beside: the project's, except those that
    // describe items without generating any (a proposal of the same name replaces them).
    QSet<QString> taken;
    for (const model::EntityType &entity : m_project.entities) {
        if (entity.countMax != 0)
            taken.insert(entity.name);
    }
    QSet<QString> names;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (!m_model->isAccepted(row))
            continue;
        const QString name = m_model->name(row);
        if (taken.contains(name))
            return tr("The project has an entity type named “%1” already: rename the proposal "
                      "(F2) or untick it.")
                .arg(name);
        if (names.contains(name))
            return tr("Two entity types would be named “%1”: rename one (F2) or merge them.")
                .arg(name);
        names.insert(name);
    }
    return {};
}

QString InferDialog::summaryText() const
{
    return m_summary->text();
}

QString InferDialog::detailsText() const
{
    return m_details->toPlainText();
}

void InferDialog::updateState()
{
    const RecoveryResult &result = m_model->result();
    qsizetype accepted = 0;
    qsizetype rejectedItems = 0;
    int acceptedTypes = 0;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const qsizetype items = qsizetype(result.proposals[size_t(row)].items.size());
        if (m_model->isAccepted(row)) {
            accepted += items;
            ++acceptedTypes;
        } else {
            rejectedItems += items;
        }
    }
    const qsizetype unmatched = qsizetype(result.unmatched.size());
    QString text
        = (acceptedTypes == 1 ? tr("1 entity type") : tr("%1 entity types").arg(acceptedTypes))
        + tr(" for ") + (accepted == 1 ? tr("1 item.") : tr("%1 items.").arg(countText(accepted)));
    if (unmatched > 0)
        text += QLatin1Char(' ')
            + (unmatched == 1 ? tr("1 item matches no entity type.")
                              : tr("%1 items match no entity type.").arg(countText(unmatched)));
    if (rejectedItems > 0)
        text += QLatin1Char(' ')
            + (rejectedItems == 1
                   ? tr("The 1 item of the unticked entity types gets no type either.")
                   : tr("The %1 items of the unticked entity types get no type either.")
                         .arg(countText(rejectedItems)));
    m_summary->setText(text);

    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    okButton()->setEnabled(why.isEmpty());
    m_merge->setEnabled(m_view->selectionModel()->selectedRows().size() >= 2);
    updateDetails();
}

void InferDialog::updateDetails()
{
    const QModelIndex current = m_view->currentIndex();
    m_details->setHtml(current.isValid() ? detailsHtml(current.row()) : QString());
}

QString InferDialog::itemKeys(qsizetype item) const
{
    if (item < 0 || item >= qsizetype(m_project.items.size()))
        return {};
    const model::Item &values = m_project.items[size_t(item)];
    QStringList parts;
    const auto add = [&](const std::vector<model::KeyAttribute> &keys) {
        for (const model::KeyAttribute &key : keys) {
            const auto found = values.find(key.name);
            parts << key.name + QLatin1Char('=')
                    + (found == values.end() ? tr("(none)") : found->second.displayText());
        }
    };
    add(m_project.table.keys.hash);
    add(m_project.table.keys.range);
    return parts.join(QStringLiteral("  "));
}

QString InferDialog::detailsHtml(int row) const
{
    const EntityProposal &proposal = m_model->result().proposals[size_t(row)];
    QString html = headingHtml(row);
    html += QStringLiteral("<p><b>%1</b></p><table cellspacing=\"2\">").arg(tr("Key templates"));
    for (const auto &key : proposal.keys)
        html += QStringLiteral("<tr><td>%1&nbsp;=&nbsp;</td><td>%2</td></tr>")
                    .arg(escaped(key.keyAttribute), code(key.templateText));
    html += QStringLiteral("</table>");
    QStringList outliers;
    html += attributesHtml(proposal.entity, templateParts(proposal, &outliers));
    html += fitHtml(proposal, outliers);
    html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Items"));
    html += itemListHtml(proposal.items);
    html += QStringLiteral("</ul>");
    return html;
}

// The name, then how many items, how sure, where the name comes from, the parent and why.
QString InferDialog::headingHtml(int row) const
{
    const EntityProposal &proposal = m_model->result().proposals[size_t(row)];
    const model::EntityType &entity = proposal.entity;
    const qsizetype size = qsizetype(proposal.items.size());
    QString line = (size == 1 ? tr("1 item") : tr("%1 items").arg(countText(size)))
        + tr(", %1% sure, named from %2.")
              .arg(QString::number(qRound(proposal.confidence * 100)),
                   escaped(proposal.nameSource));
    if (!entity.parent.isEmpty()) {
        // The parent under the name the user gives it here.
        QString parent = entity.parent;
        for (int other = 0; other < m_model->rowCount(); ++other) {
            if (m_model->result().proposals[size_t(other)].entity.name == entity.parent)
                parent = m_model->name(other);
        }
        line += QLatin1Char(' ') + tr("Child of %1.").arg(escaped(parent));
    }
    return QStringLiteral("<h3>%1</h3>").arg(escaped(m_model->name(row)))
        + QStringLiteral("<p>%1<br>%2</p>").arg(line, escaped(proposal.reason));
}

// The attributes the templates name: each one's kind as recognised from its values; `outliers`
// gets a line for each whose values do not all fit that kind.
std::map<QString, InferDialog::PartInfo> InferDialog::templateParts(const EntityProposal &proposal,
                                                                    QStringList *outliers) const
{
    std::map<QString, PartInfo> parts;
    for (const auto &key : proposal.keys) {
        for (const auto &part : key.parts) {
            if (!part.isPlaceholder)
                continue;
            parts.emplace(
                part.attribute,
                PartInfo {part.kind.describe(),
                          part.attributeExisted ? tr("the items' own") : tr("new, from the key")});
            if (part.kind.outlierCount > 0)
                *outliers << tr("%1 in %2: %3 of the values do not fit (%4)")
                                 .arg(code(part.attribute), escaped(key.keyAttribute),
                                      countText(part.kind.outlierCount),
                                      escaped(part.kind.describe()));
        }
    }
    return parts;
}

QString InferDialog::attributesHtml(const model::EntityType &entity,
                                    const std::map<QString, PartInfo> &parts) const
{
    const auto cell = [](const QString &text) {
        return QStringLiteral("<td style=\"padding-right: 14px\">%1</td>").arg(text);
    };
    QString html
        = QStringLiteral("<p><b>%1</b></p><table cellspacing=\"2\"><tr>").arg(tr("Attributes"));
    for (const QString &header :
         {tr("Attribute"), tr("Values"), tr("Type"), tr("Generated as"), tr("Attribute is")})
        html += cell(QStringLiteral("<i>%1</i>").arg(escaped(header)));
    html += QStringLiteral("</tr>");
    QSet<QString> listed;
    for (const model::AttributeSpec &spec : entity.attributes) {
        listed.insert(spec.name);
        const auto part = parts.find(spec.name);
        html += QStringLiteral("<tr>%1%2%3%4%5</tr>")
                    .arg(cell(code(spec.name)),
                         cell(part != parts.end() ? escaped(part->second.values) : QString()),
                         cell(attributeKindText(spec)),
                         cell(escaped(model::ProjectFile::generatorKindName(spec.generator.kind))),
                         cell(part != parts.end() ? escaped(part->second.origin) : QString()));
    }
    for (const auto &[name, part] : parts) {
        if (!listed.contains(name))
            html += QStringLiteral("<tr>%1%2%3%3%4</tr>")
                        .arg(cell(code(name)), cell(escaped(part.values)), cell(QString()),
                             cell(escaped(part.origin)));
    }
    return html + QStringLiteral("</table>");
}

// How well the group fits its templates: near misses and outliers, or that every item fits.
QString InferDialog::fitHtml(const EntityProposal &proposal, const QStringList &outliers) const
{
    QString html;
    if (!proposal.nearMisses.empty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>")
                    .arg(proposal.nearMisses.size() == 1
                             ? tr("Near misses: 1 item shares the prefix but not the shape")
                             : tr("Near misses: %1 items share the prefix but not the shape")
                                   .arg(countText(qsizetype(proposal.nearMisses.size()))));
        html += itemListHtml(proposal.nearMisses) + QStringLiteral("</ul>");
    }
    if (!outliers.isEmpty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Outliers"));
        for (const QString &outlier : outliers)
            html += QStringLiteral("<li>%1</li>").arg(outlier);
        html += QStringLiteral("</ul>");
    }
    if (proposal.nearMisses.empty() && outliers.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(tr("Every item of the group fits its templates."));
    return html;
}

// The first items' keys as list entries, then "and N more".
QString InferDialog::itemListHtml(const std::vector<qsizetype> &items) const
{
    QString html;
    for (qsizetype i = 0; i < qsizetype(items.size()) && i < kListed; ++i)
        html += QStringLiteral("<li>%1</li>").arg(code(itemKeys(items[size_t(i)])));
    if (qsizetype(items.size()) > kListed)
        html += QStringLiteral("<li>%1</li>")
                    .arg(tr("and %1 more").arg(countText(qsizetype(items.size()) - kListed)));
    return html;
}

bool InferDialog::eventFilter(QObject *watched, QEvent *event)
{
    // Keys typed into a name being edited go to its editor, not here.
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const QModelIndex current = m_view->currentIndex();
        if (current.isValid() && key->modifiers() == Qt::NoModifier) {
            const QModelIndex name = m_model->index(current.row(), ProposalModel::Name);
            // Whichever cell has focus, Space is the row's checkbox and F2 its name.
            if (key->key() == Qt::Key_Space) {
                m_model->setData(name,
                                 m_model->isAccepted(current.row()) ? Qt::Unchecked : Qt::Checked,
                                 Qt::CheckStateRole);
                return true;
            }
            if (key->key() == Qt::Key_F2) {
                m_view->setCurrentIndex(name);
                m_view->edit(name);
                return true;
            }
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace keyscope::ui
