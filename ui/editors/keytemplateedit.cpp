#include "ui/editors/keytemplateedit.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QInputMethodEvent>
#include <QKeyEvent>
#include <QPalette>

namespace keyscope::ui {

namespace {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QTextCharFormat placeholderFormat(const QPalette &palette)
{
    QTextCharFormat format;
    format.setForeground(isDark(palette) ? QColor(0x7c, 0xb7, 0xff) : QColor(0x1f, 0x5f, 0xbf));
    format.setFontWeight(QFont::DemiBold);
    return format;
}

QTextCharFormat filterFormat(const QPalette &palette)
{
    QTextCharFormat format;
    format.setForeground(isDark(palette) ? QColor(0xd8, 0x9c, 0xf0) : QColor(0x8a, 0x2b, 0xa8));
    return format;
}

QTextCharFormat braceFormat(const QPalette &palette)
{
    QTextCharFormat format;
    format.setForeground(palette.color(QPalette::PlaceholderText));
    return format;
}

} // namespace

KeyTemplateEdit::KeyTemplateEdit(QWidget *parent)
    : QLineEdit(parent)
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setClearButtonEnabled(false);
    connect(this, &QLineEdit::textChanged, this, [this] {
        m_findingColumn = m_findingLength = 0; // the span described the old text
        applyFormats();
    });
}

void KeyTemplateEdit::setFindingSpan(int column, int length)
{
    if (column <= 0 || length <= 0)
        column = length = 0;
    if (m_findingColumn == column && m_findingLength == length)
        return;
    m_findingColumn = column;
    m_findingLength = length;
    applyFormats();
}

QColor KeyTemplateEdit::findingColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xfb, 0xbf, 0x24) : QColor(0xd9, 0x77, 0x06);
}

void KeyTemplateEdit::setErrorColumn(int column)
{
    if (m_errorColumn == column)
        return;
    m_errorColumn = column;
    applyFormats();
}

bool KeyTemplateEdit::event(QEvent *event)
{
    // Claim the undo keys before the window's Edit > Undo shortcut sees them, so that each press
    // reaches keyPressEvent exactly once, with or without an Undo action around.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)) {
            event->accept();
            return true;
        }
    }
    return QLineEdit::event(event);
}

void KeyTemplateEdit::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Undo)) {
        emit undoRequested();
        event->accept();
        return;
    }
    if (event->matches(QKeySequence::Redo)) {
        emit redoRequested();
        event->accept();
        return;
    }
    QLineEdit::keyPressEvent(event);
}

void KeyTemplateEdit::changeEvent(QEvent *event)
{
    QLineEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyFormats();
}

// The lexing mirrors KeyTemplate::parse loosely: it only colours, the parser judges.
QList<QTextLayout::FormatRange> KeyTemplateEdit::highlight(const QString &text,
                                                           const QPalette &palette, int errorColumn,
                                                           int findingColumn, int findingLength)
{
    QList<QTextLayout::FormatRange> ranges;
    const auto add = [&](int start, int length, const QTextCharFormat &format) {
        if (length > 0)
            ranges.append({start, length, format});
    };
    const int n = int(text.size());
    int i = 0;
    while (i < n) {
        if (text.at(i) == u'{' && i + 1 < n && text.at(i + 1) == u'{') {
            i += 2; // "{{" is a literal brace
            continue;
        }
        if (text.at(i) == u'}' && i + 1 < n && text.at(i + 1) == u'}') {
            i += 2;
            continue;
        }
        if (text.at(i) != u'{') {
            ++i;
            continue;
        }
        const int open = i;
        int close = int(text.indexOf(u'}', open + 1));
        const int next = int(text.indexOf(u'{', open + 1));
        if (close < 0 || (next >= 0 && next < close))
            close = next >= 0 ? next - 1 : n - 1; // unterminated: colour up to what follows
        add(open, 1, braceFormat(palette));
        const int bar = int(text.indexOf(u'|', open + 1));
        const int nameEnd = (bar >= 0 && bar < close) ? bar : close;
        add(open + 1, nameEnd - open - 1, placeholderFormat(palette));
        if (nameEnd < close || (nameEnd == close && close < n && text.at(close) != u'}'))
            add(nameEnd, close - nameEnd + (text.at(close) == u'}' ? 0 : 1), filterFormat(palette));
        if (close < n && text.at(close) == u'}')
            add(close, 1, braceFormat(palette));
        i = close + 1;
    }
    if (findingColumn > 0 && findingLength > 0 && findingColumn - 1 < n) {
        QTextCharFormat mark;
        const QColor amber = findingColor(palette);
        mark.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        mark.setUnderlineColor(amber);
        QColor tint = amber;
        tint.setAlpha(70);
        mark.setBackground(tint);
        const int start = findingColumn - 1;
        ranges.append({start, std::min(findingLength, n - start), mark});
    }
    if (errorColumn > 0) {
        QTextCharFormat error;
        error.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        error.setUnderlineColor(QColor(0xd0, 0x20, 0x20));
        error.setBackground(QColor(0xd0, 0x20, 0x20, 40));
        // An error past the end (an unterminated placeholder) marks the last character.
        const int start = qBound(0, errorColumn - 1, qMax(0, n - 1));
        // The whole word at the column ("padd"), so the mark is easy to see.
        int end = start + 1;
        while (end < n && (text.at(end).isLetterOrNumber() || text.at(end) == u'_'))
            ++end;
        if (n > 0)
            ranges.append({start, end - start, error});
    }
    return ranges;
}

void KeyTemplateEdit::applyFormats()
{
    // QLineEdit takes extra formats only through an input method event; their starts are
    // relative to the cursor.
    QList<QInputMethodEvent::Attribute> attributes;
    const int cursor = cursorPosition();
    for (const QTextLayout::FormatRange &range :
         highlight(text(), palette(), m_errorColumn, m_findingColumn, m_findingLength))
        attributes.append(QInputMethodEvent::Attribute(
            QInputMethodEvent::TextFormat, range.start - cursor, range.length, range.format));
    QInputMethodEvent event(QString(), attributes);
    QCoreApplication::sendEvent(this, &event);
}

} // namespace keyscope::ui
