#pragma once

#include "model/live/httpmessage.h"

namespace keyscope::model::live {

// Sends one signed request and waits for its answer. The real transport (QtNetwork) lives in
// app/live; tests give a fake that answers from a script. send() blocks the calling thread, so
// the GUI calls it from a worker thread; an implementation must honour timeoutMs and report a
// missing answer as HttpResponse::failure, never throw.
class LiveTransport
{
public:
    virtual ~LiveTransport() = default;
    virtual HttpResponse send(const HttpRequest &request, int timeoutMs) = 0;
};

} // namespace keyscope::model::live
