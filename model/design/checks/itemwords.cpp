// Findings on inferred entity types told in the items' words (inferredtypes.h).

#include "model/design/checks/inferredtypes.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QSet>
#include <QTimeZone>

#include <algorithm>
#include <functional>

namespace keyscope::model::checks {

using namespace inferred;
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

} // namespace

namespace inferred {

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
                   .arg(QString::number(count), keyAttribute, key->templateText, part);
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

} // namespace inferred

namespace {

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

} // namespace

namespace inferred {

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

QString adoptText(const QString &part)
{
    return QStringLiteral("When you adopt the inferred design (keyscope infer, or Design > Infer "
                          "Entity Types...), write the part as %1.")
        .arg(part);
}

} // namespace inferred

namespace {

// The fix of a template finding, told for items that follow an inferred template.
// The template with its pad width set to `width` (an existing pad filter's width replaced, or a
// pad filter added to the placeholder).
QString repaddedTemplate(const QString &text, const PlaceholderRef &ref, int width)
{
    if (!ref.hasFilter(QStringLiteral("pad")))
        return ref.withFilter(text, QStringLiteral("pad:%1").arg(width));
    QString adopted = text;
    for (const auto &filter : ref.templatePart->filters) {
        if (filter.name == QLatin1String("pad")) {
            const qsizetype start = filter.column - 1 + filter.name.size() + 1;
            qsizetype end = start;
            while (end < adopted.size() && adopted.at(end).isDigit())
                ++end;
            adopted.replace(start, end - start, QString::number(width));
        }
    }
    return adopted;
}

// unpadded-number, pad-overflow, pad-near-limit: the keys with the numbers zero-padded.
QString itemPadFix(const CheckContext &context, const Finding &f, int entity, const KeySite &site,
                   const PlaceholderRef &ref)
{
    const int width = std::max(widestDigits(context, site, entity, ref.part) + 3, 4);
    const auto pad = [width](const QString &output) { return padded(output, width); };
    return QStringLiteral("Write the numbers zero-padded to one width in the keys of these "
                          "items: %1, and so in every %2 key (pad for the largest value you "
                          "can imagine plus 2-3 digits: the width cannot change without "
                          "rewriting every key). ")
               .arg(rewrites(context, site, f.items, ref.part, pad), site.keyAttribute)
        + adoptText(repaddedTemplate(site.keyTemplate.text(), ref, width));
}

// unsortable-timestamp: the keys with the times in ISO-8601.
QString itemTimestampFix(const CheckContext &context, const Finding &f, const KeySite &site,
                         const PlaceholderRef &ref)
{
    QStringList pairs;
    bool dates = true;
    for (const qint64 item : f.items) {
        const auto in = context.input(item, ref);
        if (!in || !in->instantMs)
            continue;
        dates = dates && *in->instantMs % 86400000 == 0;
        const auto key = keyWith(context, site, item, ref.part, isoText(*in->instantMs));
        if (key)
            pairs << QStringLiteral("'%1' for '%2'")
                         .arg(*key,
                              CheckContext::valueText(context.keyValue(item, site.keyAttribute)));
    }
    QString adopted = site.keyTemplate.text();
    adopted.replace(ref.templatePart->column - 1, ref.templatePart->length,
                    u'{' + ref.name
                        + (dates ? QStringLiteral("|date}") : QStringLiteral("|iso8601}")));
    return QStringLiteral("Write the times sortably, as ISO-8601 in UTC, in the keys of "
                          "these items%1; keep the display format for the screen, not the "
                          "key. ")
               .arg(pairs.isEmpty() ? QString()
                                    : QStringLiteral(": ") + pairs.join(QStringLiteral(", ")))
        + adoptText(adopted);
}

// The fix of a finding about a key template's part, worded for hand-written items.
QString itemPartFix(const CheckContext &context, const Finding &f, int entity, const KeySite &site,
                    const PlaceholderRef &ref)
{
    const QString &id = f.id;
    const QString &text = site.keyTemplate.text();
    const auto upper = [](const QString &output) { return std::optional(output.toUpper()); };
    if (id == QLatin1String("unpadded-number") || id == QLatin1String("pad-overflow")
        || id == QLatin1String("pad-near-limit"))
        return itemPadFix(context, f, entity, site, ref);
    if (id == QLatin1String("mixed-case"))
        return QStringLiteral("Write the %1 part in one case in the keys of these items: %2; "
                              "keep the text as typed in another attribute for display. ")
                   .arg(ref.source(text), rewrites(context, site, f.items, ref.part, upper))
            + adoptText(ref.withFilter(text, QStringLiteral("upper")));
    if (id == QLatin1String("lowercase-ulid"))
        return QStringLiteral("Write the ULIDs in uppercase in the keys of these items: %1. ")
                   .arg(rewrites(context, site, f.items, ref.part, upper))
            + adoptText(ref.withFilter(text, QStringLiteral("upper")));
    if (id == QLatin1String("unsortable-timestamp"))
        return itemTimestampFix(context, f, site, ref);
    return f.fix;
}

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
    return itemPartFix(context, f, entity, *site, *ref);
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

} // namespace keyscope::model::checks
