#pragma once

#include "model/codegen/codesnippets.h"
#include "model/query/queryrequest.h"

#include <QWidget>

#include <optional>

class QAction;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTimer;

namespace keyscope::ui {

// The "Code" dock: the current request as AWS CLI, Python (boto3), JavaScript (SDK v3) and
// Java (SDK v2), one tab each, read-only and monospaced. Copy (the button, or Ctrl+C with
// nothing selected) puts the whole snippet on the clipboard; Ctrl+C with a selection copies
// the selection as any text view does.
class CodePanel : public QWidget
{
    Q_OBJECT

public:
    using Language = model::CodeSnippets::Language;

    explicit CodePanel(QWidget *parent = nullptr);

    // The table name used when the request names none.
    void setTableName(const QString &name);
    std::optional<model::QueryRequest> request() const { return m_request; }

    Language currentLanguage() const;
    void setCurrentLanguage(Language language);
    // The snippet on show; empty without a request.
    QString currentSnippet() const;
    QString snippet(Language language) const;

public slots:
    void setRequest(const keyscope::model::QueryRequest &request);
    void clear();
    // Copies the current tab's whole snippet.
    void copy();

signals:
    void copied(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();

    QTabWidget *m_tabs = nullptr;
    QPlainTextEdit *m_editors[4] = {};
    QPushButton *m_copy = nullptr;
    QTimer *m_copiedTimer = nullptr;
    std::optional<model::QueryRequest> m_request;
    QString m_tableName;
};

} // namespace keyscope::ui
