#pragma once

#include "model/cost/costreport.h"

#include <QPointer>
#include <QWidget>

#include <memory>

class QLabel;
class QTabWidget;
class QTableWidget;

namespace keyscope::ui {

class Document;

// What the design costs (issue 28), as the document computes it in the background with the
// population, the verdicts and the checks: per access pattern its reads (pages, items, bytes,
// RCU per request and per second at its rate, a month on demand and provisioned), per entity type
// its item sizes and writes, the storage per table and index, the totals side by side with the
// single biggest cost; the assumptions and the prices in a tab of their own. "Computing…" while the
// figures describe an older revision of the design; the reason when the design does not populate.
class CapacityPanel : public QWidget
{
    Q_OBJECT

public:
    enum PatternColumn {
        PatternName,
        PatternRate,
        PatternPages,
        PatternItems,
        PatternKilobytes,
        PatternRcuPerRequest,
        PatternRcuPerSecond,
        PatternOnDemand,
        PatternProvisioned,
        PatternColumnCount
    };
    enum EntityColumn {
        EntityName,
        EntityMeanSize,
        EntityMaxSize,
        EntityWcuPerWrite,
        EntityIndexWcuPerWrite,
        EntityWriteRate,
        EntityOnDemand,
        EntityProvisioned,
        EntityColumnCount
    };
    enum StorageColumn {
        StorageTable,
        StorageIndex,
        StorageItems,
        StorageSize,
        StorageMonthly,
        StorageColumnCount
    };

    enum Tab { ReadsTab, WritesTab, StorageTab, AssumptionsTab };

    explicit CapacityPanel(QWidget *parent = nullptr);

    void setDocument(Document *document);

    // The report the tables show; null when there is none (not computed yet, or an error).
    std::shared_ptr<const model::CostReport> report() const { return m_report; }
    // "Computing…", the reason there are no figures, or empty when they are current.
    QString statusText() const;
    bool isComputing() const;

    QLabel *summaryLabel() const { return m_summary; }
    QTableWidget *patternTable() const { return m_patterns; }
    QTableWidget *entityTable() const { return m_entities; }
    QTableWidget *storageTable() const { return m_storage; }
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *assumptionsLabel() const { return m_assumptions; }
    QLabel *pricesLabel() const { return m_prices; }

private:
    void buildTables();
    QWidget *buildAssumptionsTab();
    void updateStatus();
    void showReport();
    void fillSummary(const model::CostReport &report);
    void fillPatterns(const model::CostReport &report);
    void fillEntities(const model::CostReport &report);
    void fillStorage(const model::CostReport &report);
    void fillFooter(const model::CostReport &report);
    void clearFigures();

    QPointer<Document> m_document;
    std::shared_ptr<const model::CostReport> m_report;

    QLabel *m_status = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_biggest = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTableWidget *m_patterns = nullptr;
    QTableWidget *m_entities = nullptr;
    QTableWidget *m_storage = nullptr;
    QLabel *m_assumptions = nullptr;
    QLabel *m_prices = nullptr;
};

} // namespace keyscope::ui
