#include "ui/widgets/textentrykeys.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace keyscope::ui {

namespace {

bool takesTextKeys(const QObject *object)
{
    if (qobject_cast<const QLineEdit *>(object) || qobject_cast<const QAbstractSpinBox *>(object))
        return true;
    if (const auto *combo = qobject_cast<const QComboBox *>(object))
        return combo->isEditable();
    if (const auto *edit = qobject_cast<const QTextEdit *>(object))
        return !edit->isReadOnly();
    if (const auto *edit = qobject_cast<const QPlainTextEdit *>(object))
        return !edit->isReadOnly();
    return false;
}

} // namespace

bool TextEntryKeys::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ShortcutOverride || !takesTextKeys(watched))
        return false;
    const auto *key = static_cast<QKeyEvent *>(event);
    if (key->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier))
        return false;
    switch (key->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
    case Qt::Key_Home:
    case Qt::Key_End:
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Space:
        event->accept(); // the key goes to the field as a key press, not to a shortcut
        return true;
    default:
        return false;
    }
}

} // namespace keyscope::ui
