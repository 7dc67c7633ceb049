#pragma once

#include "ui/export/diagramexporter.h"

namespace keyscope::ui {

// `keyscope export --animated` (an animated SVG of the whole traversal) and
// `--format frames` (numbered PNG frames in a directory). Called by exportDiagram.
ExportError exportAnimation(const ExportRequest &request, ExportFormat format);

} // namespace keyscope::ui
