#pragma once

#include <QString>
#include <QUrl>

namespace keyscope::model::live {

// Plain HTTP to another machine carries every request unencrypted: the items, the signature,
// the access key id and any session token (X-Amz-Security-Token) can be read on the way.
// Plain HTTP that stays on this machine (DynamoDB Local, dynalite) cannot be.

// localhost (and *.localhost), 127.0.0.0/8 and ::1.
bool isLocalHost(const QString &host);

// The warning for `endpoint` ("http://10.0.0.5:8000 is plain HTTP to another machine: ..."), or
// empty for https and for plain HTTP on this machine.
QString cleartextEndpointWarning(const QUrl &endpoint);

} // namespace keyscope::model::live
