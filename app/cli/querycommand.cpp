#include "app/cli/querycommand.h"

#include <cstdio>

int runQueryCommand(const QStringList &args)
{
    Q_UNUSED(args);
    std::fputs("keyscope query: not implemented yet\n", stderr);
    return 2;
}
