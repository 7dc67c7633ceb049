#pragma once

#include "ui/export/diagramexporter.h"

#include <QString>
#include <QStringList>

namespace keyscope::ui {

// The traversal as numbered PNG frames in a directory, for slides and video tools:
// frame-000.png ... one per timeline step, then the final state (the last frame), all of one
// size (times --scale), plus frames.ffconcat, an index with each frame's duration that ffmpeg
// reads as is:
//
//     ffmpeg -f concat -i DIR/frames.ffconcat -vf "fps=30,format=yuv420p" traversal.mp4
//
// The directory is created if needed. The frames are written whole or not at all (a FileSet):
// on a failure the directory keeps its earlier frames. Frames of an earlier, longer export
// (frame-NNN.png past the last one) are removed so that a glob sees this traversal only; other
// files, and `inputs`, are left alone.
ExportError writeFrameSequence(ExportDiagram &diagram, const QString &directory, double scale,
                               const QStringList &inputs = {});

// The name of frame `index` of `count` ("frame-007.png"): at least three digits.
QString frameFileName(int index, int count);

} // namespace keyscope::ui
