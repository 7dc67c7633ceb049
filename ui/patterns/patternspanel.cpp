#include "ui/patterns/patternspanel.h"

#include "ui/patterns/patternlistmodel.h"
#include "ui/widgets/detailview.h"

#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>

namespace keyscope::ui {

PatternsPanel::PatternsPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new PatternListModel(this))
    , m_summary(new QLabel(this))
    , m_list(new QListView(this))
    , m_detail(detailView(this, tr("Access pattern explanation")))
{
    m_summary->setWordWrap(true);
    m_list->setModel(m_model);
    m_list->setAccessibleName(tr("Access patterns"));
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setUniformItemSizes(true);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &PatternsPanel::showCurrent);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(4);
    layout->addWidget(m_summary);
    layout->addWidget(listAndDetail(this, m_list, m_detail), 1);
}

void PatternsPanel::setResults(std::vector<model::PatternResult> results,
                               std::vector<model::AccessPattern> patterns,
                               const QString &populationError)
{
    const QString selected = m_list->currentIndex().data().toString();
    m_model->setResults(std::move(results), std::move(patterns));
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
        if (m_model->index(i).data().toString() == selected)
            row = i;
    }
    if (total > 0)
        m_list->setCurrentIndex(m_model->index(row));
    else
        showCurrent();
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
    m_detail->setPlainText(result ? result->explanation : QString());
    emit currentPatternChanged();
}

} // namespace keyscope::ui
