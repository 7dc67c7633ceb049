#pragma once

// Reading QSvgGenerator's output for the animated SVG (animatedsvg.cpp): its start tags'
// attributes and its frames as units of style and markup.

#include <QByteArray>
#include <QHash>
#include <QSizeF>
#include <QString>

#include <string_view>
#include <vector>

namespace keyscope::ui::svgframes {

struct Attr
{
    std::string_view name;
    std::string_view value;
};
using Attrs = std::vector<Attr>;

// The `name="value"` pairs of a start tag's inside, as QSvgGenerator writes them.
Attrs parseAttributes(std::string_view s);
std::string_view attribute(const Attrs &attrs, std::string_view name);
QByteArray bytes(std::string_view s);

// How an element is painted: CSS declarations (become a class) and a transform (an attribute).
struct Style
{
    QByteArray css;
    QByteArray transform;
    QByteArray key() const { return css + '|' + transform; }
};

// Reads QSvgGenerator's output: a root group holding flat groups (one per painter state) of
// drawing elements. Each element becomes a unit: its style plus its own markup.
class FrameParser
{
public:
    struct Unit
    {
        int style = 0;
        QByteArray element;
    };

    // Appends the frame's units (ids) in paint order; false on output it does not understand.
    bool parse(const QByteArray &svg, std::vector<int> &sequence, QString *error);

    const Unit &unit(int id) const { return m_units[size_t(id)]; }
    int unitCount() const { return int(m_units.size()); }
    const Style &style(int id) const { return m_styles[size_t(id)]; }
    const QSizeF &size() const { return m_size; }
    const Attrs &rootAttributes() const { return m_root; }

private:
    // parse() in its steps: the first frame's root, then each group and its elements.
    void readRoot(const QByteArray &svg, size_t rootStart, size_t rootEnd);
    bool parseGroup(std::string_view s, size_t &pos, std::vector<int> &sequence, QString *error);
    bool parseText(std::string_view s, size_t &pos, size_t nameEnd, const Style &shapeStyle,
                   std::vector<int> &sequence, QString *error);
    bool parseShape(std::string_view s, size_t &pos, size_t nameEnd, std::string_view name,
                    const Style &shapeStyle, int &shapeStyleId, std::vector<int> &sequence,
                    QString *error);
    int styleId(Style style);
    int unitId(int style, QByteArray element);
    bool fail(QString *error, const char *what) const
    {
        if (error)
            *error = QStringLiteral("unexpected SVG from the painter: %1").arg(QLatin1String(what));
        return false;
    }

    QByteArray m_first; // the first frame: m_root points into it
    Attrs m_root;
    QSizeF m_size;
    QHash<QByteArray, int> m_styleIds;
    std::vector<Style> m_styles;
    QHash<QByteArray, int> m_unitIds;
    QHash<QByteArray, std::vector<int>> m_groups; // a group's markup: its units
    std::vector<Unit> m_units;
};

} // namespace keyscope::ui::svgframes
