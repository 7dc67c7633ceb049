#pragma once

#include "ui/export/diagramexporter.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <variant>
#include <vector>

namespace keyscope::ui {

// One design on a lesson page: its diagram and, beside another, its label ("Before", "After").
struct LessonPageDesign
{
    std::unique_ptr<ExportDiagram> diagram;
    QString label;
};

// The lesson page: one self-contained HTML file that plays a traversal with the app's transport
// (play/pause, step, scrub, speed, the narration of each step, keyboard shortcuts), for a web
// browser opening it from disk or inside an iframe. Nothing is loaded from anywhere: the style
// sheet and the script (resources/lesson, in the qrc) are inlined, and so is each design's
// drawing, the animated SVG's elements painted by the one renderer and shared between steps
// (playerSvg), whose time the script sets; the fonts the drawings name (DejaVu, cut down at
// build time, in the qrc) are @font-face rules with data: URLs. Two designs play in step (the shorter traversal holds
// its last step). `predict` embeds predict mode's questions (model/teach, lessonJson) for the
// first design, asked before the steps as in the app. Identical inputs give identical bytes.
std::variant<QByteArray, ExportError> lessonPageHtml(std::vector<LessonPageDesign> &designs,
                                                     bool predict);

// How a lesson page draws its diagrams: the theme, background and legend of `look`, without the
// heading and the caption, which the page shows as text beside the picture.
ExportLook lessonLook(ExportLook look);

// `keyscope export ... --format html`: the request's pattern or Query on its project (and on
// compareProjectPath beside it) as a lesson page.
ExportError exportLessonPage(const ExportRequest &request);

} // namespace keyscope::ui
