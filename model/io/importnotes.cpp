#include "model/io/importnotes.h"

#include "model/io/ioerror.h"

#include <QJsonObject>
#include <QRegularExpression>

namespace keyscope::model {

namespace {

constexpr qsizetype kShownKeyLength = 60;

QString quotedKey(const QString &text)
{
    const QString shown
        = text.size() > kShownKeyLength ? text.left(kShownKeyLength) + QStringLiteral("…") : text;
    return u'\'' + shown + u'\'';
}

// A key value as text: {"S": "a"}, {"N": "1"}, or a plain string or number (early models).
QString keyText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 17);
    const QJsonObject typed = value.toObject();
    if (typed.size() == 1 && typed.begin()->isString())
        return typed.begin()->toString();
    return {};
}

} // namespace

QString ItemPlace::inWords() const
{
    QStringList words;
    if (!table.isEmpty())
        words << QStringLiteral("table ") + quotedKey(table);
    if (!facet.isEmpty())
        words << QStringLiteral("facet ") + quotedKey(facet);
    QString item = index < 0 ? noun : noun + u' ' + QString::number(index + 1);
    QStringList shownKeys;
    for (const auto &[name, value] : keys)
        shownKeys << name + u' ' + quotedKey(value);
    if (!shownKeys.isEmpty())
        item += QStringLiteral(" (") + shownKeys.join(QStringLiteral(", ")) + u')';
    words << item;
    return words.join(QStringLiteral(", "));
}

namespace {

// " (at DataModel[0].TableData[2].Count.N)": where the file holds it, after the words.
QString atPath(const ItemPlace &place, const QString &valuePath = {})
{
    if (place.path.isEmpty())
        return {};
    return QStringLiteral(" (at ") + place.path
        + (valuePath.isEmpty() ? QString() : u'.' + valuePath) + u')';
}

} // namespace

QString ImportNotes::leftOut(const QString &source, const ItemPlace &place,
                             const QString &valuePath, const QString &why, const QString &what)
{
    const QString where = valuePathInWords(valuePath);
    return IoError {source, 0, 0, place.inWords(),
                    QStringLiteral("left out this ") + what
                        + QStringLiteral(" (the rest is imported): ")
                        + (where.isEmpty() ? QString() : where + QStringLiteral(": ")) + why
                        + atPath(place, valuePath)}
        .toString();
}

QString ImportNotes::repaired(const QString &source, const ItemPlace &place,
                              const std::vector<ItemsFile::Repair> &repairs)
{
    if (repairs.empty())
        return {};
    QString message = valuePathInWords(repairs.front().path)
        + QStringLiteral(": plain JSON where a DynamoDB value belongs, read as one (")
        + repairs.front().what + u')';
    QStringList more;
    for (size_t i = 1; i < repairs.size(); ++i)
        more << valuePathInWords(repairs[i].path) + QStringLiteral(" (") + repairs[i].what + u')';
    if (!more.isEmpty())
        message += QStringLiteral("; also ") + more.join(QStringLiteral("; "));
    return IoError {source, 0, 0, place.inWords(), message + atPath(place)}.toString();
}

QString ImportNotes::valuePathInWords(const QString &valuePath)
{
    if (valuePath.isEmpty())
        return {};
    static const QRegularExpression element(QStringLiteral("^L\\[(\\d+)\\]$"));
    const QStringList parts = valuePath.split(u'.');
    QStringList words {QStringLiteral("attribute ") + quotedKey(parts.front())};
    for (qsizetype p = 1; p < parts.size(); ++p) {
        if (parts[p] == u"M" && p + 1 < parts.size()) {
            words << QStringLiteral("member ") + quotedKey(parts[++p]);
        } else if (const auto match = element.match(parts[p]); match.hasMatch()) {
            words << QStringLiteral("element ")
                    + QString::number(match.captured(1).toLongLong() + 1);
        }
    }
    return words.join(QStringLiteral(", "));
}

std::vector<std::pair<QString, QString>>
ImportNotes::keysOf(const QJsonValue &item, const QStringList &keyNames,
                    const QHash<QString, QString> &aliasToKey)
{
    std::vector<std::pair<QString, QString>> keys;
    const QJsonObject object = item.toObject();
    for (const QString &name : keyNames) {
        QJsonValue value = object.value(name);
        for (auto it = aliasToKey.begin(); value.isUndefined() && it != aliasToKey.end(); ++it) {
            if (it.value() == name)
                value = object.value(it.key());
        }
        if (const QString text = keyText(value); !text.isEmpty())
            keys.emplace_back(name, text);
    }
    return keys;
}

std::vector<std::pair<QString, QString>> ImportNotes::keysOf(const Item &item,
                                                             const KeySchema &keys)
{
    std::vector<std::pair<QString, QString>> texts;
    for (const KeyAttribute &key : keys.all()) {
        const auto it = item.find(key.name);
        if (it != item.end())
            texts.emplace_back(key.name, it->second.displayText());
    }
    return texts;
}

ItemPlace ImportNotes::placeAt(const QString &path)
{
    static const QRegularExpression line(QStringLiteral("^line (\\d+)$"));
    static const QRegularExpression entry(
        QStringLiteral("^(?:RequestItems\\.)?(.*)\\[(\\d+)\\](\\.PutRequest\\.Item)?$"));
    ItemPlace place;
    if (const auto match = line.match(path); match.hasMatch()) {
        place.noun = QStringLiteral("line");
        place.index = match.captured(1).toLongLong() - 1;
    } else if (const auto match = entry.match(path); match.hasMatch()) {
        place.index = match.captured(2).toLongLong();
        place.path = path;
        if (match.hasCaptured(3)) {
            place.table = match.captured(1);
            place.noun = QStringLiteral("request");
        }
    } else {
        place.index = -1;
        place.noun = path;
    }
    return place;
}

} // namespace keyscope::model
