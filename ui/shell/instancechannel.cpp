#include "ui/shell/instancechannel.h"

#include <QCryptographicHash>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>
#include <QStandardPaths>

#include <unistd.h>

namespace keyscope::ui {

namespace {

constexpr qint64 kMaxMessageBytes = 1 << 20; // a megabyte of paths is far more than a launch

} // namespace

QString InstanceChannel::defaultName()
{
    const QByteArray display = qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        ? qgetenv("DISPLAY")
        : qgetenv("WAYLAND_DISPLAY");
    const QString tag = QString::fromLatin1(
        QCryptographicHash::hash(display, QCryptographicHash::Sha1).toHex().left(12));
    QString folder = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (folder.isEmpty())
        folder = QDir::tempPath();
    return QDir(folder).filePath(
        QStringLiteral("keyscope-%1-%2.socket").arg(QString::number(::getuid()), tag));
}

bool InstanceChannel::handOff(const QString &name, const QStringList &absolutePaths, int timeoutMs)
{
    QLocalSocket socket;
    socket.connectToServer(name);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    QByteArray message
        = QJsonDocument(QJsonArray::fromStringList(absolutePaths)).toJson(QJsonDocument::Compact);
    message += '\n';
    socket.write(message);
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    while (!socket.canReadLine()) {
        if (!socket.waitForReadyRead(timeoutMs))
            return false;
    }
    return socket.readLine().trimmed() == "ok";
}

InstanceChannel::InstanceChannel(const QString &name, QObject *parent)
    : QObject(parent)
    , m_name(name)
    , m_server(new QLocalServer(this))
{
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    connect(m_server, &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket *socket = m_server->nextPendingConnection()) {
            connect(socket, &QLocalSocket::readyRead, this,
                    [this, socket] { readMessage(socket); });
            connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
            readMessage(socket);
        }
    });
}

bool InstanceChannel::listen()
{
    if (m_server->listen(m_name))
        return true;
    // Nobody answered on it (the caller tried handOff first): a socket left by a crash.
    QLocalServer::removeServer(m_name);
    return m_server->listen(m_name);
}

QString InstanceChannel::errorString() const
{
    return m_server->errorString();
}

void InstanceChannel::readMessage(QLocalSocket *socket)
{
    if (!socket->canReadLine()) {
        if (socket->bytesAvailable() > kMaxMessageBytes)
            socket->abort();
        return;
    }
    const QJsonDocument message = QJsonDocument::fromJson(socket->readLine());
    QStringList paths;
    for (const QJsonValue &path : message.array())
        if (path.isString() && QDir::isAbsolutePath(path.toString()))
            paths << path.toString();
    socket->write(message.isArray() ? "ok\n" : "error\n");
    socket->flush();
    socket->disconnectFromServer();
    if (message.isArray())
        emit filesReceived(paths);
}

} // namespace keyscope::ui
