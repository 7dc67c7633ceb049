#pragma once

#include "model/design/project.h"
#include "model/live/awscredentials.h"
#include "model/live/livetransport.h"
#include "model/live/liveverify.h"
#include "ui/live/pushconfirmdialog.h"

#include <QDialog>

#include <atomic>
#include <functional>
#include <map>
#include <memory>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QVBoxLayout;

namespace keyscope::ui {

class Document;
class LiveJobContext; // the worker thread's client and progress, see livewindow.cpp

// Live > Endpoint: connect to a DynamoDB endpoint, list and describe tables, load one
// partition into a new project (progress, Cancel, an item cap), push the open project (after a
// confirmation naming endpoint and table), and verify an access pattern of the open project
// against the endpoint, both results side by side with differences highlighted.
// Typed-in credentials live in this window's memory only; nothing here is saved.
// Network work runs on a worker thread through a transport from the factory (QtNetwork in the
// app, a fake in tests).
class LiveWindow : public QDialog
{
    Q_OBJECT

public:
    using TransportFactory = std::function<std::unique_ptr<model::live::LiveTransport>(
        const std::atomic_bool *cancel)>;
    using Confirm = std::function<bool(const PushPlan &plan)>;
    // The query being built in the window (the Query Builder's), nullopt when it is not valid.
    using CurrentQuery = std::function<std::optional<model::QueryRequest>()>;

    LiveWindow(Document *document, TransportFactory factory, QWidget *parent = nullptr);
    ~LiveWindow() override;

    // Tests: the environment and home directory the credential chain reads.
    void setEnvironment(std::map<QString, QString> environment, QString homeDir);
    // Tests: answers the push confirmation instead of the dialog.
    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }
    // Offers "Current query" first among what Verify can run.
    void setCurrentQuery(CurrentQuery currentQuery);

    bool isBusy() const { return m_busy; }
    QString statusText() const;
    const model::live::VerifyResult *lastVerify() const { return m_verify.get(); }

public slots:
    void refreshTables();
    void describeSelected();
    void loadPartition();
    void pushProject();
    void verifyPattern();
    void cancel();

signals:
    // A loaded partition as a new project (also after an error or a cancel: what was read).
    void projectLoaded(const keyscope::model::Project &project);
    void busyChanged(bool busy);
    void jobFinished();

protected:
    // Esc while work runs cancels the work instead of closing the window.
    void reject() override;

private:
    template<typename Result>
    void start(const QString &what, std::function<Result(LiveJobContext &)> job,
               std::function<void(const Result &)> done);
    std::optional<model::live::LiveConnection> connection();
    void setBusy(bool busy);
    void setStatus(const QString &text, bool error = false);
    void refreshPatterns();
    void showVerify(const model::live::VerifyResult &result);
    void reportProgress(qint64 done, qint64 total);
    void updatePlainHttpWarning();
    QWidget *buildConnection();
    QWidget *buildBrowse(QWidget *parent);
    QWidget *buildVerify(QWidget *parent);
    void buildStatus(QVBoxLayout *layout);

    Document *m_document = nullptr;
    TransportFactory m_factory;
    Confirm m_confirm;
    CurrentQuery m_currentQuery;
    std::map<QString, QString> m_environment;
    QString m_homeDir;
    bool m_useProcessEnvironment = true;
    std::atomic_bool m_cancel = false;
    bool m_busy = false;
    std::unique_ptr<model::live::VerifyResult> m_verify;

    QLineEdit *m_endpoint = nullptr;
    QLabel *m_plainHttpWarning = nullptr;
    QCheckBox *m_plainHttp = nullptr;
    QLineEdit *m_region = nullptr;
    QLineEdit *m_profile = nullptr;
    QGroupBox *m_typedIn = nullptr;
    QLineEdit *m_accessKey = nullptr;
    QLineEdit *m_secretKey = nullptr;
    QLineEdit *m_sessionToken = nullptr;
    QPushButton *m_connect = nullptr;
    QListWidget *m_tables = nullptr;
    QPlainTextEdit *m_description = nullptr;
    QLineEdit *m_keyCondition = nullptr;
    QLineEdit *m_values = nullptr;
    QLineEdit *m_indexName = nullptr;
    QLineEdit *m_filter = nullptr;
    QLineEdit *m_names = nullptr;
    QCheckBox *m_backward = nullptr;
    QSpinBox *m_limit = nullptr;
    QSpinBox *m_maxItems = nullptr;
    QPushButton *m_load = nullptr;
    QPushButton *m_push = nullptr;
    QComboBox *m_pattern = nullptr;
    QLineEdit *m_verifyTable = nullptr;
    QPushButton *m_verifyButton = nullptr;
    QTableWidget *m_verifyView = nullptr;
    QLabel *m_verifySummary = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace keyscope::ui
