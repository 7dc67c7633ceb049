#include "model/expression/documentpath.h"

#include <QStringList>

namespace keyscope::model {

DocumentPath::DocumentPath(std::vector<Element> elements)
    : m_elements(std::move(elements))
{ }

const QString &DocumentPath::topLevelName() const
{
    static const QString empty;
    return m_elements.empty() ? empty : m_elements.front().name;
}

const AttributeValue *DocumentPath::resolve(const Item &item) const
{
    if (m_elements.empty() || m_elements.front().isIndex())
        return nullptr;
    auto top = item.find(m_elements.front().name);
    if (top == item.end())
        return nullptr;
    const AttributeValue *current = &top->second;
    for (size_t i = 1; i < m_elements.size(); ++i) {
        const Element &step = m_elements[i];
        if (step.isIndex()) {
            if (current->type() != AttributeValue::Type::L)
                return nullptr;
            const auto &list = current->elements();
            if (size_t(step.index) >= list.size())
                return nullptr;
            current = &list[size_t(step.index)];
        } else {
            if (current->type() != AttributeValue::Type::M)
                return nullptr;
            const auto &members = current->members();
            auto it = members.find(step.name);
            if (it == members.end())
                return nullptr;
            current = &it->second;
        }
    }
    return current;
}

QString DocumentPath::toString() const
{
    QString out;
    for (size_t i = 0; i < m_elements.size(); ++i) {
        const Element &step = m_elements[i];
        if (step.isIndex()) {
            out += QLatin1Char('[') + QString::number(step.index) + QLatin1Char(']');
        } else {
            if (i > 0)
                out += QLatin1Char('.');
            out += step.name;
        }
    }
    return out;
}

QString DocumentPath::toDebugList() const
{
    QStringList parts;
    for (const Element &step : m_elements)
        parts << (step.isIndex() ? QStringLiteral("[%1]").arg(step.index) : step.name);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace keyscope::model
