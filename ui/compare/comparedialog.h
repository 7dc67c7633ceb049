#pragma once

#include <QDialog>

class QLabel;
class QListWidget;
class QPushButton;

namespace keyscope::ui {

class ExampleCatalog;

// "Compare Side by Side": picks the second design. When the open project is a built-in example,
// its siblings are listed and the other half of its before/after pair is chosen by default;
// otherwise (or besides) another example from the gallery or a project file.
class CompareDialog : public QDialog
{
    Q_OBJECT

public:
    // `currentExample` is the example file the open project came from, empty when it is not an
    // example.
    CompareDialog(const QString &examplesDirectory, const QString &currentName,
                  const QString &currentExample, QWidget *parent = nullptr);

    // The design that pairs with an example: "before" for "after" (and for extra variants),
    // "after" for "before". Empty when the path is no example or has no sibling.
    static QString siblingOf(const ExampleCatalog &catalog, const QString &examplePath);

    QListWidget *list() const { return m_list; }
    // The project file chosen when the dialog was accepted.
    QString selectedPath() const { return m_selectedPath; }

    // Takes the selected sibling unless an example or a file was chosen.
    void accept() override;

protected:
    virtual QString askProjectFile();

private:
    void chooseExample();
    void chooseFile();

    QString m_examplesDirectory;
    QListWidget *m_list;
    QPushButton *m_compare = nullptr;
    QString m_selectedPath;
};

} // namespace keyscope::ui
