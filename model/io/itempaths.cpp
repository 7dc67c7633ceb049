#include "model/io/itempaths.h"

namespace keyscope::model {

ItemPaths::ItemPaths(const QString &prefix, const QString &suffix)
    : m_prefix(prefix)
    , m_suffix(suffix)
{ }

void ItemPaths::append(qint64 number)
{
    if (m_numbers.empty()) {
        if (m_count == 0)
            m_first = number;
        if (number == m_first + m_count) {
            ++m_count;
            return;
        }
        m_numbers.reserve(size_t(m_count) + 1);
        for (qsizetype i = 0; i < m_count; ++i)
            m_numbers.push_back(m_first + i);
    }
    m_numbers.push_back(number);
    ++m_count;
}

qint64 ItemPaths::number(qsizetype index) const
{
    return m_numbers.empty() ? m_first + index : m_numbers[size_t(index)];
}

QString ItemPaths::at(qsizetype index) const
{
    Q_ASSERT(index >= 0 && index < m_count);
    return m_prefix + QString::number(number(index)) + m_suffix;
}

QString ItemPaths::value(qsizetype index) const
{
    return index >= 0 && index < m_count ? at(index) : QString();
}

void ItemPaths::keepOnly(const std::function<bool(qsizetype)> &keep)
{
    ItemPaths kept(m_prefix, m_suffix);
    for (qsizetype i = 0; i < m_count; ++i) {
        if (keep(i))
            kept.append(number(i));
    }
    *this = std::move(kept);
}

void ItemPaths::clear()
{
    m_count = 0;
    m_first = 0;
    m_numbers.clear();
}

QStringList ItemPaths::toList() const
{
    QStringList out;
    out.reserve(m_count);
    for (qsizetype i = 0; i < m_count; ++i)
        out << at(i);
    return out;
}

} // namespace keyscope::model
