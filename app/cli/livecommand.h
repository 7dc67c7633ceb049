#pragma once

#include <QStringList>

namespace keyscope::cli {

// `keyscope live tables|describe|load|push|verify ...`: args are the arguments after "live".
// Talks to a DynamoDB endpoint (AWS, DynamoDB Local, dynalite, ...) over QtNetwork with SigV4.
int runLiveCommand(const QStringList &args);

} // namespace keyscope::cli
