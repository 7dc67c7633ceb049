#include "model/expression/projectionexpression.h"

#include <map>
#include <memory>

namespace keyscope::model {

namespace {

// What to keep below one value: everything, or selected map keys / list indexes.
struct Selection
{
    bool whole = false;
    std::map<QString, Selection> keys;
    std::map<int, Selection> indexes;
};

std::optional<AttributeValue> extract(const AttributeValue &value, const Selection &selection)
{
    if (selection.whole)
        return value;
    if (!selection.keys.empty() && value.type() == AttributeValue::Type::M) {
        AttributeValue::Map out;
        for (const auto &[key, child] : selection.keys) {
            auto it = value.members().find(key);
            if (it == value.members().end())
                continue;
            if (auto part = extract(it->second, child))
                out.emplace(key, std::move(*part));
        }
        if (out.empty())
            return std::nullopt;
        return AttributeValue::map(std::move(out));
    }
    if (!selection.indexes.empty() && value.type() == AttributeValue::Type::L) {
        AttributeValue::List out;
        const auto &elements = value.elements();
        for (const auto &[index, child] : selection.indexes) {
            if (size_t(index) >= elements.size())
                continue;
            if (auto part = extract(elements[size_t(index)], child))
                out.push_back(std::move(*part));
        }
        if (out.empty())
            return std::nullopt;
        return AttributeValue::list(std::move(out));
    }
    return std::nullopt;
}

} // namespace

ProjectionExpression::ProjectionExpression(std::vector<DocumentPath> paths)
    : m_paths(std::move(paths))
{ }

Item ProjectionExpression::apply(const Item &item) const
{
    std::map<QString, Selection> roots;
    for (const DocumentPath &path : m_paths) {
        const auto &elements = path.elements();
        if (elements.empty())
            continue;
        Selection *current = &roots[elements.front().name];
        for (size_t i = 1; i < elements.size(); ++i) {
            current = elements[i].isIndex() ? &current->indexes[elements[i].index]
                                            : &current->keys[elements[i].name];
        }
        current->whole = true;
    }
    Item out;
    for (const auto &[name, selection] : roots) {
        auto it = item.find(name);
        if (it == item.end())
            continue;
        if (auto part = extract(it->second, selection))
            out.emplace(name, std::move(*part));
    }
    return out;
}

QStringList ProjectionExpression::topLevelAttributes() const
{
    QStringList names;
    for (const DocumentPath &path : m_paths) {
        if (!path.isEmpty() && !names.contains(path.topLevelName()))
            names << path.topLevelName();
    }
    return names;
}

} // namespace keyscope::model
