#include "app/cli/completecommand.h"

#include "app/cli/clisupport.h"
#include "model/design/projectfile.h"
#include "ui/examples/examplecatalog.h"

namespace keyscope::cli {

int runCompleteCommand(const QStringList &args)
{
    QStringList names;
    if (args.value(0) == QLatin1String("examples")) {
        ui::ExampleCatalog examples;
        examples.load(QStringLiteral(":/examples"));
        for (const auto &entry : examples.entries())
            names << entry.id;
    } else if (args.size() == 2) {
        const auto read = model::ProjectFile::read(args[1]);
        if (const auto *project = std::get_if<model::Project>(&read)) {
            if (args[0] == QLatin1String("patterns")) {
                for (const model::AccessPattern &pattern : project->accessPatterns)
                    names << pattern.name;
            } else if (args[0] == QLatin1String("entities")) {
                for (const model::EntityType &entity : project->entities)
                    names << entity.name;
            }
        }
    }
    for (const QString &name : names)
        print(stdout, name + QLatin1Char('\n'));
    return kExitOk;
}

} // namespace keyscope::cli
