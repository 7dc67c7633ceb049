#pragma once

#include <QWidget>

class QAction;
class QLabel;

namespace keyscope::ui {

class Document;

// What a new, empty design shows where the collection will be: what a design is made of and
// the first actions (add an entity type, open an example, import a table, open a file), as
// Qt Creator's and Kate's welcome pages invite the first step. It covers the collection area
// while the project has neither entity types nor items, and gets out of the way after.
class EmptyDesign : public QWidget
{
    Q_OBJECT

public:
    struct Actions
    {
        QAction *addEntity = nullptr;
        QAction *openExample = nullptr;
        QAction *import = nullptr;
        QAction *open = nullptr;
    };

    // Covers `area` (kept to its size) and follows `document`.
    EmptyDesign(Document *document, QWidget *area, const Actions &actions);

    // True while the design is empty (the overlay shows).
    bool designIsEmpty() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();

    Document *m_document;
    QWidget *m_area;
};

} // namespace keyscope::ui
