#pragma once

#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QListWidget;

namespace keyscope::ui {

class Document;
class ErrorLabel;

// What the cost report needs to know about one entity type that its items do not say: the
// writes it receives at peak (creates, updates, deletes per second, and the attributes an update
// changes) and how many there will be per parent at maturity. Empty fields are not declared.
// Each field is a Document edit (typing into one merges into one undo step); a figure the
// project file would refuse is shown as a problem and not applied.
class EntityLoadForm : public QWidget
{
    Q_OBJECT

public:
    explicit EntityLoadForm(Document *document, QWidget *parent = nullptr);

    void setEntity(const QString &entity);
    QString entity() const { return m_entity; }
    // Why the fields as typed are not applied; empty when they are.
    QString problem() const;

private:
    void createFields();
    void layOutFields();
    void projectChanged();
    void writesEdited();
    void countEdited();
    void fillUpdatedAttributes();
    int rowHeight() const; // of the updated attributes' list
    void showProblem();
    // Puts the document's figure in `edit` unless the text already reads as it.
    void showFigure(QLineEdit *edit, std::optional<double> value, bool integer);

    Document *m_document;
    QString m_entity;
    bool m_syncing = false;

    QLineEdit *m_creates = nullptr;
    QLineEdit *m_updates = nullptr;
    QLineEdit *m_deletes = nullptr;
    QListWidget *m_updated = nullptr;
    QLabel *m_updatedHint = nullptr;
    QLabel *m_countLabel = nullptr;
    QLineEdit *m_count = nullptr;
    ErrorLabel *m_problem = nullptr;
};

} // namespace keyscope::ui
