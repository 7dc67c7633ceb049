#pragma once

#include <QDialog>

class QLabel;
class QListView;
class QPushButton;
class QHBoxLayout;

namespace keyscope::ui {

class ExampleCatalog;

// "Open Example": the built-in strategies, each with its one-line description; opens the design
// that works ("After", the default button), the mistake ("Before"), or a variant.
class ExampleGallery : public QDialog
{
    Q_OBJECT

public:
    explicit ExampleGallery(const QString &examplesDirectory, QWidget *parent = nullptr);

    ExampleCatalog *catalog() const { return m_catalog; }
    QListView *list() const { return m_list; }
    void selectExample(const QString &id);
    // Selects the example one of whose variants is the file at `path` (the example open in
    // the window); false when it is none of them.
    bool selectExampleFile(const QString &path);
    // The project file chosen when the dialog was accepted.
    QString selectedPath() const { return m_selectedPath; }
    // Accepts the dialog with the current example's variant at `variant` (0 = after).
    void openVariant(int variant);

private:
    void currentChanged();
    // Keeps the current entry whole in view once the details below have their new height.
    void keepCurrentVisible();

    ExampleCatalog *m_catalog;
    QListView *m_list;
    QLabel *m_strategy;
    QLabel *m_description;
    QHBoxLayout *m_buttons;
    QList<QPushButton *> m_variantButtons;
    QString m_selectedPath;
};

} // namespace keyscope::ui
