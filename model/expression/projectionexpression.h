#pragma once

#include "model/expression/documentpath.h"
#include "model/value/attributevalue.h"

#include <QStringList>

#include <vector>

namespace keyscope::model {

// A validated ProjectionExpression: the document paths to return.
class ProjectionExpression
{
public:
    ProjectionExpression() = default;
    explicit ProjectionExpression(std::vector<DocumentPath> paths);

    const std::vector<DocumentPath> &paths() const { return m_paths; }

    // The projected item as DynamoDB returns it: whole attributes for top-level paths; for nested
    // paths only the addressed parts, keeping the enclosing maps and lists (list elements keep
    // ascending index order and close up, so a[3] alone comes back as a: [<a[3]>]). Paths that do
    // not resolve contribute nothing.
    Item apply(const Item &item) const;

    // Distinct top-level attribute names in first-mention order.
    QStringList topLevelAttributes() const;

private:
    std::vector<DocumentPath> m_paths;
};

} // namespace keyscope::model
