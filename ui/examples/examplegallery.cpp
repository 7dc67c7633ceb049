#include "ui/examples/examplegallery.h"

#include "ui/examples/examplecatalog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QPainter>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

// Two lines per example: the title, then its one-line description in a quieter colour.
class ExampleDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const override
    {
        const QFontMetrics metrics(option.font);
        return QSize(200, metrics.height() * 2 + metrics.leading() + 14);
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        opt.text.clear();
        const QWidget *widget = option.widget;
        QStyle *style = widget ? widget->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

        const bool selected = option.state & QStyle::State_Selected;
        const QPalette::ColorGroup group
            = option.state & QStyle::State_Active ? QPalette::Active : QPalette::Inactive;
        const QRect text = option.rect.adjusted(10, 6, -10, -6);
        QFont titleFont = option.font;
        titleFont.setBold(true);
        const QFontMetrics titleMetrics(titleFont);
        painter->save();
        painter->setFont(titleFont);
        painter->setPen(
            option.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text));
        painter->drawText(
            QRect(text.left(), text.top(), text.width(), titleMetrics.height()),
            Qt::AlignLeft | Qt::AlignVCenter,
            titleMetrics.elidedText(index.data().toString(), Qt::ElideRight, text.width()));
        painter->setFont(option.font);
        const QFontMetrics metrics(option.font);
        QColor quiet = option.palette.color(
            group, selected ? QPalette::HighlightedText : QPalette::PlaceholderText);
        painter->setPen(quiet);
        const QString description = index.data(ExampleCatalog::DescriptionRole).toString();
        painter->drawText(QRect(text.left(), text.top() + titleMetrics.height() + metrics.leading(),
                                text.width(), metrics.height()),
                          Qt::AlignLeft | Qt::AlignVCenter,
                          metrics.elidedText(description, Qt::ElideRight, text.width()));
        painter->restore();
    }
};

} // namespace

ExampleGallery::ExampleGallery(const QString &examplesDirectory, QWidget *parent)
    : QDialog(parent)
    , m_catalog(new ExampleCatalog(this))
{
    setWindowTitle(tr("Open Example"));
    setAccessibleName(tr("Example gallery"));
    resize(760, 520);

    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Each example shows one sort-key strategy. <b>After</b> is the "
                                "design that works; <b>Before</b> is the mistake it fixes."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    m_list = new QListView(this);
    m_list->setModel(m_catalog);
    m_list->setItemDelegate(new ExampleDelegate(m_list));
    m_list->setAccessibleName(tr("Examples"));
    m_list->setUniformItemSizes(true);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_list, 1);

    m_strategy = new QLabel(this);
    m_strategy->setAccessibleName(tr("Strategy"));
    QFont strategyFont = m_strategy->font();
    strategyFont.setBold(true);
    m_strategy->setFont(strategyFont);
    layout->addWidget(m_strategy);
    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    // Always rich text: the details are escaped HTML, and an entry without variant notes has no
    // tag that would make AutoText read them as HTML ("&quot;" on screen).
    m_description->setTextFormat(Qt::RichText);
    m_description->setAccessibleName(tr("Example description"));
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_description);

    m_buttons = new QHBoxLayout;
    layout->addLayout(m_buttons);

    const QString error = m_catalog->load(examplesDirectory);
    if (!error.isEmpty())
        m_description->setText(error);

    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &ExampleGallery::currentChanged);
    connect(m_list, &QListView::activated, this, [this] { openVariant(0); });
    if (m_catalog->rowCount() > 0)
        m_list->setCurrentIndex(m_catalog->index(0));
    m_list->setFocus();
}

void ExampleGallery::selectExample(const QString &id)
{
    const int row = m_catalog->rowOf(id);
    if (row >= 0)
        m_list->setCurrentIndex(m_catalog->index(row));
}

bool ExampleGallery::selectExampleFile(const QString &path)
{
    if (path.isEmpty())
        return false;
    const QString wanted = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const std::vector<ExampleCatalog::Entry> &entries = m_catalog->entries();
    for (int row = 0; row < int(entries.size()); ++row) {
        for (const ExampleCatalog::Variant &variant : entries[size_t(row)].variants) {
            if (QDir::cleanPath(QFileInfo(variant.path).absoluteFilePath()) == wanted) {
                m_list->setCurrentIndex(m_catalog->index(row));
                return true;
            }
        }
    }
    return false;
}

void ExampleGallery::keepCurrentVisible()
{
    // The details under the list change height with the entry (variants add lines), which
    // resizes the list after it scrolled: scroll again once the layout has settled.
    if (QLayout *box = layout())
        box->activate();
    m_list->scrollTo(m_list->currentIndex());
    QTimer::singleShot(0, this, [this] { m_list->scrollTo(m_list->currentIndex()); });
}

void ExampleGallery::openVariant(int variant)
{
    const ExampleCatalog::Entry *entry = m_catalog->entry(m_list->currentIndex().row());
    if (!entry || variant < 0 || variant >= int(entry->variants.size()))
        return;
    m_selectedPath = entry->variants[size_t(variant)].path;
    accept();
}

void ExampleGallery::currentChanged()
{
    qDeleteAll(m_variantButtons);
    m_variantButtons.clear();
    while (QLayoutItem *item = m_buttons->takeAt(0))
        delete item;

    const ExampleCatalog::Entry *entry = m_catalog->entry(m_list->currentIndex().row());
    m_strategy->setText(entry ? entry->strategy : QString());
    m_strategy->setVisible(entry && !entry->strategy.isEmpty());
    QString details = entry ? entry->description.toHtmlEscaped() : QString();
    if (entry) {
        for (const ExampleCatalog::Variant &variant : entry->variants) {
            if (!variant.description.isEmpty())
                details
                    += QStringLiteral("<br><b>%1:</b> %2")
                           .arg(variant.label.toHtmlEscaped(), variant.description.toHtmlEscaped());
        }
    }
    m_description->setText(details);

    m_buttons->addStretch(1);
    if (entry) {
        // Before first, reading left to right as the story goes; After is the default.
        std::vector<int> order;
        for (int i = 0; i < int(entry->variants.size()); ++i)
            order.push_back(i);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            const auto rank = [&](int i) {
                const QString &label = entry->variants[size_t(i)].label;
                return label == tr("Before") ? 0 : label == tr("After") ? 2 : 1;
            };
            return rank(a) < rank(b);
        });
        for (int i : order) {
            const ExampleCatalog::Variant &variant = entry->variants[size_t(i)];
            auto *button = new QPushButton(tr("Open %1").arg(variant.label), this);
            button->setAccessibleName(tr("Open the %1 version").arg(variant.label));
            button->setToolTip(variant.path);
            button->setAutoDefault(false);
            button->setDefault(i == 0);
            connect(button, &QPushButton::clicked, this, [this, i] { openVariant(i); });
            m_buttons->addWidget(button);
            m_variantButtons << button;
        }
    }
    auto *cancel = new QPushButton(tr("Cancel"), this);
    cancel->setAutoDefault(false);
    connect(cancel, &QPushButton::clicked, this, &QDialog::reject);
    m_buttons->addSpacing(12);
    m_buttons->addWidget(cancel);
    m_variantButtons << cancel;
    // Shown now, not when the layout gets round to it: the list's height depends on them.
    // Before the dialog is first shown they are left alone; hiding them would keep them hidden.
    if (isVisible()) {
        for (QPushButton *button : std::as_const(m_variantButtons))
            button->show();
    }
    keepCurrentVisible();
}

} // namespace keyscope::ui
