#pragma once

#include "model/design/accesspatternrunner.h"

#include <QWidget>

class QLabel;
class QListView;
class QPlainTextEdit;

namespace keyscope::ui {

class PatternListModel;

// The Access Patterns panel: a summary line ("2 of 5 fail."), the patterns with their pass/fail
// badges, and the explanation of the selected one. It presents the verdicts; showing the
// selected pattern's Query is the main window's business (currentPatternChanged).
class PatternsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PatternsPanel(QWidget *parent = nullptr);

    // New verdicts; the pattern selected before stays selected when it still exists.
    // populationError: why nothing could run (empty when the project populates).
    void setResults(std::vector<model::PatternResult> results,
                    std::vector<model::AccessPattern> patterns, const QString &populationError);

    const model::PatternResult *currentResult() const;
    int currentRow() const;
    PatternListModel *model() const { return m_model; }
    QListView *listView() const { return m_list; }

signals:
    void currentPatternChanged();

private:
    void showCurrent();

    PatternListModel *m_model;
    QLabel *m_summary;
    QListView *m_list;
    QPlainTextEdit *m_detail;
};

} // namespace keyscope::ui
