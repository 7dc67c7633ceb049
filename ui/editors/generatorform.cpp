#include "ui/editors/generatorform.h"

#include "model/design/projectfile.h"
#include "model/design/valuegenerator.h"
#include "ui/editors/attributelistmodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QJsonValue>
#include <QLabel>
#include <QLineEdit>

#include <algorithm>

namespace keyscope::ui {

using model::GeneratorSpec;
using model::ProjectFile;

namespace {

bool usesInstants(GeneratorSpec::Kind kind)
{
    return kind == GeneratorSpec::Kind::Timestamp || kind == GeneratorSpec::Kind::Ksuid
        || kind == GeneratorSpec::Kind::Ulid;
}

QString durationText(qint64 ms)
{
    return ProjectFile::formatDuration(ms).toVariant().toString();
}

// "15m", "1h30m" or plain milliseconds.
std::optional<qint64> readDuration(const QString &text, QString *error)
{
    bool isNumber = false;
    const qint64 ms = text.trimmed().toLongLong(&isNumber);
    if (isNumber)
        return ms;
    return ProjectFile::parseDuration(QJsonValue(text.trimmed()), error);
}

std::optional<qint64> readInstant(const QString &text, QString *error)
{
    bool isNumber = false;
    const qint64 ms = text.trimmed().toLongLong(&isNumber);
    if (isNumber)
        return ms;
    return ProjectFile::parseInstant(QJsonValue(text.trimmed()), error);
}

std::optional<qint64> readInteger(const QString &text, QString *error)
{
    bool ok = false;
    const qint64 value = text.trimmed().toLongLong(&ok);
    if (!ok) {
        *error = QObject::tr("'%1' is not a whole number").arg(text);
        return std::nullopt;
    }
    return value;
}

} // namespace

GeneratorForm::GeneratorForm(QWidget *parent)
    : QWidget(parent)
{
    m_form = new QFormLayout(this);
    m_form->setContentsMargins(0, 4, 0, 0);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_form->addRow(m_title);
    m_kind = new QComboBox(this);
    m_kind->setAccessibleName(tr("Generator kind"));
    m_kind->setToolTip(tr("What makes this attribute's values; only the kinds whose values "
                          "the attribute's type holds are offered"));
    m_form->addRow(tr("&Generator:"), m_kind);
    connect(m_kind, &QComboBox::activated, this, &GeneratorForm::kindChosen);

    const auto field = [this](const QString &label, const QString &accessible, const QString &tip) {
        auto *edit = new QLineEdit(this);
        edit->setAccessibleName(accessible);
        edit->setToolTip(tip);
        m_form->addRow(label, edit);
        connect(edit, &QLineEdit::editingFinished, this, &GeneratorForm::fieldFinished);
        return edit;
    };
    m_constant = field(tr("&Value:"), tr("Constant value"), tr("Every item gets this value"));
    m_choices = field(tr("C&hoices:"), tr("Choices, separated by |"),
                      tr("One of these, uniformly; separate them with |"));
    m_pattern = field(tr("&Pattern:"), tr("Pattern"),
                      tr("'#' a digit, 'A' an uppercase letter, 'a' a lowercase letter, '*' a "
                         "letter or digit, '\\' writes the next character as is"));
    m_start = field(tr("&Start:"), tr("Start"), {});
    m_step = field(tr("S&tep:"), tr("Step"), {});
    m_min = field(tr("&Min:"), tr("Minimum"), {});
    m_max = field(tr("Ma&x:"), tr("Maximum"), {});
    m_random = new QCheckBox(tr("&Random (uniform between min and max)"), this);
    m_random->setAccessibleName(tr("Random"));
    m_form->addRow(QString(), m_random);
    m_perParent = new QCheckBox(tr("Restart for each &parent"), this);
    m_perParent->setAccessibleName(tr("Per parent"));
    m_form->addRow(QString(), m_perParent);
    connect(m_random, &QCheckBox::toggled, this, &GeneratorForm::fieldFinished);
    connect(m_perParent, &QCheckBox::toggled, this, &GeneratorForm::fieldFinished);

    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c02020;"));
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(m_problem);
    setAttribute(nullptr);
}

QString GeneratorForm::problemText() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

void GeneratorForm::setAttribute(const model::AttributeSpec *spec)
{
    m_filling = true;
    if (!spec) {
        m_spec.reset();
    } else {
        m_spec = *spec;
        fillKinds();
        const GeneratorSpec &g = spec->generator;
        const bool instants = usesInstants(g.kind);
        const auto set = [](QLineEdit *edit, const QString &text) {
            if (edit->text() != text)
                edit->setText(text);
        };
        set(m_constant, g.constant);
        set(m_choices, g.choices.join(QStringLiteral(" | ")));
        set(m_pattern, g.pattern);
        set(m_start, instants ? ProjectFile::formatInstant(g.start) : QString::number(g.start));
        set(m_step, instants ? durationText(g.step) : QString::number(g.step));
        set(m_min, instants ? ProjectFile::formatInstant(g.min) : QString::number(g.min));
        set(m_max, instants ? ProjectFile::formatInstant(g.max) : QString::number(g.max));
        m_random->setChecked(g.random);
        m_perParent->setChecked(g.perParent);
        const QString instantTip = tr("An instant: 2024-01-01T00:00:00Z, or epoch milliseconds");
        m_start->setToolTip(instants ? instantTip : tr("The first value"));
        m_min->setToolTip(instants ? instantTip : tr("The smallest value (inclusive)"));
        m_max->setToolTip(instants ? instantTip : tr("The largest value (inclusive)"));
        m_step->setToolTip(instants ? tr("A duration: 15m, 1h30m, 1d, 250ms")
                                    : tr("Added per item"));
    }
    m_filling = false;
    updateRows();
}

void GeneratorForm::fillKinds()
{
    std::vector<GeneratorSpec::Kind> kinds = model::generatorKindsFor(m_spec->type);
    // A kind the type cannot hold (from a file) is shown as it is; the problem line says why.
    if (std::find(kinds.begin(), kinds.end(), m_spec->generator.kind) == kinds.end())
        kinds.push_back(m_spec->generator.kind);
    m_kind->clear();
    for (GeneratorSpec::Kind kind : kinds)
        m_kind->addItem(model::generatorKindName(kind), int(kind));
    m_kind->setCurrentIndex(m_kind->findData(int(m_spec->generator.kind)));
}

void GeneratorForm::kindChosen(int row)
{
    if (m_filling || !m_spec || row < 0)
        return;
    const auto kind = GeneratorSpec::Kind(m_kind->itemData(row).toInt());
    if (kind == m_spec->generator.kind)
        return;
    model::AttributeSpec spec = *m_spec;
    spec.generator = AttributeListModel::defaultsFor(kind, spec);
    setAttribute(&spec);
    emit specEdited(spec);
}

void GeneratorForm::updateRows()
{
    const auto show
        = [this](QWidget *field, bool visible) { m_form->setRowVisible(field, visible); };
    if (!m_spec) {
        m_title->setText(tr("Select an attribute to edit its generator."));
        for (QWidget *w : {static_cast<QWidget *>(m_kind), static_cast<QWidget *>(m_constant),
                           static_cast<QWidget *>(m_choices), static_cast<QWidget *>(m_pattern),
                           static_cast<QWidget *>(m_start), static_cast<QWidget *>(m_step),
                           static_cast<QWidget *>(m_min), static_cast<QWidget *>(m_max),
                           static_cast<QWidget *>(m_random), static_cast<QWidget *>(m_perParent)})
            show(w, false);
        m_problem->hide();
        return;
    }
    using Kind = GeneratorSpec::Kind;
    const GeneratorSpec &g = m_spec->generator;
    const Kind kind = g.kind;
    m_title->setText(
        tr("How <b>%1</b> (%2) is made:")
            .arg(m_spec->name.toHtmlEscaped(), ProjectFile::attributeKindName(m_spec->type)));
    const bool timed = kind == Kind::Timestamp || kind == Kind::Ksuid || kind == Kind::Ulid;
    const bool ranged = kind == Kind::IntegerRange || (timed && g.random);
    show(m_kind, true);
    show(m_constant, kind == Kind::Constant);
    show(m_choices, kind == Kind::Choice);
    show(m_pattern, kind == Kind::Pattern);
    show(m_start, kind == Kind::Sequence || (timed && !g.random));
    show(m_step, kind == Kind::Sequence || (timed && !g.random));
    show(m_min, ranged);
    show(m_max, ranged);
    show(m_random, timed);
    show(m_perParent, kind == Kind::Sequence || (timed && !g.random));
    const QString problem = AttributeListModel::generatorProblem(*m_spec);
    m_problem->setText(problem.isEmpty() ? QString() : QStringLiteral("✗ ") + problem);
    m_problem->setVisible(!problem.isEmpty());
}

void GeneratorForm::fieldFinished()
{
    if (m_filling || !m_spec)
        return;
    model::AttributeSpec spec = *m_spec;
    GeneratorSpec &g = spec.generator;
    const bool instants = usesInstants(g.kind);
    QString error;
    const auto read = [&](QLineEdit *edit, qint64 &out, bool duration) {
        if (!error.isEmpty() || edit->isHidden())
            return;
        const auto value = duration ? readDuration(edit->text(), &error)
            : instants              ? readInstant(edit->text(), &error)
                                    : readInteger(edit->text(), &error);
        if (value)
            out = *value;
        else if (error.isEmpty())
            error = tr("'%1' cannot be read").arg(edit->text());
    };
    if (!m_constant->isHidden())
        g.constant = m_constant->text();
    if (!m_choices->isHidden()) {
        g.choices.clear();
        for (const QString &choice : m_choices->text().split(u'|', Qt::SkipEmptyParts))
            g.choices << choice.trimmed();
    }
    if (!m_pattern->isHidden())
        g.pattern = m_pattern->text();
    read(m_start, g.start, false);
    read(m_step, g.step, instants);
    read(m_min, g.min, false);
    read(m_max, g.max, false);
    if (!m_random->isHidden())
        g.random = m_random->isChecked();
    if (!m_perParent->isHidden())
        g.perParent = m_perParent->isChecked();
    if (!error.isEmpty()) {
        m_problem->setText(QStringLiteral("✗ ") + error);
        m_problem->show();
        return;
    }
    m_spec = spec;
    updateRows();
    emit specEdited(spec);
}

GeneratorForm::~GeneratorForm()
{
    // Children outlive this object's members: a field losing focus while the window closes
    // must not reach the slots above.
    for (QWidget *child : findChildren<QWidget *>())
        child->disconnect(this);
}

} // namespace keyscope::ui
