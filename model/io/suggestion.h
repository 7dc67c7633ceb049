#pragma once

#include <QString>
#include <QStringList>

namespace keyscope::model {

// The one "did you mean" rule of every message Keyscope writes (project files, key templates,
// the command line, the editors):
// - a candidate equal to the word but for case;
// - else the candidate closest by edit distance, case ignored, within 1 edit for words of up
//   to 3 characters and within max(2, length / 3) edits for longer ones (ties: the first);
// - else the one candidate that the word starts, or that starts the word, when the word has at
//   least 3 characters ("iso" -> "iso8601", "Prio" -> "Priority").
// Empty when nothing is close.
QString closestMatch(const QString &word, const QStringList &candidates);

// "; did you mean 'X'?" for closestMatch, or empty: appended to a message's first clause.
QString didYouMean(const QString &word, const QStringList &candidates);

// Levenshtein distance (insert, delete, substitute cost 1), case ignored.
int editDistance(const QString &a, const QString &b);

} // namespace keyscope::model
