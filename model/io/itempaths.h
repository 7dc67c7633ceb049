#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace keyscope::model {

// Where each item read from a file stands in it, for messages: "Items[3]",
// "T[5].PutRequest.Item", "line 7". Every path of one file has the same form, so it is kept as
// that form and a number per item, not a string per item (a QString per item cost three times
// the file's size for a scan export of a few hundred thousand items). While the numbers run on
// by one, as they do unless items were left out or deleted, not even the numbers are kept.
class ItemPaths
{
public:
    ItemPaths() = default;
    // Paths made as prefix + number + suffix.
    ItemPaths(const QString &prefix, const QString &suffix);

    void append(qint64 number);
    qsizetype size() const { return m_count; }
    bool isEmpty() const { return m_count == 0; }
    QString at(qsizetype index) const;
    // at(index), or an empty string when index is out of range.
    QString value(qsizetype index) const;
    // The paths whose position `keep` accepts, in order.
    void keepOnly(const std::function<bool(qsizetype)> &keep);
    void clear();
    QStringList toList() const;

private:
    qint64 number(qsizetype index) const;

    QString m_prefix;
    QString m_suffix;
    qsizetype m_count = 0;
    qint64 m_first = 0;            // the first number, while they run on by one
    std::vector<qint64> m_numbers; // every number, once they do not
};

} // namespace keyscope::model
