#include "app/gui/gui.h"

#include <QApplication>
#include <QMainWindow>

#include <cstdio>

int runGui(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Keyscope"));

    QMainWindow window;
    window.setWindowTitle(QStringLiteral("Keyscope"));
    window.resize(1024, 700);
    window.show();

    return app.exec();
}

int runHeadlessDemo()
{
    std::puts("Keyscope headless demo: not implemented yet.");
    return 0;
}
