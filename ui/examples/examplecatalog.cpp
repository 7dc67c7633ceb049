#include "ui/examples/examplecatalog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace keyscope::ui {

namespace {

QJsonObject readJsonObject(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// "IoT devices and readings (after)" -> "IoT devices and readings"
QString withoutVariantSuffix(QString name)
{
    static const QRegularExpression suffix(QStringLiteral("\\s*\\((before|after)\\)\\s*$"),
                                           QRegularExpression::CaseInsensitiveOption);
    return name.remove(suffix);
}

QString firstSentence(const QString &text)
{
    const qsizetype end = text.indexOf(QLatin1String(". "));
    return end < 0 ? text : text.left(end + 1);
}

} // namespace

const ExampleCatalog::Variant *ExampleCatalog::Entry::after() const
{
    for (const Variant &variant : variants) {
        if (variant.label == ExampleCatalog::tr("After"))
            return &variant;
    }
    return variants.empty() ? nullptr : &variants.front();
}

const ExampleCatalog::Variant *ExampleCatalog::Entry::before() const
{
    for (const Variant &variant : variants) {
        if (variant.label == ExampleCatalog::tr("Before"))
            return &variant;
    }
    return nullptr;
}

ExampleCatalog::ExampleCatalog(QObject *parent)
    : QAbstractListModel(parent)
{ }

QString ExampleCatalog::load(const QString &directory)
{
    beginResetModel();
    m_entries.clear();
    QString error;
    const QString indexPath = directory + QStringLiteral("/index.json");
    if (QFileInfo::exists(indexPath))
        error = readIndex(directory, indexPath);
    else
        scan(directory);
    if (!error.isEmpty())
        m_entries.clear();
    endResetModel();
    return error;
}

QString ExampleCatalog::readIndex(const QString &directory, const QString &indexPath)
{
    QFile file(indexPath);
    if (!file.open(QIODevice::ReadOnly))
        return tr("Cannot read %1: %2").arg(indexPath, file.errorString());
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return tr("%1: %2 at offset %3")
            .arg(indexPath, parseError.errorString())
            .arg(parseError.offset);
    const QJsonArray list = document.isArray()
        ? document.array()
        : document.object().value(QStringLiteral("examples")).toArray();
    const QDir dir(directory);
    const auto resolve = [&](const QString &relative) {
        return relative.isEmpty() ? QString() : dir.filePath(relative);
    };
    for (const QJsonValue &value : list) {
        const QJsonObject json = value.toObject();
        Entry entry;
        entry.id = json.value(QStringLiteral("id")).toString();
        entry.title = json.value(QStringLiteral("title")).toString();
        entry.strategy = json.value(QStringLiteral("strategy")).toString();
        entry.description = json.value(QStringLiteral("description")).toString();
        const QString after = resolve(json.value(QStringLiteral("after")).toString());
        const QString before = resolve(json.value(QStringLiteral("before")).toString());
        if (!after.isEmpty())
            entry.variants.push_back({tr("After"), after, {}});
        if (!before.isEmpty())
            entry.variants.push_back({tr("Before"), before, {}});
        for (const QJsonValue &variant : json.value(QStringLiteral("variants")).toArray()) {
            const QJsonObject v = variant.toObject();
            const QString path = resolve(v.value(QStringLiteral("file")).toString());
            if (!path.isEmpty())
                entry.variants.push_back({v.value(QStringLiteral("title")).toString(), path,
                                          v.value(QStringLiteral("description")).toString()});
        }
        if (entry.title.isEmpty())
            entry.title = entry.id;
        if (!entry.variants.empty())
            m_entries.push_back(std::move(entry));
    }
    return {};
}

void ExampleCatalog::scan(const QString &directory)
{
    const QDir dir(directory);
    for (const QString &sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir folder(dir.filePath(sub));
        const QStringList files
            = folder.entryList({QStringLiteral("*.keyscope.json")}, QDir::Files, QDir::Name);
        if (files.isEmpty())
            continue;
        Entry entry;
        entry.id = sub;
        QStringList ordered = files;
        // After first, then before, then the rest.
        for (const char *name : {"before.keyscope.json", "after.keyscope.json"}) {
            const QString file = QString::fromLatin1(name);
            if (ordered.removeAll(file))
                ordered.prepend(file);
        }
        for (const QString &file : ordered) {
            const QString path = folder.filePath(file);
            const QJsonObject project = readJsonObject(path);
            const QString base = file.section(QLatin1Char('.'), 0, 0);
            const QString label = base == QLatin1String("after") ? tr("After")
                : base == QLatin1String("before")                ? tr("Before")
                                                  : base.at(0).toUpper() + base.mid(1);
            entry.variants.push_back({label, path, {}});
            if (entry.title.isEmpty()) {
                entry.title
                    = withoutVariantSuffix(project.value(QStringLiteral("name")).toString());
                entry.description
                    = firstSentence(project.value(QStringLiteral("description")).toString());
            }
        }
        if (entry.title.isEmpty())
            entry.title = sub;
        m_entries.push_back(std::move(entry));
    }
}

const ExampleCatalog::Entry *ExampleCatalog::entry(int row) const
{
    return row >= 0 && row < int(m_entries.size()) ? &m_entries[size_t(row)] : nullptr;
}

int ExampleCatalog::rowOf(const QString &id) const
{
    for (size_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i].id == id)
            return int(i);
    }
    return -1;
}

int ExampleCatalog::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant ExampleCatalog::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &entry = m_entries[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        return entry.title;
    case Qt::ToolTipRole:
    case Qt::AccessibleDescriptionRole:
    case DescriptionRole:
        return entry.description;
    case IdRole:
        return entry.id;
    case StrategyRole:
        return entry.strategy;
    case PrimaryPathRole:
        return entry.after() ? entry.after()->path : QString();
    default:
        return {};
    }
}

} // namespace keyscope::ui
