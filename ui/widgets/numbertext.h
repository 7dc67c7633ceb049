#pragma once

#include <QString>

#include <optional>

namespace keyscope::ui {

// A figure typed into a form where empty means "not declared": a rate in requests or writes per
// second, a count. Read as the project file reads it (a finite number of at least 0), written
// back in the shortest form that reads the same ("50", "0.5", "12.5").
struct NumberText
{
    std::optional<double> value; // none: empty, or not a number the file accepts
    QString problem;             // why the text is refused ("must be at least 0"); empty if not

    // `integer`: a whole number (a count); otherwise any finite number (a rate).
    static NumberText parse(const QString &text, bool integer = false);
    static QString format(double value);
};

} // namespace keyscope::ui
