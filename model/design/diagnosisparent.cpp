// Pattern diagnosis's candidates for the parent's side of its children and the direction.
#include "model/design/patterndiagnosisparts.h"

#include "model/value/keyorder.h"

#include <QJsonDocument>

namespace keyscope::model::diagnosis {

namespace {

// Literal values of the patterns that select a type by the prefix it had ("REVIEW#") follow
// the prefix when it gains or loses its '#'.
void movePrefixValues(const Context &c, const QString &prefix, bool hashed, Candidate &candidate)
{
    if (prefix.isEmpty())
        return;
    for (const AccessPattern &pattern : c.project.accessPatterns) {
        for (const auto &[name, value] : pattern.values) {
            if (!value.literal || value.literal->type() != AttributeValue::Type::S)
                continue;
            const QString text = value.literal->asString();
            if (text.isEmpty() || !prefix.startsWith(text)
                || text.startsWith(QLatin1Char('#')) != hashed)
                continue;
            const auto json = [](const QString &s) {
                return QString::fromUtf8(QJsonDocument(QJsonObject {{QStringLiteral("S"), s}})
                                             .toJson(QJsonDocument::Compact));
            };
            FixChange change
                = patternChange(FixChange::Kind::PatternValue, pattern.name, json(text),
                                json(hashed ? text.mid(1) : QLatin1Char('#') + text));
            change.valueName = name;
            candidate.fix.changes.push_back(change);
        }
    }
}

} // namespace

void parentSide(const Context &c, std::vector<Candidate> &out)
{
    const EntityType *parent = c.parent();
    if (!parent || c.sortKey.isEmpty() || c.result.parentItem < 0)
        return;
    const PatternExpectation &expect = c.pattern.expect;
    if (!expect.parentFirst && !expect.entityTypes.isEmpty()
        && !expect.entityTypes.contains(parent->name))
        return; // the pattern does not read the parent: which side it sorts on is no matter
    const AttributeValue parentKey = c.sortValue(c.result.parentItem);
    for (const EntityType *child : c.childTypes()) {
        const QString before = c.keyOf(*child);
        const bool hashed = before.startsWith(QLatin1Char('#'));
        const QString after = hashed ? before.mid(1) : QLatin1Char('#') + before;
        if (after.isEmpty())
            continue;
        Candidate candidate;
        candidate.findingId = QStringLiteral("parent-side");
        const qint64 item = c.childOf(child->name);
        QString order;
        if (item >= 0 && parentKey.isKeyType() && c.sortValue(item).type() == parentKey.type())
            order = QStringLiteral(" (") + explainKeyOrder(parentKey, c.sortValue(item))
                + QLatin1Char(')');
        const bool parentBefore = item >= 0 && parentKey.isKeyType()
            && c.sortValue(item).type() == parentKey.type()
            && AttributeValue::compareKeys(parentKey, c.sortValue(item)) < 0;
        candidate.diagnosis = QStringLiteral("The ") + parent->name + QStringLiteral(" (")
            + c.sortKey + QLatin1Char(' ') + quoted(parentKey.displayText())
            + QStringLiteral(") sorts ")
            + (parentBefore ? QStringLiteral("before") : QStringLiteral("after"))
            + QStringLiteral(" every ") + child->name + QLatin1Char(' ') + c.sortKey + order
            + QStringLiteral(", so reading ")
            + (c.pattern.scanIndexForward ? QStringLiteral("forward") : QStringLiteral("backward"))
            + QStringLiteral(" does not meet the ") + parent->name
            + QStringLiteral(" where the pattern wants it");
        candidate.diagnosis += hashed ? QStringLiteral(": drop the '#' before the ") + child->name
                + QStringLiteral(" prefix so they sort on the other side.")
                                      : QStringLiteral(": prefix the ") + child->name
                + QStringLiteral(" keys with '#' so they sort on the other side ('#' is 0x23, "
                                 "below letters and digits).");
        candidate.fix.summary
            = QStringLiteral("Key ") + child->name + QStringLiteral(" as ") + after;
        candidate.fix.changes.push_back(keyChange(child->name, c.sortKey, before, after));
        movePrefixValues(c, before.left(before.indexOf(QLatin1Char('{'))), hashed, candidate);
        out.push_back(std::move(candidate));
    }
}

void flipDirection(const Context &c, std::vector<Candidate> &out)
{
    Candidate candidate;
    const QString before = c.pattern.keyConditionExpression;
    QString after = before;
    static const QRegularExpression comparison(QStringLiteral("(<=|>=|<|>)"));
    const auto match = comparison.match(before);
    if (match.hasMatch()) {
        const QString op = match.captured(1);
        const QString flipped = op == QLatin1String("<=") ? QStringLiteral(">=")
            : op == QLatin1String(">=")                   ? QStringLiteral("<=")
            : op == QLatin1String("<")                    ? QStringLiteral(">")
                                                          : QStringLiteral("<");
        after = before.left(match.capturedStart(1)) + flipped + before.mid(match.capturedEnd(1));
    }
    const bool forward = c.pattern.scanIndexForward;
    candidate.diagnosis = QStringLiteral("The items the pattern wants lie the other way from "
                                         "where the query starts: read ")
        + (forward ? QStringLiteral("backward") : QStringLiteral("forward"))
        + (after != before ? QStringLiteral(" with ") + after : QString()) + QLatin1Char('.');
    candidate.fix.summary = QStringLiteral("Read ")
        + (forward ? QStringLiteral("backward") : QStringLiteral("forward"))
        + (after != before ? QStringLiteral(" with ") + after : QString());
    candidate.fix.changes.push_back(
        patternChange(FixChange::Kind::PatternDirection, c.pattern.name,
                      forward ? QStringLiteral("forward") : QStringLiteral("backward"),
                      forward ? QStringLiteral("backward") : QStringLiteral("forward")));
    if (after != before)
        candidate.fix.changes.push_back(
            patternChange(FixChange::Kind::PatternKeyCondition, c.pattern.name, before, after));
    out.push_back(std::move(candidate));
}

} // namespace keyscope::model::diagnosis
