// `keyscope live`'s shared plumbing: option splitting, the connection (Session), its errors.

#include "app/cli/clisupport.h"
#include "app/cli/livecommandparts.h"
#include "model/io/atomicfile.h"
#include "model/io/jsonwriter.h"
#include "model/io/orderedjson.h"
#include "model/live/awscredentials.h"
#include "model/live/cleartextendpoint.h"

#include <algorithm>
#include <limits>

namespace keyscope::cli::livecmd {

using namespace keyscope::model;
using namespace keyscope::model::live;

std::atomic_bool g_interrupted = false;

extern "C" void onInterrupt(int)
{
    g_interrupted = true;
}

std::variant<LiveOptions, QString> splitOptions(const QStringList &args,
                                                const QStringList &valueOptions,
                                                const QStringList &flagOptions)
{
    LiveOptions options;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        QString name = arg;
        std::optional<QString> inlineValue;
        const qsizetype equals = arg.indexOf(QLatin1Char('='));
        if (arg.startsWith(QLatin1String("--")) && equals > 0) {
            name = arg.left(equals);
            inlineValue = arg.mid(equals + 1);
        }
        if (name == QLatin1String("-o"))
            name = QStringLiteral("--out");
        if (valueOptions.contains(name)) {
            if (inlineValue)
                options.values[name] = *inlineValue;
            else if (i + 1 < args.size() && !args.at(i + 1).startsWith(QLatin1String("--")))
                options.values[name] = args.at(++i);
            else
                return QStringLiteral("argument %1: expected one argument").arg(name);
        } else if (flagOptions.contains(name)) {
            if (inlineValue)
                return QStringLiteral("argument %1: ignored explicit argument '%2'")
                    .arg(name, *inlineValue);
            options.flags[name] = true;
        } else {
            options.rest << arg;
        }
    }
    return options;
}

const QStringList kConnectionOptions = {QStringLiteral("--endpoint"), QStringLiteral("--region"),
                                        QStringLiteral("--profile"), QStringLiteral("--timeout")};
const QStringList kConnectionFlags = {QStringLiteral("--yes")};

namespace {

// --timeout as the AWS CLI reads --cli-read-timeout: a whole number of seconds (spaces around
// it and a leading '+' allowed), 0 for no limit; at most what the timer holds in milliseconds.
constexpr qint64 kMaxTimeoutSeconds = std::numeric_limits<int>::max() / 1000;

std::optional<int> timeoutMs(const QString &text)
{
    QString digits = text.trimmed();
    if (digits.startsWith(QLatin1Char('+')))
        digits.remove(0, 1);
    if (digits.isEmpty() || digits.size() > 10
        || !std::all_of(digits.begin(), digits.end(), [](QChar c) { return c.isDigit(); }))
        return std::nullopt;
    const qint64 seconds = digits.toLongLong();
    if (seconds > kMaxTimeoutSeconds)
        return std::nullopt;
    return int(seconds * 1000);
}

// Refuses connection options that would send somewhere other than meant, or never stop:
// kExitOk, or the exit code after the message.
int checkConnectionOptions(const LiveOptions &options)
{
    if (const auto endpoint = options.value(QStringLiteral("--endpoint"));
        endpoint && endpoint->trimmed().isEmpty())
        // An unset shell variable ("--endpoint $URL") must not fall back to AWS with the user's
        // credentials.
        return usageError(usageText({}),
                          QStringLiteral("argument --endpoint: empty value '") + *endpoint
                              + QStringLiteral("' (an unset shell variable?); give the "
                                               "endpoint's URL, or leave --endpoint out to use "
                                               "AWS. Nothing was sent."));
    if (const auto text = options.value(QStringLiteral("--timeout")); text && !timeoutMs(*text))
        return usageError(usageText({}),
                          QStringLiteral("argument --timeout: invalid value: '") + *text
                              + QStringLiteral("' (a whole number of seconds from 0 to %1, about "
                                               "24 days; 0 waits without a limit)")
                                    .arg(kMaxTimeoutSeconds));
    return kExitOk;
}

} // namespace

// Resolves the connection (printing why it cannot be) and opens a client on it.
std::variant<std::unique_ptr<Session>, int> openSession(const LiveOptions &options)
{
    if (int code = checkConnectionOptions(options))
        return code;
    CredentialChain::Options chain;
    chain.endpoint = options.value(QStringLiteral("--endpoint")).value_or(QString());
    chain.region = options.value(QStringLiteral("--region")).value_or(QString());
    chain.profile = options.value(QStringLiteral("--profile")).value_or(QString());
    auto resolved = CredentialChain::resolve(chain, CredentialChain::processEnvironment(), {});
    if (auto *error = std::get_if<QString>(&resolved)) {
        print(stderr, QStringLiteral("keyscope: error: %1\n").arg(*error));
        return kExitConfig;
    }
    const LiveConnection &connection = std::get<LiveConnection>(resolved);
    if (const QString warning = cleartextEndpointWarning(connection.endpoint); !warning.isEmpty()) {
        if (!options.flag(QStringLiteral("--yes"))) {
            print(stderr,
                  QStringLiteral("keyscope: error: ") + warning
                      + QStringLiteral(".\nUse https://, or pass --yes to send anyway. Nothing "
                                       "was sent.\n"));
            return kExitUsage;
        }
        print(stderr,
              QStringLiteral("keyscope: warning: ") + warning
                  + QStringLiteral(" (sent anyway: --yes).\n"));
    }
    auto session = std::make_unique<Session>();
    session->client = std::make_unique<DynamoClient>(session->transport, connection);
    session->client->setTimeoutMs(
        timeoutMs(options.value(QStringLiteral("--timeout")).value_or(QStringLiteral("15")))
            .value_or(15000));
    session->client->setCancelFlag(&g_interrupted);
    session->transport.setCancelFlag(&g_interrupted);
    session->operations = std::make_unique<LiveOperations>(*session->client);
    return session;
}

int failWith(const LiveError &error)
{
    if (error.kind == LiveError::Kind::Service)
        print(stderr, QStringLiteral("\n%1\n").arg(error.toString()));
    else
        print(stderr, QStringLiteral("keyscope: error: %1\n").arg(error.toString()));
    return error.kind == LiveError::Kind::Service ? kExitService : kExitUnreachable;
}

int requireNoRest(const QString &sub, const LiveOptions &options)
{
    if (options.rest.isEmpty())
        return kExitOk;
    return usageError(usageText(sub),
                      QStringLiteral("Unknown options: %1").arg(options.rest.join(u", ")));
}

std::optional<QString> writeAtomically(const QString &path, const QByteArray &bytes)
{
    if (auto reason = writeFileAtomically(path, bytes))
        return path + QStringLiteral(": cannot write: ") + *reason;
    return std::nullopt;
}

QByteArray prettyJson(const QJsonObject &object)
{
    return JsonWriter::write(OrderedJson::fromQJson(object)) + '\n';
}
} // namespace keyscope::cli::livecmd
