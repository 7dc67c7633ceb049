#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope explain KEY1 KEY2 [--type S|N|B] [-o OUT]`: why DynamoDB orders two sort key
// values the way it does, as Markdown (the byte explainer of the app as text).
int runExplainCommand(const QStringList &args);

} // namespace keyscope::cli
