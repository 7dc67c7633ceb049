#pragma once

#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/table/table.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QHBoxLayout;
class QLabel;

namespace keyscope::ui {

class CollectionModel;
class CollectionView;

// The central "Collection" area: which store (table or index) and which item collection, and
// the items in sort-key order, painted by CollectionView (with the Query trace when one is
// showing).
class CollectionPane : public QWidget
{
    Q_OBJECT

public:
    explicit CollectionPane(QWidget *parent = nullptr);

    // Shows a new table (a re-population), keeping the chosen index and item collection when
    // they still exist.
    void setTable(std::shared_ptr<const model::Table> table);
    // Entity colours and parents for the rows; kept alive with the table it describes.
    void setPopulation(std::shared_ptr<const model::Population> population,
                       const model::Project &project);
    // Switches to a store ("" = table) and the collection whose partition key reads `partition`
    // (as CollectionModel::displayText shows it). False when there is no such collection.
    bool showCollection(const QString &indexName, const QString &partition);

    // The note under the rows on how keys compare (hidden where room is short: side by side).
    void setOrderNoteVisible(bool visible);

    // A bar over the rows while the view shows another collection than the one the Query
    // reads ("Showing DEVICE#7 — the Query reads DEVICE#3"), with a button back to it.
    QWidget *elsewhereBar() const { return m_elsewhere; }
    QString elsewhereText() const;
    // Shows the collection the Query read (the bar's button); false without a Query.
    bool showQueryCollection();
    // Another bar over the rows (the window's offers), above the Query's.
    void addBar(QWidget *bar);

    QString indexName() const;
    QString partitionText() const;
    CollectionModel *model() const { return m_model; }
    QWidget *itemsView() const { return m_itemsView; }
    CollectionView *view() const { return m_view; }

private:
    QHBoxLayout *createChoiceBar();
    QWidget *createItemsView();
    void createElsewhereBar();
    void createOrderNote();
    void connectChoices();
    void followViewPartition(const QByteArray &key);
    void indexChosen(int row);
    void refillPartitions();
    void selectPartition(const QString &text);
    void updateElsewhere();

    CollectionModel *m_model;
    QComboBox *m_indexBox;
    QComboBox *m_partitionBox;
    QLabel *m_orderNote;
    QWidget *m_elsewhere = nullptr;
    QLabel *m_elsewhereText = nullptr;
    std::shared_ptr<const model::Table> m_table;
    QWidget *m_itemsView = nullptr;
    CollectionView *m_view = nullptr;
    std::shared_ptr<const model::Population> m_population;
    QString m_wantedPartition;
};

} // namespace keyscope::ui
