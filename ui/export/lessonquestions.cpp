#include "ui/export/lessonquestions.h"

#include "model/teach/lesson.h"
#include "ui/export/diagramexporter.h"

#include <QJsonArray>

#include <set>

namespace keyscope::ui {

QJsonObject lessonQuestionsJson(const ExportDiagram &diagram)
{
    const ExportDiagram::Source &source = diagram.source();
    if (!source.timeline || !source.table)
        return {};
    // As the app's predict mode builds its lesson (MainWindow::predictTrace).
    model::LessonOptions options;
    options.title = diagram.titleLine();
    if (source.request)
        options.limit = source.request->limit;
    const model::Lesson lesson = model::makeLesson(*source.timeline, *source.table, options);

    QJsonArray kinds;
    for (int k = int(model::QuestionKind::KeyOrder); k <= int(model::QuestionKind::PageEnd); ++k) {
        const auto kind = model::QuestionKind(k);
        kinds.append(QJsonArray {model::questionKindName(kind), model::questionKindTitle(kind)});
    }
    std::set<quint32> rows;
    for (const model::Question &question : lesson.questions) {
        rows.insert(question.rows.begin(), question.rows.end());
        for (const model::Choice &choice : question.choices) {
            if (choice.row)
                rows.insert(*choice.row);
        }
    }
    // Only rows the picture draws: a row left out of a row window is answered by its button.
    const CollectionLayout layout = diagram.layoutAt(-1);
    const auto drawn = [&diagram](quint32 row) {
        if (diagram.rowWindow().empty())
            return qsizetype(row) < diagram.rows().rowCount();
        for (const auto &[first, end] : diagram.rowWindow()) {
            if (qsizetype(row) >= first && qsizetype(row) < end)
                return true;
        }
        return false;
    };
    QJsonObject rowY;
    for (const quint32 row : rows) {
        if (drawn(row))
            rowY.insert(QString::number(row), layout.rowCenterY(qsizetype(row)));
    }
    return {{QStringLiteral("lesson"), model::lessonJson(lesson)},
            {QStringLiteral("kinds"), kinds},
            {QStringLiteral("rowY"), rowY}};
}

} // namespace keyscope::ui
