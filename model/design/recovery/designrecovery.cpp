#include "model/design/recovery/designrecovery.h"

#include <QRegularExpression>

#include "model/design/recovery/keyshape.h"
#include "model/design/recovery/recoverycontext.h"
#include "model/design/recovery/recoveryrun.h"
#include "model/io/wording.h"
#include "model/table/keyroles.h"

#include <QSet>

#include <algorithm>

// Recovery runs in passes over the items, each linear: (1) every item's keys are split into
// tokens and the items grouped by the structure of all their keys (separators verbatim, labels
// and values as classes, plus the type attribute or hint); (2) per group, the labels that take
// few values split it further (DEVICE vs READING), unless an attribute holds them (a chain name
// written upper-case); (3) groupinference.cpp turns each final group into a proposal.

namespace keyscope::model::recovery {

namespace detail {

namespace {

const char *const kTypeAttributes[]
    = {"Type", "EntityType", "entityType", "__typename", "_type", "type"};

constexpr int kManyLabels = 12; // a label position with more values than this is a value

} // namespace

Context::Context(const TableDefinition &table, const ItemList &items,
                 const std::vector<TypeHint> &hints)
    : table(table)
    , items(items)
    , hints(hints)
{
    const auto add = [this](const QString &name) {
        if (!name.isEmpty() && !keyNameSet.contains(name)) {
            keyNames.push_back(name);
            keyNameSet.insert(name);
        }
    };
    if (!table.keys.hash.empty()) {
        for (const KeyAttribute &k : table.keys.all()) {
            add(k.name);
            tableKeyNames.insert(k.name);
        }
        for (const IndexDefinition &index : table.indexes) {
            for (const KeyAttribute &k : index.keys.all())
                add(k.name);
        }
    }
    const qsizetype n = qsizetype(items.size());
    const qsizetype keys = keyNames.size();
    // Offsets into the arena first (it grows as it fills), views of it once it is complete.
    std::vector<std::pair<qsizetype, qsizetype>> spans(size_t(n * keys), {-1, 0});
    for (qsizetype i = 0; i < n; ++i) {
        for (qsizetype k = 0; k < keys; ++k) {
            const auto value = items.attribute(size_t(i), keyNames[k]);
            if (!value)
                continue;
            QByteArray text;
            if (value->type() == AttributeValue::Type::S) {
                text = value->bytes();
            } else if (value->type() == AttributeValue::Type::N) {
                text = value->asNumber().toString().toUtf8();
            } else {
                if (value->type() == AttributeValue::Type::B)
                    ++binaryKeys;
                continue;
            }
            spans[size_t(i * keys + k)] = {m_keyTexts.size(), text.size()};
            m_keyTexts += text;
        }
    }
    m_keyTexts.squeeze();
    m_keys.assign(spans.size(), QByteArrayView());
    const char *arena = m_keyTexts.constData(); // never null, even when empty
    for (size_t s = 0; s < spans.size(); ++s) {
        if (spans[s].first >= 0)
            m_keys[s] = QByteArrayView(arena + spans[s].first, spans[s].second);
    }
    // Which type attributes the items use, seen on a spread of them.
    const qsizetype step = std::max<qsizetype>(1, n / 4096);
    for (const char *name : kTypeAttributes) {
        const QString attribute = QString::fromLatin1(name);
        for (qsizetype i = 0; i < n; i += step) {
            const auto found = items.attribute(size_t(i), attribute);
            if (found && found->type() == AttributeValue::Type::S) {
                typeAttributes.push_back(attribute);
                break;
            }
        }
    }
    hintOf.assign(size_t(n), -1);
    for (int h = 0; h < int(hints.size()); ++h) {
        for (const qsizetype i : hints[size_t(h)].items) {
            if (i >= 0 && i < n && hintOf[size_t(i)] < 0)
                hintOf[size_t(i)] = h;
        }
    }
}

QByteArray Context::typeOf(qsizetype item, QString *attribute) const
{
    for (const QString &name : typeAttributes) {
        const auto found = items.attribute(size_t(item), name);
        if (found && found->type() == AttributeValue::Type::S) {
            if (attribute)
                *attribute = name;
            return found->bytes();
        }
    }
    return {};
}

namespace {

struct ShapeClass
{
    std::vector<qsizetype> members;
    std::vector<QHash<QByteArrayView, int>> labels; // per label position: its values
    std::vector<bool> split;                        // the label position splits the class
    bool splits = false;
};

void appendSkeleton(QByteArray &signature, QByteArrayView text, const std::vector<KeyToken> &tokens)
{
    for (const KeyToken &token : tokens) {
        switch (token.role) {
        case KeyToken::Role::Separator:
            signature.append(token.in(text));
            break;
        case KeyToken::Role::Label:
            signature.append('\x03');
            break;
        case KeyToken::Role::Value:
            signature.append('\x04');
            break;
        }
    }
    signature.append('\x01');
}

// Pass 1: items by the structure of all their keys.
std::vector<ShapeClass> classify(const Context &context, Progress &progress)
{
    std::vector<ShapeClass> classes;
    QHash<QByteArray, int> classIndex;
    const int keys = context.keyCount();
    std::vector<std::vector<KeyToken>> tokens(static_cast<size_t>(keys));
    QByteArray signature;
    const qsizetype n = qsizetype(context.items.size());
    for (qsizetype i = 0; i < n; ++i) {
        if (!progress.tick(i))
            return {};
        signature.clear();
        for (int k = 0; k < keys; ++k) {
            const QByteArrayView *text = context.key(i, k);
            if (!text) {
                tokens[size_t(k)].clear();
                signature.append('\x02');
                continue;
            }
            tokenizeKey(*text, tokens[size_t(k)]);
            appendSkeleton(signature, *text, tokens[size_t(k)]);
        }
        if (const QByteArray type = context.typeOf(i); !type.isEmpty())
            signature.append('\x05').append(type);
        if (const int hint = context.hintOf[size_t(i)]; hint >= 0)
            signature.append('\x06').append(QByteArray::number(hint));
        auto found = classIndex.find(signature);
        if (found == classIndex.end()) {
            found = classIndex.insert(signature, int(classes.size()));
            ShapeClass shape;
            for (const auto &keyTokens : tokens) {
                for (const KeyToken &token : keyTokens) {
                    if (token.role == KeyToken::Role::Label)
                        shape.labels.emplace_back();
                }
            }
            classes.push_back(std::move(shape));
        }
        ShapeClass &shape = classes[size_t(*found)];
        shape.members.push_back(i);
        size_t label = 0;
        for (int k = 0; k < keys; ++k) {
            for (const KeyToken &token : tokens[size_t(k)]) {
                if (token.role != KeyToken::Role::Label)
                    continue;
                auto &values = shape.labels[label++];
                if (values.size() <= kManyLabels)
                    values.insert(token.in(*context.key(i, k)), 0);
            }
        }
    }
    return classes;
}

// The tokens of a class's keys (every member has the same structure), and the label position
// each label token is.
struct ClassLayout
{
    std::vector<std::vector<KeyToken>> tokens; // per key
    std::vector<std::vector<bool>> eligible;   // per key and token: all true
    std::vector<std::vector<int>> labelAt;     // per key and token: its label position, or -1
};

ClassLayout layoutOf(const Context &context, qsizetype member)
{
    const int keys = context.keyCount();
    ClassLayout layout;
    layout.tokens.resize(size_t(keys));
    layout.eligible.resize(size_t(keys));
    layout.labelAt.resize(size_t(keys));
    int label = 0;
    for (int k = 0; k < keys; ++k) {
        std::vector<KeyToken> &tokens = layout.tokens[size_t(k)];
        if (const QByteArrayView *text = context.key(member, k))
            tokenizeKey(*text, tokens);
        layout.eligible[size_t(k)].assign(tokens.size(), true);
        layout.labelAt[size_t(k)].assign(tokens.size(), -1);
        for (size_t t = 0; t < tokens.size(); ++t) {
            if (tokens[t].role == KeyToken::Role::Label)
                layout.labelAt[size_t(k)][t] = label++;
        }
    }
    return layout;
}

// A label standing where a value stands names no type: the whole of the table's partition key
// (the partition's owner, "Liz"), or the end of a key after a value (a state,
// "2019-10-07T08:24:22#Saved"). A type's label leads its key or the part after a value
// ("USER#alice#ORDER#5"), or is a sort key of its own ("PROFILE").
bool standsForAValue(const Context &context, int key, const std::vector<KeyToken> &tokens,
                     size_t token)
{
    std::vector<size_t> pieces;
    for (size_t t = 0; t < tokens.size(); ++t) {
        if (tokens[t].role != KeyToken::Role::Separator)
            pieces.push_back(t);
    }
    if (pieces.empty() || pieces.back() != token)
        return false;
    if (pieces.size() > 1)
        return true;
    const auto &hash = context.table.keys.hash;
    return std::any_of(hash.begin(), hash.end(), [&](const KeyAttribute &attribute) {
        return attribute.name == context.keyNames[key];
    });
}

// Label positions an attribute holds (a chain name "BURGERBARN") are values.
void keepHeldLabels(const Context &context, const ClassLayout &layout, ShapeClass &shape)
{
    const std::vector<SpanMatch> matches
        = matchSpans(context, sampleOf(shape.members, 256), layout.tokens, layout.eligible);
    for (const SpanMatch &m : matches) {
        for (int t = m.first; t <= m.last; ++t) {
            const int l = layout.labelAt[size_t(m.key)][size_t(t)];
            if (l >= 0 && shape.labels[size_t(l)].size() >= 2)
                shape.split[size_t(l)] = false;
        }
    }
}

// Pass 2a: which label positions split their class.
void decideSplits(const Context &context, ShapeClass &shape)
{
    shape.split.assign(shape.labels.size(), false);
    bool unsure = false;
    for (size_t l = 0; l < shape.labels.size(); ++l) {
        const qsizetype d = shape.labels[l].size();
        shape.split[l] = d <= kManyLabels;
        unsure = unsure || (d >= 2 && d <= kManyLabels);
    }
    if (!unsure)
        return;
    const ClassLayout layout = layoutOf(context, shape.members.front());
    for (int k = 0; k < context.keyCount(); ++k) {
        const std::vector<KeyToken> &tokens = layout.tokens[size_t(k)];
        for (size_t t = 0; t < tokens.size(); ++t) {
            const int l = layout.labelAt[size_t(k)][t];
            if (l >= 0 && standsForAValue(context, k, tokens, t))
                shape.split[size_t(l)] = false;
        }
    }
    keepHeldLabels(context, layout, shape);
}

// Pass 2b: the final groups, in order of their first item.
std::vector<std::vector<qsizetype>>
splitClasses(const Context &context, std::vector<ShapeClass> &classes, Progress &progress)
{
    std::vector<std::vector<qsizetype>> groups;
    const int keys = context.keyCount();
    std::vector<KeyToken> tokens;
    QByteArray signature;
    qsizetype examined = 0;
    for (ShapeClass &shape : classes) {
        decideSplits(context, shape);
        for (size_t l = 0; l < shape.labels.size(); ++l)
            shape.splits = shape.splits || (shape.split[l] && shape.labels[l].size() >= 2);
        if (!shape.splits) {
            examined += qsizetype(shape.members.size());
            groups.push_back(std::move(shape.members));
            continue;
        }
        QHash<QByteArray, size_t> groupIndex;
        for (const qsizetype i : shape.members) {
            if (!progress.tick(examined++))
                return {};
            signature.clear();
            size_t label = 0;
            for (int k = 0; k < keys; ++k) {
                const QByteArrayView *text = context.key(i, k);
                if (!text)
                    continue;
                tokenizeKey(*text, tokens);
                for (const KeyToken &token : tokens) {
                    if (token.role != KeyToken::Role::Label)
                        continue;
                    if (shape.split[label] && shape.labels[label].size() >= 2)
                        signature.append(token.in(*text)).append('\0');
                    ++label;
                }
            }
            auto found = groupIndex.find(signature);
            if (found == groupIndex.end()) {
                found = groupIndex.insert(signature, groups.size());
                groups.emplace_back();
            }
            groups[*found].push_back(i);
        }
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const auto &a, const auto &b) { return a.front() < b.front(); });
    return groups;
}

RecoveryResult cancelled(qsizetype n)
{
    RecoveryResult result;
    result.groupOf.assign(size_t(n), -1);
    for (qsizetype i = 0; i < n; ++i)
        result.unmatched.push_back(i);
    result.notes << QStringLiteral("Recovery was cancelled: nothing is proposed.");
    return result;
}

} // namespace

} // namespace detail

namespace {

// Groups that got one name from one source (a facet, a type attribute's value, a prefix) and
// differ only by a number the naming added ("Vehicle", "Vehicle2") are one entity type whose
// items vary in shape, as small samples do: they become one proposal, inferred over all their
// items (a key of several shapes is then one placeholder).
RecoveryResult mergeNamesakes(RecoveryResult result, const detail::Context &context,
                              detail::Progress &progress)
{
    static const QRegularExpression numbered(QStringLiteral("^(.*\\D)\\d+$"));
    // Only names the data gives (a facet, an entity type, a type attribute's value): groups
    // named from a prefix or an id attribute keep their shapes apart, as near misses.
    const auto named = [](const QString &source) {
        return source.startsWith(QLatin1String("facet '"))
            || source.startsWith(QLatin1String("entity type '"))
            || (source.startsWith(QLatin1String("the attribute "))
                && !source.endsWith(QLatin1String("Id")) && !source.endsWith(QLatin1String("ID")));
    };
    // Other groups of one name merge only when their templates are the same (they differ in
    // attributes alone, or in which namesake is their parent).
    static const QRegularExpression numberedParent(
        QStringLiteral("\\{([A-Za-z_-]*[A-Za-z_])\\d+\\."));
    const auto groupKey = [&](size_t p) -> std::pair<QString, QString> {
        const EntityProposal &proposal = result.proposals[p];
        QString base = proposal.entity.name;
        if (const auto match = numbered.match(base); match.hasMatch())
            base = match.captured(1);
        if (named(proposal.nameSource))
            return {proposal.nameSource, base};
        QString templates;
        for (const auto &[key, text] : proposal.entity.keys) {
            if (!context.table.keys.contains(key))
                continue; // index keys may hold constants that vary between namesakes
            templates += key + u'=' + QString(text).replace(numberedParent, QStringLiteral("{\\1."))
                + u'\n';
        }
        return {proposal.nameSource + u'\n' + templates, base};
    };
    std::map<std::pair<QString, QString>, std::vector<size_t>> byName;
    for (size_t p = 0; p < result.proposals.size(); ++p)
        byName[groupKey(p)].push_back(p);
    if (byName.size() == result.proposals.size())
        return result;
    std::vector<std::vector<qsizetype>> groups;
    std::vector<std::pair<QString, QString>> names;
    std::vector<bool> mixed;
    std::vector<bool> done(result.proposals.size(), false);
    for (size_t p = 0; p < result.proposals.size(); ++p) {
        if (done[p])
            continue;
        const EntityProposal &first = result.proposals[p];
        QString base = first.entity.name;
        if (const auto match = numbered.match(base); match.hasMatch())
            base = match.captured(1);
        const std::vector<size_t> &members = byName[groupKey(p)];
        std::vector<qsizetype> items;
        for (const size_t m : members) {
            done[m] = true;
            const auto &more = result.proposals[m].items;
            items.insert(items.end(), more.begin(), more.end());
        }
        std::sort(items.begin(), items.end());
        groups.push_back(std::move(items));
        names.emplace_back(members.size() > 1 ? base : first.entity.name, first.nameSource);
        mixed.push_back(members.size() > 1);
    }
    RecoveryResult merged = detail::buildResult(context, std::move(groups), names, mixed, progress);
    merged.notes = result.notes;
    return merged;
}

} // namespace

namespace {

// An attribute named as a key attribute writes that key itself: it takes the key's declared
// type (a number-looking S key stays S, its observed values as choices) and the key needs no
// template "{Key}" of its own (a project may not have both).
void settleKeyAttributes(RecoveryResult &result, const TableDefinition &table,
                         const ItemList &items)
{
    for (EntityProposal &proposal : result.proposals) {
        EntityType &entity = proposal.entity;
        for (AttributeSpec &spec : entity.attributes) {
            const auto declared = model::keyType(table, spec.name);
            if (!declared)
                continue;
            const auto template_ = entity.keys.find(spec.name);
            if (template_ != entity.keys.end()
                && template_->second == QLatin1Char('{') + spec.name + QLatin1Char('}'))
                entity.keys.erase(template_);
            const AttributeKind wanted = *declared == AttributeValue::Type::N
                ? AttributeKind::N
                : (*declared == AttributeValue::Type::B ? AttributeKind::B : AttributeKind::S);
            const bool fits = spec.type == wanted
                || (wanted == AttributeKind::S && spec.type == AttributeKind::Timestamp);
            if (fits)
                continue;
            spec.type = wanted;
            GeneratorSpec generator;
            generator.kind = GeneratorSpec::Kind::Choice;
            QSet<QString> seen;
            for (const qsizetype i : proposal.items) {
                const auto found = items.attribute(size_t(i), spec.name);
                if (!found || !found->isKeyType())
                    continue;
                const QString text = found->type() == AttributeValue::Type::S
                    ? found->asString()
                    : found->displayText();
                if (!seen.contains(text) && seen.size() < 1000) {
                    seen.insert(text);
                    generator.choices << text;
                }
            }
            if (generator.choices.isEmpty())
                continue;
            spec.generator = generator;
        }
        // A key written both by a template and by an attribute of its name (another key's
        // part holds the key's value): the other templates read the template's own attribute.
        static const QRegularExpression single(QStringLiteral("^\\{([A-Za-z0-9_-]+)\\}$"));
        for (auto it = entity.keys.begin(); it != entity.keys.end();) {
            const QString key = it->first;
            const auto attribute
                = std::find_if(entity.attributes.begin(), entity.attributes.end(),
                               [&](const AttributeSpec &a) { return a.name == key; });
            if (attribute == entity.attributes.end()) {
                ++it;
                continue;
            }
            const auto match = single.match(it->second);
            if (!match.hasMatch()) {
                it = entity.keys.erase(it); // the attribute writes the key
                continue;
            }
            const QString source = match.captured(1);
            for (auto &[other, text] : entity.keys) {
                if (other == key)
                    continue;
                text.replace(QLatin1Char('{') + key + QLatin1Char('}'),
                             QLatin1Char('{') + source + QLatin1Char('}'));
                text.replace(QLatin1Char('{') + key + QLatin1Char('|'),
                             QLatin1Char('{') + source + QLatin1Char('|'));
            }
            entity.attributes.erase(attribute);
            ++it;
        }
        // Keep the proposal's key list in step with the entity's templates.
        for (InferredKey &inferred : proposal.keys) {
            const auto found = entity.keys.find(inferred.keyAttribute);
            if (found != entity.keys.end())
                inferred.templateText = found->second;
        }
    }
}

} // namespace

RecoveryResult DesignRecovery::recover(const TableDefinition &table, const ItemList &items,
                                       const RecoveryOptions &options)
{
    const qsizetype n = qsizetype(items.size());
    detail::Context context(table, items, options.hints);
    detail::Progress progress;
    progress.callback = &options.progress;
    progress.total = n;
    progress.passes = 3;
    if (context.keyNames.isEmpty()) {
        RecoveryResult result = detail::cancelled(n);
        result.notes
            = QStringList {QStringLiteral("The table has no key schema: nothing to infer.")};
        return result;
    }
    std::vector<detail::ShapeClass> classes = detail::classify(context, progress);
    if (progress.cancelled)
        return detail::cancelled(n);
    progress.pass = 1;
    std::vector<std::vector<qsizetype>> groups = detail::splitClasses(context, classes, progress);
    if (progress.cancelled)
        return detail::cancelled(n);
    progress.pass = 2;
    RecoveryResult result = detail::buildResult(context, std::move(groups), {}, {}, progress);
    if (progress.cancelled)
        return detail::cancelled(n);
    // Merging namesakes can make their children's templates the same: a few rounds.
    for (int round = 0; round < 3; ++round) {
        const size_t before = result.proposals.size();
        result = mergeNamesakes(std::move(result), context, progress);
        if (result.proposals.size() == before)
            break;
    }
    settleKeyAttributes(result, table, items);
    if (context.binaryKeys > 0)
        result.notes << QStringLiteral("%1 %2 left out of the key shapes.")
                            .arg(counted(context.binaryKeys, QStringLiteral("binary (B) key value"),
                                         QStringLiteral("binary (B) key values")),
                                 context.binaryKeys == 1 ? QStringLiteral("was")
                                                         : QStringLiteral("were"));
    if (options.progress)
        options.progress(n, n);
    return result;
}

std::vector<TypeHint> DesignRecovery::hintsFrom(const Project &project)
{
    std::vector<TypeHint> hints;
    for (const EntityType &entity : project.entities) {
        if (entity.countMax != 0)
            continue;
        TypeHint hint;
        hint.name = entity.name;
        hint.source = QStringLiteral("entity type '%1'").arg(entity.name);
        for (const auto &[attribute, text] : entity.keys) {
            if (text.startsWith(QLatin1Char('{')) && text.endsWith(QLatin1Char('}'))
                && text.count(QLatin1Char('{')) == 1)
                hint.keyAliases[attribute] = text.mid(1, text.size() - 2);
        }
        for (const AttributeSpec &spec : entity.attributes)
            hint.attributes.push_back(spec.name);
        hints.push_back(std::move(hint));
    }
    return hints;
}

RecoveryResult DesignRecovery::merge(const RecoveryResult &result, int into, int from,
                                     const TableDefinition &table, const ItemList &items)
{
    return merge(result, std::vector<int> {into, from}, table, items);
}

namespace {

// The groups a merge re-infers: each kept proposal's items, the rows merged into the first.
struct MergedGroups
{
    std::vector<std::vector<qsizetype>> groups;
    std::vector<std::pair<QString, QString>> names;
    std::vector<bool> mixed;
};

MergedGroups mergedGroups(const RecoveryResult &result, int into, const QSet<int> &from)
{
    MergedGroups merged;
    for (int p = 0; p < int(result.proposals.size()); ++p) {
        if (from.contains(p))
            continue;
        const EntityProposal &proposal = result.proposals[size_t(p)];
        std::vector<qsizetype> members = proposal.items;
        if (p == into) {
            for (const int other : from) {
                const auto &more = result.proposals[size_t(other)].items;
                members.insert(members.end(), more.begin(), more.end());
            }
            std::sort(members.begin(), members.end());
            members.erase(std::unique(members.begin(), members.end()), members.end());
        }
        if (members.empty())
            continue;
        merged.groups.push_back(std::move(members));
        merged.names.emplace_back(proposal.entity.name, proposal.nameSource);
        merged.mixed.push_back(p == into);
    }
    return merged;
}

// Groups in order of their first item, as recover() orders them.
MergedGroups inItemOrder(MergedGroups merged)
{
    std::vector<size_t> order(merged.groups.size());
    for (size_t g = 0; g < order.size(); ++g)
        order[g] = g;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return merged.groups[a].front() < merged.groups[b].front();
    });
    MergedGroups sorted;
    for (const size_t g : order) {
        sorted.groups.push_back(std::move(merged.groups[g]));
        sorted.names.push_back(merged.names[g]);
        sorted.mixed.push_back(merged.mixed[g]);
    }
    return sorted;
}

} // namespace

RecoveryResult DesignRecovery::merge(const RecoveryResult &result, const std::vector<int> &rows,
                                     const TableDefinition &table, const ItemList &items)
{
    const int count = int(result.proposals.size());
    QSet<int> distinct;
    for (const int row : rows) {
        if (row < 0 || row >= count)
            return result;
        distinct.insert(row);
    }
    if (distinct.size() < 2 || distinct.size() != qsizetype(rows.size()))
        return result;
    const int into = rows.front();
    distinct.remove(into);
    MergedGroups merged = inItemOrder(mergedGroups(result, into, distinct));
    const std::vector<TypeHint> noHints;
    detail::Context context(table, items, noHints);
    detail::Progress progress;
    progress.total = qsizetype(items.size());
    RecoveryResult out = detail::buildResult(context, std::move(merged.groups), merged.names,
                                             merged.mixed, progress);
    out.notes = result.notes;
    return out;
}

namespace {

// The accepted proposals as entity types, with the names the user gave them (parents and
// {Parent.Attr} placeholders follow a rename). A parent that was rejected leaves its child a
// root: its parent's attributes are then missing, which the design checks report.
std::vector<EntityType> acceptedEntities(const RecoveryResult &result,
                                         const std::vector<DesignRecovery::Decision> &decisions)
{
    std::map<QString, QString> renamed; // proposal name -> name it gets
    std::vector<EntityType> accepted;
    for (size_t p = 0; p < result.proposals.size(); ++p) {
        const DesignRecovery::Decision decision
            = p < decisions.size() ? decisions[p] : DesignRecovery::Decision {};
        if (!decision.accept)
            continue;
        EntityType entity = result.proposals[p].entity;
        if (!decision.name.isEmpty() && decision.name != entity.name) {
            renamed[entity.name] = decision.name;
            entity.name = decision.name;
        }
        // It describes the items that are there; generating more is the user's to ask for.
        entity.countMin = entity.countMax = 0;
        accepted.push_back(std::move(entity));
    }
    QSet<QString> names;
    for (EntityType &entity : accepted) {
        if (const auto it = renamed.find(entity.parent); it != renamed.end())
            entity.parent = it->second;
        for (auto &[attribute, text] : entity.keys) {
            for (const auto &[from, to] : renamed)
                text.replace(QLatin1Char('{') + from + QLatin1Char('.'),
                             QLatin1Char('{') + to + QLatin1Char('.'));
        }
        names.insert(entity.name);
    }
    for (EntityType &entity : accepted) {
        if (!entity.parent.isEmpty() && !names.contains(entity.parent))
            entity.parent.clear();
    }
    return accepted;
}

// A count-0 entity type the recovered ones leave nothing to say: one of theirs has its name,
// or it is an imported facet without a template for one of the table's keys (its alias names
// no key shape), which would stand beside them as an entity type that "needs a template".
bool superseded(const EntityType &entity, const QSet<QString> &accepted,
                const TableDefinition &table)
{
    if (entity.countMax != 0)
        return false;
    if (accepted.contains(entity.name))
        return true;
    if (!isImportedFacet(entity))
        return false;
    const std::vector<KeyAttribute> keys = table.keys.all();
    return std::any_of(keys.begin(), keys.end(),
                       [&](const KeyAttribute &key) { return !entity.keys.count(key.name); });
}

} // namespace

Project DesignRecovery::apply(const Project &project, const RecoveryResult &result,
                              const std::vector<Decision> &decisions)
{
    Project out = project;
    std::vector<EntityType> accepted = acceptedEntities(result, decisions);
    if (accepted.empty())
        return out;
    QSet<QString> acceptedNames;
    for (const EntityType &entity : accepted)
        acceptedNames.insert(entity.name);
    std::vector<EntityType> entities;
    for (const EntityType &entity : project.entities) {
        if (!superseded(entity, acceptedNames, project.table))
            entities.push_back(entity);
    }
    for (EntityType &entity : accepted)
        entities.push_back(std::move(entity));
    // Recovered entity types get the colours Add Entity Type gives, so their rows differ.
    for (size_t i = 0; i < entities.size(); ++i) {
        if (entities[i].color.isEmpty())
            entities[i].color = entityColour(qsizetype(i));
    }
    out.entities = std::move(entities);
    return out; // the items stay exactly as they are: the types describe them
}

Item DesignRecovery::withInferredAttributes(const Item &item, const EntityProposal &proposal)
{
    Item out = item;
    std::vector<KeyToken> tokens;
    std::vector<QByteArrayView> values;
    for (const InferredKey &key : proposal.keys) {
        const auto found = item.find(key.keyAttribute);
        if (found == item.end())
            continue;
        QByteArray text;
        if (found->second.type() == AttributeValue::Type::S)
            text = found->second.bytes();
        else if (found->second.type() == AttributeValue::Type::N)
            text = found->second.asNumber().toString().toUtf8();
        else
            continue;
        values.assign(key.parts.size(), {});
        bool split = false;
        if (key.parts.size() == 1 && key.parts.front().isPlaceholder) {
            values[0] = text;
            split = true;
        } else if (key.tokenCount >= 0) {
            // As recovery split it: by the tokens each part covers.
            tokenizeKey(text, tokens);
            split = int(tokens.size()) == key.tokenCount;
            for (size_t p = 0; p < key.parts.size() && split; ++p) {
                const InferredKey::Part &part = key.parts[p];
                if (part.firstToken < 0 || part.lastToken >= int(tokens.size())) {
                    split = false;
                    break;
                }
                const qint32 start = tokens[size_t(part.firstToken)].start;
                const qint32 end
                    = tokens[size_t(part.lastToken)].start + tokens[size_t(part.lastToken)].length;
                values[p] = QByteArrayView(text).sliced(start, end - start);
                split = part.isPlaceholder || values[p] == part.literal.toUtf8();
            }
        }
        if (!split) {
            // Another shape: literals anchor, each placeholder runs to the next literal.
            const QByteArrayView all(text);
            qsizetype at = 0;
            split = true;
            for (size_t p = 0; p < key.parts.size() && split; ++p) {
                const InferredKey::Part &part = key.parts[p];
                if (!part.isPlaceholder) {
                    const QByteArray literal = part.literal.toUtf8();
                    split = all.sliced(at).startsWith(literal);
                    at += literal.size();
                    continue;
                }
                qsizetype end = all.size();
                if (p + 1 < key.parts.size() && !key.parts[p + 1].isPlaceholder) {
                    end = all.indexOf(key.parts[p + 1].literal.toUtf8(), at);
                    split = end >= 0;
                }
                if (split)
                    values[p] = all.sliced(at, end - at);
                at = end;
            }
        }
        if (!split)
            continue;
        for (size_t p = 0; p < key.parts.size(); ++p) {
            const InferredKey::Part &part = key.parts[p];
            if (!part.isPlaceholder || part.attributeExisted
                || part.attribute.contains(QLatin1Char('.')) || out.count(part.attribute))
                continue;
            if (const auto v = attributeValueOf(part.kind, QString::fromUtf8(values[p])))
                out[part.attribute] = *v;
        }
    }
    return out;
}

} // namespace keyscope::model::recovery
