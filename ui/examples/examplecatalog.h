#pragma once

#include <QAbstractListModel>
#include <QString>

#include <vector>

namespace keyscope::ui {

// The built-in examples, one row per strategy, read from an examples folder's index.json:
//   [{"id": "iot", "title": "...", "strategy": "...", "description": "one line",
//     "before": "iot/before.keyscope.json", "after": "iot/after.keyscope.json",
//     "variants": [{"title": "ULID", "file": "ids/ulid.keyscope.json", "description": "..."}]}]
// Paths are relative to the folder. Without an index.json, every folder holding
// *.keyscope.json files becomes an entry, described by its projects' own name and description.
class ExampleCatalog : public QAbstractListModel
{
    Q_OBJECT

public:
    struct Variant
    {
        QString label;       // "After", "Before", or the variant's title
        QString path;        // absolute (or a :/ resource path)
        QString description; // for extra variants
    };
    struct Entry
    {
        QString id;
        QString title;
        QString strategy;
        QString description;           // one line
        std::vector<Variant> variants; // after first (the design that works), then before, extras
        const Variant *after() const;
        const Variant *before() const;
    };

    enum Role { IdRole = Qt::UserRole + 1, DescriptionRole, StrategyRole, PrimaryPathRole };

    explicit ExampleCatalog(QObject *parent = nullptr);

    // Reads `directory`/index.json (or scans the folder). Returns an error message, empty on
    // success; on error the catalog is empty.
    QString load(const QString &directory);
    const std::vector<Entry> &entries() const { return m_entries; }
    const Entry *entry(int row) const;
    int rowOf(const QString &id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QString readIndex(const QString &directory, const QString &indexPath);
    void scan(const QString &directory);

    std::vector<Entry> m_entries;
};

} // namespace keyscope::ui
