#include "model/design/checks/inferredtypes.h"

#include "model/value/keyorder.h"

#include <QDateTime>
#include <QHash>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QTimeZone>

#include <algorithm>
#include <functional>
#include <map>

namespace keyscope::model::checks {

using recovery::DesignRecovery;
using recovery::EntityProposal;
using recovery::InferredKey;
using recovery::PartKind;

const EntityProposal *InferredTypes::proposal(int entity) const
{
    const int p = entity - itemTypes.declaredEntities;
    if (p < 0 || p >= int(recovery.proposals.size()))
        return nullptr;
    return &recovery.proposals[size_t(p)];
}

namespace {

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

// An access pattern's order attribute that the items hold but the proposal does not list
// (random-id-order compares the key's order with it): typed from its values.
void addOrderAttributes(EntityType &entity, const EntityProposal &proposal,
                        const std::vector<Item> &items, const std::vector<AccessPattern> &patterns)
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
    for (size_t i = 0; i < renders.size(); ++i) {
        if (!renders[i]) {
            types.itemTypes.entityOf[i] = -1;
            types.itemTypes.items[i] = types.handWritten[i];
        }
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
    types->handWritten.assign(population.items.begin() + generated, population.items.end());
    recovery::RecoveryOptions recoveryOptions;
    recoveryOptions.hints = DesignRecovery::hintsFrom(project);
    types->recovery = DesignRecovery::recover(project.table, types->handWritten, recoveryOptions);
    const auto &proposals = types->recovery.proposals;
    if (proposals.empty())
        return nullptr;

    Project &checked = types->project;
    checked.name = project.name;
    checked.table = project.table;
    checked.seed = project.seed;
    checked.entities = project.entities;
    checked.accessPatterns = project.accessPatterns;
    ItemTypes &itemTypes = types->itemTypes;
    const int declared = int(project.entities.size());
    itemTypes.declaredEntities = declared;

    // In the checked project an inferred type needs a name of its own ({Parent.Attr} and
    // parents resolve by name); findings give it the proposal's name.
    QSet<QString> taken;
    for (const EntityType &entity : project.entities)
        taken.insert(entity.name);
    std::map<QString, QString> renamed;
    std::vector<QString> internal;
    for (const EntityProposal &proposal : proposals) {
        const QString &name = proposal.entity.name;
        QString unique = name;
        for (int n = 2; taken.contains(unique); ++n)
            unique = name + QString::number(n);
        taken.insert(unique);
        if (unique != name)
            renamed[name] = unique;
        internal.push_back(unique);
        itemTypes.names.push_back(name);
    }
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
        addOrderAttributes(entity, proposals[p], types->handWritten, project.accessPatterns);
        checked.entities.push_back(std::move(entity));
    }

    const size_t count = types->handWritten.size();
    itemTypes.items = types->handWritten;
    itemTypes.entityOf.assign(count, -1);
    itemTypes.parentOf.assign(count, -1);
    const auto &groupOf = types->recovery.groupOf;
    for (size_t i = 0; i < count && i < groupOf.size(); ++i) {
        const int group = groupOf[i];
        if (group < 0 || group >= int(proposals.size()))
            continue;
        itemTypes.entityOf[i] = declared + group;
        itemTypes.items[i] = DesignRecovery::withInferredAttributes(types->handWritten[i],
                                                                    proposals[size_t(group)]);
    }
    linkParents(*types, generated);
    dropUnrendered(*types, population, options);
    return types;
}

// ---------------------------------------------------------------------------------------------
// Words about hand-written items.

namespace {

QString itemPath(const CheckContext &context, qint64 item)
{
    return QStringLiteral("items[%1]").arg(item - context.population.generatedCount);
}

// "SK 'READING#10' and 'READING#2'": the items' words are their keys (paths stay in path).
QString namedItems(const CheckContext &context, const QString &keyAttribute,
                   const std::vector<qint64> &items)
{
    QStringList names;
    for (const qint64 item : items) {
        const QString key = CheckContext::quoted(context.keyValue(item, keyAttribute));
        if (item >= context.population.generatedCount && names.size() < 3 && !names.contains(key))
            names << key;
    }
    if (!names.isEmpty())
        names.front() = keyAttribute + u' ' + names.front();
    if (names.size() <= 1)
        return names.join(QString());
    const QString last = names.takeLast();
    return names.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

// The scope note of a finding on an inferred type's items.
QString scopeNote(const CheckContext &context, const InferredTypes &types, int entity,
                  const QString &keyAttribute, int ordinal, const std::vector<qint64> &named)
{
    const EntityProposal *proposal = types.proposal(entity);
    const InferredKey *key = proposal ? inferredKey(*proposal, keyAttribute) : nullptr;
    const qsizetype count = proposal ? qsizetype(proposal->items.size()) : 0;
    QString note;
    if (key) {
        QString part;
        const int p = inferredPart(*key, ordinal);
        if (p >= 0) {
            const InferredKey::Part &placeholder = key->parts[size_t(p)];
            part = QStringLiteral(" (its %1 part: %2)")
                       .arg(key->templateText.mid(placeholder.column - 1, placeholder.length),
                            placeholder.kind.describe());
        }
        note = QStringLiteral("These %1 hand-written items follow the inferred template %2 "
                              "'%3'%4; no template in the file writes them.")
                   .arg(count)
                   .arg(keyAttribute, key->templateText, part);
    } else {
        note = QStringLiteral("About %1 hand-written items of the inferred type %2 as a whole; "
                              "no template in the file writes them.")
                   .arg(count)
                   .arg(context.entityName(entity));
    }
    const QString names = namedItems(
        context,
        keyAttribute.isEmpty() ? context.project.table.keys.all().back().name : keyAttribute,
        named);
    if (!names.isEmpty())
        note += QStringLiteral(" Named here: %1.").arg(names);
    return note;
}

// The item's key with one part written differently, for fixes in the items' words.
std::optional<QString> keyWith(const CheckContext &context, const KeySite &site, qint64 item,
                               int part, const QString &output)
{
    std::vector<QString> outputs;
    if (!context.partOutputs(site, item, outputs) || part < 0 || part >= int(outputs.size()))
        return std::nullopt;
    outputs[size_t(part)] = output;
    QString text;
    for (const QString &o : outputs)
        text += o;
    return text;
}

QString partOutput(const CheckContext &context, const KeySite &site, qint64 item, int part)
{
    std::vector<QString> outputs;
    if (!context.partOutputs(site, item, outputs) || part < 0 || part >= int(outputs.size()))
        return QString();
    return outputs[size_t(part)];
}

// "'READING#00010' for 'READING#10' and 'READING#00002' for 'READING#2'"
QString rewrites(const CheckContext &context, const KeySite &site, const std::vector<qint64> &items,
                 int part, const std::function<std::optional<QString>(const QString &)> &rewrite)
{
    QStringList pairs;
    QSet<QString> seen;
    for (const qint64 item : items) {
        const QString output = partOutput(context, site, item, part);
        const auto rewritten = rewrite(output);
        if (!rewritten)
            continue;
        const auto key = keyWith(context, site, item, part, *rewritten);
        const QString actual = CheckContext::valueText(context.keyValue(item, site.keyAttribute));
        if (!key || seen.contains(actual))
            continue;
        seen.insert(actual);
        pairs << QStringLiteral("'%1' for '%2'").arg(*key, actual);
    }
    if (pairs.size() <= 1)
        return pairs.join(QString());
    const QString last = pairs.takeLast();
    return pairs.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

int widestDigits(const CheckContext &context, const KeySite &site, int entity, int part)
{
    int widest = 0;
    const auto &items = context.itemsOfEntity[size_t(entity)];
    const qsizetype limit = std::min<qsizetype>(qsizetype(items.size()), kSampleCap);
    for (qsizetype n = 0; n < limit; ++n) {
        const QString output = partOutput(context, site, items[size_t(n)], part);
        widest = std::max(widest, int(output.size() - (output.startsWith(u'-') ? 1 : 0)));
    }
    return widest;
}

std::optional<QString> padded(const QString &output, int width)
{
    if (output.isEmpty() || output.startsWith(u'-'))
        return std::nullopt;
    for (const QChar c : output) {
        if (!c.isDigit())
            return std::nullopt;
    }
    QString digits = output;
    while (digits.size() > 1 && digits.startsWith(u'0'))
        digits.remove(0, 1);
    return digits.rightJustified(width, u'0');
}

QString isoText(qint64 instantMs)
{
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(instantMs, QTimeZone::utc());
    if (instantMs % 86400000 == 0)
        return time.toString(QStringLiteral("yyyy-MM-dd"));
    return time.toString(instantMs % 1000 == 0 ? QStringLiteral("yyyy-MM-ddTHH:mm:ss'Z'")
                                               : QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz'Z'"));
}

const QString kAdopt = QStringLiteral("When you adopt the inferred design (keyscope infer, or "
                                      "Design > Infer Entity Types...), write the part as %1.");

// The fix of a template finding, told for items that follow an inferred template.
QString itemFix(const CheckContext &context, const Finding &f, int entity, const KeySite *site,
                const PlaceholderRef *ref)
{
    const QString &id = f.id;
    const QString keyAttribute = site ? site->keyAttribute : f.attribute;
    if (id == QLatin1String("duplicate-key"))
        return QStringLiteral("Give each of these hand-written items a key of its own: add what "
                              "tells them apart, an id or a finer time, to %1 (%2 for the second "
                              "one), or delete the copy if it is meant to replace the other.")
            .arg(keyAttribute,
                 CheckContext::quoted(AttributeValue::string(
                     CheckContext::valueText(context.keyValue(f.items.back(), keyAttribute))
                     + QStringLiteral("#2"))));
    if (id == QLatin1String("key-too-large"))
        return QStringLiteral("Shorten %1 in these items: build it from ids and short codes, "
                              "and keep long text in ordinary attributes (which count only "
                              "toward the 400 KB item limit).")
            .arg(keyAttribute);
    if (id == QLatin1String("random-id-order") && ref)
        return QStringLiteral("Give these items ids that begin with their creation time, a ULID "
                              "(26 characters, millisecond time first) or a KSUID, in place of "
                              "the random uuid4 their %1 holds, so it sorts them in creation "
                              "order; or, if the id must stay random, write the time before it "
                              "in the key. When you adopt the inferred design, generate %2 as a "
                              "ULID.")
            .arg(keyAttribute, ref->attribute);
    if (!site || !ref)
        return f.fix;
    const QString &text = site->keyTemplate.text();
    const auto &items = f.items;
    if (id == QLatin1String("unpadded-number") || id == QLatin1String("pad-overflow")
        || id == QLatin1String("pad-near-limit")) {
        const int width = std::max(widestDigits(context, *site, entity, ref->part) + 3, 4);
        const auto pad = [width](const QString &output) { return padded(output, width); };
        QString adopted = text;
        if (ref->hasFilter(QStringLiteral("pad"))) {
            for (const auto &filter : ref->templatePart->filters) {
                if (filter.name == QLatin1String("pad")) {
                    const qsizetype start = filter.column - 1 + filter.name.size() + 1;
                    qsizetype end = start;
                    while (end < adopted.size() && adopted.at(end).isDigit())
                        ++end;
                    adopted.replace(start, end - start, QString::number(width));
                }
            }
        } else {
            adopted = ref->withFilter(text, QStringLiteral("pad:%1").arg(width));
        }
        return QStringLiteral("Write the numbers zero-padded to one width in the keys of these "
                              "items: %1, and so in every %2 key (pad for the largest value you "
                              "can imagine plus 2-3 digits: the width cannot change without "
                              "rewriting every key). ")
                   .arg(rewrites(context, *site, items, ref->part, pad), keyAttribute)
            + kAdopt.arg(adopted);
    }
    if (id == QLatin1String("mixed-case")) {
        const auto upper = [](const QString &output) { return std::optional(output.toUpper()); };
        return QStringLiteral("Write the %1 part in one case in the keys of these items: %2; "
                              "keep the text as typed in another attribute for display. ")
                   .arg(ref->source(text), rewrites(context, *site, items, ref->part, upper))
            + kAdopt.arg(ref->withFilter(text, QStringLiteral("upper")));
    }
    if (id == QLatin1String("lowercase-ulid")) {
        const auto upper = [](const QString &output) { return std::optional(output.toUpper()); };
        return QStringLiteral("Write the ULIDs in uppercase in the keys of these items: %1. ")
                   .arg(rewrites(context, *site, items, ref->part, upper))
            + kAdopt.arg(ref->withFilter(text, QStringLiteral("upper")));
    }
    if (id == QLatin1String("unsortable-timestamp")) {
        QStringList pairs;
        bool dates = true;
        for (const qint64 item : items) {
            const auto in = context.input(item, *ref);
            if (!in || !in->instantMs)
                continue;
            dates = dates && *in->instantMs % 86400000 == 0;
            const auto key = keyWith(context, *site, item, ref->part, isoText(*in->instantMs));
            if (key)
                pairs << QStringLiteral("'%1' for '%2'")
                             .arg(*key,
                                  CheckContext::valueText(
                                      context.keyValue(item, site->keyAttribute)));
        }
        QString adopted = text;
        adopted.replace(ref->templatePart->column - 1, ref->templatePart->length,
                        u'{' + ref->name
                            + (dates ? QStringLiteral("|date}") : QStringLiteral("|iso8601}")));
        return QStringLiteral("Write the times sortably, as ISO-8601 in UTC, in the keys of "
                              "these items%1; keep the display format for the screen, not the "
                              "key. ")
                   .arg(pairs.isEmpty() ? QString()
                                        : QStringLiteral(": ") + pairs.join(QStringLiteral(", ")))
            + kAdopt.arg(adopted);
    }
    return f.fix;
}

// The entity type a finding's path names ("entities[3].keys.SK" -> 3), or -1.
int pathEntity(const QString &path)
{
    static const QRegularExpression entities(QStringLiteral(R"(^entities\[(\d+)\])"));
    const auto match = entities.match(path);
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

} // namespace

void describeItemFindings(const CheckContext &context, const InferredTypes &types,
                          std::vector<Finding> &findings)
{
    const qsizetype generated = context.population.generatedCount;
    for (Finding &f : findings) {
        const int entity = pathEntity(f.path);
        if (!context.isInferred(entity))
            continue;
        const KeySite *site
            = f.keyAttribute.isEmpty() ? nullptr : context.site(entity, f.keyAttribute);
        const PlaceholderRef *ref = nullptr;
        int ordinal = -1;
        if (site && f.column > 0) {
            for (int n = 0; n < int(site->placeholders.size()); ++n) {
                const KeyTemplate::Part &part = *site->placeholders[size_t(n)].templatePart;
                if (f.column >= part.column && f.column < part.column + part.length) {
                    ref = &site->placeholders[size_t(n)];
                    ordinal = n;
                }
            }
        }
        qint64 first = -1;
        for (const qint64 item : f.items) {
            if (item >= generated) {
                first = item;
                break;
            }
        }
        if (first < 0 && !f.concerned.empty() && f.concerned.back() >= generated)
            first = *std::lower_bound(f.concerned.begin(), f.concerned.end(), generated);
        if (first < 0) {
            if (const EntityProposal *proposal = types.proposal(entity);
                proposal && !proposal->items.empty())
                first = generated + proposal->items.front();
        }
        f.fix = itemFix(context, f, entity, site, ref);
        const QString keyAttribute = site ? site->keyAttribute : f.attribute;
        bool realAttribute = false;
        if (const EntityProposal *proposal = types.proposal(entity); proposal && ref) {
            if (const InferredKey *key = inferredKey(*proposal, keyAttribute)) {
                const int p = inferredPart(*key, ordinal);
                realAttribute = p >= 0 && key->parts[size_t(p)].attributeExisted;
            }
        }
        if (!realAttribute && !keyAttribute.isEmpty())
            f.attribute = keyAttribute; // the inferred attribute is not in the items
        f.scopeNote = scopeNote(context, types, entity, keyAttribute, ordinal,
                                f.items.empty() ? f.concerned : f.items);
        f.path = first >= 0 ? itemPath(context, first) : QStringLiteral("items");
        f.keyAttribute.clear();
        f.keyRole.clear();
        f.column = 0;
        f.length = 0;
    }
}

// ---------------------------------------------------------------------------------------------
// The parts' own values.

namespace {

// One placeholder part of an inferred key over the group's items, from their key text.
struct PartValues
{
    std::vector<QString> values;
    std::vector<qint64> items; // population indexes
    std::vector<QString> prefixes;
    std::vector<QString> rests; // the key from the part on
};

PartValues partValues(const CheckContext &context, const InferredTypes &types,
                      const EntityProposal &proposal, const InferredKey &key, int part)
{
    PartValues values;
    std::vector<QString> outputs;
    for (const qsizetype i : proposal.items) {
        const QString text = stringKey(types.handWritten[size_t(i)], key.keyAttribute);
        if (text.isEmpty() || !splitKey(text, key, outputs))
            continue;
        QString prefix;
        for (int p = 0; p < part; ++p)
            prefix += outputs[size_t(p)];
        values.values.push_back(outputs[size_t(part)]);
        values.items.push_back(context.population.generatedCount + i);
        values.rests.push_back(text.mid(prefix.size()));
        values.prefixes.push_back(std::move(prefix));
    }
    return values;
}

bool allDigits(const QString &text)
{
    return !text.isEmpty()
        && std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// The instant a time part's text names, read as the part's kind writes it; zoneless ISO text
// is read as UTC.
std::optional<qint64> instantOf(const PartKind &kind, const QString &text)
{
    using Kind = PartKind::Kind;
    switch (kind.kind) {
    case Kind::IsoDateTime:
    case Kind::IsoDate:
        if (const auto instant = parseInstant(text))
            return instant;
        return parseInstant(text + u'Z');
    case Kind::DisplayDate: {
        if (kind.format.isEmpty())
            return std::nullopt;
        const QDateTime local = QLocale::c().toDateTime(text, kind.format);
        if (!local.isValid())
            return std::nullopt;
        return QDateTime(local.date(), local.time(), QTimeZone::utc()).toMSecsSinceEpoch();
    }
    case Kind::EpochSeconds:
        return allDigits(text) ? std::optional(text.toLongLong() * 1000) : std::nullopt;
    case Kind::EpochMillis:
        return allDigits(text) ? std::optional(text.toLongLong()) : std::nullopt;
    default:
        return std::nullopt;
    }
}

// "Z", "+02:00", or "" (no zone) of an ISO-8601 date and time.
QString zoneOf(const QString &text)
{
    static const QRegularExpression zone(QStringLiteral(R"((Z|[+-]\d\d(?::?\d\d)?)$)"));
    if (text.size() <= 10)
        return QString();
    const auto match = zone.match(text.mid(10));
    return match.hasMatch() ? match.captured(1) : QString();
}

class PartChecker
{
public:
    PartChecker(const CheckContext &context, const InferredTypes &types,
                std::vector<Finding> &findings, int entity, const KeySite &site,
                const InferredKey &key, int part)
        : m_context(context)
        , m_types(types)
        , m_findings(findings)
        , m_entity(entity)
        , m_site(site)
        , m_key(key)
        , m_part(part)
    { }

    void run(const PartValues &values);

private:
    bool reported(const QString &id, const std::vector<qint64> &items = {}) const;
    Finding finding(const QString &id, Finding::Severity severity, std::vector<qint64> examples,
                    std::vector<qint64> concerned) const;
    QString placeholder() const;
    QString describe(qint64 item) const { return m_context.describeItem(item); }
    QString key(qint64 item) const
    {
        return CheckContext::quoted(m_context.keyValue(item, m_key.keyAttribute));
    }
    std::optional<InversionFinder::Pair> inversion(const PartValues &values,
                                                   const std::vector<QByteArray> &intended) const;

    void malformedTimes(const PartValues &values, const PartKind &kind);
    void paddedOutliers(const PartValues &values, const PartKind &kind);
    void zones(const PartValues &values, const PartKind &kind);
    void displayDates(const PartValues &values, const PartKind &kind);

    const CheckContext &m_context;
    const InferredTypes &m_types;
    std::vector<Finding> &m_findings;
    int m_entity;
    const KeySite &m_site;
    const InferredKey &m_key;
    int m_part;
};

QString PartChecker::placeholder() const
{
    const InferredKey::Part &part = m_key.parts[size_t(m_part)];
    return m_key.templateText.mid(part.column - 1, part.length);
}

bool PartChecker::reported(const QString &id, const std::vector<qint64> &items) const
{
    const QString path
        = QStringLiteral("entities[%1].keys.%2").arg(m_entity).arg(m_key.keyAttribute);
    for (const Finding &f : m_findings) {
        if (f.id != id || f.path != path)
            continue;
        if (items.empty())
            return true;
        for (const qint64 item : items) {
            if (std::binary_search(f.concerned.begin(), f.concerned.end(), item))
                return true;
        }
    }
    return false;
}

Finding PartChecker::finding(const QString &id, Finding::Severity severity,
                             std::vector<qint64> examples, std::vector<qint64> concerned) const
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.entity = m_context.entityName(m_entity);
    f.attribute = m_key.keyAttribute;
    f.index = m_site.storeName;
    f.items = std::move(examples);
    setConcerned(f, std::move(concerned));
    f.path = f.items.empty()
        ? QStringLiteral("items")
        : QStringLiteral("items[%1]").arg(f.items.front() - m_context.population.generatedCount);
    int ordinal = 0;
    for (int p = 0; p < m_part; ++p)
        ordinal += m_key.parts[size_t(p)].isPlaceholder ? 1 : 0;
    f.scopeNote = scopeNote(m_context, m_types, m_entity, m_key.keyAttribute, ordinal, f.items);
    return f;
}

std::optional<InversionFinder::Pair>
PartChecker::inversion(const PartValues &values, const std::vector<QByteArray> &intended) const
{
    InversionFinder finder;
    for (size_t i = 0; i < values.items.size(); ++i) {
        if (intended[i].isEmpty())
            continue;
        QByteArray context = m_context.collectionOf(m_site, values.items[i]);
        context += '\0';
        context += values.prefixes[i].toUtf8();
        if (!finder.add(context, intended[i], values.rests[i].toUtf8(), values.items[i]))
            break;
    }
    return finder.find();
}

void PartChecker::run(const PartValues &values)
{
    if (values.values.size() < 2)
        return;
    const PartKind kind = recovery::classifyPart(values.values);
    if (isTimeKind(kind.kind))
        malformedTimes(values, kind);
    if (kind.kind == PartKind::Kind::PaddedInteger)
        paddedOutliers(values, kind);
    if (kind.kind == PartKind::Kind::IsoDateTime)
        zones(values, kind);
    if (kind.kind == PartKind::Kind::DisplayDate)
        displayDates(values, kind);
}

void PartChecker::malformedTimes(const PartValues &values, const PartKind &kind)
{
    if (kind.outlierCount == 0 && kind.outliers.empty())
        return;
    std::vector<qint64> outliers;
    qint64 good = -1;
    for (size_t i = 0; i < values.values.size(); ++i) {
        if (recovery::attributeValueOf(kind, values.values[i]))
            good = good < 0 ? values.items[i] : good;
        else
            outliers.push_back(values.items[i]);
    }
    if (outliers.empty()) {
        for (const qsizetype i : kind.outliers) {
            if (i >= 0 && i < qsizetype(values.items.size()))
                outliers.push_back(values.items[size_t(i)]);
        }
    }
    if (outliers.empty() || reported(QStringLiteral("unsortable-timestamp"), outliers))
        return;
    const qint64 bad = outliers.front();
    Finding f = finding(QStringLiteral("unsortable-timestamp"), Finding::Severity::Warning, {bad},
                        outliers);
    const qsizetype total = qsizetype(values.values.size());
    f.title = QStringLiteral("Malformed time in %1 %2").arg(m_key.keyAttribute, key(bad));
    f.explanation
        = QStringLiteral("%1 of the %2 hand-written %3 items write %4 in %5 as %6, but %7 do "
                         "not: %8. A time that is not well formed sorts by its characters "
                         "wherever they happen to fall, so time-ordered Queries and range "
                         "conditions (BETWEEN, <, >) on %5 return it out of order or miss it, "
                         "and code that parses the time fails on it.")
              .arg(total - qsizetype(outliers.size()))
              .arg(total)
              .arg(m_context.entityName(m_entity), placeholder(), m_key.keyAttribute,
                   kind.describe())
              .arg(outliers.size())
              .arg(describe(bad));
    f.fix = QStringLiteral("Correct the time in the key of %1 (and in any attribute holding it) "
                           "to the form the others have%2, and validate times before building "
                           "keys from them.")
                .arg(outliers.size() == 1 ? QStringLiteral("this item")
                                          : QStringLiteral("these %1 items").arg(outliers.size()),
                     good >= 0 ? QStringLiteral(", like %1").arg(key(good)) : QString());
    m_findings.push_back(std::move(f));
}

void PartChecker::paddedOutliers(const PartValues &values, const PartKind &kind)
{
    std::vector<qint64> wider;
    std::vector<qint64> narrower;
    std::vector<QByteArray> intended(values.values.size());
    int widest = kind.width;
    for (size_t i = 0; i < values.values.size(); ++i) {
        const QString &value = values.values[i];
        if (!allDigits(value))
            continue;
        if (const auto number = plainNumber(value))
            intended[i] = number->sortableBytes();
        widest = std::max(widest, int(value.size()));
        if (value.size() > kind.width)
            wider.push_back(values.items[i]);
        else if (value.size() < kind.width)
            narrower.push_back(values.items[i]);
    }
    const auto pair = inversion(values, intended);
    const int width = widest + (wider.empty() ? 0 : 3);
    const auto report = [&](const QString &id, Finding::Severity severity,
                            const std::vector<qint64> &items, bool overflow) {
        if (items.empty() || reported(id, items))
            return;
        std::vector<qint64> examples {items.front()};
        if (pair && (pair->later.item == items.front() || pair->earlier.item == items.front()))
            examples = {pair->later.item, pair->earlier.item};
        Finding f = finding(id, severity, examples, items);
        const qint64 item = items.front();
        f.title = overflow ? QStringLiteral("%1 %2 is wider than the %3-digit numbers beside it")
                                 .arg(m_key.keyAttribute, key(item))
                                 .arg(kind.width)
                           : QStringLiteral("%1 %2 is not padded like the others (%3 digits)")
                                 .arg(m_key.keyAttribute, key(item))
                                 .arg(kind.width);
        QString order;
        if (examples.size() == 2)
            order = QStringLiteral(" In your data, in one collection (%1): %2.")
                        .arg(m_context.describeCollection(m_site, pair->later.item),
                             explainKeyOrder(
                                 m_context.keyValue(pair->later.item, m_key.keyAttribute),
                                 m_context.keyValue(pair->earlier.item, m_key.keyAttribute)));
        f.explanation
            = QStringLiteral("The %1 part of %2 is a number zero-padded to %3 digits in the "
                             "other hand-written %4 items, but %5 %6 written %7: DynamoDB "
                             "compares the characters, so such a key sorts by its first digits, "
                             "not by value, among the padded ones.%8")
                  .arg(placeholder(), m_key.keyAttribute)
                  .arg(kind.width)
                  .arg(m_context.entityName(m_entity),
                       items.size() == 1 ? describe(item)
                                         : QStringLiteral("%1 items, the first %2")
                                               .arg(items.size())
                                               .arg(describe(item)),
                       items.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"),
                       overflow ? QStringLiteral("with more digits") : QStringLiteral("with fewer"),
                       order);
        const auto pad = [width](const QString &output) { return padded(output, width); };
        QStringList rewritten;
        for (const qint64 at : examples) {
            const auto i = size_t(std::find(values.items.begin(), values.items.end(), at)
                                  - values.items.begin());
            if (i >= values.items.size())
                continue;
            if (const auto p = pad(values.values[i]))
                rewritten << QStringLiteral("'%1%2%3' for %4")
                                 .arg(values.prefixes[i], *p,
                                      values.rests[i].mid(values.values[i].size()), key(at));
        }
        f.fix = QStringLiteral("Write every number of this part with one width that fits them "
                               "all, %1 digits, rewriting the keys of all these items: %2. ")
                    .arg(width)
                    .arg(rewritten.join(QStringLiteral(", ")))
            + kAdopt.arg(QStringLiteral("{%1|pad:%2}")
                             .arg(m_key.parts[size_t(m_part)].attribute)
                             .arg(width));
        m_findings.push_back(std::move(f));
    };
    report(QStringLiteral("pad-overflow"), Finding::Severity::Error, wider, true);
    report(QStringLiteral("unpadded-number"), Finding::Severity::Warning, narrower, false);
}

void PartChecker::zones(const PartValues &values, const PartKind &kind)
{
    if (reported(QStringLiteral("unsortable-timestamp")))
        return;
    // Among the values that are times (malformed ones are reported on their own).
    std::map<QString, std::vector<qint64>> byZone;
    for (size_t i = 0; i < values.values.size(); ++i) {
        if (recovery::attributeValueOf(kind, values.values[i]))
            byZone[zoneOf(values.values[i])].push_back(values.items[i]);
    }
    if (byZone.empty())
        return;
    const bool mixed = kind.mixedZones || byZone.size() > 1;
    if (!mixed && (kind.hasZone && !byZone.count(QString())))
        return;
    const QString attribute = m_key.parts[size_t(m_part)].attribute;
    if (!mixed) {
        // No zone at all: the order holds only while every writer uses one zone.
        const std::vector<qint64> &all = byZone.begin()->second;
        const qint64 item = all.front();
        Finding f = finding(QStringLiteral("unsortable-timestamp"), Finding::Severity::Warning,
                            {item}, all);
        const size_t i = 0;
        f.title
            = QStringLiteral("%1 times have no time zone (%2)").arg(m_key.keyAttribute, key(item));
        f.explanation
            = QStringLiteral("The %1 part of %2 holds ISO-8601 times without a time zone in all "
                             "%3 hand-written %4 items (%5). Whoever reads or writes them must "
                             "guess the zone: items written from two zones, or across a "
                             "daylight-saving change, sort out of time order in %2 and compare "
                             "wrongly in range conditions.")
                  .arg(placeholder(), m_key.keyAttribute)
                  .arg(all.size())
                  .arg(m_context.entityName(m_entity), describe(item));
        f.fix = QStringLiteral("Write the times in UTC with a 'Z' ('%1%2Z%3' if they are UTC), "
                               "one precision in every key. ")
                    .arg(values.prefixes[i], values.values[i],
                         values.rests[i].mid(values.values[i].size()))
            + kAdopt.arg(QStringLiteral("{%1|iso8601}").arg(attribute));
        m_findings.push_back(std::move(f));
        return;
    }
    // The zone most items use; the others are the ones to rewrite.
    auto most = byZone.begin();
    for (auto it = byZone.begin(); it != byZone.end(); ++it) {
        if (it->second.size() > most->second.size())
            most = it;
    }
    std::vector<qint64> others;
    for (const auto &[zone, items] : byZone) {
        if (zone != most->first)
            others.insert(others.end(), items.begin(), items.end());
    }
    std::vector<QByteArray> intended(values.values.size());
    for (size_t i = 0; i < values.values.size(); ++i) {
        if (const auto instant = instantOf(kind, values.values[i]))
            intended[i] = orderedInt64(*instant);
    }
    const auto pair = inversion(values, intended);
    std::vector<qint64> examples = pair
        ? std::vector<qint64> {pair->later.item, pair->earlier.item}
        : std::vector<qint64> {most->second.front(), others.front()};
    Finding f = finding(QStringLiteral("unsortable-timestamp"), Finding::Severity::Warning,
                        examples, others);
    const auto zoneName
        = [](const QString &zone) { return zone.isEmpty() ? QStringLiteral("no zone") : zone; };
    QStringList zones;
    for (const auto &[zone, items] : byZone)
        zones << QStringLiteral("%1 (%2 items)").arg(zoneName(zone)).arg(items.size());
    f.title = QStringLiteral("%1 times mix time zones: %2")
                  .arg(m_key.keyAttribute, zones.join(QStringLiteral(", ")));
    QString order;
    if (pair)
        order
            = QStringLiteral(" In your data, %1 is later than %2, both in one collection (%3), "
                             "yet %4.")
                  .arg(describe(pair->later.item), describe(pair->earlier.item),
                       m_context.describeCollection(m_site, pair->later.item),
                       explainKeyOrder(m_context.keyValue(pair->later.item, m_key.keyAttribute),
                                       m_context.keyValue(pair->earlier.item, m_key.keyAttribute)));
    f.explanation
        = QStringLiteral("The %1 part of %2 holds ISO-8601 times written in different zones "
                         "(%3) in the hand-written %4 items. DynamoDB compares the characters: "
                         "the same instant written in two zones sorts in two places, so the "
                         "keys of one collection no longer sort in time order.%5")
              .arg(placeholder(), m_key.keyAttribute, zones.join(QStringLiteral(", ")),
                   m_context.entityName(m_entity), order);
    QStringList rewritten;
    for (const qint64 at : others) {
        const auto i = size_t(std::find(values.items.begin(), values.items.end(), at)
                              - values.items.begin());
        const auto instant = instantOf(kind, values.values[i]);
        if (!instant)
            continue;
        rewritten << QStringLiteral("'%1%2%3' for %4")
                         .arg(values.prefixes[i], isoText(*instant),
                              values.rests[i].mid(values.values[i].size()), key(at));
        if (rewritten.size() == 2)
            break;
    }
    f.fix = QStringLiteral("Write every time in this part in UTC with a 'Z', one precision in "
                           "every key%1. ")
                .arg(rewritten.isEmpty()
                         ? QString()
                         : QStringLiteral(": ") + rewritten.join(QStringLiteral(", ")))
        + kAdopt.arg(QStringLiteral("{%1|iso8601}").arg(attribute));
    m_findings.push_back(std::move(f));
}

void PartChecker::displayDates(const PartValues &values, const PartKind &kind)
{
    if (reported(QStringLiteral("unsortable-timestamp")))
        return;
    std::vector<QByteArray> intended(values.values.size());
    for (size_t i = 0; i < values.values.size(); ++i) {
        if (const auto instant = instantOf(kind, values.values[i]))
            intended[i] = orderedInt64(*instant);
    }
    const auto pair = inversion(values, intended);
    const qint64 first = pair ? pair->later.item : values.items.front();
    std::vector<qint64> examples = pair ? std::vector<qint64> {pair->later.item, pair->earlier.item}
                                        : std::vector<qint64> {first};
    Finding f = finding(QStringLiteral("unsortable-timestamp"), Finding::Severity::Warning,
                        examples, values.items);
    f.title = pair
        ? QStringLiteral("%1 sorts before %2").arg(key(pair->later.item), key(pair->earlier.item))
        : QStringLiteral("%1 writes dates for people (%2)").arg(m_key.keyAttribute, key(first));
    f.explanation
        = QStringLiteral("The %1 part of %2 writes dates for people (%3) in the hand-written %4 "
                         "items, and their characters do not sort in time order.%5")
              .arg(placeholder(), m_key.keyAttribute, kind.describe(),
                   m_context.entityName(m_entity),
                   pair ? QStringLiteral(" In your data, %1 is later than %2, both in one "
                                         "collection (%3), yet %4.")
                              .arg(describe(pair->later.item), describe(pair->earlier.item),
                                   m_context.describeCollection(m_site, pair->later.item),
                                   explainKeyOrder(
                                       m_context.keyValue(pair->later.item, m_key.keyAttribute),
                                       m_context.keyValue(pair->earlier.item, m_key.keyAttribute)))
                        : QString());
    QStringList rewritten;
    for (const qint64 at : examples) {
        const auto i = size_t(std::find(values.items.begin(), values.items.end(), at)
                              - values.items.begin());
        const auto instant = instantOf(kind, values.values[i]);
        if (!instant)
            continue;
        rewritten << QStringLiteral("'%1%2%3' for %4")
                         .arg(values.prefixes[i], isoText(*instant),
                              values.rests[i].mid(values.values[i].size()), key(at));
    }
    f.fix = QStringLiteral("Write the dates sortably, as ISO-8601, in the keys of these items%1; "
                           "keep the display format for the screen, not the key. ")
                .arg(rewritten.isEmpty()
                         ? QString()
                         : QStringLiteral(": ") + rewritten.join(QStringLiteral(", ")))
        + kAdopt.arg(QStringLiteral("{%1|date}").arg(m_key.parts[size_t(m_part)].attribute));
    m_findings.push_back(std::move(f));
}

} // namespace

void checkInferredParts(const CheckContext &context, const InferredTypes &types,
                        std::vector<Finding> &findings)
{
    const auto &proposals = types.recovery.proposals;
    for (int p = 0; p < int(proposals.size()); ++p) {
        const int entity = types.itemTypes.declaredEntities + p;
        for (const InferredKey &key : proposals[size_t(p)].keys) {
            const KeySite *site = context.site(entity, key.keyAttribute);
            if (!site || !site->isStringSortKey())
                continue;
            for (int part = 0; part < int(key.parts.size()); ++part) {
                if (!key.parts[size_t(part)].isPlaceholder)
                    continue;
                PartChecker checker(context, types, findings, entity, *site, key, part);
                checker.run(partValues(context, types, proposals[size_t(p)], key, part));
            }
        }
    }
}

} // namespace keyscope::model::checks
