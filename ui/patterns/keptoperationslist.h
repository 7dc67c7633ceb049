#pragma once

#include "model/interop/mcpoperations.h"

#include <QWidget>

#include <vector>

class QLabel;
class QListWidget;

namespace keyscope::ui {

// The operations an AWS DynamoDB MCP file brought that Keyscope keeps but does not run (GetItem,
// PutItem, Scan, ...), under the access patterns: a title with their count and one row each,
// a warning mark on those whose key is wrong or that Scan. Hidden when there are none.
class KeptOperationsList : public QWidget
{
    Q_OBJECT

public:
    explicit KeptOperationsList(QWidget *parent = nullptr);

    void setOperations(std::vector<model::KeptOperation> operations);
    int count() const { return int(m_operations.size()); }
    QListWidget *listWidget() const { return m_list; }
    // What a row says in full: the operation, its key, what is wrong, why it is not run.
    static QString explanation(const model::KeptOperation &operation);

signals:
    // A row was chosen: its explanation.
    void operationChosen(const QString &explanation);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fitHeight();

    QLabel *m_title;
    QListWidget *m_list;
    std::vector<model::KeptOperation> m_operations;
};

} // namespace keyscope::ui
