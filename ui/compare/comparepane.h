#pragma once

#include <QString>
#include <QWidget>

#include <optional>

class QLabel;
class QVBoxLayout;

namespace keyscope::ui {

class CollectionPane;

// One side of the side-by-side comparison: the design's title, the access pattern's verdict,
// its collection (a CollectionPane, hosted not owned by the mode), and the narration and summary
// of the step the shared player is showing. The pane never owns a clock: setPosition maps the
// one player's step onto its own timeline, holding the last step once its trace has ended.
class ComparePane : public QWidget
{
    Q_OBJECT

public:
    explicit ComparePane(QWidget *parent = nullptr);

    // Puts a collection pane in the middle (reparenting it); null removes the current one.
    void setCollectionPane(CollectionPane *pane);
    CollectionPane *collectionPane() const { return m_pane; }

    void setTitle(const QString &title, const QString &subtitle);
    QString title() const;
    QString subtitle() const;

    // The access pattern's verdict; nullopt hides it (a Query Builder query).
    void setVerdict(std::optional<bool> passed, const QString &explanation);
    QString verdict() const;

    // A plain sentence shown above the collection when there is nothing to animate ("This
    // design has no access pattern named ..."); empty hides it.
    void setMessage(const QString &text);
    QString message() const;

    // Re-reads the view's timeline (after it changed) and shows the current step again.
    void timelineChanged();

    QString narration() const;
    QString summary() const;
    // The step this pane's view shows (-1 without a timeline).
    int shownStep() const { return m_shownStep; }

    void setPresenting(bool presenting);

public slots:
    // The one player's position: the same step index on every pane; a shorter timeline holds
    // its last step.
    void setPosition(int stepIndex, double transition);

private:
    void showStep(int step);
    void applyFonts();

    QVBoxLayout *m_layout;
    QLabel *m_title;
    QLabel *m_subtitle;
    QLabel *m_step;
    QLabel *m_verdictIcon;
    QLabel *m_verdict;
    QWidget *m_verdictRow;
    QLabel *m_message;
    QLabel *m_narration;
    QLabel *m_summary;
    CollectionPane *m_pane = nullptr;
    int m_playerStep = -1;
    double m_transition = 1.0;
    int m_shownStep = -1;
    const void *m_timeline = nullptr; // the view's timeline when the summary was read
    bool m_timelineStale = true;
    bool m_shownFinished = false;
    std::optional<bool> m_passed;
    QString m_explanation;
    bool m_presenting = false;
};

} // namespace keyscope::ui
