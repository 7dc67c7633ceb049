#pragma once

#include <QObject>

namespace keyscope::ui {

// Window-wide shortcuts on keys a text field uses (Enter, Page Up/Down, Home/End, the arrows)
// give way to the field that has the focus: with predict mode's Enter = Answer, Enter in the
// Query Builder's expression still confirms the expression. Installed on the application by the
// main window.
class TextEntryKeys : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace keyscope::ui
