// parent-side, prefix-overlap (from what a pattern reads), limit-before-filter, page-size.
#include "model/design/accesspatternrunner.h"
#include "model/design/checks/checksupport.h"
#include "model/design/patterndiagnosis.h"
#include "model/design/prefixsplit.h"
#include "model/design/projectedindex.h"
#include "model/query/queryengine.h"

namespace keyscope::model::checks {

namespace {

// From the templates: the parent's sort key prefix and a child's, against the side the
// pattern needs it on (first when reading forward: below every child; backward: above).
void parentSide(const CheckContext &context, const AccessPattern &pattern,
                const PatternResult &result, std::vector<Finding> &findings)
{
    const Project &project = context.project;
    const EntityType *parent = project.entity(pattern.parentEntity);
    if (!parent || !pattern.expect.parentFirst || !*pattern.expect.parentFirst
        || !pattern.indexName.isEmpty() || !project.table.keys.hasRange())
        return;
    const QString sortKey = project.table.keys.range.front().name;
    if (!parent->keys.count(sortKey))
        return;
    const QString parentPrefix = templatePrefix(parent->keys.at(sortKey));
    for (const QString &type : pattern.expect.entityTypes) {
        const EntityType *child = project.entity(type);
        if (!child || child == parent || !child->keys.count(sortKey))
            continue;
        const QString before = child->keys.at(sortKey);
        const QString childPrefix = templatePrefix(before);
        if (parentPrefix.isEmpty() || childPrefix.isEmpty() || parentPrefix.startsWith(childPrefix)
            || childPrefix.startsWith(parentPrefix))
            continue; // the prefixes alone do not say which side
        const bool parentBelow = parentPrefix < childPrefix; // bytes: ASCII prefixes here
        if (parentBelow == pattern.scanIndexForward)
            continue;
        const QString after
            = before.startsWith(QLatin1Char('#')) ? before.mid(1) : QLatin1Char('#') + before;
        Finding f = findingOf(QStringLiteral("parent-side"), Finding::Severity::Error, child->name,
                              sortKey, patternPath(project, pattern));
        f.title = QStringLiteral("The ") + parent->name + QStringLiteral(" sorts on the side '")
            + pattern.name + QStringLiteral("' reaches last");
        f.explanation = QStringLiteral("'") + pattern.name + QStringLiteral("' reads ")
            + (pattern.scanIndexForward ? QStringLiteral("forward") : QStringLiteral("backward"))
            + (pattern.limit ? QStringLiteral(" with Limit ") + QString::number(*pattern.limit)
                             : QString())
            + QStringLiteral(" and wants the ") + parent->name + QStringLiteral(" first, but its ")
            + sortKey + QStringLiteral(" prefix '") + parentPrefix + QStringLiteral("' sorts ")
            + (parentBelow ? QStringLiteral("before") : QStringLiteral("after"))
            + QStringLiteral(" the ") + child->name + QStringLiteral(" prefix '") + childPrefix
            + QStringLiteral("', so the query meets it last")
            + (result.passed ? QStringLiteral(".")
                             : QStringLiteral(" (the pattern fails: ") + result.explanation
                       + QLatin1Char(')'));
        f.fix = QStringLiteral("Key ") + child->name + QStringLiteral(" ") + sortKey
            + QStringLiteral(" as ") + after + QStringLiteral(" (was ") + before
            + QStringLiteral("), so the children sort on the other side of the ") + parent->name
            + QLatin1Char('.');
        FixChange change;
        change.kind = FixChange::Kind::KeyTemplate;
        change.entity = child->name;
        change.key = sortKey;
        change.before = before;
        change.after = after;
        f.edit = DesignFix {QStringLiteral("Key ") + child->name + QStringLiteral(" as ") + after,
                            {change}};
        if (result.parentItem >= 0)
            f.items.push_back(result.parentItem);
        findings.push_back(std::move(f));
    }
}

void limitBeforeFilter(const CheckContext &context, const AccessPattern &pattern,
                       const PatternResult &result, std::vector<Finding> &findings)
{
    if (!pattern.limit || !pattern.filterExpression || !result.response)
        return;
    const QueryResponse &response = *result.response;
    if (response.count >= *pattern.limit || !response.lastEvaluatedKey)
        return;
    Finding f;
    f.id = QStringLiteral("limit-before-filter");
    f.severity = Finding::Severity::Warning;
    f.path = patternPath(context.project, pattern);
    f.scopeNote = QStringLiteral("about the access pattern '") + pattern.name + QLatin1Char('\'');
    f.title = QStringLiteral("'") + pattern.name
        + QStringLiteral("' returns %1 of Limit %2").arg(response.count).arg(*pattern.limit);
    f.explanation = QStringLiteral("Limit counts the items read before the FilterExpression drops "
                                   "any: the query read %1 items (ScannedCount) and the filter "
                                   "kept %2 (Count), and more items follow: the page ends with a "
                                   "LastEvaluatedKey, so the items the pattern wants are on "
                                   "later pages.")
                        .arg(response.scannedCount)
                        .arg(response.count);
    f.fix = QStringLiteral("Move the filtered value into the key (a GSI or a composite sort key "
                           "that starts with it), or drop Limit and paginate.");
    FixChange change;
    change.kind = FixChange::Kind::PatternLimit;
    change.pattern = pattern.name;
    change.before = QString::number(*pattern.limit);
    f.edit = DesignFix {QStringLiteral("Drop Limit %1 and read every page").arg(*pattern.limit),
                        {change}};
    findings.push_back(std::move(f));
}

// A pattern that expects one type got another back because both sort keys start alike
// ('ORDER#' of ORDER#{OrderId} and ORDER#{Order.OrderId}#ITEM#{ItemId}).
void prefixOverlap(const CheckContext &context, const AccessPattern &pattern,
                   const PatternResult &result, const QString &sortKey,
                   std::vector<Finding> &findings)
{
    if (result.passed)
        return;
    const auto split = prefixSplit(context.project, context.population, pattern, result, sortKey);
    if (!split)
        return;
    Finding f = findingOf(QStringLiteral("prefix-overlap"), Finding::Severity::Warning,
                          split->other, sortKey, patternPath(context.project, pattern));
    f.scopeNote = QStringLiteral("about the access pattern '") + pattern.name + QLatin1Char('\'');
    f.title = QStringLiteral("'%1' for %2 also returns %3 items: both %4 start with '%5'")
                  .arg(pattern.name, split->reads, split->other, sortKey, split->prefix);
    f.explanation
        = QStringLiteral("'%1' expects %2 items, and reads them with %3, but %2 (%4 = %5) and "
                         "%6 (%4 = %7) both start their %4 with '%8', so the query returns the "
                         "%6 items of the collection too: %9 on the first page, the first "
                         "%10. The templates alone cannot tell this from a parent stored with "
                         "its children on purpose; this pattern says it is not.")
              .arg(pattern.name, split->reads, pattern.keyConditionExpression, sortKey,
                   split->readsTemplate, split->other, split->otherBefore, split->prefix,
                   QString::number(split->otherReturned), context.describeItem(split->otherItem));
    f.fix = QStringLiteral("Give %1 a prefix of its own, one no other type's prefix begins "
                           "with: %2 = %3 (was %4), so begins_with(%2, '%5') reads only %6 "
                           "items.")
                .arg(split->other, sortKey, split->otherAfter, split->otherBefore, split->prefix,
                     split->reads);
    f.edit = split->fix;
    f.items.push_back(split->otherItem);
    findings.push_back(std::move(f));
}

// A begins_with value that stops short of the separator reaches another type ('TASK' of
// TASK#{TaskId} also begins TASKNOTE#{NoteId}): the pattern's own value is the mistake.
void beginsWithOverlap(const CheckContext &context, const AccessPattern &pattern,
                       const PatternResult &result, const QString &sortKey,
                       std::vector<Finding> &findings)
{
    if (result.passed)
        return;
    const auto reach
        = beginsWithReach(context.project, context.population, pattern, result, sortKey);
    if (!reach)
        return;
    Finding f = findingOf(QStringLiteral("prefix-overlap"), Finding::Severity::Warning,
                          reach->reads, sortKey, patternPath(context.project, pattern));
    f.scopeNote = QStringLiteral("about the access pattern '") + pattern.name + QLatin1Char('\'');
    f.title = QStringLiteral("begins_with(%1, '%2') in '%3' also returns %4 items ('%5')")
                  .arg(sortKey, reach->prefix, pattern.name, reach->other, reach->otherPrefix);
    f.explanation
        = QStringLiteral("'%1' expects %2 items and reads them with begins_with(%3, '%4') (the "
                         "value %5), but %6 keys start with '%7', which begins with '%4' too, so "
                         "the query returns the %6 items of the collection as well: %8 on the "
                         "first page, the first %9. %2 keys start with '%10': the value stops "
                         "short of the separator.")
              .arg(pattern.name, reach->reads, sortKey, reach->prefix, reach->valueName,
                   reach->other, reach->otherPrefix, QString::number(reach->otherReturned),
                   context.describeItem(reach->otherItem), reach->readsPrefix);
    f.fix = QStringLiteral("End the value with the separator: set %1 of '%2' to '%3', so "
                           "begins_with(%4, '%3') reads only %5 items.")
                .arg(reach->valueName, pattern.name, reach->narrowed, sortKey, reach->reads);
    f.edit = reach->fix;
    f.items.push_back(reach->otherItem);
    findings.push_back(std::move(f));
}

void pageSize(const CheckContext &context, const Table &table, const AccessPattern &pattern,
              const PatternResult &result, std::vector<Finding> &findings)
{
    const PatternExpectation &expect = pattern.expect;
    if (pattern.limit || !result.response || !result.response->lastEvaluatedKey)
        return;
    const qint64 wanted = expect.count ? *expect.count : expect.minCount.value_or(0);
    if (result.response->count >= wanted)
        return;
    // Pages the whole read takes, at most 1000 counted.
    QueryRequest request = result.request;
    qint64 pages = 1;
    std::optional<Item> next = result.response->lastEvaluatedKey;
    QueryEngine::Options options;
    options.materializeItems = false;
    while (next && pages < 1000) {
        request.exclusiveStartKey = next;
        auto answer = QueryEngine::query(table, request, options);
        if (!std::holds_alternative<QueryResponse>(answer))
            break;
        next = std::get<QueryResponse>(answer).lastEvaluatedKey;
        ++pages;
    }
    Finding f;
    f.id = QStringLiteral("page-size");
    f.severity = Finding::Severity::Warning;
    f.path = patternPath(context.project, pattern);
    f.scopeNote = QStringLiteral("about the access pattern '") + pattern.name + QLatin1Char('\'');
    f.title = QStringLiteral("'") + pattern.name + QStringLiteral("' needs %1 pages").arg(pages);
    f.explanation = QStringLiteral("A Query page ends at 1 MB of items read: the first page holds "
                                   "%1 items where the pattern expects %2, and reading them all "
                                   "takes %3 requests.")
                        .arg(result.response->count)
                        .arg(wanted)
                        .arg(pages);
    f.fix = QStringLiteral("Query an index with a KEYS_ONLY or INCLUDE projection (only the "
                           "attributes the page shows), or make the items smaller.");
    f.edit = projectedIndexFix(context.project, pattern, result);
    if (f.edit)
        f.fix += QStringLiteral(" Here: ") + f.edit->summary + QLatin1Char('.');
    findings.push_back(std::move(f));
}

} // namespace

void checkPatterns(const CheckContext &context, std::vector<Finding> &findings)
{
    const Project &project = context.project;
    if (project.accessPatterns.empty() || context.population.size() > kTrialItems)
        return;
    const auto built = context.patternTable();
    if (!built)
        return;
    const Table &table = *built;
    for (const AccessPattern &pattern : project.accessPatterns) {
        const PatternResult result
            = AccessPatternRunner::run(project, context.population, table, pattern);
        const IndexStore *store = table.store(pattern.indexName);
        const QString sortKey
            = store && store->keys().hasRange() ? store->keys().range.front().name : QString();
        parentSide(context, pattern, result, findings);
        prefixOverlap(context, pattern, result, sortKey, findings);
        beginsWithOverlap(context, pattern, result, sortKey, findings);
        limitBeforeFilter(context, pattern, result, findings);
        pageSize(context, table, pattern, result, findings);
    }
}

} // namespace keyscope::model::checks
