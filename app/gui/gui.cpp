#include "app/gui/gui.h"

#include "app/gui/designloader.h"
#include "app/live/networktransport.h"
#include "model/query/queryengine.h"
#include "model/query/tracetimeline.h"
#include "ui/collection/collectionmodel.h"
#include "ui/document/document.h"
#include "ui/live/livewindow.h"
#include "ui/settings/settings.h"
#include "ui/shell/appearance.h"
#include "ui/shell/instancechannel.h"
#include "ui/shell/interopactions.h"
#include "ui/shell/mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIcon>
#include <QMenuBar>
#include <QTimer>

#include <cstdio>

namespace {

const QString kExamples = QStringLiteral(":/examples");
const QString kDefaultExample = QStringLiteral(":/examples/iot/after.keyscope.json");

// KEYSCOPE_STARTUP_TIMING=1 prints when the window was shown and when the opened project's
// items were ready, measured from the start of runGui.
void reportStartup(keyscope::ui::Document *document, const QElapsedTimer &clock)
{
    if (qEnvironmentVariableIsEmpty("KEYSCOPE_STARTUP_TIMING"))
        return;
    std::fprintf(stderr, "startup: window shown after %lld ms\n",
                 static_cast<long long>(clock.elapsed()));
    QObject::connect(
        document, &keyscope::ui::Document::populationReady, document,
        [document, clock] {
            std::fprintf(stderr, "startup: %lld items shown after %lld ms\n",
                         static_cast<long long>(document->table()->itemCount()),
                         static_cast<long long>(clock.elapsed()));
        },
        Qt::SingleShotConnection);
    QObject::connect(
        document, &keyscope::ui::Document::checksReady, document,
        [clock] {
            std::fprintf(stderr, "startup: patterns and checks ready after %lld ms\n",
                         static_cast<long long>(clock.elapsed()));
        },
        Qt::SingleShotConnection);
}

} // namespace

namespace {

// Live > Endpoint...: the live-endpoint window over QtNetwork. A loaded partition replaces the
// open project after the usual save question.
void installLiveMenu(keyscope::ui::MainWindow &window)
{
    QMenu *live = new QMenu(QObject::tr("&Live"), &window);
    live->setObjectName(QStringLiteral("menuLive"));
    const QList<QAction *> menus = window.menuBar()->actions();
    window.menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.last(), live);
    auto *liveWindow = new keyscope::ui::LiveWindow(
        window.document(),
        [](const std::atomic_bool *cancel) {
            auto transport = std::make_unique<keyscope::app::NetworkTransport>();
            transport->setCancelFlag(cancel);
            return std::unique_ptr<keyscope::model::live::LiveTransport>(std::move(transport));
        },
        &window);
    liveWindow->setCurrentQuery([&window] { return window.currentQuery(); });
    QObject::connect(liveWindow, &keyscope::ui::LiveWindow::projectLoaded, &window,
                     [&window](const keyscope::model::Project &project) {
                         if (window.maybeSave())
                             window.document()->setProject(project);
                     });
    QAction *open = live->addAction(QObject::tr("&Endpoint..."), liveWindow, [liveWindow] {
        liveWindow->show();
        liveWindow->raise();
        liveWindow->activateWindow();
    });
    open->setObjectName(QStringLiteral("actionLiveEndpoint"));
    open->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+L")));
    open->setStatusTip(QObject::tr("Connect to a DynamoDB endpoint: browse tables, load a "
                                   "partition, push the project, verify a query"));
}

} // namespace

int runGui(int argc, char **argv)
{
    QElapsedTimer clock;
    clock.start();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Keyscope"));
    QApplication::setOrganizationName(QStringLiteral("Keyscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("Keyscope"));
    // The installed launcher's name (Wayland matches windows to it) and its icon: the theme's,
    // else the one built in.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.keyscope.Keyscope"));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral("io.github.keyscope.Keyscope"),
                         QIcon(QStringLiteral(":/io.github.keyscope.Keyscope.svg"))));

    // A Keyscope already running on this display takes the files, unless --new-instance.
    QStringList args = QApplication::arguments().mid(1);
    const bool newInstance = args.removeAll(QStringLiteral("--new-instance")) > 0;
    QStringList files;
    for (const QString &arg : args)
        files << QFileInfo(arg).absoluteFilePath();
    const QString channelName = keyscope::ui::InstanceChannel::defaultName();
    if (!newInstance && keyscope::ui::InstanceChannel::handOff(channelName, files, 1500))
        return 0;

    keyscope::ui::Settings settings;
    keyscope::ui::applyTheme(settings.theme());
    const bool lastSessionCrashed = settings.sessionRunning();
    settings.setSessionRunning(true);

    keyscope::ui::MainWindow window(&settings, kExamples);
    installLiveMenu(window);
    window.restoreLayout();
    reportStartup(window.document(), clock);
    keyscope::ui::InstanceChannel channel(channelName);
    if (!newInstance) {
        QObject::connect(&channel, &keyscope::ui::InstanceChannel::filesReceived, &window,
                         &keyscope::ui::MainWindow::openLaunchFiles);
        if (!channel.listen())
            std::fprintf(stderr, "keyscope: a second launch will start another window: %s\n",
                         qPrintable(channel.errorString()));
    }

    const bool restored = window.offerRecovery(lastSessionCrashed);
    if (!restored && !files.isEmpty())
        window.openLaunchFiles(files);
    else if (!restored && QFileInfo::exists(kDefaultExample))
        window.openExample(kDefaultExample);
    else if (!restored)
        window.importFiles(QStringLiteral(":/examples/iot/table.json"),
                           QStringLiteral(":/examples/iot/items.json"));
    window.show();

    const int code = app.exec();
    settings.setSessionRunning(false);
    return code;
}

int runHeadlessDemo()
{
    using namespace keyscope::model;
    auto loaded = keyscope::app::loadDesign(QStringLiteral(":/examples/iot/table.json"),
                                            QStringLiteral(":/examples/iot/items.json"));
    if (!loaded.table) {
        std::fprintf(stderr, "%s\n", qPrintable(loaded.error));
        return 1;
    }
    const Table &table = *loaded.table;
    std::printf("Keyscope headless demo: the IoT example (%lld items).\n\n",
                static_cast<long long>(table.itemCount()));
    const QString device = QStringLiteral("DEVICE#D-7731");
    const Partition *partition
        = table.store()->findPartition(AttributeValue::string(device).sortableBytes());
    std::printf(
        "Item collection PK = %s, in DynamoDB's order (UTF-8 bytes, '#' 0x23 < 'D' 0x44):\n",
        qPrintable(device));
    for (std::size_t i = 0; i < partition->entries.size(); ++i)
        std::printf("  %3zu  %s\n", i + 1,
                    qPrintable(keyscope::ui::CollectionModel::displayText(
                        table.attribute(partition->entries[i].item, QStringLiteral("SK")))));

    QueryRequest request;
    request.keyConditionExpression = QStringLiteral("PK = :pk");
    request.expressionAttributeValues = std::map<QString, AttributeValue> {
        {QStringLiteral(":pk"), AttributeValue::string(device)}};
    request.scanIndexForward = false;
    request.limit = 11;
    auto answer = QueryEngine::query(table, request);
    const auto &response = std::get<QueryResponse>(answer);
    std::printf("\nQuery PK = :pk, ScanIndexForward=false, Limit 11 "
                "(the device and its 10 newest readings):\n");
    // The same narration the window plays, one sentence per step.
    const TraceTimeline timeline(response.trace, table);
    for (int i = 0; i < timeline.stepCount(); ++i)
        std::printf("  %2d. %s\n", i + 1, qPrintable(timeline.step(i).narration));
    std::printf("  %s\n", qPrintable(timeline.summary().text));
    std::printf("\nRun `xvfb-run -a keyscope` (or start it on a desktop) to see the window.\n");
    return 0;
}
