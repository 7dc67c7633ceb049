#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <vector>

namespace keyscope::model {
class TraceTimeline;
}

namespace keyscope::ui {

class ExportDiagram;

// One picture of an animated export: a timeline step (or the final state) and when it shows.
struct AnimationFrame
{
    int step = -1; // timeline step; -1: the final state (result numbers and summary)
    qint64 startMs = 0;
    qint64 durationMs = 0;
    // How far the step's movement (cursor glide, probe landing) has come: 1 once landed. The
    // animated SVG paints each step at 0 and at 1 to make moving shapes glide.
    double transition = 1.0;
};

// When a step's movement has ended in the animation (its share of the step, as in the app):
// the time step forward lands on. The animation glides whatever the timeline's transitions.
qint64 stepLandsAt(const AnimationFrame &frame);

// How long the final state stays up before the animation starts over.
constexpr qint64 kAnimationHoldMs = 3000;

// Every step of the timeline at its own time, then the final state for holdMs.
std::vector<AnimationFrame> animationFrames(const model::TraceTimeline &timeline,
                                            qint64 holdMs = kAnimationHoldMs);

// Gives the diagram one size for all its frames (the tallest caption wins), so that frames
// line up.
void fitAllFrames(ExportDiagram &diagram);

// The whole traversal as one SVG that plays by itself and loops: no script, CSS animation.
//
// Every frame is painted through the one renderer (ExportDiagram::paint onto QSvgGenerator);
// the frames' drawing elements are merged into one list that keeps every frame's paint order,
// each element stored once and shown, through CSS keyframes on `visibility`, during the frames
// that drew it. Elements drawn in every frame are the static base. Without CSS animations (or
// with prefers-reduced-motion) the picture is the final state. Identical inputs give identical
// bytes. On failure returns an empty array and sets *error.
//
// Painting every frame whole costs rows x steps; by default each row's states are painted once
// and frames are composed from them (checked against whole paintings; same bytes).
// wholeFrames paints every frame whole: the slow reference. *composed tells which was done.
QByteArray animatedSvg(ExportDiagram &diagram, const QString &title, QString *error = nullptr,
                       qint64 holdMs = kAnimationHoldMs, bool wholeFrames = false,
                       bool *composed = nullptr);

// The same drawing for the HTML lesson page (lessonpage.h), which inlines it: no XML declaration
// and no title (`label` is its accessible name); its classes and keyframes are named with
// `prefix` (a letter first; one prefix per picture on the page), and its animations stand paused
// for the page's script, which sets their time (Web Animations API) and jumps between steps
// under reduced motion.
QByteArray playerSvg(ExportDiagram &diagram, const QByteArray &prefix, const QString &label,
                     QString *error = nullptr);

} // namespace keyscope::ui
