#pragma once

#include "model/design/project.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace keyscope::ui {

// One attribute's generator: its kind (among those that make values of the attribute's type)
// and the parameters of that kind, showing only the fields it uses:
// constant value, choices, pattern, start/step, min/max (instants and durations for
// timestamp, KSUID and ULID; integers otherwise), random, per parent. A finished field emits
// specEdited with the whole new spec; a field that does not read ("15 minutes") says why and
// emits nothing. problemText shows what ValueGenerator::create thinks of the current spec.
class GeneratorForm : public QWidget
{
    Q_OBJECT

public:
    explicit GeneratorForm(QWidget *parent = nullptr);
    ~GeneratorForm() override;

    // Shows `spec` (null: nothing selected). Fields being edited are not touched unless the
    // spec differs from what they show.
    void setAttribute(const model::AttributeSpec *spec);
    QString problemText() const;

signals:
    void specEdited(const model::AttributeSpec &spec);

private:
    void fieldFinished();
    void kindChosen(int row);
    void fillKinds();
    void updateRows();

    std::optional<model::AttributeSpec> m_spec;
    QFormLayout *m_form;
    QLabel *m_title;
    QComboBox *m_kind; // the generators the attribute's type can hold
    QLineEdit *m_constant;
    QLineEdit *m_choices;
    QLineEdit *m_pattern;
    QLineEdit *m_start;
    QLineEdit *m_step;
    QLineEdit *m_min;
    QLineEdit *m_max;
    QCheckBox *m_random;
    QCheckBox *m_perParent;
    QLabel *m_problem;
    bool m_filling = false;
};

} // namespace keyscope::ui
