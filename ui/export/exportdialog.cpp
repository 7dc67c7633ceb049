#include "ui/export/exportdialog.h"

#include "ui/export/lessonpage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace keyscope::ui {

namespace {

constexpr double kPreviewWidth = 560;

// The step as the player shows it ("19 of 19" where the player says "Step 19/19"); the value
// stays the step's index (from 0, -1 for the final state) as the export takes it.
class StepBox : public QSpinBox
{
public:
    using QSpinBox::QSpinBox;

protected:
    QString textFromValue(int value) const override
    {
        return ExportDialog::tr("%1 of %2").arg(value + 1).arg(maximum() + 1);
    }

    int valueFromText(const QString &text) const override
    {
        static const QRegularExpression number(QStringLiteral("\\d+"));
        const QRegularExpressionMatch match = number.match(text);
        return match.hasMatch() ? match.captured().toInt() - 1 : minimum();
    }

    QValidator::State validate(QString &text, int &) const override
    {
        if (text == specialValueText())
            return QValidator::Acceptable;
        if (specialValueText().startsWith(text))
            return QValidator::Intermediate;
        static const QRegularExpression form(
            QStringLiteral("^\\s*(\\d*)\\s*(o(f(\\s*\\d*)?)?)?\\s*$"));
        const QRegularExpressionMatch match = form.match(text);
        if (!match.hasMatch())
            return QValidator::Invalid;
        if (match.captured(1).isEmpty())
            return QValidator::Intermediate;
        const int value = match.captured(1).toInt() - 1;
        return value >= 0 && value <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
    }
};

} // namespace

ExportDialog::ExportDialog(ExportDiagram::Source source, std::optional<int> step,
                           const QString &suggestedPath, QWidget *parent)
    : QDialog(parent)
    , m_source(std::move(source))
{
    setWindowTitle(tr("Export Diagram"));
    setAccessibleName(tr("Export diagram"));

    createControls(step);

    m_path = new QLineEdit(suggestedPath, this);
    m_path->setAccessibleName(tr("File"));
    m_path->setMinimumWidth(280);
    auto *browseButton = new QPushButton(tr("&Browse…"), this);
    browseButton->setAccessibleName(tr("Browse for the file"));
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);

    auto *form = new QFormLayout;
    form->addRow(tr("&Designs:"), m_subject);
    form->setRowVisible(m_subject, false);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Scale:"), m_scale);
    form->addRow(tr("S&tep:"), m_step);
    form->addRow(tr("T&heme:"), m_theme);
    form->addRow(QString(), m_legend);
    form->addRow(QString(), m_heading);
    form->addRow(QString(), m_transparent);
    form->addRow(QString(), m_predict);
    // The field is a row of two widgets, so the label names its buddy itself (a label without
    // one would show the "&").
    auto *fileLabel = new QLabel(tr("F&ile:"), this);
    fileLabel->setBuddy(m_path);
    form->addRow(fileLabel, pathRow);

    createPreview();

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *exportButton = m_buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    exportButton->setDefault(true);
    exportButton->setAccessibleName(tr("Export"));

    auto *controls = new QVBoxLayout;
    controls->addLayout(form);
    controls->addWidget(m_sizeLabel);
    controls->addWidget(m_error);
    controls->addStretch();
    auto *body = new QHBoxLayout;
    body->addLayout(controls);
    body->addWidget(m_previewStack, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(m_buttons);

    connectControls(browseButton);

    if (const auto format = exportFormatForPath(suggestedPath))
        m_format->setCurrentIndex(m_format->findData(int(*format)));
    updateControls();
    updatePreview();
}

// The format, scale, step, theme and the options, each named for screen readers.
void ExportDialog::createControls(std::optional<int> step)
{
    m_subject = new QComboBox(this);
    m_subject->addItem(tr("Both designs side by side"));
    m_subject->addItem(tr("This design only"));
    m_subject->setAccessibleName(tr("Designs"));
    m_subject->setToolTip(tr("In side-by-side mode: both designs as one before/after diagram"));

    m_format = new QComboBox(this);
    m_format->addItem(tr("SVG (vector, text stays text)"), int(ExportFormat::Svg));
    m_format->addItem(tr("PNG image"), int(ExportFormat::Png));
    m_format->addItem(tr("PDF (one vector page)"), int(ExportFormat::Pdf));
    m_format->addItem(tr("Markdown table"), int(ExportFormat::Markdown));
    m_format->addItem(tr("Lesson page (HTML that plays the traversal)"), int(ExportFormat::Html));
    m_format->setAccessibleName(tr("Format"));

    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.25, 8);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(2);
    m_scale->setSuffix(QStringLiteral("×"));
    m_scale->setAccessibleName(tr("Scale"));
    m_scale->setToolTip(tr("PNG pixels per diagram pixel"));

    const int steps = m_source.timeline ? m_source.timeline->stepCount() : 0;
    m_step = new StepBox(this);
    m_step->setRange(-1, std::max(-1, steps - 1));
    m_step->setSpecialValueText(tr("End (final state)"));
    m_step->setValue(step && *step >= 0 && *step < steps ? *step : -1);
    m_step->setAccessibleName(tr("Step"));
    m_step->setToolTip(tr("The traversal step to draw, numbered as the player shows it"));
    m_step->setEnabled(steps > 0);

    m_theme = new QComboBox(this);
    m_theme->addItem(tr("Light"));
    m_theme->addItem(tr("Dark"));
    m_theme->setAccessibleName(tr("Theme"));

    m_legend = new QCheckBox(tr("&Legend"), this);
    m_legend->setChecked(true);
    m_legend->setAccessibleName(tr("Legend"));
    m_heading = new QCheckBox(tr("&Heading: design, pattern and Query"), this);
    m_heading->setChecked(true);
    m_heading->setAccessibleName(tr("Heading"));
    m_transparent = new QCheckBox(tr("&Transparent background"), this);
    m_transparent->setAccessibleName(tr("Transparent background"));
    m_predict = new QCheckBox(tr("&Predict: ask before each step"), this);
    m_predict->setAccessibleName(tr("Predict"));
    m_predict->setToolTip(tr("The lesson page asks predict mode's questions before the steps"));
}

// The size and error lines, and the preview: a picture, or the text for Markdown.
void ExportDialog::createPreview()
{
    m_sizeLabel = new QLabel(this);
    m_sizeLabel->setAccessibleName(tr("Export size"));
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828"));
    m_error->setAccessibleName(tr("Export error"));
    m_error->hide();

    m_image = new QLabel;
    m_image->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_image->setAccessibleName(tr("Preview"));
    m_imageArea = new QScrollArea(this);
    m_imageArea->setWidget(m_image);
    m_imageArea->setWidgetResizable(false);
    m_text = new QPlainTextEdit(this);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setAccessibleName(tr("Markdown preview"));
    m_text->setFont(QFont(QStringLiteral("DejaVu Sans Mono")));
    m_previewStack = new QStackedWidget(this);
    m_previewStack->addWidget(m_imageArea);
    m_previewStack->addWidget(m_text);
    m_previewStack->setMinimumSize(int(kPreviewWidth) + 24, 420);
}

void ExportDialog::connectControls(QPushButton *browseButton)
{
    m_previewTimer = new QTimer(this);
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(40);
    connect(m_previewTimer, &QTimer::timeout, this, &ExportDialog::updatePreview);

    connect(m_subject, &QComboBox::currentIndexChanged, this, &ExportDialog::schedulePreview);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updateControls);
    connect(m_step, &QSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    connect(m_theme, &QComboBox::currentIndexChanged, this, &ExportDialog::schedulePreview);
    connect(m_legend, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    connect(m_heading, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    connect(m_transparent, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    connect(m_subject, &QComboBox::currentIndexChanged, this, &ExportDialog::updateControls);
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (exportNow())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

ExportDialog::~ExportDialog() = default;

ExportFormat ExportDialog::format() const
{
    return ExportFormat(m_format->currentData().toInt());
}

QString ExportDialog::path() const
{
    return m_path->text();
}

void ExportDialog::setPath(const QString &path)
{
    m_path->setText(path);
}

void ExportDialog::setCompare(ExportDiagram::Source other, const QString &beforeLabel,
                              const QString &afterLabel)
{
    m_other = std::move(other);
    m_beforeLabel = beforeLabel;
    m_afterLabel = afterLabel;
    if (auto *form = findChild<QFormLayout *>())
        form->setRowVisible(m_subject, true);
    m_subject->setCurrentIndex(0);
    // The step runs as far as the longer traversal (the shorter holds its last step).
    const int steps = std::max(m_source.timeline ? m_source.timeline->stepCount() : 0,
                               m_other->timeline ? m_other->timeline->stepCount() : 0);
    m_step->setRange(-1, std::max(-1, steps - 1));
    m_step->setEnabled(steps > 0);
    updatePreview();
}

bool ExportDialog::comparing() const
{
    return m_other && m_subject->currentIndex() == 0;
}

ExportLook ExportDialog::look() const
{
    ExportLook look;
    look.dark = m_theme->currentIndex() == 1;
    look.legend = m_legend->isChecked();
    look.heading = m_heading->isChecked();
    if (m_transparent->isChecked() && m_transparent->isEnabled())
        look.background = Qt::transparent;
    return look;
}

QByteArray ExportDialog::lessonPage(QString *error) const
{
    std::vector<LessonPageDesign> designs;
    designs.push_back({ExportDiagram::fromSource(m_source, std::nullopt, lessonLook(look())),
                       comparing() ? m_beforeLabel : QString()});
    if (comparing())
        designs.push_back(
            {ExportDiagram::fromSource(*m_other, std::nullopt, lessonLook(look())), m_afterLabel});
    auto page = lessonPageHtml(designs, m_predict->isChecked() && !comparing());
    if (auto *problem = std::get_if<ExportError>(&page)) {
        *error = problem->message.left(1).toUpper() + problem->message.mid(1) + u'.';
        return {};
    }
    return std::get<QByteArray>(page);
}

std::optional<int> ExportDialog::stepFor(const ExportDiagram::Source &source) const
{
    const int step = m_step->value();
    const int steps = source.timeline ? source.timeline->stepCount() : 0;
    if (step < 0 || steps == 0)
        return std::nullopt;
    return std::min(step, steps - 1);
}

std::unique_ptr<ExportDiagram> ExportDialog::diagram() const
{
    return ExportDiagram::fromSource(m_source, stepFor(m_source), look());
}

std::unique_ptr<CompareDiagram> ExportDialog::compareDiagram() const
{
    if (!comparing())
        return nullptr;
    return std::make_unique<CompareDiagram>(
        ExportDiagram::fromSource(m_source, stepFor(m_source), look()),
        ExportDiagram::fromSource(*m_other, stepFor(*m_other), look()), m_beforeLabel,
        m_afterLabel);
}

void ExportDialog::formatChanged()
{
    // Keep the file name's extension in step with the format.
    const QString current = m_path->text();
    if (!current.isEmpty()) {
        const QFileInfo info(current);
        const QString suffix = exportFormatSuffix(format());
        if (info.suffix().toLower() != suffix) {
            const QString base = exportFormatForPath(current)
                ? current.left(current.size() - info.suffix().size() - 1)
                : current;
            m_path->setText(base + QLatin1Char('.') + suffix);
        }
    }
    updateControls();
}

void ExportDialog::updateControls()
{
    const ExportFormat f = format();
    m_scale->setEnabled(f == ExportFormat::Png);
    m_transparent->setEnabled(f == ExportFormat::Png || f == ExportFormat::Svg);
    m_theme->setEnabled(f != ExportFormat::Markdown);
    m_legend->setEnabled(f != ExportFormat::Markdown);
    // A lesson page shows the heading as text; its questions are about one design.
    m_heading->setEnabled(f != ExportFormat::Markdown && f != ExportFormat::Html);
    m_predict->setEnabled(f == ExportFormat::Html && !comparing());
    schedulePreview();
}

void ExportDialog::schedulePreview()
{
    m_previewTimer->start();
}

void ExportDialog::updatePreview()
{
    m_previewTimer->stop();
    const std::unique_ptr<ExportDiagram> d = diagram();
    const std::unique_ptr<CompareDiagram> both = compareDiagram();
    const QSizeF size = both ? both->logicalSize() : d->logicalSize();
    if (format() == ExportFormat::Markdown) {
        const QByteArray markdown = both ? both->toMarkdown() : d->toMarkdown();
        m_text->setPlainText(QString::fromUtf8(markdown));
        m_previewStack->setCurrentWidget(m_text);
        m_sizeLabel->setText(tr("%1 lines of Markdown").arg(markdown.count('\n')));
        return;
    }
    QString limit = both ? both->before().pictureLimitMessage() : d->pictureLimitMessage();
    if (both && limit.isEmpty())
        limit = both->after().pictureLimitMessage();
    if (!limit.isEmpty()) {
        m_previewImage = QImage();
        m_image->setPixmap(QPixmap());
        m_image->setText(limit.left(1).toUpper() + limit.mid(1) + QLatin1Char('.'));
        m_image->setWordWrap(true);
        m_image->setFixedWidth(int(kPreviewWidth));
        m_image->adjustSize();
        m_previewStack->setCurrentWidget(m_imageArea);
        m_sizeLabel->clear();
        return;
    }
    m_image->setText(QString());
    m_image->setMinimumWidth(0);
    m_image->setMaximumWidth(QWIDGETSIZE_MAX);
    // Fit the width of the preview; the page scrolls vertically.
    const double fit = std::min(1.0, kPreviewWidth / size.width());
    m_previewImage = both ? both->toImage(fit) : d->toImage(fit);
    if (m_transparent->isChecked() && m_transparent->isEnabled()) {
        // A checkerboard behind a transparent page, as image editors show it.
        QImage shown(m_previewImage.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&shown);
        for (int y = 0; y < shown.height(); y += 8)
            for (int x = 0; x < shown.width(); x += 8)
                painter.fillRect(x, y, 8, 8,
                                 ((x + y) / 8) % 2 ? QColor(0xcc, 0xcc, 0xcc) : QColor(Qt::white));
        painter.drawImage(0, 0, m_previewImage);
        painter.end();
        m_image->setPixmap(QPixmap::fromImage(shown));
    } else {
        m_image->setPixmap(QPixmap::fromImage(m_previewImage));
    }
    m_image->adjustSize();
    m_previewStack->setCurrentWidget(m_imageArea);
    // Show where the step happens: its row (the last row reached for the final state).
    if (const model::TraceTimeline *timeline = m_source.timeline.get();
        !both && timeline && timeline->stepCount() > 0) {
        quint32 row = model::QueryTrace::kNoRow;
        if (d->step() >= 0)
            row = timeline->step(d->step()).row;
        else if (!timeline->trace().visits.empty())
            row = timeline->trace().visits.back().position;
        if (row != model::QueryTrace::kNoRow) {
            const double y = d->rowCenterY(qsizetype(row));
            // After the scroll area has taken the new pixmap's size.
            QTimer::singleShot(0, this, [this, target = int(y * fit)] {
                m_imageArea->ensureVisible(0, target, 0, m_imageArea->viewport()->height() / 2);
            });
        }
    }
    const QSize pixels
        = format() == ExportFormat::Png ? (size * m_scale->value()).toSize() : size.toSize();
    m_sizeLabel->setText(format() == ExportFormat::Pdf
                             ? tr("%1 × %2 pt page")
                                   .arg(qRound(size.width() * 0.75))
                                   .arg(qRound(size.height() * 0.75))
                             : tr("%1 × %2 px").arg(pixels.width()).arg(pixels.height()));
}

QImage ExportDialog::previewImage() const
{
    return m_previewImage;
}

QString ExportDialog::previewText() const
{
    return m_text->toPlainText();
}

QString ExportDialog::errorText() const
{
    return m_error->isVisible() || !m_error->text().isEmpty() ? m_error->text() : QString();
}

QString ExportDialog::askSavePath(const QString &current)
{
    const ExportFormat f = format();
    const QString filter = f == ExportFormat::Svg ? tr("SVG images (*.svg)")
        : f == ExportFormat::Png                  ? tr("PNG images (*.png)")
        : f == ExportFormat::Pdf                  ? tr("PDF documents (*.pdf)")
        : f == ExportFormat::Html                 ? tr("Web pages (*.html)")
                                                  : tr("Markdown (*.md)");
    return QFileDialog::getSaveFileName(this, tr("Export Diagram"), current, filter);
}

void ExportDialog::browse()
{
    const QString chosen = askSavePath(m_path->text());
    if (chosen.isEmpty())
        return;
    m_path->setText(chosen);
    if (const auto f = exportFormatForPath(chosen); f && *f != format())
        m_format->setCurrentIndex(m_format->findData(int(*f)));
}

bool ExportDialog::exportNow()
{
    const auto fail = [this](const QString &message) {
        m_error->setText(message);
        m_error->show();
        return false;
    };
    const QString target = m_path->text().trimmed();
    if (target.isEmpty())
        return fail(tr("Choose a file to export to."));
    const std::unique_ptr<ExportDiagram> d = diagram();
    const std::unique_ptr<CompareDiagram> both = compareDiagram();
    QString limit = both ? both->before().pictureLimitMessage() : d->pictureLimitMessage();
    if (both && limit.isEmpty())
        limit = both->after().pictureLimitMessage();
    if (!limit.isEmpty() && format() != ExportFormat::Markdown)
        return fail(limit.left(1).toUpper() + limit.mid(1) + QLatin1Char('.'));
    QByteArray bytes;
    switch (format()) {
    case ExportFormat::Svg:
        bytes = both ? both->toSvg() : d->toSvg();
        break;
    case ExportFormat::Pdf:
        bytes = both ? both->toPdf() : d->toPdf();
        break;
    case ExportFormat::Markdown:
        bytes = both ? both->toMarkdown() : d->toMarkdown();
        break;
    case ExportFormat::Html: {
        QString problem;
        bytes = lessonPage(&problem);
        if (bytes.isEmpty())
            return fail(problem);
        break;
    }
    case ExportFormat::Frames: // not offered by the dialog
        return fail(tr("Choose SVG, PNG, PDF, Markdown or a lesson page."));
    case ExportFormat::Png: {
        const QSizeF size = both ? both->logicalSize() : d->logicalSize();
        if (const QString problem = imageSizeProblem(size, m_scale->value()); !problem.isEmpty())
            return fail(problem.left(1).toUpper() + problem.mid(1) + u'.');
        bytes = encodePng(both ? both->toImage(m_scale->value()) : d->toImage(m_scale->value()));
        if (bytes.isEmpty())
            return fail(tr("Could not encode the PNG image (%1 × %2 px is too large?). Try a "
                           "smaller scale.")
                            .arg(qRound(size.width() * m_scale->value()))
                            .arg(qRound(size.height() * m_scale->value())));
        break;
    }
    }
    // A folder that does not exist yet (Documents on a fresh account) is made.
    const QString folder = QFileInfo(target).absolutePath();
    if (!QFileInfo(folder).isDir() && !QDir().mkpath(folder))
        return fail(tr("Could not create the folder %1.").arg(QDir::toNativeSeparators(folder)));
    const ExportError error = writeExportFile(target, bytes);
    if (error)
        return fail(tr("Could not write the file: %1").arg(error.message));
    m_error->clear();
    m_error->hide();
    return true;
}

namespace {

QMimeData *imageMime(const QImage &image)
{
    auto *mime = new QMimeData;
    mime->setImageData(image);
    mime->setData(QStringLiteral("image/png"), encodePng(image));
    return mime;
}

QMimeData *svgMime(const QByteArray &svg)
{
    auto *mime = new QMimeData;
    mime->setData(QStringLiteral("image/svg+xml"), svg);
    mime->setText(QString::fromUtf8(svg));
    return mime;
}

} // namespace

QMimeData *ExportDialog::imageMimeData(const CompareDiagram &diagram, double scale)
{
    return imageMime(diagram.toImage(scale));
}

QMimeData *ExportDialog::svgMimeData(const CompareDiagram &diagram)
{
    return svgMime(diagram.toSvg());
}

QMimeData *ExportDialog::imageMimeData(const ExportDiagram &diagram, double scale)
{
    return imageMime(diagram.toImage(scale));
}

QMimeData *ExportDialog::svgMimeData(const ExportDiagram &diagram)
{
    return svgMime(diagram.toSvg());
}

} // namespace keyscope::ui
