#include "ui/settings/settings.h"

#include "model/io/recentlyused.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QUrl>

namespace keyscope::ui {

namespace {

const QString kRecentFiles = QStringLiteral("files/recent");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kLastExportFolder = QStringLiteral("files/lastExportFolder");
const QString kState = QStringLiteral("window/state");
const QString kTheme = QStringLiteral("appearance/theme");
const QString kReducedMotion = QStringLiteral("appearance/reducedMotion");
const QString kAutosave = QStringLiteral("files/autosaveSeconds");
const QString kSessionRunning = QStringLiteral("session/running");

QString normalized(const QString &path)
{
    return path.startsWith(QLatin1Char(':')) ? path : QFileInfo(path).absoluteFilePath();
}

// The desktop's list of recently used files, where GTK's file chooser and the desktops'
// "Recent" places find what each application opened or saved.
void recordOnTheDesktop(const QString &file)
{
    if (file.startsWith(QLatin1Char(':'))) // a built-in example
        return;
    const QString path = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/recently-used.xbel");
    const model::RecentUse use {QUrl::fromLocalFile(file).toString(QUrl::FullyEncoded),
                                file.endsWith(QLatin1String(".keyscope.json"))
                                    ? QStringLiteral("application/x-keyscope-project+json")
                                    : QStringLiteral("application/json"),
                                QStringLiteral("Keyscope"), QStringLiteral("'keyscope %u'"),
                                QDateTime::currentDateTimeUtc()};
    if (const auto why = model::recordRecentUseInFile(path, use))
        qWarning("Keyscope: not in the desktop's recent files: %s", qPrintable(*why));
}

} // namespace

Settings::Settings(QObject *parent)
    : QObject(parent)
    , m_settings(new QSettings)
{ }

Settings::Settings(const QString &iniPath, QObject *parent)
    : QObject(parent)
    , m_settings(new QSettings(iniPath, QSettings::IniFormat))
{ }

Settings::~Settings()
{
    delete m_settings;
}

QStringList Settings::recentFiles() const
{
    QStringList files = m_settings->value(kRecentFiles).toStringList();
    files.removeAll(QString());
    files.removeDuplicates();
    return files.mid(0, kMaxRecentFiles);
}

void Settings::addRecentFile(const QString &path)
{
    if (path.isEmpty())
        return;
    const QString file = normalized(path);
    QStringList files = recentFiles();
    files.removeAll(file);
    files.prepend(file);
    m_settings->setValue(kRecentFiles, files.mid(0, kMaxRecentFiles));
    recordOnTheDesktop(file);
    emit recentFilesChanged();
}

void Settings::removeRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    if (files.removeAll(normalized(path)) + files.removeAll(path) == 0)
        return;
    m_settings->setValue(kRecentFiles, files);
    emit recentFilesChanged();
}

void Settings::clearRecentFiles()
{
    m_settings->remove(kRecentFiles);
    emit recentFilesChanged();
}

QString Settings::lastExportFolder() const
{
    return m_settings->value(kLastExportFolder).toString();
}

void Settings::setLastExportFolder(const QString &folder)
{
    m_settings->setValue(kLastExportFolder, folder);
}

QByteArray Settings::windowGeometry() const
{
    return m_settings->value(kGeometry).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray &geometry)
{
    m_settings->setValue(kGeometry, geometry);
}

QByteArray Settings::windowState() const
{
    return m_settings->value(kState).toByteArray();
}

void Settings::setWindowState(const QByteArray &state)
{
    m_settings->setValue(kState, state);
}

Settings::Theme Settings::theme() const
{
    const QString name = m_settings->value(kTheme).toString();
    if (name == themeName(Theme::Light))
        return Theme::Light;
    if (name == themeName(Theme::Dark))
        return Theme::Dark;
    return Theme::System;
}

void Settings::setTheme(Theme theme)
{
    if (theme == this->theme())
        return;
    m_settings->setValue(kTheme, themeName(theme));
    emit themeChanged(theme);
}

QString Settings::themeName(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

bool Settings::reducedMotion() const
{
    return m_settings->value(kReducedMotion, false).toBool();
}

void Settings::setReducedMotion(bool reduced)
{
    if (reduced == reducedMotion())
        return;
    m_settings->setValue(kReducedMotion, reduced);
    emit reducedMotionChanged(reduced);
}

int Settings::autosaveIntervalSeconds() const
{
    bool ok = false;
    const int seconds = m_settings->value(kAutosave, kDefaultAutosaveSeconds).toInt(&ok);
    return ok ? qMax(5, seconds) : kDefaultAutosaveSeconds;
}

void Settings::setAutosaveIntervalSeconds(int seconds)
{
    seconds = qMax(5, seconds);
    if (seconds == autosaveIntervalSeconds())
        return;
    m_settings->setValue(kAutosave, seconds);
    emit autosaveIntervalChanged(seconds);
}

bool Settings::sessionRunning() const
{
    return m_settings->value(kSessionRunning, false).toBool();
}

void Settings::setSessionRunning(bool running)
{
    m_settings->setValue(kSessionRunning, running);
    m_settings->sync();
}

void Settings::sync()
{
    m_settings->sync();
}

} // namespace keyscope::ui
