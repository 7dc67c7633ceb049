#pragma once

#include "model/design/project.h"
#include "model/design/recovery/designrecovery.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace keyscope::ui {

class ProposalModel;

// Design > Infer Entity Types: the proposals of a design recovery for review before they
// become entity types. One row per proposal (accept with its checkbox or Space, rename with F2,
// select rows and Merge); the selected one's templates, attributes, near misses and outliers
// below; what stays hand-written at the bottom. Enter applies, Esc cancels.
class InferDialog : public QDialog
{
    Q_OBJECT

public:
    // `project` is the one the result was recovered from (its items and table; its entity
    // types for names already taken).
    InferDialog(const model::recovery::RecoveryResult &result, const model::Project &project,
                QWidget *parent = nullptr);

    ProposalModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QPushButton *mergeButton() const { return m_merge; }
    QPushButton *okButton() const;

    // The result as reviewed (merges applied) and the decision for each of its proposals.
    const model::recovery::RecoveryResult &reviewed() const;
    std::vector<model::recovery::DesignRecovery::Decision> decisions() const;

    // Merges proposal `from` into `into` (DesignRecovery::merge re-infers it); `into` keeps
    // its name and decision. False when the rows are not two different proposals.
    bool merge(int into, int from);
    // Merges every row of `rows` into the first, which keeps its name and decision. False
    // unless rows holds two or more different proposals and nothing else.
    bool merge(const std::vector<int> &rows);
    // Why OK is refused (an empty or taken name), empty when the decisions can be applied.
    QString problem() const;
    QString detailsText() const;
    QString summaryText() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void mergeSelected();
    void updateDetails();
    void updateState();
    QString detailsHtml(int row) const;
    QString itemKeys(qsizetype item) const;

    const model::Project &m_project;
    ProposalModel *m_model;
    QLabel *m_intro;
    QTableView *m_view;
    QTextBrowser *m_details;
    QLabel *m_summary;
    QLabel *m_problem;
    QPushButton *m_merge;
    QDialogButtonBox *m_buttons;
};

} // namespace keyscope::ui
