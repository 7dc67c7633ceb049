#include "ui/export/framesequence.h"

#include "model/io/atomicfile.h"
#include "ui/export/animatedsvg.h"

#include <QDir>
#include <QRegularExpression>

namespace keyscope::ui {

namespace {

ExportError writeFile(const QString &path, const QByteArray &bytes)
{
    if (auto reason = model::writeFileAtomically(path, bytes))
        return {ExportError::Kind::Output, path + QStringLiteral(": ") + *reason};
    return {};
}

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

ExportError writeFrameSequence(ExportDiagram &diagram, const QString &directory, double scale)
{
    using Kind = ExportError::Kind;
    QDir dir(directory);
    if (QFileInfo(directory).exists() && !QFileInfo(directory).isDir())
        return {Kind::Output,
                QStringLiteral("%1: exists and is not a directory; --format frames writes a "
                               "directory of PNG files")
                    .arg(directory)};
    if (!dir.mkpath(QStringLiteral(".")))
        return {Kind::Output, QStringLiteral("%1: cannot create the directory").arg(directory)};

    const int shown = diagram.step();
    fitAllFrames(diagram);
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
        if (png.isEmpty()) {
            diagram.setStep(shown);
            return {Kind::Output, QStringLiteral("could not encode the PNG")};
        }
        const QString name = frameFileName(i, count);
        if (ExportError error = writeFile(dir.filePath(name), png)) {
            diagram.setStep(shown);
            return error;
        }
        index += QStringLiteral("file '%1'\nduration %2\n")
                     .arg(name, durationText(frames[size_t(i)].durationMs));
    }
    diagram.setStep(shown);
    // ffmpeg's concat demuxer applies the last duration only when the file is listed again.
    index += QStringLiteral("file '%1'\n").arg(frameFileName(count - 1, count));
    if (ExportError error
        = writeFile(dir.filePath(QStringLiteral("frames.ffconcat")), index.toUtf8()))
        return error;

    // Stale frames of a longer earlier export would mislead a glob such as frame-*.png.
    static const QRegularExpression framePattern(QStringLiteral("^frame-(\\d+)\\.png$"));
    for (const QString &name : dir.entryList({QStringLiteral("frame-*.png")}, QDir::Files)) {
        const auto match = framePattern.match(name);
        if (match.hasMatch() && match.captured(1).toInt() >= count)
            dir.remove(name);
    }
    return {};
}

} // namespace keyscope::ui
