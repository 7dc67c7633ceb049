// Entity types inferred from hand-written items, and the checked project holding them
// (inferredtypes.h).

#include "model/design/checks/inferredtypes.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <map>

namespace keyscope::model::checks {

using recovery::DesignRecovery;

using namespace inferred;

const EntityProposal *InferredTypes::proposal(int entity) const
{
    const int p = entity - itemTypes.declaredEntities;
    if (p < 0 || p >= int(recovery.proposals.size()))
        return nullptr;
    return &recovery.proposals[size_t(p)];
}

namespace inferred {

QString stringKey(const Item &item, const QString &attribute)
{
    const auto found = item.find(attribute);
    if (found == item.end() || found->second.type() != AttributeValue::Type::S)
        return QString();
    return found->second.asString();
}

QByteArray keyBytes(const Item &item, const QString &attribute)
{
    const auto found = item.find(attribute);
    if (found == item.end() || !found->second.isKeyType())
        return QByteArray();
    return char(found->second.type()) + found->second.sortableBytes();
}

// What each part of an inferred key writes in a key's text: a placeholder runs to the next
// literal, as DesignRecovery::withInferredAttributes reads it. False when the text does not
// follow the parts.
bool splitKey(const QString &text, const InferredKey &key, std::vector<QString> &outputs)
{
    outputs.assign(key.parts.size(), QString());
    qsizetype at = 0;
    for (size_t p = 0; p < key.parts.size(); ++p) {
        const InferredKey::Part &part = key.parts[p];
        if (!part.isPlaceholder) {
            if (!QStringView(text).mid(at).startsWith(part.literal))
                return false;
            outputs[p] = part.literal;
            at += part.literal.size();
            continue;
        }
        qsizetype end = text.size();
        if (p + 1 < key.parts.size()) {
            if (key.parts[p + 1].isPlaceholder)
                return false; // two placeholders in a row: no boundary to read
            end = text.indexOf(key.parts[p + 1].literal, at);
            if (end < 0)
                return false;
        }
        outputs[p] = text.mid(at, end - at);
        at = end;
    }
    return at == text.size();
}

// The index into InferredKey::parts of the n-th placeholder (templates list them in order).
int inferredPart(const InferredKey &key, int ordinal)
{
    for (int p = 0; p < int(key.parts.size()); ++p) {
        if (key.parts[size_t(p)].isPlaceholder && ordinal-- == 0)
            return p;
    }
    return -1;
}

const InferredKey *inferredKey(const EntityProposal &proposal, const QString &keyAttribute)
{
    for (const InferredKey &key : proposal.keys) {
        if (key.keyAttribute == keyAttribute)
            return &key;
    }
    return nullptr;
}

bool isTimeKind(PartKind::Kind kind)
{
    using Kind = PartKind::Kind;
    return kind == Kind::IsoDateTime || kind == Kind::IsoDate || kind == Kind::DisplayDate
        || kind == Kind::EpochSeconds || kind == Kind::EpochMillis;
}

} // namespace inferred

namespace {

// The inferred attributes as the checks read them: the part's kind decides what a check looks
// for (a case mix, a random uuid, a ULID, an instant), whatever generator populating uses.
void prepareForChecks(EntityType &entity, const EntityProposal &proposal)
{
    using Kind = PartKind::Kind;
    for (const InferredKey &key : proposal.keys) {
        for (const InferredKey::Part &part : key.parts) {
            if (!part.isPlaceholder || part.attributeExisted || part.attribute.contains(u'.'))
                continue;
            for (AttributeSpec &spec : entity.attributes) {
                if (spec.name != part.attribute)
                    continue;
                switch (part.kind.kind) {
                case Kind::MixedText:
                    if (spec.generator.kind != GeneratorSpec::Kind::Choice)
                        spec.generator.kind = GeneratorSpec::Kind::Names;
                    break;
                case Kind::Uuid:
                    if (part.kind.uuidVersion == 4)
                        spec.generator.kind = GeneratorSpec::Kind::Uuid4;
                    break;
                case Kind::Ulid:
                    spec.generator.kind = GeneratorSpec::Kind::Ulid;
                    break;
                case Kind::Ksuid:
                    spec.generator.kind = GeneratorSpec::Kind::Ksuid;
                    break;
                case Kind::IsoDateTime:
                case Kind::IsoDate:
                    if (!isTimestampAttribute(spec))
                        spec.type = AttributeKind::Timestamp;
                    break;
                default:
                    break;
                }
            }
        }
    }
}

// What the project says of an attribute that the items cannot: that it goes into URLs, or
// changes. Taken from the entity type of the proposal's name (a count-0 type describing the
// items, e.g. an imported facet), else from any entity type declaring an attribute of that name.
void carryDeclaredMarks(EntityType &entity, const std::vector<EntityType> &declared)
{
    const auto sameName = std::find_if(declared.begin(), declared.end(),
                                       [&](const EntityType &d) { return d.name == entity.name; });
    for (AttributeSpec &spec : entity.attributes) {
        const AttributeSpec *mark = nullptr;
        const auto find = [&](const EntityType &d) {
            for (const AttributeSpec &a : d.attributes) {
                if (a.name == spec.name)
                    return &a;
            }
            return static_cast<const AttributeSpec *>(nullptr);
        };
        if (sameName != declared.end())
            mark = find(*sameName);
        for (auto d = declared.begin(); !mark && d != declared.end(); ++d)
            mark = find(*d);
        if (!mark)
            continue;
        spec.exposedInUrl = spec.exposedInUrl || mark->exposedInUrl;
        spec.isMutable = spec.isMutable || mark->isMutable;
    }
}

// An access pattern's order attribute that the items hold but the proposal does not list
// (random-id-order compares the key's order with it): typed from its values.
void addOrderAttributes(EntityType &entity, const EntityProposal &proposal, const ItemList &items,
                        const std::vector<AccessPattern> &patterns)
{
    for (const AccessPattern &pattern : patterns) {
        const QString &name = pattern.expect.orderAttribute;
        if (name.isEmpty()
            || std::any_of(entity.attributes.begin(), entity.attributes.end(),
                           [&](const AttributeSpec &a) { return a.name == name; }))
            continue;
        std::vector<QString> values;
        for (const qsizetype i : proposal.items) {
            const QString value = stringKey(items[size_t(i)], name);
            if (value.isEmpty())
                break;
            values.push_back(value);
        }
        if (values.size() != proposal.items.size() || values.empty())
            continue;
        const PartKind kind = recovery::classifyPart(values);
        if (kind.kind != PartKind::Kind::IsoDateTime && kind.kind != PartKind::Kind::IsoDate)
            continue;
        AttributeSpec spec = recovery::inferredAttribute(name, kind, values);
        spec.type = AttributeKind::Timestamp;
        entity.attributes.push_back(std::move(spec));
    }
}

// Parents: the parent type's item sharing the child's partition key value.
void linkParents(InferredTypes &types, qsizetype generated)
{
    const TableDefinition &table = types.project.table;
    if (table.keys.hash.empty())
        return;
    const QString pk = table.keys.hash.front().name;
    const auto &proposals = types.recovery.proposals;
    std::map<int, QHash<QByteArray, qint64>> byPartition; // parent proposal -> PK -> item
    for (int c = 0; c < int(proposals.size()); ++c) {
        const EntityProposal &child = proposals[size_t(c)];
        if (child.entity.parent.isEmpty())
            continue;
        int parent = -1;
        for (int p = 0; p < int(proposals.size()); ++p) {
            if (p != c && proposals[size_t(p)].entity.name == child.entity.parent)
                parent = p;
        }
        if (parent < 0)
            continue;
        auto found = byPartition.find(parent);
        if (found == byPartition.end()) {
            QHash<QByteArray, qint64> first;
            for (const qsizetype i : proposals[size_t(parent)].items) {
                const QByteArray key = keyBytes(types.handWritten[size_t(i)], pk);
                if (!key.isEmpty() && !first.contains(key))
                    first.insert(key, generated + i);
            }
            found = byPartition.emplace(parent, std::move(first)).first;
        }
        for (const qsizetype i : child.items) {
            const auto at = found->second.constFind(keyBytes(types.handWritten[size_t(i)], pk));
            if (at != found->second.constEnd())
                types.itemTypes.parentOf[size_t(i)] = at.value();
        }
    }
}

// Items whose keys the inferred templates do not write back are left of no type: the
// template checks would read keys the items do not have.
void dropUnrendered(InferredTypes &types, const Population &population, const CheckOptions &options)
{
    const qsizetype generated = population.generatedCount;
    std::vector<char> renders(types.handWritten.size(), 1);
    {
        const CheckContext probe(types.project, population, options, &types.itemTypes);
        std::vector<QString> outputs;
        for (const KeySite &site : probe.sites) {
            if (!probe.isInferred(site.entity))
                continue;
            for (const qint64 item : probe.itemsOfEntity[size_t(site.entity)]) {
                QString written;
                if (probe.partOutputs(site, item, outputs)) {
                    for (const QString &output : outputs)
                        written += output;
                }
                const AttributeValue actual = probe.keyValue(item, site.keyAttribute);
                if (outputs.empty() || written != CheckContext::valueText(actual))
                    renders[size_t(item - generated)] = 0;
            }
        }
    }
    std::map<size_t, Item> asWritten; // nothing inferred
    for (size_t i = 0; i < renders.size(); ++i) {
        if (!renders[i]) {
            types.itemTypes.entityOf[i] = -1;
            asWritten.emplace(i, Item());
        }
    }
    types.itemTypes.inferred.replace(asWritten);
}

// In the checked project an inferred type needs a name of its own ({Parent.Attr} and parents
// resolve by name); findings give it the proposal's name (kept in itemTypes.names). Returns
// the names in the checked project, one a proposal; `renamed` maps the ones that differ.
std::vector<QString> checkedTypeNames(InferredTypes &types, const Project &project,
                                      std::map<QString, QString> &renamed)
{
    QSet<QString> taken;
    for (const EntityType &entity : project.entities)
        taken.insert(entity.name);
    std::vector<QString> internal;
    for (const EntityProposal &proposal : types.recovery.proposals) {
        const QString &name = proposal.entity.name;
        QString unique = name;
        for (int n = 2; taken.contains(unique); ++n)
            unique = name + QString::number(n);
        taken.insert(unique);
        if (unique != name)
            renamed[name] = unique;
        internal.push_back(unique);
        types.itemTypes.names.push_back(name);
    }
    return internal;
}

// The checked project: the declared project with the inferred types added after its own.
void buildCheckedProject(InferredTypes &types, const Project &project)
{
    Project &checked = types.project;
    checked.name = project.name;
    checked.table = project.table;
    checked.seed = project.seed;
    checked.entities = project.entities;
    checked.accessPatterns = project.accessPatterns;
    types.itemTypes.declaredEntities = int(project.entities.size());
    const auto &proposals = types.recovery.proposals;
    std::map<QString, QString> renamed;
    const std::vector<QString> internal = checkedTypeNames(types, project, renamed);
    for (size_t p = 0; p < proposals.size(); ++p) {
        EntityType entity = proposals[p].entity;
        entity.name = internal[p];
        if (const auto it = renamed.find(entity.parent); it != renamed.end())
            entity.parent = it->second;
        for (auto &[attribute, text] : entity.keys) {
            for (const auto &[from, to] : renamed)
                text.replace(u'{' + from + u'.', u'{' + to + u'.');
        }
        prepareForChecks(entity, proposals[p]);
        carryDeclaredMarks(entity, project.entities);
        addOrderAttributes(entity, proposals[p], types.handWritten, project.accessPatterns);
        checked.entities.push_back(std::move(entity));
    }
}

// Each hand-written item's inferred type, and what its keys add to it.
void assignInferredTypes(InferredTypes &types)
{
    ItemTypes &itemTypes = types.itemTypes;
    const auto &proposals = types.recovery.proposals;
    const int declared = itemTypes.declaredEntities;
    const size_t count = types.handWritten.size();
    itemTypes.entityOf.assign(count, -1);
    itemTypes.parentOf.assign(count, -1);
    const auto &groupOf = types.recovery.groupOf;
    // The items as written are shared; only what their keys add is kept, per item (a copy of
    // every item with it cost more than the items themselves).
    itemTypes.items = types.handWritten;
    itemTypes.inferred.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        const int group = i < groupOf.size() ? groupOf[i] : -1;
        if (group < 0 || group >= int(proposals.size())) {
            itemTypes.inferred.push_back(Item());
            continue;
        }
        itemTypes.entityOf[i] = declared + group;
        const Item written = types.handWritten[i];
        Item added = DesignRecovery::withInferredAttributes(written, proposals[size_t(group)]);
        for (auto it = added.begin(); it != added.end();)
            it = written.count(it->first) ? added.erase(it) : std::next(it);
        itemTypes.inferred.push_back(added);
    }
}

} // namespace

std::unique_ptr<InferredTypes> inferItemTypes(const Project &project, const Population &population,
                                              const CheckOptions &options)
{
    const qsizetype generated = population.generatedCount;
    if (population.size() <= generated)
        return nullptr;
    auto types = std::make_unique<InferredTypes>();
    types->handWritten
        = population.items.mid(size_t(generated), population.items.size() - size_t(generated));
    recovery::RecoveryOptions recoveryOptions;
    recoveryOptions.hints = DesignRecovery::hintsFrom(project);
    types->recovery = DesignRecovery::recover(project.table, types->handWritten, recoveryOptions);
    if (types->recovery.proposals.empty())
        return nullptr;
    buildCheckedProject(*types, project);
    assignInferredTypes(*types);
    linkParents(*types, generated);
    dropUnrendered(*types, population, options);
    return types;
}

} // namespace keyscope::model::checks
