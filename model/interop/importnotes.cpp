#include "model/interop/importnotes.h"

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
    QString item = QStringLiteral("item ") + QString::number(index + 1);
    QStringList shownKeys;
    for (const auto &[name, value] : keys)
        shownKeys << name + u' ' + quotedKey(value);
    if (!shownKeys.isEmpty())
        item += QStringLiteral(" (") + shownKeys.join(QStringLiteral(", ")) + u')';
    words << item;
    return words.join(QStringLiteral(", "));
}

QString ImportNotes::leftOut(const QString &source, const ItemPlace &place,
                             const QString &valuePath, const QString &why)
{
    const QString where = valuePathInWords(valuePath);
    const QString at = valuePath.isEmpty() ? place.path : place.path + u'.' + valuePath;
    return IoError {source, 0, 0, place.inWords(),
                    QStringLiteral("left out this item (the rest is imported): ")
                        + (where.isEmpty() ? QString() : where + QStringLiteral(": ")) + why
                        + QStringLiteral(" (at ") + at + u')'}
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
    return IoError {source, 0, 0, place.inWords(),
                    message + QStringLiteral(" (at ") + place.path + u')'}
        .toString();
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

} // namespace keyscope::model
