#include "ui/recovery/inferactions.h"

#include "ui/document/document.h"
#include "ui/recovery/inferdialog.h"

#include <QAction>
#include <QApplication>
#include <QEventLoop>
#include <QFutureWatcher>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

namespace keyscope::ui {

using model::recovery::DesignRecovery;
using model::recovery::RecoveryOptions;
using model::recovery::RecoveryResult;

namespace {

QString count(qsizetype n)
{
    return QLocale().toString(qlonglong(n));
}

QString itemsText(qsizetype n)
{
    return n == 1 ? QObject::tr("1 item") : QObject::tr("%1 items").arg(count(n));
}

} // namespace

InferActions::InferActions(QWidget *window, Document *document)
    : QObject(window)
    , m_window(window)
    , m_document(document)
{
    m_action = new QAction(tr("&Infer Entity Types…"), this);
    m_action->setObjectName(QStringLiteral("actionInferEntityTypes"));
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_I));
    m_action->setStatusTip(tr("Recover entity types and key templates from the hand-written "
                              "items' keys, for review before they are applied"));
    connect(m_action, &QAction::triggered, this, [this] { infer(); });

    m_hooks.review = [](InferDialog &dialog) { return dialog.exec() == QDialog::Accepted; };
    m_hooks.showInformation = [this](const QString &title, const QString &text) {
        QMessageBox::information(m_window, title, text);
    };
    m_hooks.status = [](const QString &) {};
}

std::optional<RecoveryResult> InferActions::recover(std::shared_ptr<const model::Project> project,
                                                    std::vector<model::recovery::TypeHint> hints)
{
    struct Progress
    {
        std::atomic<qint64> done {0};
        std::atomic<qint64> total {0};
        std::atomic<bool> cancelled {false};
    };
    auto progress = std::make_shared<Progress>();
    RecoveryOptions options;
    // The facets' item lists from the import, while the items are as imported.
    options.hints = model::recovery::recoveryHints(*project, std::move(hints));
    options.progress = [progress](qsizetype done, qsizetype total) {
        progress->done = done;
        progress->total = total;
        return !progress->cancelled;
    };
    QFuture<RecoveryResult> future = QtConcurrent::run([project, options] {
        return DesignRecovery::recover(project->table, project->items, options);
    });
    if (!future.isFinished()) {
        // A million items take a second or two: the dialog shows only for work that long.
        QProgressDialog dialog(
            tr("Inferring entity types from %1…").arg(itemsText(qsizetype(project->items.size()))),
            tr("Cancel"), 0, 1000, m_window);
        dialog.setWindowTitle(tr("Infer Entity Types"));
        dialog.setWindowModality(Qt::WindowModal);
        dialog.setMinimumDuration(400);
        dialog.setAutoClose(false);
        dialog.setAutoReset(false);
        connect(&dialog, &QProgressDialog::canceled, &dialog,
                [progress] { progress->cancelled = true; });
        QTimer tick;
        tick.setInterval(50);
        connect(&tick, &QTimer::timeout, &dialog, [&dialog, progress] {
            const qint64 total = progress->total;
            if (!progress->cancelled)
                dialog.setValue(total > 0 ? int(progress->done * 999 / total) : 0);
        });
        tick.start();
        QEventLoop loop;
        QFutureWatcher<RecoveryResult> watcher;
        connect(&watcher, &QFutureWatcher<RecoveryResult>::finished, &loop, &QEventLoop::quit);
        watcher.setFuture(future);
        if (!future.isFinished())
            loop.exec();
    }
    if (progress->cancelled)
        return std::nullopt;
    return future.result();
}

bool InferActions::infer()
{
    const model::Project &current = m_document->project();
    if (current.items.empty()) {
        m_hooks.showInformation(tr("Nothing to Infer"),
                                tr("The project has no hand-written items: entity types are "
                                   "inferred from the keys of imported or hand-written items."));
        return false;
    }
    auto project = std::make_shared<const model::Project>(current);
    const quint64 revision = m_document->revision();
    const auto result = recover(project, m_document->importedHints().validFor(current));
    if (!result) {
        m_hooks.status(tr("Inferring entity types cancelled; nothing changed"));
        return false;
    }
    if (m_document->revision() != revision) {
        // Nothing can edit while the progress dialog is up; if it ever does, start over.
        m_hooks.status(tr("The items changed while inferring; nothing changed"));
        return false;
    }
    return review(*result, *project);
}

bool InferActions::review(const RecoveryResult &result, const model::Project &project)
{
    if (result.proposals.empty()) {
        QString text = tr("None of the %1 share a key shape that makes an entity type; they stay "
                          "hand-written.")
                           .arg(itemsText(qsizetype(project.items.size())));
        if (!result.notes.isEmpty())
            text += QStringLiteral("\n\n") + result.notes.join(QLatin1Char('\n'));
        m_hooks.showInformation(tr("No Entity Types Found"), text);
        return false;
    }
    InferDialog dialog(result, project, m_window);
    if (!m_hooks.review(dialog))
        return false;
    const RecoveryResult &reviewed = dialog.reviewed();
    const auto decisions = dialog.decisions();
    QStringList names;
    qsizetype items = 0;
    for (size_t i = 0; i < reviewed.proposals.size(); ++i) {
        if (i < decisions.size() && !decisions[i].accept)
            continue;
        names << (i < decisions.size() && !decisions[i].name.isEmpty()
                      ? decisions[i].name
                      : reviewed.proposals[i].entity.name);
        items += qsizetype(reviewed.proposals[i].items.size());
    }
    const int types = int(names.size());
    if (types == 0) {
        m_hooks.status(tr("No entity type accepted; nothing changed"));
        return false;
    }
    // A million items take a moment to copy into the undo step.
    QApplication::setOverrideCursor(Qt::WaitCursor);
    model::Project after = DesignRecovery::apply(project, reviewed, decisions);
    m_document->replaceDesignAndItems(after,
                                      types == 1 ? tr("Infer Entity Type %1").arg(names.front())
                                                 : tr("Infer %1 Entity Types").arg(types));
    QApplication::restoreOverrideCursor();
    const QString typesText
        = types == 1 ? tr("1 entity type") : tr("%1 entity types").arg(count(types));
    m_hooks.status(tr("Inferred %1 describing %2; every item is kept as it was. Ctrl+Z undoes it")
                       .arg(typesText, itemsText(items)));
    return true;
}

} // namespace keyscope::ui
