#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QTimer;
class QToolButton;

namespace keyscope::ui {

class Document;

// The document's background work, for the status bar: "Populating 1,000,000 items… 43%" with a
// bar and Cancel while it populates, then "Running access patterns and checks…". It shows only
// for work that takes a while (a quick recompute would flicker).
class PopulationProgress : public QWidget
{
    Q_OBJECT

public:
    explicit PopulationProgress(Document *document, QWidget *parent = nullptr);

    QString text() const;
    QToolButton *cancelButton() const { return m_cancel; }
    void setDelay(int ms);

private:
    void update(int perMille);

    Document *m_document;
    QLabel *m_label;
    QProgressBar *m_bar;
    QToolButton *m_cancel;
    QTimer *m_delay;
    int m_perMille = 0;
};

} // namespace keyscope::ui
