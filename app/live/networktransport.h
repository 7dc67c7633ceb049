#pragma once

#include "model/live/livetransport.h"

#include <atomic>

namespace keyscope::app {

// The real transport: QtNetwork (HTTP and HTTPS), one QNetworkAccessManager per calling
// thread's call, a timeout that aborts the request, and a cancel flag polled while waiting.
// Blocks the calling thread in a local event loop; the GUI calls it from a worker thread.
class NetworkTransport : public model::live::LiveTransport
{
public:
    model::live::HttpResponse send(const model::live::HttpRequest &request, int timeoutMs) override;

    void setCancelFlag(const std::atomic_bool *cancel) { m_cancel = cancel; }

private:
    const std::atomic_bool *m_cancel = nullptr;
};

} // namespace keyscope::app
