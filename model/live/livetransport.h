#pragma once

#include "model/live/httpmessage.h"

namespace keyscope::model::live {

// Sends one signed request and waits for its answer. The real transport (QtNetwork) lives in
// app/live; tests give a fake that answers from a script. send() blocks the calling thread, so
// the GUI calls it from a worker thread; an implementation must honour timeoutMs (0: no limit),
// stop reading an answer past kMaxResponseBytes (Failure::TooLarge) and report a missing answer as
// HttpResponse::failure, never throw.
class LiveTransport
{
public:
    // DynamoDB's answers are at most a few MB (a Query or Scan page holds at most 1 MB of
    // items, a little more as JSON); a transport stops reading an answer past this size.
    static constexpr qint64 kMaxResponseBytes = 16 * 1024 * 1024;

    virtual ~LiveTransport() = default;
    virtual HttpResponse send(const HttpRequest &request, int timeoutMs) = 0;
};

} // namespace keyscope::model::live
