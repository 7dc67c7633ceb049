#pragma once

#include <QString>

namespace keyscope::model {

// A problem with an input file (or an inline JSON argument), precise enough to jump to:
// `items.json:12:7: missing comma ...` for syntax errors, `items.json: Items[3].Temp.N: ...`
// for a bad value inside well-formed JSON.
struct IoError
{
    QString source; // file name as the user gave it, or a label such as "--exclusive-start-key"
    int line = 0;   // 1-based; 0 when the error is not about a text position
    int column = 0; // 1-based, in characters (code points)
    QString path;   // JSON path of the offending value ("Items[3].Temp.N"), when known
    QString message;

    // "SOURCE:LINE:COLUMN: MESSAGE", "SOURCE: PATH: MESSAGE" or "SOURCE: MESSAGE".
    QString toString() const;
};

// Text as a message may show it: control characters (a DEL in a member name, a NUL, an escape
// sequence) and invisible direction overrides become \u007f, so two names that differ only by
// them never read alike. Newlines and tabs are escaped too: a message is one line.
QString escapeControls(const QString &text);

} // namespace keyscope::model
