#include "model/design/recovery/groupplan.h"

#include <QRegularExpression>

#include <algorithm>

// From groups of items of one key shape to proposals: which parts of the keys vary, which
// attribute each varying part is, the parent a group's partition values point to, the names.

namespace keyscope::model::recovery::detail {

namespace {

using namespace groups;

// Each present key's tokens (of the first member); with mixed shapes, a key whose members
// differ in structure is taken whole, and one some member lacks is not present.
void tokenizePlanKeys(const Context &context, GroupPlan &plan, bool mixedShapes)
{
    const int keys = context.keyCount();
    const qsizetype first = plan.members.front();
    std::vector<KeyToken> scratch;
    for (int k = 0; k < keys; ++k) {
        KeyPlan &key = plan.keys[size_t(k)];
        key.firstText = context.key(first, k);
        key.present = key.firstText != nullptr;
        if (!key.present)
            continue;
        tokenizeKey(*key.firstText, key.tokens);
        if (!mixedShapes)
            continue;
        for (const qsizetype i : plan.members) {
            const QByteArrayView *text = context.key(i, k);
            if (!text) {
                key.present = false;
                break;
            }
            tokenizeKey(*text, scratch);
            if (!sameStructure(*key.firstText, key.tokens, *text, scratch))
                key.whole = true;
        }
    }
}

// Whether label token t of key k reads differently in some sampled item (after a merge).
bool labelVaries(const Context &context, const GroupPlan &plan, int k, size_t t,
                 std::vector<KeyToken> &scratch)
{
    const KeyPlan &key = plan.keys[size_t(k)];
    const QByteArrayView mine = key.tokens[t].in(*key.firstText);
    for (const qsizetype i : plan.sample) {
        tokenizeKey(*context.key(i, k), scratch);
        if (scratch.size() == key.tokens.size() && scratch[t].in(*context.key(i, k)) != mine)
            return true;
    }
    return false;
}

// Labels are literal unless they vary (after a merge); values may be attributes.
void markEligibleTokens(const Context &context, const GroupPlan &plan,
                        std::vector<std::vector<KeyToken>> &layout,
                        std::vector<std::vector<bool>> &eligible)
{
    std::vector<KeyToken> scratch;
    for (int k = 0; k < context.keyCount(); ++k) {
        const KeyPlan &key = plan.keys[size_t(k)];
        if (!key.present || key.whole)
            continue;
        layout[size_t(k)] = key.tokens;
        eligible[size_t(k)].assign(key.tokens.size(), true);
        for (size_t t = 0; t < key.tokens.size(); ++t) {
            if (key.tokens[t].role == KeyToken::Role::Label)
                eligible[size_t(k)][t] = labelVaries(context, plan, k, t, scratch);
        }
    }
}

// A unit per match whose tokens are still free, best match first; the unit of each token
// per key (-1: none yet).
std::vector<std::vector<int>> placeMatchedUnits(GroupPlan &plan,
                                                const std::vector<SpanMatch> &matches)
{
    std::vector<std::vector<int>> taken(plan.keys.size()); // unit per token, from matches
    for (size_t k = 0; k < plan.keys.size(); ++k)
        taken[k].assign(plan.keys[k].tokens.size(), -1);
    for (const SpanMatch &m : matches) {
        auto &row = taken[size_t(m.key)];
        bool free = true;
        for (int t = m.first; t <= m.last && free; ++t)
            free = row[size_t(t)] < 0;
        if (!free)
            continue;
        Unit unit;
        unit.key = m.key;
        unit.first = m.first;
        unit.last = m.last;
        unit.match = m;
        const int u = int(plan.units.size());
        plan.units.push_back(std::move(unit));
        for (int t = m.first; t <= m.last; ++t)
            row[size_t(t)] = u;
    }
    return taken;
}

// Key k's units: the whole key, or the matched units and a unit per other non-separator token,
// each with the label before it.
void addKeyUnits(GroupPlan &plan, int k, const std::vector<int> &taken)
{
    KeyPlan &key = plan.keys[size_t(k)];
    if (!key.present)
        return;
    if (key.whole) {
        Unit unit;
        unit.key = k;
        unit.whole = true;
        key.unitOfToken.assign(key.tokens.size(), int(plan.units.size()));
        plan.units.push_back(std::move(unit));
        return;
    }
    key.unitOfToken = taken;
    QString label;
    for (int t = 0; t < int(key.tokens.size()); ++t) {
        const KeyToken &token = key.tokens[size_t(t)];
        if (token.role == KeyToken::Role::Separator && key.unitOfToken[size_t(t)] < 0)
            continue;
        if (key.unitOfToken[size_t(t)] < 0) {
            Unit unit;
            unit.key = k;
            unit.first = unit.last = t;
            unit.label = token.role == KeyToken::Role::Label;
            key.unitOfToken[size_t(t)] = int(plan.units.size());
            plan.units.push_back(std::move(unit));
        }
        Unit &unit = plan.units[size_t(key.unitOfToken[size_t(t)])];
        if (unit.first == t)
            unit.labelText = label;
        if (token.role == KeyToken::Role::Label)
            label = QString::fromUtf8(token.in(*key.firstText));
    }
}

void planLayout(const Context &context, GroupPlan &plan, bool mixedShapes)
{
    const int keys = context.keyCount();
    plan.keys.resize(static_cast<size_t>(keys));
    plan.sample = sampleOf(plan.members, kSampleSize);
    tokenizePlanKeys(context, plan, mixedShapes);
    std::vector<std::vector<bool>> eligible(static_cast<size_t>(keys));
    std::vector<std::vector<KeyToken>> layout(static_cast<size_t>(keys));
    markEligibleTokens(context, plan, layout, eligible);
    const std::vector<std::vector<int>> taken
        = placeMatchedUnits(plan, matchSpans(context, plan.sample, layout, eligible));
    for (int k = 0; k < keys; ++k)
        addKeyUnits(plan, k, taken[size_t(k)]);
}

void collectValues(const Context &context, GroupPlan &plan, Progress &progress, qsizetype &examined)
{
    const int keys = context.keyCount();
    std::vector<KeyToken> tokens;
    std::vector<std::vector<int>> unitsOfKey(static_cast<size_t>(keys));
    for (int u = 0; u < int(plan.units.size()); ++u)
        unitsOfKey[size_t(plan.units[size_t(u)].key)].push_back(u);
    QByteArrayView lastPartition;
    QHash<QByteArrayView, int>::iterator lastCount = plan.partitionCounts.end();
    // A key value the previous item also had adds nothing (a child's partition key).
    std::vector<QByteArrayView> previous(static_cast<size_t>(keys));
    for (const qsizetype i : plan.members) {
        if (!progress.tick(examined++))
            return;
        for (int k = 0; k < keys; ++k) {
            const KeyPlan &key = plan.keys[size_t(k)];
            if (!key.present)
                continue;
            const QByteArrayView *text = context.key(i, k);
            if (!text)
                continue;
            if (!previous[size_t(k)].isNull() && previous[size_t(k)] == QByteArrayView(*text))
                continue;
            previous[size_t(k)] = QByteArrayView(*text);
            if (key.whole) {
                plan.units[size_t(unitsOfKey[size_t(k)].front())].track(*text, i);
                continue;
            }
            tokenizeKey(*text, tokens);
            if (tokens.size() != key.tokens.size())
                continue;
            for (const int u : unitsOfKey[size_t(k)]) {
                Unit &unit = plan.units[size_t(u)];
                unit.track(spanText(*text, tokens, unit.first, unit.last), i);
            }
        }
        if (const QByteArrayView *partition = context.key(i, 0)) {
            const QByteArrayView view(*partition);
            if (lastCount != plan.partitionCounts.end() && view == lastPartition) {
                ++*lastCount;
            } else {
                lastCount = plan.partitionCounts.find(view);
                if (lastCount == plan.partitionCounts.end())
                    lastCount = plan.partitionCounts.insert(view, 1);
                else
                    ++*lastCount;
                lastPartition = view;
            }
        }
    }
}

void decideUnits(const Context &context, GroupPlan &plan)
{
    const qsizetype n = qsizetype(plan.members.size());
    for (Unit &unit : plan.units) {
        const bool constant = unit.values.size() <= 1;
        if (unit.whole) {
            unit.placeholder = true;
        } else if (constant && unit.values.empty()) {
            unit.placeholder = false;
        } else if (constant && n >= 2) {
            unit.placeholder = false;
        } else if (constant) {
            // One item: its numbers and ids vary, its words are taken as written.
            unit.placeholder
                = unit.match.has_value() || !(unit.label || wordOnly(unit.values.front()));
        } else {
            unit.placeholder = true;
        }
        if (!unit.placeholder)
            continue;
        plan.variable = true;
        unit.kind = classifyPart(unit.values);
        if (unit.match) {
            unit.attribute = unit.match->attribute;
            unit.existed = true;
            unit.filters = unit.match->filters;
            if (unit.match->mode == SpanMatch::Mode::Exact
                && (unit.kind.kind == PartKind::Kind::PaddedInteger
                    || unit.kind.kind == PartKind::Kind::Integer))
                unit.filters = templateFilters(unit.kind);
        }
    }
    for (const qsizetype i : plan.sample) {
        for (const auto &[name, value] : context.items[size_t(i)])
            plan.namesInUse.insert(name);
    }
    for (const QString &name : context.keyNames)
        plan.namesInUse.insert(name);
    // Root-like: every sampled item's sort key repeats its partition key, or the sort key is
    // literal (#METADATA, PROFILE).
    if (context.keyCount() > 1 && context.table.keys.hasRange() && plan.keys.size() > 1) {
        bool literalSort = plan.keys[1].present;
        for (const Unit &unit : plan.units)
            literalSort = literalSort && !(unit.key == 1 && unit.placeholder);
        bool repeats = true;
        for (const qsizetype i : plan.sample) {
            const QByteArrayView *pk = context.key(i, 0);
            const QByteArrayView *sk = context.key(i, 1);
            repeats = repeats && pk && sk && *pk == *sk;
        }
        plan.rootLike = literalSort || repeats || !plan.keys[1].present;
    } else {
        plan.rootLike = true;
    }
}

std::tuple<int, qsizetype, int> parentRank(const GroupPlan &plan, int index)
{
    return {plan.rootLike ? 0 : 1, qsizetype(plan.members.size()), index};
}

void findParents(std::vector<GroupPlan> &plans)
{
    for (int c = 0; c < int(plans.size()); ++c) {
        GroupPlan &child = plans[size_t(c)];
        if (!child.variable || child.partitionCounts.isEmpty())
            continue;
        int best = -1;
        for (int p = 0; p < int(plans.size()); ++p) {
            const GroupPlan &parent = plans[size_t(p)];
            if (p == c || !parent.variable
                || parent.partitionCounts.size() != qsizetype(parent.members.size())
                || !(parentRank(parent, p) < parentRank(child, c)))
                continue;
            bool all = true;
            for (auto it = child.partitionCounts.cbegin();
                 it != child.partitionCounts.cend() && all; ++it)
                all = parent.partitionCounts.contains(it.key());
            if (!all)
                continue;
            if (best < 0 || parentRank(parent, p) < parentRank(plans[size_t(best)], best))
                best = p;
        }
        if (best < 0)
            continue;
        child.parent = best;
        int lo = std::numeric_limits<int>::max();
        int hi = 0;
        const GroupPlan &parent = plans[size_t(best)];
        for (auto it = parent.partitionCounts.cbegin(); it != parent.partitionCounts.cend(); ++it) {
            const int count = child.partitionCounts.value(it.key(), 0);
            lo = std::min(lo, count);
            hi = std::max(hi, count);
        }
        child.countMin = lo;
        child.countMax = hi;
    }
    // A parent chain must not loop (ranks only decrease along it, so it cannot), and a
    // child's partition is its parent's: drop the child's own partition placeholders.
}

bool hintAliasesMatch(const Context &context, const TypeHint &hint, const GroupPlan &plan)
{
    if (hint.keyAliases.empty())
        return false;
    for (const auto &[keyAttribute, alias] : hint.keyAliases) {
        const int k = int(context.keyNames.indexOf(keyAttribute));
        if (k < 0)
            return false;
        bool found = false;
        for (const Unit &unit : plan.units)
            found = found || (unit.key == k && unit.placeholder && unit.attribute == alias);
        // A whole key that is the alias itself (an index key of its own attribute).
        if (!found)
            return false;
    }
    return true;
}

// An attribute most items have, named <Something>Id or <Something>No, that no key reads
// from another type: the items' own id.
QString idAttribute(const Context &context, const GroupPlan &plan)
{
    std::map<QString, qsizetype> presence;
    for (const qsizetype i : plan.sample) {
        for (const auto &[name, value] : context.items[size_t(i)]) {
            if (name.size() > 2
                && (name.endsWith(QLatin1String("Id")) || name.endsWith(QLatin1String("No")))
                && name.at(0).isUpper() && !context.keyNameSet.contains(name))
                ++presence[name];
        }
    }
    for (const auto &[name, count] : presence) {
        bool inPartition = false;
        for (const Unit &unit : plan.units)
            inPartition = inPartition || (unit.key == 0 && unit.attribute == name);
        if (!inPartition && double(count) >= 0.9 * double(plan.sample.size()))
            return name;
    }
    return {};
}

// "CartTable" -> "Cart", "session_store" -> "SessionStore"; empty when no name is left.
QString tableEntityName(const QString &table)
{
    static const QRegularExpression suffix(QStringLiteral("[-_ ]?(table|tbl)$"),
                                           QRegularExpression::CaseInsensitiveOption);
    QString stem = table;
    stem.remove(suffix);
    QString name;
    bool start = true;
    for (const QChar c : std::as_const(stem)) {
        if (!c.isLetterOrNumber()) {
            start = true;
            continue;
        }
        name += start ? c.toUpper() : c;
        start = false;
    }
    return name.isEmpty() || !name.front().isLetter() ? QString() : name;
}

// A name from the group's key labels, else an id attribute of its items, else the table.
std::pair<QString, QString> nameFromKeys(const Context &context, const GroupPlan &plan,
                                         const QSet<QString> &used)
{
    int namingKey = 0;
    const QString label = prefixName(context, plan, &namingKey);
    if (!label.isEmpty()) {
        const QString name = camelName(label);
        // A child whose own keys carry no label would take its parent's partition label
        // ("Org2"): an id attribute of its items names it better (TicketId -> Ticket).
        const bool borrowed = namingKey == 0 && (used.contains(name) || plan.parent >= 0);
        const QString attribute = borrowed ? idAttribute(context, plan) : QString();
        if (!attribute.isEmpty())
            return {attribute.chopped(2), QStringLiteral("the attribute %1").arg(attribute)};
        return {name,
                QStringLiteral("the prefix %1 of %2").arg(label, context.keyNames[namingKey])};
    }
    if (const QString attribute = idAttribute(context, plan); !attribute.isEmpty())
        return {attribute.chopped(2), QStringLiteral("the attribute %1").arg(attribute)};
    // Keys of values only: the items are what the table holds.
    if (const QString name = tableEntityName(context.table.tableName); !name.isEmpty())
        return {name, QStringLiteral("the table %1").arg(context.table.tableName)};
    return {QStringLiteral("Item"), QStringLiteral("no label in the keys")};
}

void nameEntities(const Context &context, std::vector<GroupPlan> &plans,
                  const std::vector<std::pair<QString, QString>> &preferred)
{
    QSet<QString> used;
    // The largest groups choose first, so a name does not depend on the items' order.
    std::vector<int> order;
    for (int g = 0; g < int(plans.size()); ++g)
        order.push_back(g);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return plans[size_t(a)].members.size() > plans[size_t(b)].members.size();
    });
    for (const int g : order) {
        GroupPlan &plan = plans[size_t(g)];
        if (!plan.variable)
            continue;
        const qsizetype first = plan.members.front();
        QString name;
        QString source;
        QString typeAttribute;
        const QByteArray type = context.typeOf(first, &typeAttribute);
        if (g < int(preferred.size()) && !preferred[size_t(g)].first.isEmpty()) {
            name = preferred[size_t(g)].first;
            source = preferred[size_t(g)].second;
        } else if (!type.isEmpty()) {
            name = QString::fromUtf8(type).trimmed();
            source = QStringLiteral("the attribute %1").arg(typeAttribute);
        } else if (const int h = context.hintOf[size_t(first)]; h >= 0) {
            name = context.hints[size_t(h)].name;
            source = context.hints[size_t(h)].source;
        } else {
            for (const TypeHint &hint : context.hints) {
                if (hint.items.empty() && hintAliasesMatch(context, hint, plan)) {
                    name = hint.name;
                    source = hint.source;
                    break;
                }
            }
        }
        if (name.isEmpty())
            std::tie(name, source) = nameFromKeys(context, plan, used);
        QString unique = name;
        for (int n = 2; used.contains(unique); ++n)
            unique = name + QString::number(n);
        used.insert(unique);
        plan.name = unique;
        plan.nameSource = source;
    }
}

QString suffixFor(const PartKind &kind)
{
    switch (kind.kind) {
    case PartKind::Kind::IsoDate:
    case PartKind::Kind::DisplayDate:
        return QStringLiteral("Date");
    case PartKind::Kind::IsoDateTime:
    case PartKind::Kind::EpochSeconds:
    case PartKind::Kind::EpochMillis:
        return QStringLiteral("Time");
    case PartKind::Kind::UpperText:
    case PartKind::Kind::LowerText:
    case PartKind::Kind::MixedText:
        return QStringLiteral("Name");
    default:
        return QStringLiteral("Id");
    }
}

void nameAttributes(const Context &context, GroupPlan &plan)
{
    std::vector<int> named; // new placeholders named so far
    for (int u = 0; u < int(plan.units.size()); ++u) {
        Unit &unit = plan.units[size_t(u)];
        if (!unit.placeholder || unit.existed)
            continue;
        if (plan.parent >= 0 && unit.key == 0)
            continue; // the parent's attribute
        bool shared = false;
        for (const int v : named) {
            const Unit &other = plan.units[size_t(v)];
            if (other.values == unit.values && other.labelText == unit.labelText) {
                unit.attribute = other.attribute;
                shared = true;
                break;
            }
        }
        if (!shared) {
            QString base;
            if (unit.whole)
                base = plan.name + context.keyNames[unit.key];
            else if (unit.label)
                base = plan.name + QStringLiteral("Type"); // labels that vary (merged types)
            else
                base = (unit.labelText.isEmpty() ? plan.name : camelName(unit.labelText))
                    + suffixFor(unit.kind);
            QString name = base;
            for (int n = 2; plan.namesInUse.contains(name); ++n)
                name = base + QString::number(n);
            plan.namesInUse.insert(name);
            unit.attribute = name;
        }
        unit.filters = templateFilters(unit.kind);
        named.push_back(u);
    }
}

QString escapeLiteral(QStringView text)
{
    QString out;
    for (const QChar c : text) {
        out += c;
        if (c == QLatin1Char('{') || c == QLatin1Char('}'))
            out += c;
    }
    return out;
}

// The key's template from a plan; `qualifier` (a parent's name) makes its placeholders read the
// parent's attributes.
InferredKey composeKey(const Context &context, const GroupPlan &plan, int k,
                       const QString &qualifier, std::vector<int> *partOfUnit)
{
    InferredKey out;
    out.keyAttribute = context.keyNames[k];
    const KeyPlan &key = plan.keys[size_t(k)];
    out.tokenCount = key.whole ? -1 : int(key.tokens.size());
    QString literal;
    int literalFirst = -1;
    int literalLast = -1;
    const auto flush = [&] {
        if (literal.isEmpty())
            return;
        InferredKey::Part part;
        part.literal = literal;
        part.column = int(out.templateText.size()) + 1;
        const QString escaped = escapeLiteral(literal);
        part.length = int(escaped.size());
        part.firstToken = literalFirst;
        part.lastToken = literalLast;
        out.templateText += escaped;
        out.parts.push_back(std::move(part));
        literal.clear();
        literalFirst = -1;
    };
    int t = 0;
    while (t < int(key.tokens.size()) || (key.whole && t == 0)) {
        const int u = key.whole ? key.unitOfToken.empty() ? -1 : key.unitOfToken.front()
                                : key.unitOfToken[size_t(t)];
        if (key.whole && u < 0)
            break;
        const Unit *unit = u >= 0 ? &plan.units[size_t(u)] : nullptr;
        if (!unit || !unit->placeholder) {
            const int last = unit ? unit->last : t;
            if (literalFirst < 0)
                literalFirst = t;
            literalLast = last;
            literal += QString::fromUtf8(spanText(*key.firstText, key.tokens, t, last));
            t = last + 1;
            continue;
        }
        flush();
        InferredKey::Part part;
        part.isPlaceholder = true;
        part.attribute = qualifier.isEmpty() || unit->attribute.contains(QLatin1Char('.'))
            ? unit->attribute
            : qualifier + QLatin1Char('.') + unit->attribute;
        part.attributeExisted = unit->existed || !qualifier.isEmpty();
        part.kind = unit->kind;
        part.firstToken = key.whole ? -1 : unit->first;
        part.lastToken = key.whole ? -1 : unit->last;
        const QString text = QLatin1Char('{') + part.attribute + unit->filters + QLatin1Char('}');
        part.column = int(out.templateText.size()) + 1;
        part.length = int(text.size());
        out.templateText += text;
        if (partOfUnit)
            (*partOfUnit)[size_t(u)] = int(out.parts.size());
        out.parts.push_back(std::move(part));
        if (key.whole)
            break;
        t = unit->last + 1;
    }
    flush();
    return out;
}

std::vector<QString> sampleTexts(const Context &context, const GroupPlan &plan,
                                 const QString &attribute)
{
    std::vector<QString> texts;
    for (const qsizetype i : plan.sample) {
        const Item &item = context.items[size_t(i)];
        const auto found = item.find(attribute);
        if (found == item.end())
            continue;
        if (found->second.type() == AttributeValue::Type::S)
            texts.push_back(found->second.asString());
        else if (found->second.type() == AttributeValue::Type::N)
            texts.push_back(found->second.asNumber().toString());
    }
    return texts;
}

std::vector<AttributeSpec> attributesOf(const Context &context, const GroupPlan &plan,
                                        std::map<QString, QString> &kinds)
{
    std::vector<AttributeSpec> specs;
    QSet<QString> done;
    for (const Unit &unit : plan.units) {
        if (!unit.placeholder || done.contains(unit.attribute)
            || (plan.parent >= 0 && unit.key == 0))
            continue;
        done.insert(unit.attribute);
        const bool ownValues = !unit.existed || unit.match->mode == SpanMatch::Mode::Exact
            || unit.match->mode == SpanMatch::Mode::Number;
        kinds[unit.attribute] = unit.kind.describe();
        if (unit.whole) {
            // Items of several shapes (merged): repeat their values, whatever shape each has.
            AttributeSpec spec;
            spec.name = unit.attribute;
            spec.generator.kind = GeneratorSpec::Kind::Choice;
            const size_t step = std::max<size_t>(1, unit.values.size() / 1000);
            for (size_t v = 0; v < unit.values.size(); v += step)
                spec.generator.choices.push_back(unit.values[v]);
            specs.push_back(std::move(spec));
        } else if (ownValues) {
            specs.push_back(inferredAttribute(unit.attribute, unit.kind, unit.values));
            // Values that repeat across the parents' partitions (READING#00001 under every
            // device) count within each parent.
            GeneratorSpec &generator = specs.back().generator;
            if (plan.parent >= 0 && generator.kind == GeneratorSpec::Kind::Sequence
                && unit.values.size() < plan.members.size())
                generator.perParent = true;
        } else {
            const std::vector<QString> texts = sampleTexts(context, plan, unit.attribute);
            const PartKind kind = classifyPart(texts);
            kinds[unit.attribute] = kind.describe();
            specs.push_back(inferredAttribute(unit.attribute, kind, texts));
        }
    }
    // The other attributes most items have, so a populated design looks like the sample.
    std::map<QString, qsizetype> presence;
    for (const qsizetype i : plan.sample) {
        for (const auto &[name, value] : context.items[size_t(i)]) {
            if (value.type() == AttributeValue::Type::S || value.type() == AttributeValue::Type::N)
                ++presence[name];
        }
    }
    for (const auto &[name, count] : presence) {
        if (done.contains(name) || context.keyNameSet.contains(name)
            || double(count) < 0.9 * double(plan.sample.size()))
            continue;
        const std::vector<QString> texts = sampleTexts(context, plan, name);
        const PartKind kind = classifyPart(texts);
        kinds[name] = kind.describe();
        specs.push_back(inferredAttribute(name, kind, texts));
    }
    return specs;
}

// Plans each group: its layout, values and units. False when cancelled.
bool planGroups(const Context &context, std::vector<std::vector<qsizetype>> &groups,
                const std::vector<bool> &mixedShapes, Progress &progress,
                std::vector<GroupPlan> &plans)
{
    qsizetype examined = 0;
    for (size_t g = 0; g < groups.size(); ++g) {
        GroupPlan &plan = plans[g];
        plan.members = std::move(groups[g]);
        if (plan.members.empty())
            continue;
        planLayout(context, plan, g < mixedShapes.size() && mixedShapes[g]);
        collectValues(context, plan, progress, examined);
        if (progress.cancelled)
            return false;
        decideUnits(context, plan);
    }
    return true;
}

// A proposal per variable group, its attributes named; returns the group of each item.
std::vector<int> openProposals(const Context &context, std::vector<GroupPlan> &plans,
                               RecoveryResult &result)
{
    std::vector<int> groupOfItem(context.items.size(), -1);
    for (int g = 0; g < int(plans.size()); ++g) {
        GroupPlan &plan = plans[size_t(g)];
        for (const qsizetype i : plan.members)
            groupOfItem[size_t(i)] = g;
        if (!plan.variable)
            continue;
        nameAttributes(context, plan);
        plan.proposal = int(result.proposals.size());
        result.proposals.emplace_back();
    }
    return groupOfItem;
}

// The proposal's key templates: the partition key of a child is its parent's.
void proposalKeys(const Context &context, const std::vector<GroupPlan> &plans, GroupPlan &plan,
                  EntityProposal &proposal)
{
    plan.partOfUnit.assign(plan.units.size(), -1);
    for (int k = 0; k < context.keyCount(); ++k) {
        if (!plan.keys[size_t(k)].present)
            continue;
        InferredKey key;
        if (k == 0 && plan.parent >= 0) {
            const GroupPlan &parent = plans[size_t(plan.parent)];
            key = composeKey(context, parent, 0, parent.name, nullptr);
        } else {
            key = composeKey(context, plan, k, QString(), &plan.partOfUnit);
        }
        // An index key that is nothing but a value no other attribute holds is an
        // attribute of its own (UpdatedAt as a sort key): no template.
        const int tableKeys = context.table.keys.hasRange() ? 2 : 1;
        const bool ownAttribute = k >= tableKeys && key.parts.size() == 1
            && key.parts.front().isPlaceholder && !key.parts.front().attributeExisted;
        if (ownAttribute) {
            for (Unit &unit : plan.units) {
                if (unit.key == k && unit.placeholder && !unit.existed)
                    unit.attribute = context.keyNames[k];
            }
            continue;
        }
        proposal.entity.keys[key.keyAttribute] = key.templateText;
        proposal.keys.push_back(std::move(key));
    }
}

// The values of the plan's placeholder parts that do not fit their part's kind.
void collectOutliers(const Context &context, const GroupPlan &plan, EntityProposal &proposal)
{
    for (size_t u = 0; u < plan.units.size(); ++u) {
        const Unit &unit = plan.units[u];
        if (!unit.placeholder || plan.partOfUnit[u] < 0)
            continue;
        proposal.outlierCount += unit.kind.outlierCount;
        for (const qsizetype o : unit.kind.outliers) {
            if (o < 0 || o >= qsizetype(unit.values.size()))
                continue;
            proposal.outliers.push_back({unit.firstItem[size_t(o)], context.keyNames[unit.key],
                                         plan.partOfUnit[u], unit.values[size_t(o)]});
        }
    }
}

void fillProposal(const Context &context, const std::vector<GroupPlan> &plans, GroupPlan &plan,
                  EntityProposal &proposal)
{
    proposal.entity.name = plan.name;
    proposal.nameSource = plan.nameSource;
    proposal.items = plan.members;
    proposalKeys(context, plans, plan, proposal);
    proposal.entity.attributes = attributesOf(context, plan, proposal.attributeKinds);
    if (plan.parent >= 0) {
        proposal.entity.parent = plans[size_t(plan.parent)].name;
        proposal.entity.countMin = plan.countMin;
        proposal.entity.countMax = plan.countMax;
    } else {
        proposal.entity.countMin = proposal.entity.countMax = int(plan.members.size());
    }
    collectOutliers(context, plan, proposal);
}

// Each proposal's confidence (share of its near misses, fit, evidence) and reason.
void rateProposals(const Context &context, const std::vector<GroupPlan> &plans,
                   RecoveryResult &result)
{
    for (const GroupPlan &plan : plans) {
        if (plan.proposal < 0)
            continue;
        EntityProposal &proposal = result.proposals[size_t(plan.proposal)];
        const double size = double(plan.members.size());
        const double share = size / (size + double(proposal.nearMisses.size()));
        const double fit = 1.0 - std::min(0.5, double(proposal.outlierCount) / size);
        const double evidence = size >= 3 ? 1.0 : size >= 2 ? 0.8 : 0.6;
        proposal.confidence = share * fit * evidence;
        proposal.reason = reasonFor(context, plans, plan, proposal);
    }
}

} // namespace

QString camelName(QStringView label)
{
    QString out;
    bool start = true;
    for (const QChar c : label) {
        if (!c.isLetterOrNumber()) {
            start = true;
            continue;
        }
        out += start ? c.toUpper() : c.toLower();
        start = false;
    }
    return out;
}

RecoveryResult buildResult(const Context &context, std::vector<std::vector<qsizetype>> groups,
                           const std::vector<std::pair<QString, QString>> &names,
                           const std::vector<bool> &mixedShapes, Progress &progress)
{
    RecoveryResult result;
    const qsizetype n = qsizetype(context.items.size());
    result.groupOf.assign(size_t(n), -1);
    std::vector<GroupPlan> plans(groups.size());
    if (!planGroups(context, groups, mixedShapes, progress, plans))
        return result;
    findParents(plans);
    nameEntities(context, plans, names);
    const std::vector<int> groupOfItem = openProposals(context, plans, result);
    for (GroupPlan &plan : plans) {
        if (plan.proposal < 0)
            continue;
        fillProposal(context, plans, plan, result.proposals[size_t(plan.proposal)]);
        for (const qsizetype i : plan.members)
            result.groupOf[size_t(i)] = plan.proposal;
    }
    findNearMisses(context, plans, groupOfItem, result);
    rateProposals(context, plans, result);
    for (qsizetype i = 0; i < n; ++i) {
        if (result.groupOf[size_t(i)] < 0)
            result.unmatched.push_back(i);
    }
    return result;
}

} // namespace keyscope::model::recovery::detail
