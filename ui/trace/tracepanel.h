#pragma once

#include "model/query/tracetimeline.h"

#include <QWidget>

#include <memory>

class QAction;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QPlainTextEdit;
class QSlider;
class QToolButton;

namespace keyscope::ui {

class TracePlayer;

// The transport and narration for the Query being animated: restart, step back, play/pause,
// step forward, end; a scrubbable timeline; speed; the narration of the step showing and the
// page's summary. It drives a TracePlayer and owns no clock of its own.
class TracePanel : public QWidget
{
    Q_OBJECT

public:
    enum class Glyph { Restart, StepBack, Play, Pause, StepForward, End };

    explicit TracePanel(TracePlayer *player, QWidget *parent = nullptr);

    // The query as text above the narration (what was run); empty clears.
    void setRequestText(const QString &text);
    void setTimeline(std::shared_ptr<const model::TraceTimeline> timeline);

    QString narration() const;
    // A button for `action` after the transport controls (e.g. export the current step).
    void addTransportAction(QAction *action);

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateIcons();
    void updatePosition(qint64 ms);
    void updateStep(int index, const QString &narration);
    void updatePlaying(bool playing);

    TracePlayer *m_player;
    std::shared_ptr<const model::TraceTimeline> m_timeline;
    QToolButton *m_restart;
    QToolButton *m_back;
    QToolButton *m_play;
    QToolButton *m_forward;
    QToolButton *m_end;
    QHBoxLayout *m_transport = nullptr;
    QSlider *m_slider;
    QComboBox *m_speed;
    QLabel *m_stepLabel;
    QLabel *m_narration;
    QLabel *m_summary;
    QPlainTextEdit *m_request;
    bool m_playing = false;
};

} // namespace keyscope::ui
