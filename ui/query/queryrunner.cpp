#include "ui/query/queryrunner.h"

#include "model/query/queryengine.h"
#include "ui/document/document.h"

namespace keyscope::ui {

QueryRunner::QueryRunner(QObject *parent)
    : QObject(parent)
{ }

void QueryRunner::setDocument(Document *document)
{
    connect(document, &Document::projectReset, this, &QueryRunner::clear);
    connect(document, &Document::populationReady, this,
            [this, document] { setTable(document->table()); });
    if (document->table())
        setTable(document->table());
}

void QueryRunner::setTable(std::shared_ptr<const model::Table> table)
{
    m_table = std::move(table);
    run();
}

void QueryRunner::clear()
{
    m_request = {};
    m_pageRequest = {};
    m_hasRequest = false;
    m_response.reset();
    m_page = 0;
    if (m_nextAvailable) {
        m_nextAvailable = false;
        emit nextPageAvailableChanged(false);
    }
}

bool QueryRunner::hasNextPage() const
{
    return m_response && m_response->lastEvaluatedKey.has_value();
}

void QueryRunner::setRequest(const model::QueryRequest &request)
{
    m_request = request;
    m_request.exclusiveStartKey.reset();
    m_hasRequest = true;
    run();
}

void QueryRunner::run()
{
    if (!m_table || !m_hasRequest)
        return;
    runPage(m_request, 1);
}

void QueryRunner::nextPage()
{
    if (!m_table || !hasNextPage())
        return;
    model::QueryRequest next = m_pageRequest;
    next.exclusiveStartKey = m_response->lastEvaluatedKey;
    runPage(next, m_page + 1);
}

void QueryRunner::runPage(const model::QueryRequest &request, int page)
{
    m_pageRequest = request;
    emit pageRequested(request, page);
    auto result = model::QueryEngine::query(*m_table, request);
    if (auto *error = std::get_if<model::QueryError>(&result)) {
        m_response.reset();
        m_page = 0;
        if (m_nextAvailable) {
            m_nextAvailable = false;
            emit nextPageAvailableChanged(false);
        }
        emit failed(*error);
        return;
    }
    m_response = std::make_shared<const model::QueryResponse>(
        std::move(std::get<model::QueryResponse>(result)));
    m_page = page;
    const bool next = hasNextPage();
    if (next != m_nextAvailable) {
        m_nextAvailable = next;
        emit nextPageAvailableChanged(next);
    }
    emit resultReady(m_response, m_table);
}

} // namespace keyscope::ui
