// Pattern diagnosis: the candidates tried in turn, the one kept, and advice when none passes;
// and the context and change-writing helpers the candidate families share.
#include "model/design/patterndiagnosisparts.h"

namespace keyscope::model::diagnosis {

FixChange keyChange(const QString &entity, const QString &key, const QString &before,
                    const QString &after)
{
    FixChange change;
    change.kind = FixChange::Kind::KeyTemplate;
    change.entity = entity;
    change.key = key;
    change.before = before;
    change.after = after;
    return change;
}

FixChange patternChange(FixChange::Kind kind, const QString &pattern, const QString &before,
                        const QString &after)
{
    FixChange change;
    change.kind = kind;
    change.pattern = pattern;
    change.before = before;
    change.after = after;
    return change;
}

QString quoted(const QString &text)
{
    return QLatin1Char('\'') + text + QLatin1Char('\'');
}

QString placeholderText(const QString &attribute, const QStringList &filters)
{
    QString out = QStringLiteral("{") + attribute;
    for (const QString &filter : filters)
        out += QLatin1Char('|') + filter;
    return out + QLatin1Char('}');
}

const AttributeSpec *attributeOf(const EntityType &entity, const QString &name)
{
    for (const AttributeSpec &attribute : entity.attributes) {
        if (attribute.name == name)
            return &attribute;
    }
    return nullptr;
}

std::vector<const EntityType *> Context::childTypes() const
{
    QStringList names;
    for (ItemId id : ids()) {
        const QString type = entityOf(qint64(id));
        if (!pattern.expect.entityTypes.isEmpty() && !pattern.expect.entityTypes.contains(type))
            names << type;
    }
    names << pattern.expect.entityTypes;
    for (const EntityType &entity : project.entities) {
        if (entity.parent == pattern.parentEntity && pattern.expect.entityTypes.isEmpty())
            names << entity.name;
    }
    std::vector<const EntityType *> out;
    names.removeDuplicates();
    for (const QString &name : names) {
        const EntityType *entity = project.entity(name);
        if (entity && name != pattern.parentEntity && !keyOf(*entity).isEmpty())
            out.push_back(entity);
    }
    return out;
}

bool Context::parentProblem() const
{
    if (!pattern.expect.parentFirst || !*pattern.expect.parentFirst || result.parentItem < 0)
        return false;
    if (ids().empty() || qint64(ids().front()) != result.parentItem)
        return true;
    for (ItemId id : ids()) {
        if (!pattern.expect.entityTypes.isEmpty()
            && !pattern.expect.entityTypes.contains(entityOf(qint64(id))))
            return true;
    }
    return pattern.expect.count && qint64(ids().size()) < *pattern.expect.count;
}

namespace {

std::vector<Candidate> candidates(const Context &c)
{
    std::vector<Candidate> out;
    if (c.result.error || !c.result.response)
        return out;
    lookupKey(c, out);
    limitBeforeFilter(c, out);
    narrowBeginsWith(c, out);
    distinctPrefix(c, out);
    projectedIndex(c, out);
    if (c.parentProblem()) {
        parentSide(c, out);
        orderFixes(c, out);
    } else {
        orderFixes(c, out);
        parentSide(c, out);
    }
    flipDirection(c, out);
    return out;
}

// What to change by hand when no candidate made the pattern pass, from what it got wrong.
QString handAdvice(const Context &c)
{
    const PatternExpectation &expect = c.pattern.expect;
    QStringList others;
    for (ItemId id : c.ids()) {
        const QString type = c.entityOf(qint64(id));
        if (!expect.entityTypes.isEmpty() && !expect.entityTypes.contains(type)
            && !others.contains(type))
            others << type;
    }
    if (!others.isEmpty())
        return QStringLiteral("Change by hand what selects the items: the key condition (%1) "
                              "and its values, or the sort key prefix of %2, so that only %3 "
                              "items match.")
            .arg(c.pattern.keyConditionExpression, others.join(QStringLiteral(", ")),
                 expect.entityTypes.join(QStringLiteral(", ")));
    const qint64 wanted = expect.count ? *expect.count : expect.minCount.value_or(0);
    const qint64 got = qint64(c.ids().size());
    if (got < wanted)
        return QStringLiteral("The query returns %1 items where the pattern expects %2: change "
                              "by hand the expected count, how many items the design generates "
                              "for each parent, or the key condition.")
            .arg(QString::number(got), QString::number(wanted));
    if (!expect.orderAttribute.isEmpty())
        return QStringLiteral("Change by hand how the sort key writes %1, so that its text "
                              "sorts in the order the pattern expects.")
            .arg(expect.orderAttribute);
    return QStringLiteral("Change by hand the key condition, the sort key templates or what "
                          "the pattern expects, so that they agree.");
}

// The candidates tried, by what each would do: "Read backward; Key Task as ...".
QString triedText(const std::vector<Candidate> &found)
{
    QStringList tried;
    for (const Candidate &candidate : found)
        tried << candidate.fix.summary;
    tried.removeDuplicates();
    return tried.join(QStringLiteral("; "));
}

// The first candidate that makes the pattern pass without breaking a passing one, else the
// first that makes it pass at all (`breaks` set), else null.
const Candidate *passingCandidate(const Context &c, const std::vector<Candidate> &found,
                                  FixTrials &trials, bool &breaks)
{
    const Candidate *passing = nullptr;
    for (const Candidate &candidate : found) {
        const FixTrial trial = trials.tryFix(candidate.fix, c.pattern);
        if (trial.passes && trial.broken == 0) {
            breaks = false;
            return &candidate;
        }
        if (trial.passes && !passing)
            passing = &candidate;
    }
    breaks = passing != nullptr;
    return passing;
}

} // namespace

} // namespace keyscope::model::diagnosis

namespace keyscope::model {

using diagnosis::Candidate;
using diagnosis::candidates;
using diagnosis::Context;
using diagnosis::handAdvice;
using diagnosis::passingCandidate;
using diagnosis::triedText;

void diagnosePattern(const Project &project, const Population &population, const Table &table,
                     const AccessPattern &pattern, PatternResult &result, FixTrials &trials)
{
    if (result.passed)
        return;
    const IndexStore *store = table.store(pattern.indexName);
    const Context context {
        project, population,
        table,   pattern,
        result,  store && store->keys().hasRange() ? store->keys().range.front().name : QString()};
    const std::vector<Candidate> found = candidates(context);
    if (found.empty()) {
        result.diagnosis = result.error
            ? QStringLiteral("The request itself is invalid: fix the key condition, values or "
                             "index it names.")
            : QStringLiteral("No automatic fix was found: no change to the templates, the "
                             "direction, the key condition or the Limit applies here. ")
                + handAdvice(context);
        return;
    }
    if (population.size() > kTrialItems) {
        result.diagnosis = found.front().diagnosis
            + QStringLiteral(" (Not tried: the design is too large to populate again.)");
        result.findingId = found.front().findingId;
        result.fix = found.front().fix;
        return;
    }
    bool breaks = false;
    const Candidate *chosen = passingCandidate(context, found, trials, breaks);
    if (!chosen) {
        // A change that was tried and left the pattern failing is no fix: offer none.
        result.diagnosis = QStringLiteral("No automatic fix was found: the pattern still fails "
                                          "with each change tried (%1). ")
                               .arg(triedText(found))
            + handAdvice(context);
        return;
    }
    result.diagnosis = chosen->diagnosis;
    if (breaks)
        result.diagnosis += QStringLiteral(" (This change makes another pattern fail.)");
    result.findingId = chosen->findingId;
    result.fix = chosen->fix;
}

} // namespace keyscope::model
