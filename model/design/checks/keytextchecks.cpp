// stray-key-text: hand-written key values holding what a person typed by accident or a tool
// left unfilled: leading or trailing white space, control characters (a tab at the end of a
// sort key), placeholders no one replaced ("<sub_feature>", "${date}").

#include "model/design/checks/checksupport.h"

#include <QRegularExpression>

#include <map>

namespace keyscope::model::checks {

namespace {

QString visible(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (c == u'\t')
            out += QStringLiteral("\\t");
        else if (c == u'\n')
            out += QStringLiteral("\\n");
        else if (c == u'\r')
            out += QStringLiteral("\\r");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7F)
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

// What is wrong with a key text, or empty.
QString problemOf(const QString &text)
{
    static const QRegularExpression placeholder(
        QStringLiteral(R"(<[A-Za-z_][A-Za-z0-9_ -]*>|\$\{[A-Za-z_][A-Za-z0-9_.]*\})"));
    for (const QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7F)
            return QStringLiteral("a control character");
    }
    if (!text.isEmpty() && (text.front().isSpace() || text.back().isSpace()))
        return QStringLiteral("white space at its start or end");
    if (const auto match = placeholder.match(text); match.hasMatch())
        return QStringLiteral("the unfilled placeholder %1").arg(match.captured(0));
    return {};
}

} // namespace

void checkKeyText(const CheckContext &context, std::vector<Finding> &findings)
{
    const Population &population = context.population;
    const QStringList keys = context.project.table.allKeyAttributeNames();
    // (key attribute, problem) -> the items
    std::map<std::pair<QString, QString>, std::vector<qint64>> groups;
    for (qint64 i = population.generatedCount; i < population.size(); ++i) {
        const Item &item = population.items[size_t(i)];
        for (const QString &key : keys) {
            const auto found = item.find(key);
            if (found == item.end() || found->second.type() != AttributeValue::Type::S)
                continue;
            const QString problem = problemOf(found->second.asString());
            if (!problem.isEmpty())
                groups[{key, problem}].push_back(i);
        }
    }
    for (const auto &[where, items] : groups) {
        const auto &[key, problem] = where;
        const qint64 first = items.front();
        const QString text = context.keyValue(first, key).asString();
        Finding f;
        f.id = QStringLiteral("stray-key-text");
        f.severity = Finding::Severity::Warning;
        f.attribute = key;
        f.path = QStringLiteral("items[%1]").arg(first - population.generatedCount);
        f.items = {first};
        setConcerned(f, items);
        f.title = QStringLiteral("%1 '%2' holds %3").arg(key, visible(text), problem);
        f.explanation = QStringLiteral(
                            "%1 hand-written item(s) have %2 in %3, for example %4. DynamoDB keeps "
                            "key text byte for byte: a Query for the key as people write it "
                            "does not find the item, begins_with and range conditions treat "
                            "the stray characters as part of the key, and two items that "
                            "look alike have different keys.")
                            .arg(QString::number(items.size()), problem, key,
                                 visible(context.describeItem(first)));
        f.fix = QStringLiteral("Correct %1 of %2 (trim it, or fill in the value the placeholder "
                               "stands for), and check the code or sheet that wrote it.")
                    .arg(key,
                         items.size() == 1 ? QStringLiteral("this item")
                                           : QStringLiteral("these items"));
        f.scopeNote = QStringLiteral("About the hand-written items' key values, not a key "
                                     "template.");
        findings.push_back(std::move(f));
    }
}

} // namespace keyscope::model::checks
