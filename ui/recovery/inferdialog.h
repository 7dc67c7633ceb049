#pragma once

#include "model/design/project.h"
#include "model/design/recovery/designrecovery.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPushButton;
class QSplitter;
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
    void createProposalTable();
    QSplitter *createDetailsBelowTable();
    void createFooter();
    void layOutDialog(QSplitter *splitter);
    void connectModel();
    void mergeSelected();
    void updateDetails();
    void updateState();
    QString detailsHtml(int row) const;
    struct PartInfo
    {
        QString values; // the kind of the values
        QString origin; // the items' own attribute, or new
    };
    QString headingHtml(int row) const;
    std::map<QString, PartInfo> templateParts(const model::recovery::EntityProposal &proposal,
                                              QStringList *outliers) const;
    QString attributesHtml(const model::EntityType &entity,
                           const std::map<QString, PartInfo> &parts) const;
    QString fitHtml(const model::recovery::EntityProposal &proposal,
                    const QStringList &outliers) const;
    QString itemListHtml(const std::vector<qsizetype> &items) const;
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
