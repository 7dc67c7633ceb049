#pragma once

#include <QObject>
#include <QStringList>

class QLocalServer;
class QLocalSocket;

namespace keyscope::ui {

// One Keyscope window per user and display, as KDE applications do: a second launch hands the
// files it was given to the running Keyscope over a local socket and exits, and the running
// window opens them and comes to the front. `keyscope --new-instance` starts another anyway.
//
// The message is one line of JSON, an array of absolute paths; the running side answers "ok".
class InstanceChannel : public QObject
{
    Q_OBJECT

public:
    // The socket for this user and this display (X11's DISPLAY or WAYLAND_DISPLAY), in the
    // user's runtime folder.
    static QString defaultName();

    // Hands `absolutePaths` to the Keyscope listening on `name`; true once it has taken them,
    // false when none answers within `timeoutMs`.
    static bool handOff(const QString &name, const QStringList &absolutePaths,
                        int timeoutMs = 3000);

    explicit InstanceChannel(const QString &name, QObject *parent = nullptr);

    // Becomes the running Keyscope for `name` (a socket left by one that crashed is replaced);
    // false when the socket cannot be made.
    bool listen();
    QString errorString() const;

signals:
    void filesReceived(const QStringList &absolutePaths);

private:
    void readMessage(QLocalSocket *socket);

    QString m_name;
    QLocalServer *m_server = nullptr;
};

} // namespace keyscope::ui
