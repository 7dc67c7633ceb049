#pragma once

// The design document's files (`keyscope doc`, File > Export Design Document): the Markdown and
// one SVG per access pattern at its final step beside it in DOC.assets/, or one self-contained
// HTML page with the SVGs inline. Built here once for the command line and the app; written by
// the caller through model::FileSet (whole or not at all).

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace keyscope::ui {

struct DesignDocumentRequest
{
    QString projectPath; // a *.keyscope.json file or a resource (":/examples/...")
    QString outputPath;  // the document: DOC.md (assets in DOC.assets/) or DOC.html
    bool html = false;
    std::optional<quint64> seed;
    // Called before each step ("populating", "running the access patterns", "drawing pattern
    // 2 of 5"); may be empty.
    std::function<void(const QString &step)> progress;
};

// Each file to write (absolute or relative to where the document goes, as outputPath is), in
// order: the document first.
using DesignDocumentFiles = std::vector<std::pair<QString, QByteArray>>;

// The files, or why the document cannot be made ("FILE: entities[1].keys.SK: ...").
std::variant<DesignDocumentFiles, QString>
buildDesignDocument(const DesignDocumentRequest &request);

// Writes the files whole or not at all (model::FileSet, never over one of `inputs`), making the
// assets folder when needed; pattern diagrams an earlier, longer run left there are removed.
// nullopt when written, else "PATH: why".
std::optional<QString> writeDesignDocument(const DesignDocumentFiles &files,
                                           const QStringList &inputs);

} // namespace keyscope::ui
