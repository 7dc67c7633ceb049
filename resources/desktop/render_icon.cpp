// Build tool: renders the application icon's SVG as square PNGs for the hicolor icon theme.
// usage: keyscope_render_icon ICON.svg OUT_DIR SIZE... (writes OUT_DIR/SIZE.png)
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QGuiApplication::arguments();
    if (args.size() < 4) {
        std::fputs("usage: keyscope_render_icon ICON.svg OUT_DIR SIZE...\n", stderr);
        return 2;
    }
    QSvgRenderer svg(args[1]);
    if (!svg.isValid()) {
        std::fprintf(stderr, "keyscope_render_icon: %s: not a valid SVG\n", qPrintable(args[1]));
        return 1;
    }
    QDir().mkpath(args[2]);
    for (const QString &text : args.mid(3)) {
        const int size = text.toInt();
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter);
        painter.end();
        const QString out = QDir(args[2]).filePath(text + QStringLiteral(".png"));
        if (!image.save(out, "PNG")) {
            std::fprintf(stderr, "keyscope_render_icon: cannot write %s\n", qPrintable(out));
            return 1;
        }
    }
    return 0;
}
