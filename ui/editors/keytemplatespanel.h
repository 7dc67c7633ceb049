#pragma once

#include "model/design/keypreview.h"

#include <QMap>
#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;
class QVBoxLayout;

namespace keyscope::ui {

class Document;
class KeyTemplateEdit;

// The key templates of one entity type, one per key attribute of the table and its indexes,
// each with syntax colouring, its error at the column, and a live preview of the key for
// sample values with how each part was made. Below them, the sample values (editable).
//
// Editing rule: a template is applied to the document (Document::setKeyTemplate, typing merges
// into one undo step) only while it is valid: it parses, every placeholder names a value and
// the key renders with the type its attribute has. An invalid template stays in its field,
// with its error, and the document keeps the last valid one, so the collection never breaks
// and no typing is lost; undo and redo put the document's template back into the field.
// An empty template takes the entity type out of an index (sparse); the table's own key
// attributes need one.
class KeyTemplatesPanel : public QWidget
{
    Q_OBJECT

public:
    explicit KeyTemplatesPanel(Document *document, QWidget *parent = nullptr);
    ~KeyTemplatesPanel() override;

    void setEntity(const QString &entity);
    QString entity() const { return m_entity; }

    // The field of a key attribute ("SK"), null when the table has no such key.
    KeyTemplateEdit *templateEdit(const QString &keyAttribute) const;
    // What the panel says about a key attribute: its error ("... at column 14 ...") or "".
    QString errorText(const QString &keyAttribute) const;
    // The preview of a key attribute as plain text: the key, then one line per part.
    QString previewText(const QString &keyAttribute) const;
    QTableWidget *sampleTable() const { return m_samples; }

    // Overrides a sample value for the preview (not part of the project; not undoable).
    bool setSampleValue(const QString &name, const QString &text);
    void resetSampleValues();

    // What the design holds instead of a field's text that does not parse yet, in a sentence
    // for the collection ("The collection shows Reading's SK from its last valid template,
    // ..."); empty while every field is the design's.
    QString pendingNotice() const { return m_pendingNotice; }

signals:
    // Plain words for the status bar.
    void message(const QString &text);
    void pendingNoticeChanged(const QString &notice);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Row
    {
        QString key;
        bool required = false; // a table key: every item needs it
        // The entity has an attribute of the key's name: without a template, the key is that
        // attribute's value (a table key is met, the items are in the index).
        bool fromAttribute = false;
        std::optional<model::AttributeValue::Type> type;
        QWidget *box = nullptr;
        KeyTemplateEdit *edit = nullptr;
        QLabel *error = nullptr;
        // Quick fixes for an unknown placeholder: an ancestor's attribute of that name, or a
        // new attribute of this entity type.
        QPushButton *useAncestor = nullptr;
        QPushButton *addAttribute = nullptr;
        QString missing;      // the unknown name ("CustomerId")
        QString ancestorName; // "Customer.CustomerId" when an ancestor has it
        QLabel *preview = nullptr;
        QString applied; // the document's template when the field last matched it
        model::KeyPreview::Result result;
    };

    void rebuild();
    // Says why there are no rows (no entity type, a table without keys); false without one.
    bool showEntityState(const model::EntityType *entity);
    static QWidget *lastTabStopBefore(QWidget *widget);
    Row makeRow(const model::EntityType &entity, const QString &key, const QStringList &roles,
                bool tableKey);
    QLabel *addRowTitle(Row &row, QVBoxLayout *box, const QStringList &roles);
    void addRowEdit(Row &row, QVBoxLayout *box, const QStringList &roles);
    void addRowFeedback(Row &row, QVBoxLayout *box);
    void putRowsInTabOrder(QWidget *beforeRows);
    void connectRow(Row &row);
    void projectChanged();
    void refreshSamples();
    void fillSampleTable();
    void sampleItemChanged(QTableWidgetItem *item);
    void templateEdited(Row &row, const QString &text);
    // Applies the field text of the row for `key` that parses now but did not when typed.
    void applyPending(const QString &key);
    void reportPending();
    void renderRow(Row &row);
    void wordUnknownName(model::TemplateError &error) const;
    QString previewHtml(const Row &row, const QString &text) const;
    QString partHtml(const model::KeyTemplate::PartTrace &part) const;
    void renderQuickFixes(Row &row);
    void useAncestorAttribute(Row &row);
    void addMissingAttribute(Row &row);
    // Empty when the text may be applied; else why not (the error's text).
    QString validity(const Row &row, const QString &text) const;
    QString dimColor() const;
    Row *row(const QString &key);
    const Row *row(const QString &key) const;

    Document *m_document;
    QString m_pendingNotice;
    QString m_entity;
    QStringList m_keys; // the key attributes the rows were built for
    std::vector<Row> m_rows;
    std::vector<model::SampleValue> m_sampleValues;
    QMap<QString, QString> m_overrides; // sample name -> typed text, for m_entity
    QVBoxLayout *m_rowsLayout;
    QLabel *m_empty;
    QTableWidget *m_samples;
    QLabel *m_sampleError;
    QPushButton *m_reset;
    bool m_fillingSamples = false;
};

} // namespace keyscope::ui
