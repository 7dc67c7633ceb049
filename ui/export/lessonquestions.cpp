#include "ui/export/lessonquestions.h"

#include "ui/export/diagramexporter.h"

namespace keyscope::ui {

QJsonObject lessonQuestionsJson(const ExportDiagram &diagram)
{
    Q_UNUSED(diagram);
    return {};
}

} // namespace keyscope::ui
