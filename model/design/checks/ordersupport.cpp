#include "model/design/checks/ordersupport.h"

#include "model/value/keyorder.h"

#include <cmath>

namespace keyscope::model::checks {

QString percent(double share)
{
    return QString::number(std::round(share * 1000.0) / 10.0);
}

// From part outputs (CheckContext::partOutputs) and the item's collection.
PartView partView(const QByteArray &collection, const std::vector<QString> &outputs, int part)
{
    PartView view;
    view.context = collection;
    view.context += '\0';
    for (int p = 0; p < int(outputs.size()); ++p) {
        if (p < part)
            view.prefix += outputs[size_t(p)];
        else if (p > part)
            view.suffix += outputs[size_t(p)];
    }
    view.output = outputs[size_t(part)];
    view.context += view.prefix.toUtf8();
    view.remainder = (view.output + view.suffix).toUtf8();
    return view;
}

PartView partView(const CheckContext &context, const KeySite &site, qint64 item,
                  const KeyTemplate::Rendered &rendered, int part)
{
    PartView view;
    view.context = context.collectionOf(site, item);
    view.context += '\0';
    for (int p = 0; p < int(rendered.trace.size()); ++p) {
        const auto &trace = rendered.trace[size_t(p)];
        if (p < part)
            view.prefix += trace.output;
        else if (p > part)
            view.suffix += trace.output;
    }
    const auto &trace = rendered.trace[size_t(part)];
    view.output = trace.output;
    view.context += view.prefix.toUtf8();
    view.remainder = (view.output + view.suffix).toUtf8();
    return view;
}

Finding makeFinding(const CheckContext &context, const QString &id, Finding::Severity severity,
                    const KeySite &site, const PlaceholderRef *ref)
{
    Finding f = findingOf(id, severity, context.entityName(site.entity),
                          ref ? ref->name : site.keyAttribute, site.path);
    if (ref)
        markPart(f, site, ref->part);
    else
        markTemplate(f, site);
    return f;
}

QString isoTemplate(const KeySite &site, const PlaceholderRef &ref)
{
    return replacePlaceholder(site, ref, u'{' + ref.name + QStringLiteral("|iso8601}"));
}

void setIsoEdit(Finding &f, const CheckContext &context, const KeySite &site,
                const PlaceholderRef &ref, const QString &iso)
{
    setTemplateEdit(f, context, site, iso,
                    QStringLiteral("Write %1 as ISO-8601 in UTC: %2").arg(ref.name, iso));
}

PairText pairText(const CheckContext &context, const QString &keyAttribute,
                  const InversionFinder::Pair &pair)
{
    PairText text;
    text.laterKey = context.keyValue(pair.later.item, keyAttribute);
    text.earlierKey = context.keyValue(pair.earlier.item, keyAttribute);
    text.comparison = explainKeyOrder(text.laterKey, text.earlierKey);
    text.title
        = QStringLiteral("%1 sorts before %2")
              .arg(CheckContext::quoted(text.laterKey), CheckContext::quoted(text.earlierKey));
    return text;
}

QString inputOf(const CheckContext &context, const PlaceholderRef &ref, qint64 item)
{
    const auto in = context.input(item, ref);
    return in ? CheckContext::valueText(in->value) : QString();
}

QString replaceFilterArgument(const QString &templateText, const KeyTemplate::Filter &filter,
                              const QString &argument)
{
    const qsizetype start = filter.column - 1 + filter.name.size() + 1; // after "pad:"
    qsizetype end = start;
    while (end < templateText.size() && templateText.at(end) != u'|'
           && templateText.at(end) != u'}')
        ++end;
    QString text = templateText;
    text.replace(start, end - start, argument);
    return text;
}

} // namespace keyscope::model::checks
