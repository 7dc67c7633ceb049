#pragma once

// The document a design review reads (`keyscope doc`, File > Export Design Document): the table
// and its indexes, each entity type with its key templates (an example key from the populated
// items) and attributes, the access-pattern matrix in one table, each pattern with its verdict
// and its diagram, the check findings with their fixes, and the cost where the design gives
// rates or writes. Same design, same bytes.

#include "model/cost/costreport.h"
#include "model/design/accesspatternrunner.h"
#include "model/design/designchecker.h"
#include "model/doc/docblocks.h"
#include "model/interop/mcpoperations.h"

#include <optional>
#include <vector>

namespace keyscope::model::doc {

struct DesignDocumentParts
{
    const Project *project = nullptr;
    const Population *population = nullptr;
    std::vector<PatternResult> patterns; // in the project's order
    std::vector<Finding> findings;
    std::optional<CostReport> cost;
    std::vector<KeptOperation> kept; // an MCP file's operations that are not Queries
    QString assetsFolder;            // relative to the document: "design.assets"
};

// Where the diagram of the index-th access pattern (from 0) goes: "design.assets/pattern-1.svg".
QString patternDiagramPath(const QString &assetsFolder, std::size_t index);
// "design.assets" for "out/design.md".
QString assetsFolderFor(const QString &documentPath);

Document designDocument(const DesignDocumentParts &parts);

} // namespace keyscope::model::doc
