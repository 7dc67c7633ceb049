#include "ui/export/framesequence.h"

#include "model/io/fileset.h"
#include "ui/export/animatedsvg.h"

#include <QDir>
#include <QRegularExpression>

namespace keyscope::ui {

namespace {

QString durationText(qint64 ms)
{
    QString text = QString::number(double(ms) / 1000.0, 'f', 3);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text;
}

} // namespace

QString frameFileName(int index, int count)
{
    const int digits = std::max(3, int(QString::number(std::max(0, count - 1)).size()));
    return QStringLiteral("frame-%1.png").arg(index, digits, 10, QLatin1Char('0'));
}

namespace {

// frame-NNN.png files of an earlier, longer export: a glob such as frame-*.png would show them.
QStringList staleFrames(const QDir &dir, int count)
{
    static const QRegularExpression framePattern(QStringLiteral("^frame-(\\d+)\\.png$"));
    QStringList stale;
    for (const QString &name : dir.entryList({QStringLiteral("frame-*.png")}, QDir::Files)) {
        const auto match = framePattern.match(name);
        if (match.hasMatch() && match.captured(1).toInt() >= count)
            stale << dir.filePath(name);
    }
    return stale;
}

// Every frame and the index, staged in `set`; an error when a frame cannot be encoded.
ExportError stageFrames(ExportDiagram &diagram, const QDir &dir, double scale, model::FileSet &set)
{
    const std::vector<AnimationFrame> frames = diagram.timeline()
        ? animationFrames(*diagram.timeline())
        : std::vector<AnimationFrame> {{-1, 0, kAnimationHoldMs}};
    const int count = int(frames.size());
    QString index = QStringLiteral("ffconcat version 1.0\n"
                                   "# Keyscope traversal: %1 frames (the last is the final "
                                   "state); durations in seconds.\n")
                        .arg(count);
    for (int i = 0; i < count; ++i) {
        diagram.setStep(frames[size_t(i)].step);
        const QByteArray png = encodePng(diagram.toImage(scale));
        if (png.isEmpty())
            return {ExportError::Kind::Output, QStringLiteral("could not encode the PNG")};
        const QString name = frameFileName(i, count);
        if (!set.add(dir.filePath(name), png))
            return {};
        index += QStringLiteral("file '%1'\nduration %2\n")
                     .arg(name, durationText(frames[size_t(i)].durationMs));
    }
    // ffmpeg's concat demuxer applies the last duration only when the file is listed again.
    index += QStringLiteral("file '%1'\n").arg(frameFileName(count - 1, count));
    set.add(dir.filePath(QStringLiteral("frames.ffconcat")), index.toUtf8());
    for (const QString &stale : staleFrames(dir, count))
        set.removeAfterwards(stale);
    return {};
}

} // namespace

ExportError writeFrameSequence(ExportDiagram &diagram, const QString &directory, double scale,
                               const QStringList &inputs)
{
    using Kind = ExportError::Kind;
    const QDir dir(directory);
    if (QFileInfo(directory).exists() && !QFileInfo(directory).isDir())
        return {Kind::Output,
                QStringLiteral("%1: exists and is not a directory; --format frames writes a "
                               "directory of PNG files")
                    .arg(directory)};
    const bool created = !dir.exists();
    if (!dir.mkpath(QStringLiteral(".")))
        return {Kind::Output, QStringLiteral("%1: cannot create the directory").arg(directory)};

    const int shown = diagram.step();
    fitAllFrames(diagram);
    model::FileSet set(inputs);
    ExportError error = stageFrames(diagram, dir, scale, set);
    diagram.setStep(shown);
    if (!error && !set.commit())
        error = {Kind::Output, set.failedPath() + QStringLiteral(": ") + set.errorString()};
    if (error && created)
        QDir().rmdir(directory); // nothing was written: the new directory goes too
    return error;
}

} // namespace keyscope::ui
