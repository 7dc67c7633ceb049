#pragma once

#include "ui/export/comparediagram.h"
#include "ui/export/diagramexporter.h"

#include <QDialog>

#include <memory>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QMimeData;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QStackedWidget;
class QTimer;

namespace keyscope::ui {

// File > Export Diagram: format (SVG, PNG, PDF, Markdown, or a lesson page: HTML that plays the
// traversal, with predict mode's questions if asked), scale, trace step (the player's by
// default), export theme, legend and background, with a live preview of exactly what will be
// written (the lesson page's picture at the step). Writes atomically (QSaveFile); a failure is
// shown in the dialog, which stays open.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    // `step`: the step to start on; nullopt or out of range: the final state.
    ExportDialog(ExportDiagram::Source source, std::optional<int> step,
                 const QString &suggestedPath, QWidget *parent = nullptr);
    ~ExportDialog() override;

    // Side-by-side mode: offer (and choose) both designs side by side, `other` on the right.
    void setCompare(ExportDiagram::Source other, const QString &beforeLabel,
                    const QString &afterLabel);
    // Both designs are chosen (setCompare and "Both designs side by side").
    bool comparing() const;

    // The diagram with the options chosen now (the main design's, also when comparing).
    std::unique_ptr<ExportDiagram> diagram() const;
    // Both designs at the step chosen (each holds its last step when it has fewer), or null
    // when not comparing.
    std::unique_ptr<CompareDiagram> compareDiagram() const;
    ExportFormat format() const;
    QString path() const;
    void setPath(const QString &path);
    // Writes the file the options describe to path(). False (and the reason shown) on failure.
    bool exportNow();
    // What the last export attempt reported ("" after a success).
    QString errorText() const;
    // The preview's pixmap or text, for tests.
    QImage previewImage() const;
    QString previewText() const;

    QComboBox *formatBox() const { return m_format; }
    QComboBox *subjectBox() const { return m_subject; }
    QDoubleSpinBox *scaleBox() const { return m_scale; }
    QSpinBox *stepBox() const { return m_step; }
    QComboBox *themeBox() const { return m_theme; }
    QCheckBox *legendBox() const { return m_legend; }
    QCheckBox *headingBox() const { return m_heading; }
    QCheckBox *predictBox() const { return m_predict; }
    QCheckBox *transparentBox() const { return m_transparent; }

    // Clipboard payloads: a PNG image (at `scale`) and image/png bytes; SVG as image/svg+xml
    // and as text.
    static QMimeData *imageMimeData(const ExportDiagram &diagram, double scale = 2.0);
    static QMimeData *svgMimeData(const ExportDiagram &diagram);
    static QMimeData *imageMimeData(const CompareDiagram &diagram, double scale = 2.0);
    static QMimeData *svgMimeData(const CompareDiagram &diagram);

protected:
    // The save dialog (tests answer it).
    virtual QString askSavePath(const QString &current);

private:
    void createControls(std::optional<int> step);
    void createPreview();
    void connectControls(QPushButton *browseButton);
    void updateControls();
    void schedulePreview();
    void updatePreview();
    void browse();
    void formatChanged();
    ExportLook look() const;
    // The lesson page of the design (both, when comparing): empty and the reason on failure.
    QByteArray lessonPage(QString *error) const;
    std::optional<int> stepFor(const ExportDiagram::Source &source) const;

    ExportDiagram::Source m_source;
    std::optional<ExportDiagram::Source> m_other;
    QString m_beforeLabel;
    QString m_afterLabel;
    QComboBox *m_subject;
    QComboBox *m_format;
    QDoubleSpinBox *m_scale;
    QSpinBox *m_step;
    QComboBox *m_theme;
    QCheckBox *m_legend;
    QCheckBox *m_heading;
    QCheckBox *m_transparent;
    QCheckBox *m_predict;
    QLineEdit *m_path;
    QLabel *m_sizeLabel;
    QLabel *m_error;
    QStackedWidget *m_previewStack;
    QScrollArea *m_imageArea;
    QLabel *m_image;
    QPlainTextEdit *m_text;
    QDialogButtonBox *m_buttons;
    QTimer *m_previewTimer;
    QImage m_previewImage;
};

} // namespace keyscope::ui
