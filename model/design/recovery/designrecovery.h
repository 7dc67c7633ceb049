#pragma once

#include "model/design/project.h"
#include "model/design/recovery/partclassifier.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <vector>

namespace keyscope::model::recovery {

// What an importer knows about the items' types before recovery: a NoSQL Workbench facet
// (its name, key aliases, attribute names, the items it lists), or an entity type of a
// project that describes its items without generating any (count 0).
struct TypeHint
{
    QString name;                          // "Orders"
    QString source;                        // "facet 'Orders'"
    std::map<QString, QString> keyAliases; // key attribute -> alias ("SK" -> "OrderDate")
    QStringList attributes;                // NonKeyAttributes
    std::vector<qsizetype> items;          // indexes of the items known to be of the type
};

// One inferred key template of a proposal.
struct InferredKey
{
    QString keyAttribute; // "SK", or an index key attribute ("GSI1SK")
    QString templateText; // "ORDER#{OrderDate}#{OrderId}"
    struct Part
    {
        bool isPlaceholder = false;
        QString literal;   // literal text
        QString attribute; // the placeholder's attribute ("OrderDate", "Device.DeviceId")
        bool attributeExisted = false; // an attribute of the items holds the same value
        PartKind kind;                 // what the values are
        int column = 0;                // 1-based column in templateText where the part starts
        int length = 0;
        // The key value's tokens (keyshape.h) the part covers, inclusive: how
        // withInferredAttributes splits a key exactly as recovery did. -1 when not known.
        int firstToken = -1;
        int lastToken = -1;
    };
    std::vector<Part> parts;
    int tokenCount = -1; // tokens of the key values the template was inferred from
};

// One proposed entity type: the design recovered from a group of items of one key shape.
struct EntityProposal
{
    EntityType entity;  // name, attributes (inferred ones with generators), keys, parent, counts
    QString nameSource; // "the prefix ORDER", "the attribute Type", "the facet 'Orders'"
    std::vector<InferredKey> keys;
    std::vector<qsizetype> items;      // the input items in the group, ascending
    std::vector<qsizetype> nearMisses; // items that share the group's prefix but not its shape
    QStringList nearMissReasons;       // parallel to nearMisses: "has 2 parts, the others 3"
    // Values of a part that do not fit the kind the others agree on (the classifier's
    // outliers), with the item holding each.
    struct Outlier
    {
        qsizetype item = -1;
        QString keyAttribute;
        int part = 0; // index into the key's InferredKey::parts
        QString text; // the part's text in that item
    };
    std::vector<Outlier> outliers;
    qsizetype outlierCount = 0; // all outliers (outliers holds at most 10 per part)
    // What each of entity.attributes holds, as PartKind::describe() says it.
    std::map<QString, QString> attributeKinds;
    double confidence = 0; // 0..1
    QString reason; // "42 of 43 items whose SK starts 'ORDER#' match; 'ORDER#x' does not (...)"
};

struct RecoveryResult
{
    std::vector<EntityProposal> proposals;
    std::vector<int> groupOf;         // per input item: its proposal, or -1
    std::vector<qsizetype> unmatched; // items in no proposal, ascending
    QStringList notes;
};

struct RecoveryOptions
{
    std::vector<TypeHint> hints;
    // Called now and then with (items examined, total); returning false cancels (the result
    // then holds no proposals and a note saying so).
    std::function<bool(qsizetype done, qsizetype total)> progress;
};

// Recovers a design from items: groups them by the shape of their key values (literal
// prefixes, separators '#', '|', ':', '_', and the typed parts between them) across the
// table's keys and every index key, and turns each group into an entity type whose key
// templates name real attributes where an attribute holds the same value, else new attributes
// named from the prefix. Pure and deterministic; linear in the items.
class DesignRecovery
{
public:
    static RecoveryResult recover(const TableDefinition &table, const ItemList &items,
                                  const RecoveryOptions &options = {});

    // Hints from a project's entity types that generate nothing (count 0), as NoSQL
    // Workbench facets import.
    static std::vector<TypeHint> hintsFrom(const Project &project);

    // One proposal for the union of two proposals' items (Design > Infer's "merge").
    static RecoveryResult merge(const RecoveryResult &result, int into, int from,
                                const TableDefinition &table, const ItemList &items);
    // One proposal for the union of the items of any number of proposals: it takes the first
    // row's name and place. The result unchanged unless rows holds two or more distinct
    // proposals and nothing else.
    static RecoveryResult merge(const RecoveryResult &result, const std::vector<int> &rows,
                                const TableDefinition &table, const ItemList &items);

    // What the user decided for each proposal (same order as RecoveryResult::proposals).
    struct Decision
    {
        bool accept = true;
        QString name; // empty: the proposal's name
    };
    // The project with the accepted proposals as entity types that describe the items without
    // generating any (count 0; a population is the user's to ask for). Every item stays
    // exactly as it was. Count-0 entity types they supersede go: one of the same name (an
    // imported facet), or one without a template for a table key (a facet that names no key
    // shape). decisions may be empty (accept all).
    static Project apply(const Project &project, const RecoveryResult &result,
                         const std::vector<Decision> &decisions = {});

    // Each item of a group with the values of the group's inferred attributes added (those no
    // attribute held), so templates render the item's keys back; the design checks read
    // hand-written items through this.
    static Item withInferredAttributes(const Item &item, const EntityProposal &proposal);

    // The report `keyscope infer` prints and the app's review shows: per proposal its name,
    // templates, how sure and why, and the unmatched items.
    static QString report(const RecoveryResult &result, const ItemList &items,
                          const TableDefinition &table);
    static QJsonObject reportJson(const RecoveryResult &result, const ItemList &items,
                                  const TableDefinition &table);
};

} // namespace keyscope::model::recovery
