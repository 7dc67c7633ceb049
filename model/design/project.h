#pragma once

#include "model/table/itemlist.h"
#include "model/table/tabledefinition.h"
#include "model/value/attributevalue.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace keyscope::model {

// How an attribute's values are produced when a collection is populated. Every generator is
// deterministic for a seed.
struct GeneratorSpec
{
    enum class Kind {
        Constant,     // constant
        Sequence,     // start, step (perParent: restarts for each parent)
        IntegerRange, // min..max inclusive, uniformly random
        Choice,       // one of choices, uniformly random
        Names,        // a built-in list of surnames, mixed case included (DeBrie, Dean, Dern...)
        Timestamp,    // start + ordinal * step (ms), or random in [min, max] when random
        Uuid4,        // random, no time order
        Ksuid,        // 27 base62 characters, second-precision time prefix
        Ulid,         // 26 Crockford base32 characters, monotonic within a millisecond
        Pattern,      // pattern: '#' digit, 'A' uppercase letter, 'a' lowercase letter,
                      // '*' letter or digit, '\' escapes the next character
    };

    Kind kind = Kind::Sequence;
    QString constant;
    qint64 start = 1;
    qint64 step = 1;
    qint64 min = 0;
    qint64 max = 0;
    bool random = false;
    bool perParent = false;
    QStringList choices;
    QString pattern;
    QJsonObject extra; // members this version does not know, kept for the round trip
};

// What an attribute holds. Timestamp values are instants, stored in items as ISO-8601 UTC
// strings ("2023-07-10T14:48:00Z"); key templates can format them otherwise.
enum class AttributeKind { S, N, B, Bool, Timestamp };

struct AttributeSpec
{
    QString name;
    AttributeKind type = AttributeKind::S;
    GeneratorSpec generator;
    bool isMutable = false;    // changes after creation (UpdatedAt): never belongs in a key
    bool exposedInUrl = false; // appears in URLs: characters needing percent-encoding are flagged
    QJsonObject extra;
};

// What Add Attribute starts from: a string named `name`, generated from the pattern "AA-####".
AttributeSpec newAttribute(const QString &name);

// The colour a new entity type gets: the n-th of a fixed palette of ten that tell rows apart
// in the collection (Add Entity Type, and entity types recovered from items).
QString entityColour(qsizetype index);

// The writes an entity type receives at peak, per second across the table (issue 28: what the
// design costs). An update rewrites the item; the attributes it changes decide which indexes
// it touches (empty: the attributes marked mutable).
struct EntityWrites
{
    double creates = 0;
    double updates = 0;
    double deletes = 0;
    QStringList updatedAttributes;
    QJsonObject extra;

    double total() const { return creates + updates + deletes; }
};

struct EntityType
{
    QString name;
    QString color; // "#RRGGBB"
    std::vector<AttributeSpec> attributes;
    // Key attribute (of the table or of any index) -> key template, e.g. "SK" -> "#READING#{Ts}".
    // Placeholders name the entity's own attributes, or an ancestor's as "Device.DeviceId".
    std::map<QString, QString> keys;
    QString parent;   // entity type name; empty for a root type
    int countMin = 1; // how many per parent (or in total for a root type)
    int countMax = 1;
    std::optional<EntityWrites> writes; // none declared: the cost report assumes no writes
    // How many per parent (or in total for a root type) at maturity, for collection and
    // storage sizes; none: the populated count.
    std::optional<qint64> countPerParent;
    QJsonObject extra;
};

// A value for an access pattern's :placeholder: a key template rendered against the chosen
// parent item ("DEVICE#{DeviceId}"), or a literal DynamoDB JSON value.
struct PatternValue
{
    QString templateText;
    std::optional<AttributeValue> literal;
};

// What an access pattern must return for its design to pass.
struct PatternExpectation
{
    QStringList entityTypes;         // every returned item is one of these (empty: any)
    std::optional<bool> parentFirst; // the parent item is (or is not) the first result
    QString orderAttribute;          // the children come back in this attribute's order
    bool orderAscending = true;
    std::optional<qint64> count;    // exactly this many items returned
    std::optional<qint64> minCount; // at least this many
    QJsonObject extra;
    QJsonObject orderByExtra; // unknown members of "orderBy", kept for the round trip
};

struct AccessPattern
{
    QString name;
    QString description;
    QString indexName; // empty: the table
    QString keyConditionExpression;
    std::optional<QString> filterExpression;
    std::map<QString, QString> names;       // ExpressionAttributeNames
    std::map<QString, PatternValue> values; // ExpressionAttributeValues
    QString parentEntity;                   // values take attributes from an item of this type
    int parentIndex = 0;                    // which one, in generation order
    bool scanIndexForward = true;
    std::optional<qint64> limit;
    bool consistentRead = false;       // ConsistentRead (not allowed on a global secondary index)
    std::optional<double> rate;        // requests per second at peak
    std::optional<double> averageRate; // requests per second over a month (<= rate)
    PatternExpectation expect;
    QJsonObject extra;
};

// A design: the table, its entity types and templates, how to populate it, and what it must
// answer. Saved as `*.keyscope.json` (ProjectFile).
struct Project
{
    static constexpr int kFormatVersion = 1;

    int version = kFormatVersion;
    QString name;
    QString description;
    TableDefinition table;
    QJsonObject tableJson; // the "table" member as read, so unknown members survive
    std::vector<EntityType> entities;
    quint64 seed = 1;
    std::vector<AccessPattern> accessPatterns;
    ItemList items; // hand-written items, written after the generated ones
    // Prices for the cost report: "region" chooses a built-in price table, the other members
    // override its figures (model/cost/prices.h). Empty: us-east-1.
    QJsonObject prices;
    QJsonObject view; // view settings, owned by the app
    QJsonObject extra;

    const EntityType *entity(const QString &name) const;
};

} // namespace keyscope::model
