#include "model/design/checks/checksupport.h"

#include "model/design/accesspatternrunner.h"
#include "model/table/keyroles.h"
#include "model/value/civiltime.h"

#include <QDateTime>
#include <QTimeZone>

#include <algorithm>
#include <numeric>

namespace keyscope::model::checks {

bool PlaceholderRef::hasFilter(const QString &filter) const
{
    if (!templatePart)
        return false;
    return std::any_of(templatePart->filters.begin(), templatePart->filters.end(),
                       [&](const KeyTemplate::Filter &f) { return f.name == filter; });
}

bool PlaceholderRef::hasTimeFilter() const
{
    for (const char *name : {"iso8601", "date", "epoch", "epochms", "format"}) {
        if (hasFilter(QLatin1String(name)))
            return true;
    }
    return false;
}

bool PlaceholderRef::hasCaseFilter() const
{
    return hasFilter(QStringLiteral("upper")) || hasFilter(QStringLiteral("lower"));
}

QString PlaceholderRef::source(const QString &templateText) const
{
    if (!templatePart)
        return QString();
    return templateText.mid(templatePart->column - 1, templatePart->length);
}

QString PlaceholderRef::withFilter(const QString &templateText, const QString &filter) const
{
    if (!templatePart)
        return templateText;
    QString text = templateText;
    const int closing = templatePart->column - 1 + templatePart->length - 1; // the '}'
    text.insert(closing, u'|' + filter);
    return text;
}

const PlaceholderRef *KeySite::placeholder(const QString &name) const
{
    for (const PlaceholderRef &ref : placeholders) {
        if (ref.name == name)
            return &ref;
    }
    return nullptr;
}

namespace {

// The common form the generators write, "YYYY-MM-DDTHH:MM:SS[.fff]Z", without QDateTime (which
// is slow enough to matter on a million items).
std::optional<qint64> parseUtcFast(const QString &text)
{
    const qsizetype n = text.size();
    if ((n != 20 && n != 24) || text.at(n - 1) != u'Z')
        return std::nullopt;
    const auto digits = [&](int at, int count, int *out) {
        int v = 0;
        for (int i = at; i < at + count; ++i) {
            const char16_t c = text.at(i).unicode();
            if (c < '0' || c > '9')
                return false;
            v = v * 10 + (c - '0');
        }
        *out = v;
        return true;
    };
    int y, mo, d, h, mi, se, ms = 0;
    if (!digits(0, 4, &y) || text.at(4) != u'-' || !digits(5, 2, &mo) || text.at(7) != u'-'
        || !digits(8, 2, &d) || text.at(10) != u'T' || !digits(11, 2, &h) || text.at(13) != u':'
        || !digits(14, 2, &mi) || text.at(16) != u':' || !digits(17, 2, &se))
        return std::nullopt;
    if (n == 24 && (text.at(19) != u'.' || !digits(20, 3, &ms)))
        return std::nullopt;
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59)
        return std::nullopt;
    if (!QDate::isValid(y, mo, d))
        return std::nullopt;
    return civilMs(y, mo, d, h, mi, se, ms);
}

} // namespace

std::optional<qint64> parseInstant(const QString &text)
{
    if (const auto fast = parseUtcFast(text))
        return fast;
    if (text.size() == 10) {
        const QDate date = QDate::fromString(text, Qt::ISODate);
        if (date.isValid())
            return QDateTime(date, QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
        return std::nullopt;
    }
    if (text.size() < 16 || text.at(10) != u'T')
        return std::nullopt;
    const QDateTime dateTime = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!dateTime.isValid() || dateTime.timeSpec() == Qt::LocalTime)
        return std::nullopt;
    return dateTime.toMSecsSinceEpoch();
}

bool isTimestampAttribute(const AttributeSpec &spec)
{
    return spec.type == AttributeKind::Timestamp
        || spec.generator.kind == GeneratorSpec::Kind::Timestamp;
}

QByteArray orderedInt64(qint64 value)
{
    const quint64 u = quint64(value) ^ (quint64(1) << 63);
    QByteArray bytes(8, Qt::Uninitialized);
    for (int i = 0; i < 8; ++i)
        bytes[i] = char(quint8(u >> (56 - 8 * i)));
    return bytes;
}

Finding findingOf(const QString &id, Finding::Severity severity, const QString &entity,
                  const QString &attribute, const QString &path)
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.entity = entity;
    f.attribute = attribute;
    f.path = path;
    return f;
}

bool appendKeyBytes(QByteArray &bytes, const Item &item, const QString &name)
{
    const auto found = item.find(name);
    if (found == item.end() || !found->second.isKeyType())
        return false;
    const QByteArray value = found->second.sortableBytes();
    bytes += char(found->second.type());
    bytes += QByteArray::number(value.size());
    bytes += ':';
    bytes += value;
    return true;
}

std::optional<Number> plainNumber(const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    qsizetype i = text.at(0) == u'-' ? 1 : 0;
    qsizetype digits = 0;
    bool dot = false;
    for (; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c >= u'0' && c <= u'9') {
            ++digits;
        } else if (c == u'.' && !dot && digits > 0) {
            dot = true;
        } else {
            return std::nullopt;
        }
    }
    if (digits == 0 || text.endsWith(u'.'))
        return std::nullopt;
    return Number::parse(text);
}

namespace {

QStringList keyAttributeNames(const std::vector<KeyAttribute> &keys)
{
    QStringList list;
    for (const auto &k : keys)
        list << k.name;
    return list;
}

// Where the site's key attribute sits in the table: the table's partition or sort key, or an
// index's sort key (the store it orders, and that store's partition key attributes).
void placeKeySite(KeySite &site, const TableDefinition &table)
{
    const QString &attribute = site.keyAttribute;
    site.declaredType = keyType(table, attribute);
    const QStringList tableHash = keyAttributeNames(table.keys.hash);
    const QStringList tableRange = keyAttributeNames(table.keys.range);
    site.tableHash = tableHash.contains(attribute);
    site.inTablePrimaryKey = site.tableHash || tableRange.contains(attribute);
    if (tableRange.contains(attribute)) {
        site.isSortKey = true;
        site.hashAttributes = tableHash;
        return;
    }
    for (const auto &index : table.indexes) {
        if (keyAttributeNames(index.keys.range).contains(attribute)) {
            site.isSortKey = true;
            site.storeName = index.name;
            site.hashAttributes = keyAttributeNames(index.keys.hash);
            return;
        }
    }
}

// The ancestor of entity type `e` named `typeName`, or -1.
int ancestorIndexNamed(const std::vector<EntityType> &entities, int e, const QString &typeName)
{
    int at = e;
    for (int guard = 0; guard < int(entities.size()) && at >= 0; ++guard) {
        const QString parent = entities[size_t(at)].parent;
        at = -1;
        for (int k = 0; k < int(entities.size()); ++k) {
            if (entities[size_t(k)].name == parent) {
                at = k;
                break;
            }
        }
        if (at >= 0 && entities[size_t(at)].name == typeName)
            return at;
    }
    return -1;
}

// The placeholder at part p of entity type e's template: the attribute it names ("Attr", or
// "Ancestor.Attr") and the entity type that owns it.
PlaceholderRef resolvePlaceholderRef(const std::vector<EntityType> &entities, int e,
                                     const std::vector<KeyTemplate::Part> &parts, int p)
{
    PlaceholderRef ref;
    ref.part = p;
    ref.name = parts[size_t(p)].text;
    ref.templatePart = &parts[size_t(p)];
    const qsizetype dot = ref.name.indexOf(u'.');
    int owner = e;
    ref.attribute = ref.name;
    if (dot >= 0) {
        ref.attribute = ref.name.mid(dot + 1);
        owner = ancestorIndexNamed(entities, e, ref.name.left(dot));
    }
    ref.ownerEntity = owner;
    if (owner < 0)
        return ref;
    const auto &attributes = entities[size_t(owner)].attributes;
    for (int a = 0; a < int(attributes.size()); ++a) {
        if (attributes[size_t(a)].name == ref.attribute) {
            ref.attributeIndex = a;
            ref.spec = &attributes[size_t(a)];
            break;
        }
    }
    return ref;
}

// The parts pointers point into the moved KeyTemplates: re-point them at their final home, and
// parse each placeholder alone.
void repointKeySiteParts(KeySite &site)
{
    site.partTemplates.resize(site.keyTemplate.parts().size());
    for (PlaceholderRef &ref : site.placeholders) {
        ref.templatePart = &site.keyTemplate.parts()[size_t(ref.part)];
        auto alone = KeyTemplate::parse(ref.source(site.keyTemplate.text()));
        if (auto *ok = std::get_if<KeyTemplate>(&alone))
            site.partTemplates[size_t(ref.part)] = std::move(*ok);
    }
}

// The key site of entity type e's template for `attribute`.
KeySite makeKeySite(const CheckContext &context, int e, const QString &attribute,
                    KeyTemplate keyTemplate)
{
    const auto &entities = context.project.entities;
    KeySite site;
    site.entity = e;
    site.keyAttribute = attribute;
    site.path = QStringLiteral("entities[%1].keys.%2").arg(e).arg(attribute);
    site.description = context.isInferred(e)
        ? QStringLiteral("the %1 template inferred for the hand-written %2 items")
              .arg(attribute, context.entityName(e))
        : QStringLiteral("the %1 template of %2").arg(attribute, entities[size_t(e)].name);
    site.keyTemplate = std::move(keyTemplate);
    placeKeySite(site, context.project.table);
    const auto &parts = site.keyTemplate.parts();
    for (int p = 0; p < int(parts.size()); ++p) {
        if (parts[size_t(p)].isPlaceholder)
            site.placeholders.push_back(resolvePlaceholderRef(entities, e, parts, p));
    }
    return site;
}

} // namespace

CheckContext::CheckContext(const Project &project_, const Population &population_,
                           const CheckOptions &options_, const ItemTypes *itemTypes_)
    : project(project_)
    , population(population_)
    , options(options_)
    , itemTypes(itemTypes_)
{
    const auto &entities = project.entities;
    itemsOfEntity.resize(entities.size());
    for (qint64 i = 0; i < population.size(); ++i) {
        const int e = entityOf(i);
        if (e >= 0 && e < int(entities.size()))
            itemsOfEntity[size_t(e)].push_back(i);
    }
    for (int e = 0; e < int(entities.size()); ++e) {
        for (const auto &[attribute, text] : entities[size_t(e)].keys) {
            auto parsed = KeyTemplate::parse(text);
            if (!std::holds_alternative<KeyTemplate>(parsed))
                continue; // the populator reports it
            sites.push_back(
                makeKeySite(*this, e, attribute, std::get<KeyTemplate>(std::move(parsed))));
        }
    }
    for (KeySite &site : sites)
        repointKeySiteParts(site);
}

qint64 CheckContext::ownerItem(qint64 item, const PlaceholderRef &ref) const
{
    qint64 at = item;
    for (int guard = 0; at >= 0 && guard < 64; ++guard) {
        if (entityOf(at) == ref.ownerEntity)
            return at;
        at = parentOf(at);
    }
    return -1;
}

Item CheckContext::item(qint64 item) const
{
    if (itemTypes && item >= population.generatedCount) {
        const size_t i = size_t(item - population.generatedCount);
        Item out = itemTypes->items[i];
        if (i < itemTypes->inferred.size()) {
            for (auto &[name, value] : itemTypes->inferred[i])
                out.emplace(name, std::move(value));
        }
        return out;
    }
    return population.items[size_t(item)];
}

std::optional<AttributeValue> CheckContext::attribute(qint64 item, const QString &name) const
{
    if (itemTypes && item >= population.generatedCount) {
        const size_t i = size_t(item - population.generatedCount);
        if (auto value = itemTypes->items.attribute(i, name))
            return value;
        if (i < itemTypes->inferred.size())
            return itemTypes->inferred.attribute(i, name);
        return std::nullopt;
    }
    return population.items.attribute(size_t(item), name);
}

int CheckContext::entityOf(qint64 item) const
{
    if (itemTypes && item >= population.generatedCount)
        return itemTypes->entityOf[size_t(item - population.generatedCount)];
    return population.entityOf[size_t(item)];
}

qint64 CheckContext::parentOf(qint64 item) const
{
    if (itemTypes && item >= population.generatedCount)
        return itemTypes->parentOf[size_t(item - population.generatedCount)];
    return population.parentOf[size_t(item)];
}

bool CheckContext::isInferred(int entity) const
{
    return itemTypes && entity >= itemTypes->declaredEntities
        && entity < int(project.entities.size());
}

QString CheckContext::itemsOf(int entity, qint64 count) const
{
    if (isInferred(entity))
        return counted(count, QStringLiteral("hand-written item"),
                       QStringLiteral("hand-written items"))
            + QStringLiteral(" of the inferred type ") + entityName(entity);
    return counted(count, entityName(entity) + QStringLiteral(" item"),
                   entityName(entity) + QStringLiteral(" items"));
}

std::optional<TemplateInput> CheckContext::input(qint64 item, const PlaceholderRef &ref) const
{
    if (ref.ownerEntity < 0)
        return std::nullopt;
    const qint64 owner = ownerItem(item, ref);
    if (owner < 0)
        return std::nullopt;
    const std::optional<AttributeValue> value = attribute(owner, ref.attribute);
    if (!value)
        return std::nullopt;
    TemplateInput in {*value, std::nullopt};
    if (ref.spec && isTimestampAttribute(*ref.spec)) {
        if (value->type() == AttributeValue::Type::S) {
            in.instantMs = parseInstant(value->asString());
        } else if (value->type() == AttributeValue::Type::N) {
            bool ok = false;
            const double seconds = value->asNumber().toString().toDouble(&ok);
            if (ok)
                in.instantMs = qint64(std::llround(seconds * 1000.0));
        }
    }
    return in;
}

std::optional<KeyTemplate::Rendered> CheckContext::render(const KeySite &site, qint64 item) const
{
    auto rendered
        = site.keyTemplate.render([&](const QString &name) -> std::optional<TemplateInput> {
              const PlaceholderRef *ref = site.placeholder(name);
              if (!ref)
                  return std::nullopt;
              return input(item, *ref);
          });
    if (auto *ok = std::get_if<KeyTemplate::Rendered>(&rendered))
        return std::move(*ok);
    return std::nullopt;
}

bool CheckContext::partOutputs(const KeySite &site, qint64 item,
                               std::vector<QString> &outputs) const
{
    const auto &parts = site.keyTemplate.parts();
    outputs.resize(parts.size());
    struct Target
    {
        const CheckContext *context;
        const KeySite *site;
        qint64 item;
    } target {this, &site, item};
    const Target *t = &target; // small enough for std::function's inline storage
    const KeyTemplate::Lookup lookup = [t](const QString &name) -> std::optional<TemplateInput> {
        const PlaceholderRef *ref = t->site->placeholder(name);
        if (!ref)
            return std::nullopt;
        return t->context->input(t->item, *ref);
    };
    for (size_t p = 0; p < parts.size(); ++p) {
        if (!parts[p].isPlaceholder) {
            outputs[p] = parts[p].text;
            continue;
        }
        const auto &alone = site.partTemplates[p];
        if (!alone)
            return false;
        auto rendered = alone->render(lookup, false);
        const auto *ok = std::get_if<KeyTemplate::Rendered>(&rendered);
        if (!ok)
            return false;
        outputs[p] = valueText(ok->value);
    }
    return true;
}

QByteArray CheckContext::collectionOf(const KeySite &site, qint64 item) const
{
    QByteArray bytes;
    const Item it = this->item(item);
    for (const QString &name : site.hashAttributes) {
        if (!appendKeyBytes(bytes, it, name))
            return QByteArray();
    }
    return bytes;
}

QString CheckContext::entityName(int entity) const
{
    if (entity < 0 || entity >= int(project.entities.size()))
        return QStringLiteral("hand-written");
    if (isInferred(entity))
        return itemTypes->names[size_t(entity - itemTypes->declaredEntities)];
    return project.entities[size_t(entity)].name;
}

QString CheckContext::valueText(const AttributeValue &value)
{
    return value.displayText();
}

QString CheckContext::quoted(const AttributeValue &value)
{
    if (value.type() == AttributeValue::Type::N)
        return value.asNumber().toString();
    return u'\'' + valueText(value) + u'\'';
}

AttributeValue CheckContext::keyValue(qint64 item, const QString &attribute) const
{
    return this->attribute(item, attribute).value_or(AttributeValue());
}

QString CheckContext::describeItem(qint64 item, const QString &detail) const
{
    QStringList keys;
    const Item it = this->item(item);
    for (const auto &k : project.table.keys.all()) {
        const auto found = it.find(k.name);
        if (found == it.end())
            continue;
        QString text = quoted(found->second);
        if (text.size() > 80)
            text = text.left(60)
                + QStringLiteral("...' (%1 bytes)").arg(found->second.bytes().size());
        keys << k.name + u' ' + text;
    }
    // A generated item's name says its type; a hand-written one's type is said inside.
    QStringList about;
    const int entity = entityOf(item);
    if (item >= population.generatedCount && entity >= 0)
        about << (isInferred(entity) ? QStringLiteral("inferred ") : QString())
                + entityName(entity);
    if (!detail.isEmpty())
        about << detail;
    QString what = about.join(QStringLiteral(", "));
    if (!keys.isEmpty())
        what += (what.isEmpty() ? QString() : QStringLiteral("; "))
            + keys.join(QStringLiteral(", "));
    return what.isEmpty() ? itemName(item) : QStringLiteral("%1 (%2)").arg(itemName(item), what);
}

QString CheckContext::itemName(qint64 item) const
{
    qint64 ordinal = 0;
    const int entity = item < population.generatedCount ? entityOf(item) : -1;
    if (entity >= 0 && entity < int(itemsOfEntity.size())) {
        const auto &items = itemsOfEntity[size_t(entity)];
        ordinal = 1 + qint64(std::lower_bound(items.begin(), items.end(), item) - items.begin());
    }
    return populationItemName(project, population, item, ordinal);
}

QString CheckContext::describeCollection(const KeySite &site, qint64 item) const
{
    QStringList parts;
    for (const QString &name : site.hashAttributes)
        parts << name + u' ' + quoted(keyValue(item, name));
    QString text = parts.join(QStringLiteral(", "));
    if (!site.storeName.isEmpty())
        text += QStringLiteral(" of index %1").arg(site.storeName);
    return text;
}

const KeySite *CheckContext::site(int entity, const QString &keyAttribute) const
{
    for (const KeySite &s : sites) {
        if (s.entity == entity && s.keyAttribute == keyAttribute)
            return &s;
    }
    return nullptr;
}

QString keyRole(const TableDefinition &table, const QString &keyAttribute)
{
    const auto has = [&](const std::vector<KeyAttribute> &keys) {
        return std::any_of(keys.begin(), keys.end(),
                           [&](const KeyAttribute &k) { return k.name == keyAttribute; });
    };
    QStringList roles;
    if (has(table.keys.hash))
        roles << QStringLiteral("table partition key");
    if (has(table.keys.range))
        roles << QStringLiteral("table sort key");
    for (const auto &index : table.indexes) {
        if (has(index.keys.hash))
            roles << QStringLiteral("partition key of index %1").arg(index.name);
        if (has(index.keys.range))
            roles << QStringLiteral("sort key of index %1").arg(index.name);
    }
    return roles.join(QStringLiteral("; "));
}

void markSpan(Finding &finding, const KeySite &site, int column, int length)
{
    finding.keyAttribute = site.keyAttribute;
    finding.column = column;
    finding.length = length;
    finding.index = site.isSortKey ? site.storeName : QString();
}

void markPart(Finding &finding, const KeySite &site, int part)
{
    const auto &parts = site.keyTemplate.parts();
    if (part < 0 || part >= int(parts.size())) {
        markTemplate(finding, site);
        return;
    }
    markSpan(finding, site, parts[size_t(part)].column, parts[size_t(part)].length);
}

void markFilter(Finding &finding, const KeySite &site, const KeyTemplate::Filter &filter)
{
    // The filter as written, name and argument: "pad:5" (the parsed argument is normalised).
    const QString &text = site.keyTemplate.text();
    qsizetype end = filter.column - 1;
    while (end < text.size() && text.at(end) != u'|' && text.at(end) != u'}')
        ++end;
    markSpan(finding, site, filter.column, int(end - (filter.column - 1)));
}

void markTemplate(Finding &finding, const KeySite &site)
{
    markSpan(finding, site, 1, int(site.keyTemplate.text().size()));
}

QString sentenceStart(const QString &words)
{
    if (words.isEmpty())
        return words;
    return words.front().toUpper() + words.mid(1);
}

void setConcerned(Finding &finding, std::vector<qint64> items)
{
    std::sort(items.begin(), items.end());
    items.erase(std::unique(items.begin(), items.end()), items.end());
    finding.concerned = std::move(items);
}

QString separatorsOf(const KeySite &site)
{
    QString separators;
    for (const KeyTemplate::Part &part : site.keyTemplate.parts()) {
        if (part.isPlaceholder)
            continue;
        for (QChar c : part.text) {
            if (!c.isLetterOrNumber() && !c.isSpace() && !separators.contains(c))
                separators += c;
        }
    }
    return separators;
}

void setTemplateEdit(Finding &finding, const CheckContext &context, const KeySite &site,
                     const QString &after, const QString &summary)
{
    if (context.isInferred(site.entity) || after == site.keyTemplate.text())
        return;
    FixChange change;
    change.kind = FixChange::Kind::KeyTemplate;
    change.entity = context.project.entities[size_t(site.entity)].name;
    change.key = site.keyAttribute;
    change.before = site.keyTemplate.text();
    change.after = after;
    DesignFix fix;
    fix.summary = summary;
    fix.changes.push_back(std::move(change));
    finding.edit = std::move(fix);
}

QString replacePlaceholder(const KeySite &site, const PlaceholderRef &ref,
                           const QString &replacement)
{
    QString text = site.keyTemplate.text();
    if (ref.templatePart)
        text.replace(ref.templatePart->column - 1, ref.templatePart->length, replacement);
    return text;
}

void InversionFinder::moveInto(InversionFinder &other, int tag)
{
    for (Sample &sample : m_samples) {
        if (other.full())
            break;
        sample.tag = tag;
        other.m_samples.push_back(std::move(sample));
    }
    m_samples.clear();
}

bool InversionFinder::add(QByteArray context, QByteArray intended, QByteArray rendered, qint64 item,
                          int tag)
{
    if (full())
        return false;
    m_samples.push_back(
        Sample {std::move(context), std::move(intended), std::move(rendered), item, tag});
    return true;
}

std::optional<InversionFinder::Pair> InversionFinder::find() const
{
    std::vector<qsizetype> order(m_samples.size());
    std::iota(order.begin(), order.end(), qsizetype(0));
    const auto less = [&](qsizetype x, qsizetype y) {
        const Sample &a = m_samples[size_t(x)];
        const Sample &b = m_samples[size_t(y)];
        if (int c = a.context.compare(b.context))
            return c < 0;
        if (int c = a.intended.compare(b.intended))
            return c < 0;
        if (int c = a.rendered.compare(b.rendered))
            return c < 0;
        return a.item < b.item;
    };
    std::sort(order.begin(), order.end(), less);
    for (size_t i = 0; i + 1 < order.size(); ++i) {
        const Sample &a = m_samples[size_t(order[i])];
        const Sample &b = m_samples[size_t(order[i + 1])];
        if (a.context != b.context)
            continue;
        // Sorted by intended then rendered: a descent here has a.intended < b.intended.
        if (a.rendered.compare(b.rendered) > 0)
            return Pair {a, b};
    }
    return std::nullopt;
}

std::vector<qint64> InversionFinder::invertedItems() const
{
    std::vector<qsizetype> order(m_samples.size());
    std::iota(order.begin(), order.end(), qsizetype(0));
    std::sort(order.begin(), order.end(), [&](qsizetype x, qsizetype y) {
        const Sample &a = m_samples[size_t(x)];
        const Sample &b = m_samples[size_t(y)];
        if (int c = a.context.compare(b.context))
            return c < 0;
        return a.intended.compare(b.intended) < 0;
    });
    std::vector<char> inverted(m_samples.size(), 0);
    for (size_t begin = 0; begin < order.size();) {
        size_t end = begin + 1;
        const QByteArray &context = m_samples[size_t(order[begin])].context;
        while (end < order.size() && m_samples[size_t(order[end])].context == context)
            ++end;
        // Blocks of equal intended value: an item is inverted when an earlier block holds a
        // key greater than its own, or a later block a key smaller than its own.
        std::vector<std::pair<size_t, size_t>> blocks;
        for (size_t i = begin; i < end;) {
            size_t j = i + 1;
            while (j < end
                   && m_samples[size_t(order[j])].intended == m_samples[size_t(order[i])].intended)
                ++j;
            blocks.emplace_back(i, j);
            i = j;
        }
        const QByteArray *maxBefore = nullptr;
        for (const auto &[i, j] : blocks) {
            const QByteArray *blockMax = nullptr;
            for (size_t k = i; k < j; ++k) {
                const QByteArray &key = m_samples[size_t(order[k])].rendered;
                if (maxBefore && maxBefore->compare(key) > 0)
                    inverted[size_t(order[k])] = 1;
                if (!blockMax || blockMax->compare(key) < 0)
                    blockMax = &key;
            }
            if (!maxBefore || maxBefore->compare(*blockMax) < 0)
                maxBefore = blockMax;
        }
        const QByteArray *minAfter = nullptr;
        for (auto b = blocks.rbegin(); b != blocks.rend(); ++b) {
            const QByteArray *blockMin = nullptr;
            for (size_t k = b->first; k < b->second; ++k) {
                const QByteArray &key = m_samples[size_t(order[k])].rendered;
                if (minAfter && minAfter->compare(key) < 0)
                    inverted[size_t(order[k])] = 1;
                if (!blockMin || blockMin->compare(key) > 0)
                    blockMin = &key;
            }
            if (!minAfter || minAfter->compare(*blockMin) > 0)
                minAfter = blockMin;
        }
        begin = end;
    }
    std::vector<qint64> items;
    for (size_t i = 0; i < m_samples.size(); ++i) {
        if (inverted[i])
            items.push_back(m_samples[i].item);
    }
    std::sort(items.begin(), items.end());
    items.erase(std::unique(items.begin(), items.end()), items.end());
    return items;
}

QString patternPath(const Project &project, const AccessPattern &pattern)
{
    for (std::size_t i = 0; i < project.accessPatterns.size(); ++i) {
        if (&project.accessPatterns[i] == &pattern)
            return QStringLiteral("accessPatterns[%1]").arg(i);
    }
    return QString();
}

namespace {

bool isIdGenerator(GeneratorSpec::Kind kind)
{
    using Kind = GeneratorSpec::Kind;
    return kind == Kind::Ulid || kind == Kind::Ksuid || kind == Kind::Uuid4
        || kind == Kind::Sequence || kind == Kind::Pattern;
}

} // namespace

// An immutable attribute of the entity that looks like its id, for suggested keys.
const AttributeSpec *idAttribute(const EntityType &entity)
{
    for (const AttributeSpec &a : entity.attributes) {
        if (!a.isMutable && a.name.endsWith(QLatin1String("Id"), Qt::CaseInsensitive)
            && a.type != AttributeKind::Bool)
            return &a;
    }
    for (const AttributeSpec &a : entity.attributes) {
        if (!a.isMutable && isIdGenerator(a.generator.kind))
            return &a;
    }
    return nullptr;
}

std::shared_ptr<const Table> CheckContext::patternTable() const
{
    if (!m_patternTable) {
        auto built = AccessPatternRunner::buildTable(project, population);
        auto *table = std::get_if<std::unique_ptr<Table>>(&built);
        m_patternTable = table ? std::shared_ptr<const Table>(std::move(*table)) : nullptr;
    }
    return *m_patternTable;
}

} // namespace keyscope::model::checks
