#pragma once

// Shared machinery of the design checks (designchecker.h): where each key template sits in the
// table, how a placeholder reads its value from a populated item, and how to find two real
// items whose byte order disagrees with the order the design means.

#include "model/design/designchecker.h"
#include "model/design/keytemplate.h"
#include "model/io/wording.h"

#include <QByteArray>
#include <QString>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace keyscope::model::checks {

// Examples are sought among at most this many items per check site, so checks stay linear
// and bounded on a million items; conditions that need every value (a pad overflow, the largest
// value, duplicate keys, key limits) still scan everything.
inline constexpr qsizetype kSampleCap = 200000;

// One placeholder of a key template, resolved to the attribute it reads.
struct PlaceholderRef
{
    int part = -1;           // index into KeyTemplate::parts() (and the render trace)
    QString name;            // as written: "ReadingId", "Device.DeviceId"
    QString attribute;       // the attribute's own name: "DeviceId"
    int ownerEntity = -1;    // the entity type holding the attribute (itself or an ancestor)
    int attributeIndex = -1; // index into that entity's attributes
    const AttributeSpec *spec = nullptr; // null when unresolved
    const KeyTemplate::Part *templatePart = nullptr;

    bool hasFilter(const QString &filter) const;
    bool hasTimeFilter() const; // iso8601, date, epoch, epochms, format
    bool hasCaseFilter() const; // upper, lower
    // The placeholder as written ("{ReadingId|pad:5}") and with one more filter appended.
    QString source(const QString &templateText) const;
    QString withFilter(const QString &templateText, const QString &filter) const;
};

// One key template of one entity type, and what its key attribute is in the table.
struct KeySite
{
    int entity = -1;
    QString keyAttribute; // "SK"
    QString path;         // "entities[1].keys.SK" (the finding's path, for the CLI's JSON)
    QString description;  // "the SK template of Reading" (the words explanations use)
    KeyTemplate keyTemplate;
    std::vector<PlaceholderRef> placeholders;
    // Per part: the placeholder alone as a template ("{ReadingId|pad:5}"), so one part can be
    // rendered without the preview trace; nullopt for literal parts.
    std::vector<std::optional<KeyTemplate>> partTemplates;

    bool inTablePrimaryKey = false;
    bool tableHash = false;
    // A sort key (RANGE) of the table or of an index: its order is read by Queries.
    bool isSortKey = false;
    QString storeName;          // the store whose sort key it is: "" (the table) or an index name
    QStringList hashAttributes; // that store's partition key attributes
    std::optional<AttributeValue::Type> declaredType; // from AttributeDefinitions
    bool isStringSortKey() const
    {
        return isSortKey && declaredType && *declaredType == AttributeValue::Type::S;
    }
    const PlaceholderRef *placeholder(const QString &name) const;
};

// An instant from an ISO-8601 text with Z or an offset, or a bare date (UTC midnight).
std::optional<qint64> parseInstant(const QString &text);
// Whether values of the attribute are instants (timestamp type, or a timestamp generator).
bool isTimestampAttribute(const AttributeSpec &spec);
// Bytes whose memcmp order is the order of the numbers / instants.
QByteArray orderedInt64(qint64 value);

// Appends the item's key attribute `name` as its type, length and sortable bytes, so that
// several attributes make one comparable key; false (nothing appended) when the item has no
// such attribute or it is not a key type.
bool appendKeyBytes(QByteArray &bytes, const Item &item, const QString &name);
// A decimal text ("-42", "007", "3.5") as a number, for numeric order; nullopt otherwise.
std::optional<Number> plainNumber(const QString &text);

// Hand-written items seen through entity types inferred from them (inferredtypes.h): the
// checked project's entity types from declaredEntities on are inferred, and each hand-written
// item is read as its inferred type's item (with the inferred attributes its key holds) and
// parent. Population indexes stay the user's.
struct ItemTypes
{
    int declaredEntities = 0;     // entity types before this index are the project's own
    ItemList items;               // per hand-written item: the item as written (shared)
    ItemList inferred;            // per hand-written item: the attributes its keys give it
                                  // that it does not hold (empty if none); checks read both
    std::vector<int> entityOf;    // per hand-written item: its inferred entity type, or -1
    std::vector<qint64> parentOf; // per hand-written item: its parent's population index, or -1
    std::vector<QString> names;   // per inferred entity type: the name findings give it
};

// What the checks share: the project, its population, and the key sites.
class CheckContext
{
public:
    CheckContext(const Project &project, const Population &population, const CheckOptions &options,
                 const ItemTypes *itemTypes = nullptr);

    const Project &project;
    const Population &population;
    const CheckOptions &options;
    const ItemTypes *itemTypes; // null: hand-written items have no entity type

    // The item as the checks read it, its entity type (-1: hand-written, of no type) and
    // parent (-1: none).
    Item item(qint64 item) const;
    // One attribute of an item (as item() holds it), without decoding the rest.
    std::optional<AttributeValue> attribute(qint64 item, const QString &name) const;
    int entityOf(qint64 item) const;
    qint64 parentOf(qint64 item) const;
    // Whether an entity type was inferred from hand-written items (no template in the file).
    bool isInferred(int entity) const;
    // "1 Reading item", "2 hand-written items of the inferred type Reading"
    QString itemsOf(int entity, qint64 count) const;

    std::vector<KeySite> sites;
    std::vector<std::vector<qint64>> itemsOfEntity; // population indexes per entity type

    // The item (this one or an ancestor) of the placeholder's owner entity; -1 if none.
    qint64 ownerItem(qint64 item, const PlaceholderRef &ref) const;
    std::optional<TemplateInput> input(qint64 item, const PlaceholderRef &ref) const;
    // Renders the site's template for a populated item, with the per-part trace.
    std::optional<KeyTemplate::Rendered> render(const KeySite &site, qint64 item) const;
    // What each part of the site's template writes for the item (literal text or the
    // placeholder's output), without building a trace; false if a part cannot render.
    bool partOutputs(const KeySite &site, qint64 item, std::vector<QString> &outputs) const;
    // Calls visit(item, outputs) for each of the first kSampleCap items of the site's entity
    // type whose parts all render (partOutputs): the sample the ordering checks look at.
    template<typename Visit>
    void forSampledOutputs(const KeySite &site, Visit &&visit) const
    {
        const auto &items = itemsOfEntity[size_t(site.entity)];
        const qsizetype limit = std::min<qsizetype>(qsizetype(items.size()), kSampleCap);
        std::vector<QString> outputs;
        for (qsizetype n = 0; n < limit; ++n) {
            const qint64 item = items[size_t(n)];
            if (partOutputs(site, item, outputs))
                visit(item, outputs);
        }
    }
    // The item's partition in the site's store (hash key bytes), empty if it has none.
    QByteArray collectionOf(const KeySite &site, qint64 item) const;

    // The key site of an entity's template for a key attribute, or null.
    const KeySite *site(int entity, const QString &keyAttribute) const;

    QString entityName(int entity) const;
    // "Reading 57" (the 57th Reading generated), "hand-written item 3" (the project's items[2]):
    // populationItemName, counted from 1.
    QString itemName(qint64 item) const;
    // "Reading 57 (PK 'DEVICE#0001', SK '#READING#10')", with detail "Reading 57 (ReadingId 10;
    // PK 'DEVICE#0001', SK '#READING#10')"; "hand-written item 3 (inferred Reading; PK ...)".
    // Long keys are shortened.
    QString describeItem(qint64 item, const QString &detail = QString()) const;
    // "PK 'DEVICE#0001'" for the site's store
    QString describeCollection(const KeySite &site, qint64 item) const;
    AttributeValue keyValue(qint64 item, const QString &attribute) const;
    // The value of an attribute as text, for explanations.
    static QString valueText(const AttributeValue &value);
    static QString quoted(const AttributeValue &value); // 'text' or a number

    // The table the access patterns run on (AccessPatternRunner::buildTable), built once for
    // the checks that need it; null when the items do not fit it.
    std::shared_ptr<const Table> patternTable() const;

private:
    mutable std::optional<std::shared_ptr<const Table>> m_patternTable;
};

// What a key attribute is in the table: "table sort key", "table partition key; partition key
// of index GSI1", "sort key of index ByDate".
QString keyRole(const TableDefinition &table, const QString &keyAttribute);
// "the SK template of Reading" at the start of a sentence: "The SK template of Reading".
QString sentenceStart(const QString &words);
// Marks where in the site's template a finding lies (Finding::keyAttribute, keyRole, column,
// length, index): a part, one filter with its argument ("pad:5"), or the whole template.
void markSpan(Finding &finding, const KeySite &site, int column, int length);
void markPart(Finding &finding, const KeySite &site, int part);
void markFilter(Finding &finding, const KeySite &site, const KeyTemplate::Filter &filter);
void markTemplate(Finding &finding, const KeySite &site);
// The separator characters of the site's template: every character of its literal text that
// is not a letter or digit ("#" for "USER#{Last}#{First}"), each once.
QString separatorsOf(const KeySite &site);
// A finding's identity: which check, how severe, about which entity type and attribute, and
// where in the file (its path).
Finding findingOf(const QString &id, Finding::Severity severity, const QString &entity,
                  const QString &attribute, const QString &path);
// An immutable attribute of the entity that looks like its id (named ...Id, or generated as an
// id: ulid, ksuid, uuid4, sequence, pattern), for suggested keys; null when none does.
const AttributeSpec *idAttribute(const EntityType &entity);
// "accessPatterns[2]": the pattern's path in the project file (a pattern of `project`).
QString patternPath(const Project &project, const AccessPattern &pattern);
// Sets Finding::concerned: sorted, without repeats.
void setConcerned(Finding &finding, std::vector<qint64> items);
// Sets Finding::edit to one change of the site's template to `after` (a KeyTemplate FixChange
// naming the entity type and key attribute, with the template as it is now as `before`).
// Nothing for an entity type inferred from hand-written items (no template in the file to
// change), or when `after` is the template as it is.
void setTemplateEdit(Finding &finding, const CheckContext &context, const KeySite &site,
                     const QString &after, const QString &summary);
// The site's template with `replacement` in place of the placeholder `ref` as written.
QString replacePlaceholder(const KeySite &site, const PlaceholderRef &ref,
                           const QString &replacement);

// Finds two items of one collection whose byte order disagrees with the intended order.
// Feed (context, intended, rendered) per item: context groups the items that are compared
// (their collection and the key text before the value), intended sorts (memcmp) as the design
// means, rendered is the key from the value on, as DynamoDB compares it.
class InversionFinder
{
public:
    explicit InversionFinder(qsizetype cap = kSampleCap)
        : m_cap(cap)
    { }

    // False when the sample is full (the item was not taken).
    bool add(QByteArray context, QByteArray intended, QByteArray rendered, qint64 item,
             int tag = 0);
    bool full() const { return qsizetype(m_samples.size()) >= m_cap; }
    bool empty() const { return m_samples.empty(); }
    // Moves the samples out, retagged, to merge them into another finder.
    void moveInto(InversionFinder &other, int tag);

    struct Sample
    {
        QByteArray context;
        QByteArray intended;
        QByteArray rendered;
        qint64 item = -1;
        int tag = 0;
    };
    // earlier: intended to sort first; later: sorts before it in DynamoDB's byte order.
    struct Pair
    {
        Sample earlier;
        Sample later;
    };
    // The first adjacent disagreement in (context, intended) order; deterministic.
    std::optional<Pair> find() const;
    // Every sampled item in at least one disagreeing pair of its context (an item intended
    // earlier that sorts after it, or one intended later that sorts before it), ascending.
    std::vector<qint64> invertedItems() const;

private:
    qsizetype m_cap;
    std::vector<Sample> m_samples;
};

// The checks, by group; each appends its findings.
// unpadded-number, mixed-case, unsortable-timestamp, lowercase-ulid (orderchecks.cpp)
void checkOrdering(const CheckContext &context, std::vector<Finding> &findings);
// pad-overflow, pad-near-limit (orderchecks.cpp)
void checkPadding(const CheckContext &context, std::vector<Finding> &findings);
// mutable-in-key, random-id-order, url-unsafe-key (designchecks.cpp)
void checkMutableKeys(const CheckContext &context, std::vector<Finding> &findings);
void checkRandomIdOrder(const CheckContext &context, std::vector<Finding> &findings);
void checkUrlSafety(const CheckContext &context, std::vector<Finding> &findings);
// stray-key-text: hand-written key values with control characters, white space at an end, or
// unfilled placeholders (keytextchecks.cpp)
void checkKeyText(const CheckContext &context, std::vector<Finding> &findings);
// mixed-case on hand-written sort keys that no template placeholder reads: the keys of one
// collection in mixed case ("Dean", "DeBrie", "dern") (handwrittencase.cpp)
void checkHandWrittenCase(const CheckContext &context, std::vector<Finding> &findings);
// key-too-large, empty-key, invalid-item, duplicate-key (itemchecks.cpp)
void checkKeyLimits(const CheckContext &context, std::vector<Finding> &findings);
// zoneless-timestamp, delimiter-in-value, prefix-overlap, signed-pad, mixed-width
// (templatechecks.cpp)
void checkTemplates(const CheckContext &context, std::vector<Finding> &findings);
// parent-side, limit-before-filter, page-size: what the access patterns will meet, from the
// templates, the pattern's direction and Limit, confirmed on the population (patternchecks.cpp)
void checkPatterns(const CheckContext &context, std::vector<Finding> &findings);
// hot-partition, lsi-collection-limit, gsi-projection-cost, scan-like-query: what the design
// costs, from its cost report (model/cost/costreport.h) on the populated design
// (costchecks.cpp, hotpartition.cpp)
void checkCosts(const CheckContext &context, std::vector<Finding> &findings);

} // namespace keyscope::model::checks
