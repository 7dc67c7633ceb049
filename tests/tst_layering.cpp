// The layering rule as a test: nothing under model/ may include Qt GUI modules or ui/.
// Keep the pattern in sync with model/check_layering.cmake (which enforces it at build time).

#include "tests/support/testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QStringList>
#include <QTest>

class TestLayering : public QObject
{
    Q_OBJECT

private slots:
    void modelDoesNotIncludeGui();
    void uiFoldersDoNotIncludeShell();
};

void TestLayering::modelDoesNotIncludeGui()
{
    const QDir root(keyscope::testsupport::sourceDir());
    const QString modelDir = root.filePath(QStringLiteral("model"));
    QVERIFY2(QDir(modelDir).exists(), qPrintable(modelDir));

    static const QRegularExpression forbidden(QStringLiteral(
        R"(^\s*#\s*include\s*[<"]((QtGui|QtWidgets|QtSvg|QtSvgWidgets|QtOpenGL|QWidget|)"
        R"(QPainter|QImage|QColor|QPixmap)|(\.\./)*ui/))"));

    const QStringList nameFilters {QStringLiteral("*.h"),   QStringLiteral("*.hpp"),
                                   QStringLiteral("*.cpp"), QStringLiteral("*.cc"),
                                   QStringLiteral("*.inl"), QStringLiteral("*.ipp")};
    QDirIterator it(modelDir, nameFilters, QDir::Files, QDirIterator::Subdirectories);
    int scanned = 0;
    QStringList violations;
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(path));
        ++scanned;
        int lineNumber = 0;
        while (!file.atEnd()) {
            const QString line = QString::fromUtf8(file.readLine()).trimmed();
            ++lineNumber;
            if (forbidden.match(line).hasMatch())
                violations << QStringLiteral("%1:%2: %3")
                                  .arg(root.relativeFilePath(path))
                                  .arg(lineNumber)
                                  .arg(line);
        }
    }

    QVERIFY2(scanned > 0, "no source files found under model/");
    QVERIFY2(violations.isEmpty(),
             qPrintable(QStringLiteral("model/ must not include Qt GUI headers or ui/:\n  ")
                        + violations.join(QStringLiteral("\n  "))));
}

// ui/shell/ is the main window's wiring: the panels it assembles never reach back into it.
void TestLayering::uiFoldersDoNotIncludeShell()
{
    const QDir root(keyscope::testsupport::sourceDir());
    const QString uiDir = root.filePath(QStringLiteral("ui"));
    static const QRegularExpression shellInclude(QStringLiteral(R"(^\s*#\s*include\s*"ui/shell/)"));
    QDirIterator it(uiDir, {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                    QDirIterator::Subdirectories);
    int scanned = 0;
    QStringList violations;
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = root.relativeFilePath(path);
        if (relative.startsWith(QLatin1String("ui/shell/")))
            continue;
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(path));
        ++scanned;
        int lineNumber = 0;
        while (!file.atEnd()) {
            const QString line = QString::fromUtf8(file.readLine());
            ++lineNumber;
            if (shellInclude.match(line).hasMatch())
                violations << QStringLiteral("%1:%2: %3")
                                  .arg(relative)
                                  .arg(lineNumber)
                                  .arg(line.trimmed());
        }
    }
    QVERIFY2(scanned > 0, "no source files found under ui/");
    QVERIFY2(violations.isEmpty(),
             qPrintable(QStringLiteral("only ui/shell/ and app/ may include ui/shell/:\n  ")
                        + violations.join(QStringLiteral("\n  "))));
}

QTEST_GUILESS_MAIN(TestLayering)

#include "tst_layering.moc"
