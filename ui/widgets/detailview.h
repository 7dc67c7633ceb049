#pragma once

#include <QString>

class QLabel;
class QPlainTextEdit;
class QSplitter;
class QWidget;

namespace keyscope::ui {

// A read-only, scrollable explanation under a list, on the window's background.
QPlainTextEdit *detailView(QWidget *parent, const QString &accessibleName);
// A list above its explanation, sharing the panel through a splitter so long explanations never
// squeeze the list to nothing.
QSplitter *listAndDetail(QWidget *parent, QWidget *list, QWidget *detail);
// A panel's content: widgets stacked with the panels' margins; `stretchIndex` takes the height.
QWidget *panelContent(QWidget *parent, std::initializer_list<QWidget *> widgets, int stretchIndex);

// A panel's verdict line ("2 of 5 fail.", "1 error, 2 warnings"): the panels' one step up the
// type scale (body text below it, the dock title above), so every panel reads the same way.
void makeSummaryLabel(QLabel *label);

} // namespace keyscope::ui
