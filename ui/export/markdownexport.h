#pragma once

#include "model/doc/markdowntext.h"
#include "model/value/attributevalue.h"

#include <QString>

namespace keyscope::ui {

// Markdown helpers for exports: deterministic text, no dates.

using model::doc::markdownCode; // model/doc/markdowntext.h
using model::doc::markdownText;

// The byte explainer of two key values as Markdown: the sentence (why they sort in this
// order), then for S and B the bytes around the first difference, one row per byte with the
// character and its hex value in each key, the deciding byte in bold. Both values must be of
// one key type (S, N or B).
QString explainKeysMarkdown(const model::AttributeValue &first,
                            const model::AttributeValue &second);

} // namespace keyscope::ui
