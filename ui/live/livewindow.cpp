#include "ui/live/livewindow.h"

#include "model/design/populator.h"
#include "model/design/project.h"
#include "model/live/cleartextendpoint.h"
#include "model/live/dynamoclient.h"
#include "model/live/liveoperations.h"
#include "model/live/liveworkflows.h"
#include "model/value/dynamojson.h"
#include "ui/document/document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace keyscope::ui {

using namespace keyscope::model;
using namespace keyscope::model::live;

// What a job sees on its worker thread.
class LiveJobContext
{
public:
    LiveOperations &operations;
    DynamoClient &client;
    std::function<void(qint64, qint64)> progress;
};

namespace {

// The verify choice that runs the Query Builder's query (access patterns carry their index).
constexpr int kCurrentQueryEntry = -1;

QLineEdit *lineEdit(QWidget *parent, const QString &name, const QString &accessible,
                    const QString &placeholder = {})
{
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(name);
    edit->setAccessibleName(accessible);
    edit->setPlaceholderText(placeholder);
    return edit;
}

QPushButton *button(QWidget *parent, const QString &text, const QString &name)
{
    auto *b = new QPushButton(text, parent);
    b->setObjectName(name);
    return b;
}

} // namespace

LiveWindow::LiveWindow(Document *document, TransportFactory factory, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_factory(std::move(factory))
{
    setWindowTitle(tr("Live Endpoint"));
    setObjectName(QStringLiteral("liveWindow"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildConnection());

    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("liveTabs"));
    layout->addWidget(tabs, 1);
    tabs->addTab(buildBrowse(tabs), tr("&Browse"));
    tabs->addTab(buildVerify(tabs), tr("&Verify"));
    buildStatus(layout);

    connect(m_endpoint, &QLineEdit::textChanged, this, &LiveWindow::updatePlainHttpWarning);
    connect(m_connect, &QPushButton::clicked, this, &LiveWindow::refreshTables);
    connect(m_tables, &QListWidget::currentRowChanged, this, &LiveWindow::describeSelected);
    connect(m_load, &QPushButton::clicked, this, &LiveWindow::loadPartition);
    connect(m_push, &QPushButton::clicked, this, &LiveWindow::pushProject);
    connect(m_verifyButton, &QPushButton::clicked, this, &LiveWindow::verifyPattern);
    connect(m_cancelButton, &QPushButton::clicked, this, &LiveWindow::cancel);
    if (m_document) {
        connect(m_document, &Document::patternsReady, this, &LiveWindow::refreshPatterns);
        connect(m_document, &Document::projectReset, this, &LiveWindow::refreshPatterns);
    }
    refreshPatterns();
    resize(900, 640);
}

QWidget *LiveWindow::buildConnection()
{
    // Connection.
    auto *connectionBox = new QGroupBox(tr("Connection"), this);
    auto *form = new QFormLayout(connectionBox);
    m_endpoint = lineEdit(connectionBox, QStringLiteral("endpointEdit"), tr("Endpoint URL"),
                          tr("http://127.0.0.1:8000 (empty: AWS in the region)"));
    m_region = lineEdit(connectionBox, QStringLiteral("regionEdit"), tr("Region"),
                        tr("from AWS_REGION or the profile"));
    m_profile = lineEdit(connectionBox, QStringLiteral("profileEdit"), tr("Profile"),
                         tr("from AWS_PROFILE, else default"));
    form->addRow(tr("&Endpoint:"), m_endpoint);
    // Shown only for plain HTTP to another machine; ticking it confirms that endpoint.
    m_plainHttpWarning = new QLabel(connectionBox);
    m_plainHttpWarning->setObjectName(QStringLiteral("plainHttpWarning"));
    m_plainHttpWarning->setWordWrap(true);
    m_plainHttpWarning->setVisible(false);
    m_plainHttp = new QCheckBox(tr("Send over plain &HTTP anyway"), connectionBox);
    m_plainHttp->setObjectName(QStringLiteral("plainHttpCheck"));
    m_plainHttp->setVisible(false);
    form->addRow(QString(), m_plainHttpWarning);
    form->addRow(QString(), m_plainHttp);
    form->addRow(tr("&Region:"), m_region);
    form->addRow(tr("Pro&file:"), m_profile);
    m_typedIn = new QGroupBox(tr("Credentials for this session only (never saved)"), connectionBox);
    m_typedIn->setObjectName(QStringLiteral("typedInBox"));
    m_typedIn->setCheckable(true);
    m_typedIn->setChecked(false);
    auto *typedForm = new QFormLayout(m_typedIn);
    m_accessKey = lineEdit(m_typedIn, QStringLiteral("accessKeyEdit"), tr("Access key id"));
    m_secretKey = lineEdit(m_typedIn, QStringLiteral("secretKeyEdit"), tr("Secret access key"));
    m_secretKey->setEchoMode(QLineEdit::Password);
    m_sessionToken = lineEdit(m_typedIn, QStringLiteral("sessionTokenEdit"), tr("Session token"),
                              tr("optional"));
    m_sessionToken->setEchoMode(QLineEdit::Password);
    typedForm->addRow(tr("Access &key id:"), m_accessKey);
    typedForm->addRow(tr("&Secret access key:"), m_secretKey);
    typedForm->addRow(tr("Session &token:"), m_sessionToken);
    form->addRow(m_typedIn);
    m_verifyTable
        = lineEdit(connectionBox, QStringLiteral("verifyTableEdit"),
                   tr("Table on the endpoint for push and verify"), tr("the open project's table"));
    form->addRow(tr("P&ush/verify table:"), m_verifyTable);
    m_connect
        = button(connectionBox, tr("&Connect and List Tables"), QStringLiteral("connectButton"));
    form->addRow(m_connect);
    return connectionBox;
}

QWidget *LiveWindow::buildBrowse(QWidget *tabs)
{
    // Browse: tables, description, load.
    auto *browse = new QWidget(tabs);
    auto *browseLayout = new QHBoxLayout(browse);
    m_tables = new QListWidget(browse);
    m_tables->setObjectName(QStringLiteral("tableList"));
    m_tables->setAccessibleName(tr("Tables"));
    browseLayout->addWidget(m_tables, 1);
    auto *right = new QVBoxLayout;
    m_description = new QPlainTextEdit(browse);
    m_description->setObjectName(QStringLiteral("descriptionView"));
    m_description->setAccessibleName(tr("Table description"));
    m_description->setReadOnly(true);
    right->addWidget(m_description, 1);
    auto *loadForm = new QFormLayout;
    m_indexName = lineEdit(browse, QStringLiteral("indexEdit"), tr("Index name"), tr("the table"));
    m_keyCondition
        = lineEdit(browse, QStringLiteral("keyConditionEdit"), tr("Key condition expression"));
    m_keyCondition->setText(QStringLiteral("PK = :pk"));
    m_values = lineEdit(browse, QStringLiteral("valuesEdit"), tr("Expression attribute values"));
    m_values->setText(QStringLiteral("{\":pk\": {\"S\": \"\"}}"));
    m_maxItems = new QSpinBox(browse);
    m_maxItems->setObjectName(QStringLiteral("maxItemsSpin"));
    m_maxItems->setAccessibleName(tr("Item cap"));
    m_maxItems->setRange(1, 10000000);
    m_maxItems->setValue(100000);
    // The rest of the Query `keyscope live load` takes: filter, names, direction, Limit.
    m_filter = lineEdit(browse, QStringLiteral("filterEdit"), tr("Filter expression"), tr("none"));
    m_names = lineEdit(browse, QStringLiteral("namesEdit"), tr("Expression attribute names"),
                       tr("{\"#n\": \"Name\"} (optional)"));
    m_backward = new QCheckBox(tr("Ne&west first (ScanIndexForward false)"), browse);
    m_backward->setObjectName(QStringLiteral("backwardCheck"));
    m_limit = new QSpinBox(browse);
    m_limit->setObjectName(QStringLiteral("limitSpin"));
    m_limit->setAccessibleName(tr("Limit per page"));
    m_limit->setRange(0, 1000000);
    m_limit->setSpecialValueText(tr("none"));
    loadForm->addRow(tr("&Index:"), m_indexName);
    loadForm->addRow(tr("Key con&dition:"), m_keyCondition);
    loadForm->addRow(tr("V&alues:"), m_values);
    loadForm->addRow(tr("Filter e&xpression:"), m_filter);
    loadForm->addRow(tr("&Names:"), m_names);
    loadForm->addRow(QString(), m_backward);
    loadForm->addRow(tr("Limi&t per page:"), m_limit);
    loadForm->addRow(tr("At &most:"), m_maxItems);
    right->addLayout(loadForm);
    m_load = button(browse, tr("&Load Partition into a New Project"), QStringLiteral("loadButton"));
    m_push = button(browse, tr("&Push Open Project..."), QStringLiteral("pushButton"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_load);
    row->addWidget(m_push);
    right->addLayout(row);
    browseLayout->addLayout(right, 2);
    return browse;
}

QWidget *LiveWindow::buildVerify(QWidget *tabs)
{
    // Verify.
    auto *verify = new QWidget(tabs);
    auto *verifyLayout = new QVBoxLayout(verify);
    auto *verifyForm = new QFormLayout;
    m_pattern = new QComboBox(verify);
    m_pattern->setObjectName(QStringLiteral("patternCombo"));
    m_pattern->setAccessibleName(tr("Access pattern to verify"));
    verifyForm->addRow(tr("Access patter&n:"), m_pattern);
    verifyLayout->addLayout(verifyForm);
    m_verifyButton
        = button(verify, tr("Verify A&gainst the Endpoint"), QStringLiteral("verifyButton"));
    verifyLayout->addWidget(m_verifyButton);
    m_verifyView = new QTableWidget(0, 3, verify);
    m_verifyView->setObjectName(QStringLiteral("verifyView"));
    m_verifyView->setAccessibleName(tr("Verify results side by side"));
    m_verifyView->setHorizontalHeaderLabels({tr("Endpoint"), QString(), tr("Keyscope")});
    m_verifyView->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_verifyView->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_verifyView->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_verifyView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    verifyLayout->addWidget(m_verifyView, 1);
    m_verifySummary = new QLabel(verify);
    m_verifySummary->setObjectName(QStringLiteral("verifySummary"));
    m_verifySummary->setWordWrap(true);
    m_verifySummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    verifyLayout->addWidget(m_verifySummary);
    return verify;
}

void LiveWindow::buildStatus(QVBoxLayout *layout)
{
    // Progress and status.
    auto *bottom = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("liveProgress"));
    m_progress->setAccessibleName(tr("Progress"));
    m_progress->setVisible(false);
    m_cancelButton = button(this, tr("Cancel"), QStringLiteral("cancelButton"));
    m_cancelButton->setEnabled(false);
    bottom->addWidget(m_progress, 1);
    bottom->addWidget(m_cancelButton);
    layout->addLayout(bottom);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("statusLabel"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
}

LiveWindow::~LiveWindow()
{
    m_cancel = true;
    QThreadPool::globalInstance()->waitForDone();
}

void LiveWindow::setEnvironment(std::map<QString, QString> environment, QString homeDir)
{
    m_environment = std::move(environment);
    m_homeDir = std::move(homeDir);
    m_useProcessEnvironment = false;
}

QString LiveWindow::statusText() const
{
    return m_status->text();
}

void LiveWindow::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #C0392B;") : QString());
}

void LiveWindow::setBusy(bool busy)
{
    m_busy = busy;
    for (QWidget *w : {static_cast<QWidget *>(m_connect), static_cast<QWidget *>(m_load),
                       static_cast<QWidget *>(m_push), static_cast<QWidget *>(m_verifyButton)})
        w->setEnabled(!busy);
    m_cancelButton->setEnabled(busy);
    m_progress->setVisible(busy);
    if (busy) {
        m_progress->setRange(0, 0);
        m_cancel = false;
    }
    emit busyChanged(busy);
}

void LiveWindow::reject()
{
    if (m_busy)
        cancel();
    else
        QDialog::reject();
}

void LiveWindow::cancel()
{
    m_cancel = true;
    setStatus(tr("Cancelling..."));
}

void LiveWindow::reportProgress(qint64 done, qint64 total)
{
    if (total > 0) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(int(std::min<qint64>(1000, done * 1000 / total)));
    }
    m_progress->setFormat(total > 0 ? tr("%1 of %2 items").arg(done).arg(total)
                                    : tr("%1 items").arg(done));
    m_progress->setTextVisible(true);
}

void LiveWindow::updatePlainHttpWarning()
{
    // A new endpoint needs its own confirmation.
    m_plainHttp->setChecked(false);
    const QString warning = cleartextEndpointWarning(QUrl(m_endpoint->text().trimmed()));
    m_plainHttpWarning->setText(warning.isEmpty() ? QString() : warning + u'.');
    m_plainHttpWarning->setVisible(!warning.isEmpty());
    m_plainHttp->setVisible(!warning.isEmpty());
}

std::optional<LiveConnection> LiveWindow::connection()
{
    CredentialChain::Options options;
    options.endpoint = m_endpoint->text();
    options.region = m_region->text();
    options.profile = m_profile->text();
    if (m_typedIn->isChecked())
        options.typedIn = AwsCredentials {m_accessKey->text().trimmed(), m_secretKey->text(),
                                          m_sessionToken->text(), tr("typed in")};
    auto resolved = CredentialChain::resolve(
        options, m_useProcessEnvironment ? CredentialChain::processEnvironment() : m_environment,
        m_homeDir);
    if (auto *error = std::get_if<QString>(&resolved)) {
        setStatus(*error, true);
        return std::nullopt;
    }
    const LiveConnection &live = std::get<LiveConnection>(resolved);
    if (const QString warning = cleartextEndpointWarning(live.endpoint);
        !warning.isEmpty() && !m_plainHttp->isChecked()) {
        setStatus(warning
                      + tr(". Use https://, or tick \"Send over plain HTTP anyway\". Nothing "
                           "was sent."),
                  true);
        return std::nullopt;
    }
    return live;
}

template<typename Result>
void LiveWindow::start(const QString &what, std::function<Result(LiveJobContext &)> job,
                       std::function<void(const Result &)> done)
{
    const auto connected = connection();
    if (!connected || m_busy)
        return;
    setBusy(true);
    setStatus(what);
    const TransportFactory factory = m_factory;
    const LiveConnection live = *connected;
    const std::atomic_bool *cancelFlag = &m_cancel;
    QPointer<LiveWindow> self(this);
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher, done] {
        const Result result = watcher->result();
        watcher->deleteLater();
        setBusy(false);
        done(result);
        emit jobFinished();
    });
    watcher->setFuture(QtConcurrent::run([=]() -> Result {
        std::unique_ptr<LiveTransport> transport = factory(cancelFlag);
        DynamoClient client(*transport, live);
        client.setCancelFlag(cancelFlag);
        LiveOperations operations(client);
        LiveJobContext context {operations, client, [self](qint64 n, qint64 total) {
                                    QMetaObject::invokeMethod(
                                        self,
                                        [self, n, total] {
                                            if (self)
                                                self->reportProgress(n, total);
                                        },
                                        Qt::QueuedConnection);
                                }};
        return job(context);
    }));
}

void LiveWindow::refreshTables()
{
    using Tables = std::variant<QStringList, LiveError>;
    start<Tables>(
        tr("Listing tables..."), [](LiveJobContext &c) { return c.operations.listTables(); },
        [this](const Tables &result) {
            if (auto *error = std::get_if<LiveError>(&result))
                return setStatus(error->toString(), true);
            const QStringList names = std::get<QStringList>(result);
            m_tables->clear();
            m_tables->addItems(names);
            setStatus(
                tr("%1 on the endpoint.").arg(counted(names.size(), tr("table"), tr("tables"))));
        });
}

void LiveWindow::describeSelected()
{
    const QListWidgetItem *item = m_tables->currentItem();
    if (!item || m_busy)
        return;
    const QString table = item->text();
    using Described = std::variant<TableDescription, LiveError>;
    start<Described>(
        tr("Describing %1...").arg(table),
        [table](LiveJobContext &c) { return c.operations.describeTable(table); },
        [this](const Described &result) {
            if (auto *error = std::get_if<LiveError>(&result))
                return setStatus(error->toString(), true);
            const TableDescription &d = std::get<TableDescription>(result);
            QString text
                = tr("%1 (%2)\nKeys: %3\n")
                      .arg(d.definition.tableName, d.status, describeKeys(d.definition.keys));
            if (d.itemCount >= 0)
                text += tr("About %1 items (DynamoDB's estimate, updated every few hours)\n")
                            .arg(d.itemCount);
            for (const IndexDefinition &index : d.definition.indexes)
                text += tr("%1 %2: %3\n")
                            .arg(index.isGlobal() ? tr("GSI") : tr("LSI"), index.name,
                                 describeKeys(index.keys));
            m_description->setPlainText(text);
            setStatus(tr("Described %1.").arg(d.definition.tableName));
            if (!d.definition.keys.hash.empty()) {
                // A partition key condition for this table, keeping a value already typed.
                const KeyAttribute &key = d.definition.keys.hash.front();
                m_keyCondition->setText(QStringLiteral("%1 = :pk").arg(key.name));
                const QJsonObject pk = QJsonDocument::fromJson(m_values->text().toUtf8())
                                           .object()
                                           .value(QLatin1String(":pk"))
                                           .toObject();
                const QString typed = pk.isEmpty() ? QString() : pk.begin().value().toString();
                m_values->setText(QString::fromUtf8(
                    QJsonDocument(
                        QJsonObject {{QStringLiteral(":pk"),
                                      QJsonObject {{AttributeValue::typeName(key.type), typed}}}})
                        .toJson(QJsonDocument::Compact)));
            }
        });
}

void LiveWindow::loadPartition()
{
    const QListWidgetItem *item = m_tables->currentItem();
    if (!item) {
        setStatus(tr("Choose a table first (Connect and List Tables)."), true);
        return;
    }
    PartitionForm form;
    form.tableName = item->text();
    form.indexName = m_indexName->text();
    form.keyConditionExpression = m_keyCondition->text();
    form.filterExpression = m_filter->text();
    form.expressionAttributeNames = m_names->text();
    form.expressionAttributeValues = m_values->text();
    form.scanIndexForward = !m_backward->isChecked();
    form.limit = m_limit->value();
    auto formed = partitionRequest(form);
    if (auto *error = std::get_if<QString>(&formed)) {
        setStatus(*error, true);
        return;
    }
    const QueryRequest request = std::get<QueryRequest>(std::move(formed));
    const qint64 cap = m_maxItems->value();

    struct Loaded
    {
        std::optional<TableDescription> description;
        ReadResult read;
        std::optional<LiveError> error;
        QString endpoint;
    };
    start<Loaded>(
        tr("Loading the partition..."),
        [request, cap](LiveJobContext &c) {
            Loaded loaded;
            loaded.endpoint = c.client.endpointName();
            auto described = c.operations.describeTable(request.tableName);
            if (auto *error = std::get_if<LiveError>(&described)) {
                loaded.error = *error;
                return loaded;
            }
            loaded.description = std::get<TableDescription>(described);
            loaded.read = c.operations.queryAll(request, cap, c.progress);
            return loaded;
        },
        [this, request, cap](const Loaded &loaded) {
            if (loaded.error)
                return setStatus(loaded.error->toString(), true);
            const Project project = partitionProject(request, loaded.description->definition,
                                                     loaded.endpoint, loaded.read.items);
            // What was read is never thrown away, also after an error or a cancel.
            emit projectLoaded(project);
            const qsizetype n = qsizetype(loaded.read.items.size());
            if (loaded.read.error) {
                const bool cancelled = loaded.read.error->kind == LiveError::Kind::Cancelled;
                setStatus(tr("%1: opened the %2 read before it; the partition is incomplete.")
                              .arg(cancelled ? tr("Cancelled") : loaded.read.error->toString(),
                                   counted(n, tr("item"), tr("items"))),
                          !cancelled);
            } else {
                setStatus(
                    tr("Loaded %1 in %2%3.")
                        .arg(counted(n, tr("item"), tr("items")))
                        .arg(counted(loaded.read.pages, tr("page"), tr("pages")))
                        .arg(loaded.read.capped
                                 ? tr("; stopped at %1 items, the partition has more").arg(cap)
                                 : QString()));
            }
        });
}

void LiveWindow::pushProject()
{
    if (!m_document || !m_document->population()) {
        setStatus(tr("The open project has not been populated yet."), true);
        return;
    }
    TableDefinition definition = m_document->project().table;
    if (!m_verifyTable->text().trimmed().isEmpty())
        definition.tableName = m_verifyTable->text().trimmed();
    const ItemList items = LiveOperations::uniqueByKey(definition, m_document->population()->items);
    const QJsonObject tableJson = m_document->project().tableJson;

    start<PushCheck>(
        tr("Checking table %1...").arg(definition.tableName),
        [definition, n = qint64(items.size())](LiveJobContext &c) {
            return checkPush(c.operations, definition, c.client.endpointName(), n);
        },
        [this, definition, items, tableJson](const PushCheck &checked) {
            if (checked.error)
                return setStatus(checked.error->toString(), true);
            if (checked.keysDiffer())
                return setStatus(tr("Table %1 on %2 exists with other keys; push to another table "
                                    "(Push/verify table).")
                                     .arg(checked.plan.table, checked.plan.endpoint),
                                 true);
            bool confirmed = false;
            if (m_confirm) {
                confirmed = m_confirm(checked.plan);
            } else {
                PushConfirmDialog dialog(checked.plan, this);
                confirmed = dialog.exec() == QDialog::Accepted;
            }
            if (!confirmed)
                return setStatus(tr("Push cancelled; nothing was written."));
            start<WriteResult>(
                tr("Pushing %1...").arg(counted(qint64(items.size()), tr("item"), tr("items"))),
                [plan = checked.plan, definition, items, tableJson](LiveJobContext &c) {
                    PushResult pushed
                        = push(c.operations, plan, definition, tableJson, items, c.progress);
                    if (pushed.createError)
                        pushed.write.error = pushed.createError;
                    return pushed.write;
                },
                [this, definition](const WriteResult &written) {
                    if (written.error)
                        return setStatus(tr("%1 (%2 items were written before it)")
                                             .arg(written.error->toString())
                                             .arg(written.written),
                                         written.error->kind != LiveError::Kind::Cancelled);
                    setStatus(
                        tr("Wrote %1 items to %2.").arg(written.written).arg(definition.tableName));
                });
        });
}

void LiveWindow::setCurrentQuery(CurrentQuery currentQuery)
{
    m_currentQuery = std::move(currentQuery);
    refreshPatterns();
}

void LiveWindow::refreshPatterns()
{
    const QString current = m_pattern->currentText();
    m_pattern->clear();
    if (m_currentQuery)
        m_pattern->addItem(tr("Current query (Query Builder)"), kCurrentQueryEntry);
    if (m_document) {
        const auto &results = m_document->patternResults();
        for (int i = 0; i < int(results.size()); ++i)
            m_pattern->addItem(results[size_t(i)].name, i);
    }
    const int index = m_pattern->findText(current);
    if (index >= 0)
        m_pattern->setCurrentIndex(index);
}

void LiveWindow::verifyPattern()
{
    if (!m_document || !m_document->table()) {
        setStatus(tr("The open project has not been populated yet."), true);
        return;
    }
    const QVariant entry = m_pattern->currentData();
    const auto &results = m_document->patternResults();
    QueryRequest request;
    QString what;
    if (entry.isValid() && entry.toInt() == kCurrentQueryEntry) {
        const std::optional<QueryRequest> current
            = m_currentQuery ? m_currentQuery() : std::nullopt;
        if (!current) {
            setStatus(tr("The Query Builder's query is not valid; fix it there first."), true);
            return;
        }
        request = *current;
        request.exclusiveStartKey.reset();
        what = tr("the current query");
    } else {
        const int index = entry.isValid() ? entry.toInt() : -1;
        if (index < 0 || index >= int(results.size())) {
            setStatus(tr("The open project has no access pattern to verify."), true);
            return;
        }
        request = results[size_t(index)].request;
        what = results[size_t(index)].name;
    }
    request.tableName = m_verifyTable->text().trimmed().isEmpty()
        ? m_document->project().table.tableName
        : m_verifyTable->text().trimmed();
    std::shared_ptr<const Table> table = m_document->table();
    start<VerifyResult>(
        tr("Verifying %1...").arg(what),
        [table, request](LiveJobContext &c) {
            return LiveVerifier::verify(c.operations, *table, request, c.progress);
        },
        [this, table, request](const VerifyResult &result) {
            m_verify = std::make_unique<VerifyResult>(result);
            showVerify(result);
            const auto *definition = &table->definition();
            for (int row = 0; row < m_verifyView->rowCount(); ++row) {
                const auto &r = result.rows[size_t(row)];
                m_verifyView->item(row, 0)->setText(
                    r.endpoint ? keyText(*definition, request.indexName, *r.endpoint)
                               : QStringLiteral("-"));
                m_verifyView->item(row, 2)->setText(
                    r.keyscope ? keyText(*definition, request.indexName, *r.keyscope)
                               : QStringLiteral("-"));
            }
        });
}

void LiveWindow::showVerify(const VerifyResult &result)
{
    m_verifyView->setRowCount(int(result.rows.size()));
    const QColor bad(QStringLiteral("#F5B7B1"));
    for (int row = 0; row < int(result.rows.size()); ++row) {
        const auto &r = result.rows[size_t(row)];
        const QString mark = r.sameItem ? QStringLiteral("=")
            : r.sameKey                 ? QStringLiteral("~")
                                        : QStringLiteral("≠");
        auto *left = new QTableWidgetItem;
        auto *middle = new QTableWidgetItem(mark);
        auto *rightItem = new QTableWidgetItem;
        middle->setTextAlignment(Qt::AlignCenter);
        if (!r.sameItem) {
            for (QTableWidgetItem *cell : {left, middle, rightItem}) {
                cell->setBackground(bad);
                cell->setForeground(QColor(Qt::black));
                cell->setToolTip(r.sameKey ? tr("Same key, other attributes")
                                           : tr("Another item at this position"));
            }
        }
        m_verifyView->setItem(row, 0, left);
        m_verifyView->setItem(row, 1, middle);
        m_verifyView->setItem(row, 2, rightItem);
    }
    QString summary;
    if (result.identical())
        summary = tr("Same: %1 in the same order, with the same attributes "
                     "(Count %2, ScannedCount %3 on both).")
                      .arg(counted(qint64(result.endpoint.items.size()), tr("item"), tr("items")))
                      .arg(result.endpoint.count)
                      .arg(result.endpoint.scannedCount);
    else
        summary = tr("DIFFERENT: %1. Endpoint: Count %2, ScannedCount %3; Keyscope: Count %4, "
                     "ScannedCount %5.")
                      .arg(result.differences.join(u"; "))
                      .arg(result.endpoint.count)
                      .arg(result.endpoint.scannedCount)
                      .arg(result.keyscopeCount)
                      .arg(result.keyscopeScannedCount);
    m_verifySummary->setText(summary);
    m_verifySummary->setStyleSheet(result.identical() ? QString()
                                                      : QStringLiteral("color: #C0392B;"));
    setStatus(result.identical() ? tr("Verified: no difference.")
                                 : tr("Verified: the results differ."),
              !result.identical());
}

} // namespace keyscope::ui
