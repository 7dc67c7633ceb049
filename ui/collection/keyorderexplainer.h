#pragma once

#include "model/table/table.h"
#include "model/value/attributevalue.h"

#include <QWidget>

class QLabel;

namespace keyscope::ui {

class CollectionRows;

// "Why this order": two keys as bytes with the first differing byte highlighted.
struct KeyOrderExplanation
{
    QString sentence; // model::explainKeyOrder: "'DeBrie' sorts before 'Dean': at byte 3, ..."
    int differingByte = -1; // 0-based; -1 when one is a prefix, equal, or numbers
    bool firstIsSmaller = true;
    QString html; // both keys as byte cells (character over hex), smaller first
};

KeyOrderExplanation describeKeyOrder(const model::AttributeValue &first,
                                     const model::AttributeValue &second);

// A small panel showing a KeyOrderExplanation; connect CollectionView::twoRowsSelected to
// setItems().
class KeyOrderExplainer : public QWidget
{
    Q_OBJECT

public:
    explicit KeyOrderExplainer(QWidget *parent = nullptr);

    void setKeys(const model::AttributeValue &first, const model::AttributeValue &second);
    // The two items' sort keys in the rows' store.
    void setItems(const CollectionRows &rows, model::ItemId first, model::ItemId second);
    void clear();
    const KeyOrderExplanation &explanation() const { return m_explanation; }

private:
    QLabel *m_label = nullptr;
    KeyOrderExplanation m_explanation;
};

} // namespace keyscope::ui
