#pragma once

// What the `keyscope live` subcommands share (internal to app/cli/live*.cpp): the option
// splitter, the connection (Session), error reporting and the subcommands' entry points.

#include "app/live/networktransport.h"
#include "model/live/dynamoclient.h"
#include "model/live/liveerror.h"
#include "model/live/liveoperations.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <variant>

namespace keyscope::cli::livecmd {

inline constexpr int kExitConfig = 253;
inline constexpr int kExitUnreachable = 255;

// Set by Ctrl+C while a read or a write runs (onInterrupt is the SIGINT handler).
extern std::atomic_bool g_interrupted;
extern "C" void onInterrupt(int);

QString usageText(const QString &sub);

// Options of `keyscope live` itself; everything else goes to the query parser (load, verify).
struct LiveOptions
{
    std::map<QString, QString> values;
    std::map<QString, bool> flags;
    QStringList rest;

    std::optional<QString> value(const QString &name) const
    {
        const auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<QString>(it->second);
    }
    bool flag(const QString &name) const { return flags.count(name) > 0; }
};

std::variant<LiveOptions, QString> splitOptions(const QStringList &args,
                                                const QStringList &valueOptions,
                                                const QStringList &flagOptions);

extern const QStringList kConnectionOptions;
extern const QStringList kConnectionFlags;

struct Session
{
    app::NetworkTransport transport;
    std::unique_ptr<model::live::DynamoClient> client;
    std::unique_ptr<model::live::LiveOperations> operations;
};

std::variant<std::unique_ptr<Session>, int> openSession(const LiveOptions &options);
int failWith(const model::live::LiveError &error);
int requireNoRest(const QString &sub, const LiveOptions &options);
std::optional<QString> writeAtomically(const QString &path, const QByteArray &bytes);
QByteArray prettyJson(const QJsonObject &object);

// The subcommands (livetables.cpp, liveload.cpp, livepush.cpp, liveverify.cpp).
int runTables(const QStringList &args);
int runDescribe(const QStringList &args);
int runLoad(const QStringList &args);
int runPush(const QStringList &args);
int runVerify(const QStringList &args);

} // namespace keyscope::cli::livecmd
