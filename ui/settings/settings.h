#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

class QSettings;

namespace keyscope::ui {

// The application's persistent preferences, typed. The only place that knows QSettings keys;
// the model never sees settings. Construct with a QSettings for tests, or without one for the
// application's default (organization/application name) store.
class Settings : public QObject
{
    Q_OBJECT

public:
    enum class Theme { System, Light, Dark };
    Q_ENUM(Theme)

    static constexpr int kMaxRecentFiles = 10;
    static constexpr int kDefaultAutosaveSeconds = 30;

    explicit Settings(QObject *parent = nullptr);
    // Reads and writes the given file (INI format), for tests and portable setups.
    explicit Settings(const QString &iniPath, QObject *parent = nullptr);
    ~Settings() override;

    // Most recent first, without duplicates, at most kMaxRecentFiles.
    QStringList recentFiles() const;
    void addRecentFile(const QString &path);
    void removeRecentFile(const QString &path);
    void clearRecentFiles();

    // The folder the last export went to (empty before the first export).
    QString lastExportFolder() const;
    void setLastExportFolder(const QString &folder);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);

    Theme theme() const;
    void setTheme(Theme theme);
    static QString themeName(Theme theme); // "system", "light", "dark"

    // Animations jump to their end state instead of moving.
    bool reducedMotion() const;
    void setReducedMotion(bool reduced);

    // Seconds between autosaves of a modified project to the recovery file; at least 5.
    int autosaveIntervalSeconds() const;
    void setAutosaveIntervalSeconds(int seconds);

    // True between startup and a clean exit: still true at the next start means the last
    // session ended without closing (crash, kill), so a recovery file is worth offering.
    bool sessionRunning() const;
    void setSessionRunning(bool running);

    void sync();

signals:
    void recentFilesChanged();
    void themeChanged(keyscope::ui::Settings::Theme theme);
    void reducedMotionChanged(bool reduced);
    void autosaveIntervalChanged(int seconds);

private:
    QSettings *m_settings;
};

} // namespace keyscope::ui
