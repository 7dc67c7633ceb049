#pragma once

#include <QWidget>

class QLabel;

namespace keyscope::ui {

class TracePlayer;

// A thin timeline for when the trace panel is out of sight (presenter mode, side by side):
// a progress line with a tick at each step's start, and "Step 4 of 19" beside it. Clicking or
// dragging on the line scrubs. It reads the player and owns no clock.
class TimelineStrip : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineStrip(TracePlayer *player, QWidget *parent = nullptr);

    // Presenter mode: larger type and a thicker line.
    void setScale(double scale);
    QString stepText() const;
    // The share of the timeline played, 0..1.
    double progress() const;
    // Where the line is drawn (for hit tests).
    QRect lineRect() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateStep();
    void seekTo(int x);
    int lineThickness() const;

    TracePlayer *m_player;
    QLabel *m_step;
    double m_scale = 1.0;
};

} // namespace keyscope::ui
