#pragma once

#include <QtGlobal>

namespace keyscope::model {

// A small, fast, seedable generator (SplitMix64) so populations are identical on every
// machine and Qt version for the same seed; std:: distributions are not portable.
class Random
{
public:
    explicit Random(quint64 seed = 1)
        : m_state(seed)
    { }

    quint64 next()
    {
        quint64 z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [min, max] (inclusive); min when max < min.
    qint64 range(qint64 min, qint64 max)
    {
        if (max <= min)
            return min;
        const quint64 span = quint64(max) - quint64(min) + 1;
        return span == 0 ? qint64(next()) : qint64(quint64(min) + next() % span);
    }

private:
    quint64 m_state;
};

} // namespace keyscope::model
