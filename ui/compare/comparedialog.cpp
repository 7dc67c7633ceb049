#include "ui/compare/comparedialog.h"

#include "ui/examples/examplecatalog.h"
#include "ui/examples/examplegallery.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace keyscope::ui {

namespace {

constexpr int kPathRole = Qt::UserRole + 1;

const ExampleCatalog::Entry *entryOf(const ExampleCatalog &catalog, const QString &path,
                                     const ExampleCatalog::Variant **variant = nullptr)
{
    const QString clean = QDir::cleanPath(path);
    for (const ExampleCatalog::Entry &entry : catalog.entries()) {
        for (const ExampleCatalog::Variant &candidate : entry.variants) {
            if (QDir::cleanPath(candidate.path) == clean) {
                if (variant)
                    *variant = &candidate;
                return &entry;
            }
        }
    }
    return nullptr;
}

} // namespace

QString CompareDialog::siblingOf(const ExampleCatalog &catalog, const QString &examplePath)
{
    const ExampleCatalog::Variant *variant = nullptr;
    const ExampleCatalog::Entry *entry = entryOf(catalog, examplePath, &variant);
    if (!entry)
        return {};
    const ExampleCatalog::Variant *before = entry->before();
    const ExampleCatalog::Variant *after = entry->after();
    if (variant == before)
        return after && after != variant ? after->path : QString();
    if (before)
        return before->path;
    for (const ExampleCatalog::Variant &other : entry->variants) {
        if (&other != variant)
            return other.path;
    }
    return {};
}

CompareDialog::CompareDialog(const QString &examplesDirectory, const QString &currentName,
                             const QString &currentExample, QWidget *parent)
    : QDialog(parent)
    , m_examplesDirectory(examplesDirectory)
{
    setWindowTitle(tr("Compare Side by Side"));
    setAccessibleName(tr("Compare side by side"));

    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    m_list = new QListWidget(this);
    m_list->setAccessibleName(tr("Designs to compare with"));
    layout->addWidget(m_list, 1);

    ExampleCatalog catalog;
    catalog.load(examplesDirectory);
    const ExampleCatalog::Variant *current = nullptr;
    const ExampleCatalog::Entry *entry
        = currentExample.isEmpty() ? nullptr : entryOf(catalog, currentExample, &current);
    if (entry) {
        const QString sibling = siblingOf(catalog, currentExample);
        const QDir root(examplesDirectory);
        for (const ExampleCatalog::Variant &variant : entry->variants) {
            if (&variant == current)
                continue;
            auto *item = new QListWidgetItem(
                tr("%1 — %2").arg(variant.label, root.relativeFilePath(variant.path)), m_list);
            item->setData(kPathRole, variant.path);
            item->setToolTip(variant.description.isEmpty() ? entry->title : variant.description);
            if (variant.path == sibling)
                m_list->setCurrentItem(item);
        }
        intro->setText(tr("Play the same access patterns on “%1” and on a second design, in "
                          "step. The other designs of the example “%2”:")
                           .arg(currentName, entry->title));
    } else {
        intro->setText(tr("Play the same access patterns on “%1” and on a second design, in "
                          "step. Choose it among the built-in examples or open a project file.")
                           .arg(currentName));
    }
    // As tall as its few rows: the choice is usually one sibling.
    if (m_list->count() > 0) {
        m_list->setMaximumHeight(m_list->sizeHintForRow(0) * std::min(m_list->count(), 6)
                                 + 2 * m_list->frameWidth() + 4);
    }
    m_list->setVisible(m_list->count() > 0);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    if (m_list->count() > 0) {
        m_compare = buttons->addButton(tr("&Compare"), QDialogButtonBox::AcceptRole);
        m_compare->setDefault(true);
        connect(m_list, &QListWidget::itemActivated, this, &CompareDialog::accept);
    }
    QPushButton *example = buttons->addButton(tr("&Example…"), QDialogButtonBox::ActionRole);
    example->setAccessibleName(tr("Choose an example"));
    connect(example, &QPushButton::clicked, this, &CompareDialog::chooseExample);
    QPushButton *file = buttons->addButton(tr("&File…"), QDialogButtonBox::ActionRole);
    file->setAccessibleName(tr("Choose a project file"));
    connect(file, &QPushButton::clicked, this, &CompareDialog::chooseFile);
    connect(buttons, &QDialogButtonBox::accepted, this, &CompareDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    if (!m_compare)
        example->setDefault(true);
    resize(520, sizeHint().height());
}

void CompareDialog::accept()
{
    if (m_selectedPath.isEmpty()) {
        if (QListWidgetItem *item = m_list->currentItem())
            m_selectedPath = item->data(kPathRole).toString();
    }
    if (!m_selectedPath.isEmpty())
        QDialog::accept();
}

void CompareDialog::chooseExample()
{
    ExampleGallery gallery(m_examplesDirectory, this);
    gallery.setWindowTitle(tr("Compare with Example"));
    if (gallery.exec() == QDialog::Accepted && !gallery.selectedPath().isEmpty()) {
        m_selectedPath = gallery.selectedPath();
        accept();
    }
}

void CompareDialog::chooseFile()
{
    const QString path = askProjectFile();
    if (!path.isEmpty()) {
        m_selectedPath = path;
        accept();
    }
}

QString CompareDialog::askProjectFile()
{
    return QFileDialog::getOpenFileName(this, tr("Compare with Project"), {},
                                        tr("Keyscope projects (*.keyscope.json);;JSON (*.json);;"
                                           "All files (*)"));
}

} // namespace keyscope::ui
