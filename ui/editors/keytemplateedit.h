#pragma once

#include <QLineEdit>
#include <QList>
#include <QTextLayout>

namespace keyscope::ui {

// A one-line editor for a key template with syntax colouring: literal text plain, {placeholders}
// in the accent colour, |filters and their arguments in a second colour, and the character at
// an error's column underlined with a red wave.
class KeyTemplateEdit : public QLineEdit
{
    Q_OBJECT

public:
    explicit KeyTemplateEdit(QWidget *parent = nullptr);

    // 1-based column of the current error (0: none, or not about a position).
    void setErrorColumn(int column);
    int errorColumn() const { return m_errorColumn; }

    // Marks the characters a design finding points at (1-based column, length; 0 clears) with an
    // amber wave and tint, until the text changes or another finding is shown.
    void setFindingSpan(int column, int length);
    int findingColumn() const { return m_findingColumn; }
    int findingLength() const { return m_findingLength; }

    // The colouring of `text`, 0-based ranges. Unparseable text is coloured as far as it goes.
    static QList<QTextLayout::FormatRange> highlight(const QString &text, const QPalette &palette,
                                                     int errorColumn, int findingColumn = 0,
                                                     int findingLength = 0);
    static QColor findingColor(const QPalette &palette);

signals:
    // Ctrl+Z / Ctrl+Shift+Z in the field: the document's undo and redo, never the field's own
    // (which would swallow presses the undo stack should count).
    void undoRequested();
    void redoRequested();

protected:
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void applyFormats();

    int m_errorColumn = 0;
    int m_findingColumn = 0;
    int m_findingLength = 0;
};

} // namespace keyscope::ui
