#pragma once

#include "model/io/itemsfile.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <memory>

namespace keyscope::ui {

// Runs work(progress) on a worker thread while the window stays responsive: a modal progress
// dialog (object name "fileProgress") shows after half a second with the share of the file read
// and a Cancel button. `progress` is the callback to hand the reader (itemsfile.h); after
// Cancel it answers false, so the reader stops. The caller gets the result as if it had waited.
template<typename Work>
auto withFileProgress(QWidget *parent, const QString &label, Work work)
{
    struct Shared
    {
        std::atomic<qint64> done {0};
        std::atomic<qint64> total {0};
        std::atomic<bool> cancel {false};
    };
    auto shared = std::make_shared<Shared>();
    const model::ItemsFile::Progress progress = [shared](qint64 done, qint64 total) {
        shared->done = done;
        shared->total = total;
        return !shared->cancel.load();
    };
    using Result = decltype(work(progress));
    QProgressDialog dialog(label, QObject::tr("Cancel"), 0, 1000, parent);
    dialog.setObjectName(QStringLiteral("fileProgress"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(500);
    dialog.setAutoReset(false);
    dialog.setAutoClose(false);
    dialog.setValue(0);
    QObject::connect(&dialog, &QProgressDialog::canceled, &dialog,
                     [shared] { shared->cancel = true; });
    QFuture<Result> future = QtConcurrent::run([work, progress] { return work(progress); });
    QEventLoop loop;
    QFutureWatcher<Result> watcher;
    QObject::connect(&watcher, &QFutureWatcher<Result>::finished, &loop, &QEventLoop::quit);
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &dialog, [&dialog, shared] {
        if (dialog.wasCanceled())
            shared->cancel = true;
        const qint64 total = shared->total;
        if (total > 0 && !dialog.wasCanceled())
            dialog.setValue(int(qMin<qint64>(999, shared->done * 1000 / total)));
    });
    tick.start(100);
    watcher.setFuture(future);
    if (!future.isFinished())
        loop.exec();
    return future.takeResult(); // moved, not copied: the result may hold every item of a large file
}

} // namespace keyscope::ui
