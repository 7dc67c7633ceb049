#include "ui/patterns/fixdialog.h"

#include "ui/document/document.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace keyscope::ui {

FixDialog::FixDialog(Document *document, const model::DesignFix &fix, const QString &diagnosis,
                     QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_fix(fix)
    , m_changes(new QTableWidget(int(fix.changes.size()), 3, this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Apply Fix"));
    setObjectName(QStringLiteral("fixDialog"));
    auto *summary = new QLabel(
        QStringLiteral("<b>") + fix.summary.toHtmlEscaped() + QStringLiteral("</b>"), this);
    summary->setWordWrap(true);
    summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *why = new QLabel(diagnosis, this);
    why->setWordWrap(true);
    why->setTextFormat(Qt::PlainText);
    why->setTextInteractionFlags(Qt::TextSelectableByMouse);
    why->setVisible(!diagnosis.isEmpty());

    m_changes->setObjectName(QStringLiteral("fixChanges"));
    m_changes->setAccessibleName(tr("Changes the fix makes"));
    m_changes->setHorizontalHeaderLabels({tr("Change"), tr("Before"), tr("After")});
    m_changes->verticalHeader()->hide();
    m_changes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_changes->setWordWrap(true);
    m_changes->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_changes->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    QFont mono = font();
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    for (int row = 0; row < int(fix.changes.size()); ++row) {
        const model::FixChange &change = fix.changes[size_t(row)];
        const auto cell = [&](int column, const QString &text, bool code) {
            auto *item = new QTableWidgetItem(text.isEmpty() ? tr("(none)") : text);
            item->setToolTip(item->text());
            if (code && !text.isEmpty())
                item->setFont(mono);
            m_changes->setItem(row, column, item);
        };
        QString target = change.targetText();
        target[0] = target[0].toUpper();
        cell(0, target, false);
        cell(1, change.before, true);
        cell(2, change.after, true);
    }

    m_error->setObjectName(QStringLiteral("fixError"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->hide();
    QPalette warn = m_error->palette();
    warn.setColor(QPalette::WindowText, QColor(0xb0, 0x1c, 0x1c));
    m_error->setPalette(warn);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *applyButton = buttons->addButton(tr("&Apply Fix"), QDialogButtonBox::AcceptRole);
    applyButton->setObjectName(QStringLiteral("applyFixButton"));
    applyButton->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (apply())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(why);
    layout->addWidget(m_changes, 1);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(760, 360);
}

bool FixDialog::apply()
{
    QString why;
    if (m_document && m_document->applyFix(m_fix, &why))
        return true;
    m_error->setText(tr("The fix was not applied: %1").arg(why));
    m_error->show();
    return false;
}

void FixDialog::openFor(Document *document, const model::DesignFix &fix, const QString &diagnosis,
                        QWidget *parent)
{
    auto *dialog = new FixDialog(document, fix, diagnosis, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->show();
}

} // namespace keyscope::ui
