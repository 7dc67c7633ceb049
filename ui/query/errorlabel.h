#pragma once

#include <QLabel>

namespace keyscope::ui {

// A DynamoDB error shown under the field it concerns: the message, and above it the offending
// part of the field's text with the token underlined. DynamoDB gives a position for syntax
// errors only; for the others the token the message ends with (": OR", "keys: {#sk}") is
// underlined where it stands in the text, if it does.
class ErrorLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ErrorLabel(QWidget *parent = nullptr);

    void showError(const QString &message, const QString &source = {}, int position = -1);
    void clearError();

    QString message() const { return m_message; }
    // The underlined token in the source: its offset and length; -1 and 0 when none.
    int tokenStart() const { return m_tokenStart; }
    int tokenLength() const { return m_tokenLength; }

    // Where the token at `position` ends, by DynamoDB's lexical classes.
    static int tokenLength(const QString &source, int position);
    // The token the message ends with, located in the source as a whole token; -1 if absent.
    static int locateNamedToken(const QString &message, const QString &source, int *length);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();

    QString m_message;
    QString m_source;
    int m_tokenStart = -1;
    int m_tokenLength = 0;
};

} // namespace keyscope::ui
