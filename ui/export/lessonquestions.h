#pragma once

#include <QJsonObject>

namespace keyscope::ui {

class ExportDiagram;

// Predict mode's questions for a diagram's traversal (model/teach: the same Lesson the app
// asks), for the lesson page: {"lesson": lessonJson, "kinds": [[name, title], ...] in the order
// the score lists them, "rowY": {"<row>": y, ...} where each row a question names is drawn}.
QJsonObject lessonQuestionsJson(const ExportDiagram &diagram);

} // namespace keyscope::ui
