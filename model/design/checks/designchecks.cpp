// Checks about what goes into keys: mutable-in-key, random-id-order, url-unsafe-key.

#include "model/design/checks/checksupport.h"
#include "model/value/keyorder.h"

#include <QSet>
#include <QUrl>

namespace keyscope::model::checks {

namespace {

QString freeIndexName(const TableDefinition &table, const QString &wanted)
{
    QString name = wanted;
    for (int n = 2; table.index(name); ++n)
        name = wanted + QString::number(n);
    return name;
}

QString pathSegmentProblem(QChar c)
{
    switch (c.unicode()) {
    case '#':
        return QStringLiteral("everything after it becomes a fragment the server never sees");
    case '/':
        return QStringLiteral("it splits the path into two segments");
    case '?':
        return QStringLiteral("everything after it becomes the query string");
    case '%':
        return QStringLiteral("it is read as the start of an escape");
    default:
        return QStringLiteral("it is not allowed unencoded in a URL");
    }
}

// "'#' (0x23)", or "'é' (U+00E9)" beyond ASCII.
QString describeChar(QChar c)
{
    if (c.unicode() < 0x80)
        return describeByte(quint8(c.unicode()));
    return QStringLiteral("'%1' (U+%2)")
        .arg(QString(c), QString::number(c.unicode(), 16).toUpper().rightJustified(4, u'0'));
}

// Allowed unencoded in a path segment (RFC 3986 pchar): unreserved, sub-delims, ':' and '@'.
bool isPathSafe(QChar c)
{
    const char16_t u = c.unicode();
    if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9'))
        return true;
    return QStringView(u"-._~!$&'()*+,;=:@").contains(c);
}

// The values (of an id, or of a whole key) a URL path segment must percent-encode.
struct UnsafeValues
{
    qint64 total = 0;             // values looked at
    std::vector<qint64> items;    // the items whose value needs encoding
    std::vector<qint64> examples; // the first three of them
    QString first;                // the first such value
    QChar firstBad;               // its first character to encode
    qsizetype firstBadAt = -1;

    void add(qint64 item, const QString &text)
    {
        ++total;
        for (qsizetype at = 0; at < text.size(); ++at) {
            const QChar c = text.at(at);
            if (isPathSafe(c))
                continue;
            if (examples.size() < 3)
                examples.push_back(item);
            items.push_back(item);
            if (first.isNull()) {
                first = text;
                firstBad = c;
                firstBadAt = at;
            }
            return;
        }
    }
    qint64 count() const { return qint64(items.size()); }

    // The url-unsafe-key finding on these values; `name` is what they are values of.
    Finding finding(const QString &entity, const QString &attribute, const QString &path,
                    const QString &name) const
    {
        Finding f = findingOf(QStringLiteral("url-unsafe-key"), Finding::Severity::Warning, entity,
                              attribute, path);
        f.items = examples;
        setConcerned(f, items);
        f.title = QStringLiteral("%1 '%2' needs URL encoding").arg(name, first);
        return f;
    }
};

// Marks the template part that writes the character at `at` of the item's key: a literal
// character alone (the '#' a URL must encode), or the placeholder whose value holds it.
void markUnsafePart(const CheckContext &context, const KeySite &site, qint64 item, qsizetype at,
                    Finding &f)
{
    std::vector<QString> outputs;
    markTemplate(f, site);
    if (at < 0 || !context.partOutputs(site, item, outputs))
        return;
    const auto &parts = site.keyTemplate.parts();
    qsizetype start = 0;
    for (size_t p = 0; p < parts.size(); ++p) {
        const qsizetype end = start + outputs[p].size();
        if (at < end) {
            const KeyTemplate::Part &part = parts[p];
            // A literal without escaped braces maps character for character onto the template.
            if (!part.isPlaceholder && part.length == part.text.size())
                markSpan(f, site, part.column + int(at - start), 1);
            else
                markPart(f, site, int(p));
            return;
        }
        start = end;
    }
}

// Names of attributes that change after the item is created, by convention: "UpdatedAt",
// "Status", "LastLoginAt" (the name ends with one of these, case-insensitively).
bool soundsMutable(const QString &name)
{
    static const char *const endings[]
        = {"UpdatedAt", "ModifiedAt", "ChangedAt",  "EditedAt",     "LastLogin", "LastLoginAt",
           "LastSeen",  "LastSeenAt", "LastActive", "LastActivity", "Status",    "State"};
    for (const char *ending : endings) {
        if (name.endsWith(QLatin1String(ending), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

// "In your data, ...": the first item of the site's entity whose key holds the attribute.
QString mutableKeyExample(const CheckContext &context, const KeySite &site,
                          const PlaceholderRef &ref, qint64 item)
{
    const auto in = context.input(item, ref);
    return QStringLiteral(" In your data, %1 has %2 %3, built from %4 %5: the "
                          "first time %4 changes, that item has to be deleted and "
                          "written again under a new key.")
        .arg(context.describeItem(item), site.keyAttribute,
             CheckContext::quoted(context.keyValue(item, site.keyAttribute)), ref.name,
             in ? CheckContext::quoted(in->value) : QStringLiteral("?"));
}

// Keep an immutable id in the key, and reach the changing value through an index.
QString mutableKeyFix(const CheckContext &context, const KeySite &site, const PlaceholderRef &ref)
{
    const TableDefinition &table = context.project.table;
    const EntityType &entity = context.project.entities[size_t(site.entity)];
    const AttributeSpec *id = idAttribute(entity);
    const QString idKey
        = id ? QStringLiteral("%1#{%2}").arg(entity.name.toUpper(), id->name) : QString();
    const QString keep = id
        ? QStringLiteral("Keep an immutable id in the key: %1 = %2.").arg(site.keyAttribute, idKey)
        : QStringLiteral("Give %1 an immutable id (a ULID, which also sorts by "
                         "creation time) and key on it: %2 = %3#{%1Id}.")
              .arg(entity.name, site.keyAttribute, entity.name.toUpper());
    const QString indexName = freeIndexName(table, QStringLiteral("By") + ref.attribute);
    const QString hash
        = table.keys.hash.empty() ? QStringLiteral("PK") : table.keys.hash.front().name;
    const bool timed = isTimestampAttribute(*ref.spec);
    if (site.tableHash)
        return keep
            + QStringLiteral(" To find items by %1, add a global secondary index "
                             "'%2' whose partition key is %1; DynamoDB updates the "
                             "index on every write, so changing %1 is one UpdateItem.")
                  .arg(ref.attribute, indexName);
    return keep
        + QStringLiteral(" Then add a local secondary index '%1' with partition "
                         "key %2 and sort key %3 (an LSI shares the table's "
                         "partition key and can only be created with the table; "
                         "on an existing table add a GSI '%1' with the same "
                         "keys). DynamoDB re-sorts the index on every update, so "
                         "changing %3 is a single UpdateItem.%4")
              .arg(indexName, hash, ref.attribute,
                   timed ? QStringLiteral(" Query '%1' with ScanIndexForward=false "
                                          "to read the most recently updated "
                                          "first.")
                               .arg(indexName)
                         : QString());
}

// mutable-in-key for one placeholder: marked mutable (an error) or named like it (a warning).
Finding mutableKeyFinding(const CheckContext &context, const KeySite &site,
                          const PlaceholderRef &ref, bool marked)
{
    const EntityType &entity = context.project.entities[size_t(site.entity)];
    // Marked mutable: it will change. Named like a changing value: it probably will.
    Finding f = findingOf(QStringLiteral("mutable-in-key"),
                          marked ? Finding::Severity::Error : Finding::Severity::Warning,
                          entity.name, ref.name, site.path);
    f.title
        = QStringLiteral("Mutable %1 in the table's %2 key %3")
              .arg(ref.name, site.tableHash ? QStringLiteral("partition") : QStringLiteral("sort"),
                   site.keyAttribute);
    QString example;
    markPart(f, site, ref.part);
    const auto &items = context.itemsOfEntity[size_t(site.entity)];
    setConcerned(f, items); // every key of the entity holds the attribute
    if (!items.empty()) {
        f.items = {items.front()};
        example = mutableKeyExample(context, site, ref, items.front());
    }
    f.explanation = QStringLiteral("%1 %4, but %2 ('%3') puts it in the table's primary key. Key "
                                   "attributes cannot be updated: every change of %1 becomes a "
                                   "delete plus a create, two writes that can fail between them "
                                   "and lose the item (or leave it twice), and anything that "
                                   "stored the old key now points at nothing.")
                        .arg(ref.name, site.description, site.keyTemplate.text(),
                             marked ? QStringLiteral("is marked mutable (it changes after the "
                                                     "item is created)")
                                    : QStringLiteral("is named like a value that changes after "
                                                     "the item is created (it is not marked "
                                                     "\"mutable\": true; if it never changes, "
                                                     "mark nothing and ignore this)"))
        + example;
    f.fix = mutableKeyFix(context, site, ref);
    return f;
}

} // namespace

void checkMutableKeys(const CheckContext &context, std::vector<Finding> &findings)
{
    for (const KeySite &site : context.sites) {
        if (!site.inTablePrimaryKey)
            continue;
        QSet<QString> reported;
        for (const PlaceholderRef &ref : site.placeholders) {
            if (!ref.spec || reported.contains(ref.name))
                continue;
            const bool marked = ref.spec->isMutable;
            if (!marked && !soundsMutable(ref.attribute))
                continue;
            reported.insert(ref.name);
            findings.push_back(mutableKeyFinding(context, site, ref, marked));
        }
    }
}

namespace {

// The key schema an access pattern queries (the table's or its index's); null if the index
// does not exist.
const KeySchema *queriedKeySchema(const Project &project, const AccessPattern &pattern)
{
    if (pattern.indexName.isEmpty())
        return &project.table.keys;
    const IndexDefinition *index = project.table.index(pattern.indexName);
    return index ? &index->keys : nullptr;
}

// A sort key template that orders an access pattern's results by a random id, not by the
// timestamp the pattern expects them ordered by.
struct RandomIdCase
{
    const AccessPattern &pattern;
    const KeySite &candidate; // the template, as the context has it
    KeySite site;             // the same, in the collections of the pattern's store
    QString rangeKey;
    const PlaceholderRef *uuid = nullptr;
    PlaceholderRef orderRef; // the order attribute, read from the item itself
};

// The uuid4 placeholder of the candidate's template when the template does not hold the
// pattern's (timestamp) order attribute; fills `orderRef`. Null otherwise.
const PlaceholderRef *randomIdInKey(const EntityType &entity, const KeySite &candidate,
                                    const QString &orderAttribute, PlaceholderRef &orderRef)
{
    const AttributeSpec *orderSpec = nullptr;
    int orderIndex = -1;
    for (int a = 0; a < int(entity.attributes.size()); ++a) {
        if (entity.attributes[size_t(a)].name == orderAttribute) {
            orderSpec = &entity.attributes[size_t(a)];
            orderIndex = a;
        }
    }
    if (!orderSpec || !isTimestampAttribute(*orderSpec))
        return nullptr;
    const PlaceholderRef *uuid = nullptr;
    bool holdsOrder = false;
    for (const PlaceholderRef &ref : candidate.placeholders) {
        if (!ref.spec || ref.ownerEntity != candidate.entity)
            continue;
        if (ref.attributeIndex == orderIndex)
            holdsOrder = true;
        if (!uuid && ref.spec->generator.kind == GeneratorSpec::Kind::Uuid4)
            uuid = &ref;
    }
    if (!uuid || holdsOrder)
        return nullptr;
    orderRef.ownerEntity = candidate.entity;
    orderRef.attribute = orderAttribute;
    orderRef.spec = orderSpec;
    return uuid;
}

// The candidate's site with the collections of the pattern's store.
KeySite inPatternStore(const KeySite &candidate, const KeySchema &keys, const QString &indexName)
{
    KeySite site = candidate;
    site.hashAttributes.clear();
    for (const auto &k : keys.hash)
        site.hashAttributes << k.name;
    site.storeName = indexName;
    return site;
}

// Items of one collection whose keys sort against their time order.
InversionFinder timeInversions(const CheckContext &context, const RandomIdCase &c)
{
    InversionFinder finder;
    for (qint64 item : context.itemsOfEntity[size_t(c.candidate.entity)]) {
        const AttributeValue key = context.keyValue(item, c.rangeKey);
        const auto in = context.input(item, c.orderRef);
        if (!in || !in->instantMs || !key.isKeyType())
            continue;
        if (!finder.add(context.collectionOf(c.site, item), orderedInt64(*in->instantMs),
                        key.sortableBytes(), item))
            break;
    }
    return finder;
}

// Generate the id as a ULID or a KSUID; if it must stay random, put the time first.
QString randomIdFix(const RandomIdCase &c, const EntityType &entity)
{
    QString timeFirst = c.candidate.keyTemplate.text();
    timeFirst.insert(c.uuid->templatePart->column - 1,
                     QStringLiteral("{%1|iso8601}#").arg(c.orderRef.attribute));
    return QStringLiteral("Generate %1 as a ULID ({\"kind\": \"ulid\"}: 26 characters, "
                          "millisecond time first, monotonic within a millisecond) or a "
                          "KSUID ({\"kind\": \"ksuid\"}: 27 characters, second "
                          "precision) instead of uuid4: both begin with their creation "
                          "time, so '%2' returns %3 items in creation order. The cost: "
                          "anyone who sees an id can read when it was created. If the "
                          "id must stay random, put the time first: %4.")
        .arg(c.uuid->attribute, c.candidate.keyTemplate.text(), entity.name, timeFirst);
}

// random-id-order, with the pair of items `pair` shows out of time order.
Finding randomIdFinding(const CheckContext &context, const RandomIdCase &c,
                        const InversionFinder &finder, const InversionFinder::Pair &pair)
{
    const EntityType &entity = context.project.entities[size_t(c.candidate.entity)];
    const QString &orderAttribute = c.orderRef.attribute;
    const AttributeValue laterKey = context.keyValue(pair.later.item, c.rangeKey);
    const AttributeValue earlierKey = context.keyValue(pair.earlier.item, c.rangeKey);
    const auto timeOf = [&](qint64 item) {
        const auto in = context.input(item, c.orderRef);
        return in ? CheckContext::valueText(in->value) : QString();
    };
    Finding f = findingOf(QStringLiteral("random-id-order"), Finding::Severity::Warning,
                          entity.name, c.uuid->name, c.candidate.path);
    f.items = {pair.later.item, pair.earlier.item};
    markPart(f, c.candidate, c.uuid->part);
    f.index = c.pattern.indexName; // the order the access pattern reads
    setConcerned(f, finder.invertedItems());
    f.title = QStringLiteral("Random %1 (uuid4) orders '%2', not %3")
                  .arg(c.uuid->name, c.pattern.name, orderAttribute);
    f.explanation
        = QStringLiteral("Access pattern '%1' expects %2 items in %3 order (%4), but %5 "
                         "('%6') sorts them by %7, a uuid4: random, with no time order "
                         "at all. In your data, %8 is newer than %9, both in one "
                         "collection (%10), yet %11.")
              .arg(c.pattern.name, entity.name, orderAttribute,
                   c.pattern.expect.orderAscending ? QStringLiteral("oldest first")
                                                   : QStringLiteral("newest first"),
                   c.candidate.description, c.candidate.keyTemplate.text(), c.uuid->name,
                   context.describeItem(pair.later.item,
                                        orderAttribute + u' ' + timeOf(pair.later.item)),
                   context.describeItem(pair.earlier.item,
                                        orderAttribute + u' ' + timeOf(pair.earlier.item)),
                   context.describeCollection(c.site, pair.later.item),
                   explainKeyOrder(laterKey, earlierKey));
    f.fix = randomIdFix(c, entity);
    return f;
}

} // namespace

void checkRandomIdOrder(const CheckContext &context, std::vector<Finding> &findings)
{
    const Project &project = context.project;
    QSet<QString> reported; // site paths
    for (const AccessPattern &pattern : project.accessPatterns) {
        const QString &orderAttribute = pattern.expect.orderAttribute;
        if (orderAttribute.isEmpty())
            continue;
        const KeySchema *keys = queriedKeySchema(project, pattern);
        if (!keys || keys->range.empty())
            continue;
        const QString rangeKey = keys->range.front().name;
        for (const KeySite &candidate : context.sites) {
            if (candidate.keyAttribute != rangeKey || reported.contains(candidate.path))
                continue;
            const EntityType &entity = project.entities[size_t(candidate.entity)];
            if (!pattern.expect.entityTypes.isEmpty()
                && !pattern.expect.entityTypes.contains(entity.name))
                continue;
            RandomIdCase c {pattern, candidate, KeySite(), rangeKey, nullptr, PlaceholderRef()};
            c.uuid = randomIdInKey(entity, candidate, orderAttribute, c.orderRef);
            if (!c.uuid)
                continue;
            c.site = inPatternStore(candidate, *keys, pattern.indexName);
            const InversionFinder finder = timeInversions(context, c);
            const auto pair = finder.find();
            if (!pair)
                continue; // never two items of one collection out of time order
            reported.insert(candidate.path);
            findings.push_back(randomIdFinding(context, c, finder, *pair));
        }
    }
}

namespace {

// url-unsafe-key on an exposed id's own values; `reported` gets each (entity, attribute).
void checkExposedValues(const CheckContext &context, QSet<QPair<int, int>> &reported,
                        std::vector<Finding> &findings)
{
    const Project &project = context.project;
    for (int e = 0; e < int(project.entities.size()); ++e) {
        const EntityType &entity = project.entities[size_t(e)];
        for (int a = 0; a < int(entity.attributes.size()); ++a) {
            const AttributeSpec &spec = entity.attributes[size_t(a)];
            if (!spec.exposedInUrl)
                continue;
            // Only ids that go into keys: that is where sortable composites come from.
            // Only ids that go into keys; the entity's own template first (the one to mark).
            const KeySite *usedIn = nullptr;
            const PlaceholderRef *usedRef = nullptr;
            for (const KeySite &site : context.sites) {
                for (const PlaceholderRef &ref : site.placeholders) {
                    if (ref.ownerEntity != e || ref.attributeIndex != a)
                        continue;
                    if (!usedIn || (usedIn->entity != e && site.entity == e)) {
                        usedIn = &site;
                        usedRef = &ref;
                    }
                }
            }
            if (!usedIn)
                continue;
            UnsafeValues unsafe;
            for (qint64 item : context.itemsOfEntity[size_t(e)]) {
                const auto found = context.attribute(item, spec.name);
                if (found && found->type() == AttributeValue::Type::S)
                    unsafe.add(item, found->asString());
            }
            if (unsafe.items.empty())
                continue;
            reported.insert({e, a});
            const QString &firstValue = unsafe.first;
            const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(firstValue));
            Finding f = unsafe.finding(entity.name, spec.name,
                                       QStringLiteral("entities[%1].attributes[%2]").arg(e).arg(a),
                                       spec.name);
            if (usedIn->entity == e)
                markPart(f, *usedIn, usedRef->part);
            else
                f.scopeNote = QStringLiteral("About the values of %1.%2 (its generator), which "
                                             "only other entity types' templates (%3) read.")
                                  .arg(entity.name, spec.name, usedIn->description);
            f.explanation
                = QStringLiteral("%1 is marked exposedInUrl and goes into keys (%2), but %3 of "
                                 "its %4 values contain characters a URL path segment must "
                                 "percent-encode. In your data, %5 has %1 '%6': %7 must be "
                                 "written encoded, so the URL carries '%8'; a link or router "
                                 "that does not encode it breaks, because %9.")
                      .arg(spec.name, usedIn->description, QString::number(unsafe.count()),
                           QString::number(unsafe.total),
                           context.describeItem(unsafe.examples.front()), firstValue,
                           describeChar(unsafe.firstBad), encoded,
                           pathSegmentProblem(unsafe.firstBad));
            f.fix = QStringLiteral("Keep ids that appear in URLs to letters, digits, '-', '_', "
                                   "'.' and '~': for example generate %1 as a ULID, which still "
                                   "sorts by creation time. Build the sortable composite (dates, "
                                   "'#' separators) in the key templates instead, e.g. a sort "
                                   "key or index key '%2#{Date|date}#{%1}', so the id itself "
                                   "stays plain; otherwise every URL must percent-encode it "
                                   "('%3').")
                        .arg(spec.name, entity.name.toUpper(), encoded);
            findings.push_back(std::move(f));
        }
    }
}

// An exposed id that is not enough to address its item: the table key also holds other
// attributes of the item (a date), so the id a URL must carry is the whole key.
void checkExposedKeys(const CheckContext &context, const QSet<QPair<int, int>> &reported,
                      std::vector<Finding> &findings)
{
    const Project &project = context.project;
    for (const KeySite &site : context.sites) {
        if (!site.inTablePrimaryKey)
            continue;
        const PlaceholderRef *exposed = nullptr;
        const PlaceholderRef *other = nullptr;
        for (const PlaceholderRef &ref : site.placeholders) {
            if (!ref.spec || ref.ownerEntity != site.entity)
                continue;
            if (ref.spec->exposedInUrl) {
                if (!exposed)
                    exposed = &ref;
            } else if (!other) {
                other = &ref;
            }
        }
        if (!exposed || !other || reported.contains({site.entity, exposed->attributeIndex}))
            continue;
        UnsafeValues unsafe;
        for (qint64 item : context.itemsOfEntity[size_t(site.entity)]) {
            const AttributeValue key = context.keyValue(item, site.keyAttribute);
            if (key.type() == AttributeValue::Type::S)
                unsafe.add(item, key.asString());
        }
        if (unsafe.items.empty())
            continue;
        const std::vector<qint64> &examples = unsafe.examples;
        const QString &firstKey = unsafe.first;
        const EntityType &entity = project.entities[size_t(site.entity)];
        const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(firstKey));
        const auto in = context.input(examples.front(), *exposed);
        const auto otherIn = context.input(examples.front(), *other);
        Finding f = unsafe.finding(entity.name, exposed->name, site.path, site.keyAttribute);
        markUnsafePart(context, site, examples.front(), unsafe.firstBadAt, f);
        f.explanation
            = QStringLiteral("%1 is marked exposedInUrl, but %2 ('%3') also holds %4, so the id "
                             "alone does not address the item: the id a URL must carry is the "
                             "whole key. In your data, %5 has %1 %6 and %4 %7, so its %8 is "
                             "'%9': %10 must be written encoded, and the URL carries '%11'; a "
                             "link or router that does not encode it breaks, because %12. %13 of "
                             "%14 such keys need encoding.")
                  .arg(exposed->name, site.description, site.keyTemplate.text(), other->name,
                       context.describeItem(examples.front()),
                       in ? CheckContext::quoted(in->value) : QStringLiteral("?"),
                       otherIn ? CheckContext::quoted(otherIn->value) : QStringLiteral("?"),
                       site.keyAttribute, firstKey, describeChar(unsafe.firstBad), encoded,
                       pathSegmentProblem(unsafe.firstBad), QString::number(unsafe.count()),
                       QString::number(unsafe.total));
        const QString indexName
            = freeIndexName(project.table, QStringLiteral("By") + other->attribute);
        f.fix = QStringLiteral("Let the id address the item on its own: %1 = %2#{%3} (a ULID id "
                               "still sorts by creation time), and serve the order by %4 from a "
                               "local or global secondary index '%5' whose sort key is '%6'. "
                               "Otherwise every URL must percent-encode the key ('%7').")
                    .arg(site.keyAttribute, entity.name.toUpper(), exposed->attribute,
                         other->attribute, indexName, site.keyTemplate.text(), encoded);
        findings.push_back(std::move(f));
    }
}

} // namespace

void checkUrlSafety(const CheckContext &context, std::vector<Finding> &findings)
{
    QSet<QPair<int, int>> reported; // (entity, attribute) whose own values are unsafe
    checkExposedValues(context, reported, findings);
    checkExposedKeys(context, reported, findings);
}

} // namespace keyscope::model::checks
