#pragma once

#include "model/query/queryrequest.h"
#include "model/table/table.h"

#include <QObject>

#include <memory>

namespace keyscope::ui {

class Document;

// Runs the builder's request against the document's table, a page at a time. Every run starts
// from the first page; nextPage() continues from the LastEvaluatedKey in the same direction.
// Queries answer on the GUI thread: a page reads at most 1 MB, so one is quick even on a
// million items.
class QueryRunner : public QObject
{
    Q_OBJECT

public:
    explicit QueryRunner(QObject *parent = nullptr);

    // Follows the document: its table after every population (re-running the request); a
    // new project forgets the request (it named the old project's table).
    void setDocument(Document *document);
    // The table to query; re-runs the current request on it (null: nothing runs).
    void setTable(std::shared_ptr<const model::Table> table);
    std::shared_ptr<const model::Table> table() const { return m_table; }

    // The first page's request (without ExclusiveStartKey).
    const model::QueryRequest &request() const { return m_request; }
    bool hasRequest() const { return m_hasRequest; }
    // The request of the page on show (with ExclusiveStartKey from the second page on).
    const model::QueryRequest &pageRequest() const { return m_pageRequest; }
    std::shared_ptr<const model::QueryResponse> response() const { return m_response; }
    // 1 for the first page; 0 before any result.
    int page() const { return m_page; }
    bool hasNextPage() const;

public slots:
    // Runs a new request from its first page.
    void setRequest(const keyscope::model::QueryRequest &request);
    // Runs the current request again from the first page.
    void run();
    // Continues from the last page's LastEvaluatedKey; does nothing without one.
    void nextPage();
    // No request, no result: nothing runs until the next setRequest.
    void clear();

signals:
    // A page is about to run: the exact request sent (code panels show this one).
    void pageRequested(const keyscope::model::QueryRequest &request, int page);
    void resultReady(std::shared_ptr<const keyscope::model::QueryResponse> response,
                     std::shared_ptr<const keyscope::model::Table> table);
    void failed(const keyscope::model::QueryError &error);
    void nextPageAvailableChanged(bool available);

private:
    void runPage(const model::QueryRequest &request, int page);

    std::shared_ptr<const model::Table> m_table;
    model::QueryRequest m_request;
    model::QueryRequest m_pageRequest;
    bool m_hasRequest = false;
    std::shared_ptr<const model::QueryResponse> m_response;
    int m_page = 0;
    bool m_nextAvailable = false;
};

} // namespace keyscope::ui
