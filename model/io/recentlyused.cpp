#include "model/io/recentlyused.h"

#include "model/io/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

namespace keyscope::model {

namespace {

const QString kBookmarkNs
    = QStringLiteral("http://www.freedesktop.org/standards/desktop-bookmarks");
const QString kMimeNs = QStringLiteral("http://www.freedesktop.org/standards/shared-mime-info");

QString timeText(const QDateTime &when)
{
    return when.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz000Z"));
}

void writeApplication(QXmlStreamWriter &w, const RecentUse &use, int count)
{
    w.writeEmptyElement(kBookmarkNs, QStringLiteral("application"));
    w.writeAttribute(QStringLiteral("name"), use.appName);
    w.writeAttribute(QStringLiteral("exec"), use.exec);
    w.writeAttribute(QStringLiteral("modified"), timeText(use.when));
    w.writeAttribute(QStringLiteral("count"), QString::number(count));
}

void writeBookmark(QXmlStreamWriter &w, const RecentUse &use)
{
    w.writeStartElement(QStringLiteral("bookmark"));
    w.writeAttribute(QStringLiteral("href"), use.uri);
    for (const char *time : {"added", "modified", "visited"})
        w.writeAttribute(QLatin1String(time), timeText(use.when));
    w.writeStartElement(QStringLiteral("info"));
    w.writeStartElement(QStringLiteral("metadata"));
    w.writeAttribute(QStringLiteral("owner"), QStringLiteral("http://freedesktop.org"));
    w.writeEmptyElement(kMimeNs, QStringLiteral("mime-type"));
    w.writeAttribute(QStringLiteral("type"), use.mimeType);
    w.writeStartElement(kBookmarkNs, QStringLiteral("applications"));
    writeApplication(w, use, 1);
    w.writeEndElement(); // applications
    w.writeEndElement(); // metadata
    w.writeEndElement(); // info
    w.writeEndElement(); // bookmark
}

QByteArray freshDocument(const RecentUse &use)
{
    QByteArray out;
    QXmlStreamWriter w(&out);
    w.setAutoFormatting(true);
    w.writeStartDocument();
    w.writeStartElement(QStringLiteral("xbel"));
    w.writeNamespace(kBookmarkNs, QStringLiteral("bookmark"));
    w.writeNamespace(kMimeNs, QStringLiteral("mime"));
    w.writeAttribute(QStringLiteral("version"), QStringLiteral("1.0"));
    writeBookmark(w, use);
    w.writeEndElement();
    w.writeEndDocument();
    return out;
}

// Copies an existing document token by token, changing only what the use touches.
class Recorder
{
public:
    Recorder(const QByteArray &xbel, const RecentUse &use)
        : m_in(xbel)
        , m_w(&m_out)
        , m_use(use)
    { }

    std::variant<QByteArray, QString> run()
    {
        while (!m_in.atEnd()) {
            m_in.readNext();
            if (m_in.tokenType() == QXmlStreamReader::Invalid)
                break;
            copyToken();
        }
        if (m_in.hasError())
            return QStringLiteral("line %1, column %2: %3")
                .arg(m_in.lineNumber())
                .arg(m_in.columnNumber())
                .arg(m_in.errorString());
        if (!m_sawRoot)
            return QStringLiteral("it is not an XBEL document (no <xbel> element)");
        return m_out;
    }

private:
    bool isBookmark() const { return m_in.namespaceUri().isEmpty() && m_in.name() == u"bookmark"; }
    bool isOurs() const { return m_in.attributes().value(QLatin1String("href")) == m_use.uri; }
    bool inBookmarkNs(QStringView name) const
    {
        return m_in.namespaceUri() == kBookmarkNs && m_in.name() == name;
    }

    void copyToken()
    {
        if (m_in.isStartElement())
            startElement();
        else if (m_in.isEndElement())
            endElement();
        else
            m_w.writeCurrentToken(m_in);
    }

    void startElement()
    {
        if (m_in.namespaceUri().isEmpty() && m_in.name() == u"xbel")
            m_sawRoot = true;
        if (isBookmark() && isOurs()) {
            m_inOurs = true;
            m_found = true;
            writeWithTimes({QStringLiteral("modified"), QStringLiteral("visited")}, {});
        } else if (m_inOurs && inBookmarkNs(u"application")
                   && m_in.attributes().value(QLatin1String("name")) == m_use.appName) {
            m_appFound = true;
            const int count = m_in.attributes().value(QLatin1String("count")).toInt() + 1;
            writeWithTimes({QStringLiteral("modified")}, QString::number(count));
        } else {
            m_w.writeCurrentToken(m_in);
        }
    }

    // The element as it is, but for the times (now) and, for an application, its count.
    void writeWithTimes(const QStringList &times, const QString &count)
    {
        m_w.writeStartElement(m_in.namespaceUri().toString(), m_in.name().toString());
        for (const QXmlStreamNamespaceDeclaration &ns : m_in.namespaceDeclarations())
            m_w.writeNamespace(ns.namespaceUri().toString(), ns.prefix().toString());
        for (const QXmlStreamAttribute &attribute : m_in.attributes()) {
            const QString name = attribute.qualifiedName().toString();
            if (times.contains(name))
                m_w.writeAttribute(name, timeText(m_use.when));
            else if (name == u"count" && !count.isEmpty())
                m_w.writeAttribute(name, count);
            else
                m_w.writeAttribute(attribute);
        }
    }

    void endElement()
    {
        if (m_inOurs && inBookmarkNs(u"applications") && !m_appFound)
            writeApplication(m_w, m_use, 1);
        if (m_inOurs && isBookmark())
            m_inOurs = false;
        if (!m_found && m_in.namespaceUri().isEmpty() && m_in.name() == u"xbel")
            writeBookmark(m_w, m_use);
        m_w.writeCurrentToken(m_in);
    }

    QXmlStreamReader m_in;
    QByteArray m_out;
    QXmlStreamWriter m_w;
    const RecentUse &m_use;
    bool m_sawRoot = false;
    bool m_inOurs = false;
    bool m_found = false;
    bool m_appFound = false;
};

} // namespace

std::variant<QByteArray, QString> recordRecentUse(const QByteArray &xbel, const RecentUse &use)
{
    if (xbel.trimmed().isEmpty())
        return freshDocument(use);
    return Recorder(xbel, use).run();
}

std::optional<QString> recordRecentUseInFile(const QString &path, const RecentUse &use)
{
    QByteArray existing;
    QFile file(path);
    if (file.exists()) {
        if (!file.open(QIODevice::ReadOnly))
            return QStringLiteral("%1: cannot read it: %2").arg(path, file.errorString());
        existing = file.readAll();
    } else if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        return QStringLiteral("%1: cannot make its folder").arg(path);
    }
    auto recorded = recordRecentUse(existing, use);
    if (const QString *why = std::get_if<QString>(&recorded))
        return QStringLiteral("%1: %2; left as it is").arg(path, *why);
    if (auto error = writeFileAtomically(path, std::get<QByteArray>(recorded)))
        return QStringLiteral("%1: %2").arg(path, *error);
    return std::nullopt;
}

} // namespace keyscope::model
