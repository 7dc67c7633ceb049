#pragma once

#include "model/value/attributevalue.h"

#include <QString>

#include <vector>

namespace keyscope::model {

// A resolved document path such as a.b[0].c: a top-level attribute name followed by map keys and
// list indexes. Names are final attribute names (#placeholders already substituted), so they may
// contain any character.
class DocumentPath
{
public:
    struct Element
    {
        QString name;   // map key (or the top-level attribute) when index < 0
        int index = -1; // list index when >= 0
        bool isIndex() const { return index >= 0; }
        bool operator==(const Element &other) const = default;
    };

    DocumentPath() = default;
    explicit DocumentPath(std::vector<Element> elements);

    const std::vector<Element> &elements() const { return m_elements; }
    bool isEmpty() const { return m_elements.empty(); }
    int size() const { return int(m_elements.size()); }
    bool isNested() const { return m_elements.size() > 1; }
    const QString &topLevelName() const;

    // The value the path points at in item, or nullptr when any step is missing or has the wrong
    // type (an index into a non-list, a key into a non-map, an index past the end).
    const AttributeValue *resolve(const Item &item) const;

    // Human form: a.b[0].c
    QString toString() const;
    // DynamoDB's form in error messages: [a, b, [0], c]
    QString toDebugList() const;

    bool operator==(const DocumentPath &other) const = default;

private:
    std::vector<Element> m_elements;
};

} // namespace keyscope::model
