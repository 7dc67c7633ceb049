#pragma once

// The animation clock under the test's hand: time moves only when the test says so (installed
// for the object's life).

#include <QAnimationDriver>
#include <QCoreApplication>

namespace keyscope::testsupport {

class ManualClock : public QAnimationDriver
{
public:
    ManualClock() { install(); }
    ~ManualClock() override { uninstall(); }
    void advanceBy(qint64 ms)
    {
        // Animations register on a later pass of the event loop (two queued calls).
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        m_elapsed += ms;
        advance();
    }
    qint64 elapsed() const override { return m_elapsed; }

protected:
    void start() override
    {
        m_elapsed = 0;
        QAnimationDriver::start();
    }

private:
    qint64 m_elapsed = 0;
};

} // namespace keyscope::testsupport
