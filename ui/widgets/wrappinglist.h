#pragma once

class QListView;

namespace keyscope::ui {

// Makes a list of sentences (access patterns, check findings) wrap each row at spaces to the
// list's width instead of cutting it or scrolling sideways: no horizontal scroll bar, rows as
// tall as their text, laid out again when the list is resized.
void makeWrappingList(QListView *list);

} // namespace keyscope::ui
