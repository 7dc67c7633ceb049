#include "ui/export/svgframeparser.h"

#include <QPointF>

#include <cctype>
#include <optional>
#include <string>

namespace keyscope::ui::svgframes {

namespace {

constexpr auto npos = std::string_view::npos;

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// Generic families after the fixed export fonts, for viewers without DejaVu.
QByteArray fontFamily(std::string_view family)
{
    if (family == "DejaVu Sans Mono")
        return QByteArrayLiteral("DejaVu Sans Mono,monospace");
    if (family == "DejaVu Sans")
        return QByteArrayLiteral("DejaVu Sans,Verdana,sans-serif");
    if (family == "Sans Serif")
        return QByteArrayLiteral("sans-serif");
    return QByteArray(family.data(), qsizetype(family.size()));
}

// Path data of absolute points ("M1,2 C3,4 5,6 7,8 L9,10"): each point and the command that
// starts with it (0 for a curve's later points). False for anything else.
bool parsePathPoints(std::string_view d, std::vector<char> &commands, std::vector<QPointF> &points)
{
    size_t i = 0;
    while (i < d.size()) {
        while (i < d.size() && d[i] == ' ')
            ++i;
        if (i >= d.size())
            break;
        size_t end = d.find(' ', i);
        if (end == std::string_view::npos)
            end = d.size();
        std::string_view token = d.substr(i, end - i);
        i = end;
        char command = 0;
        if (!token.empty() && std::isalpha(static_cast<unsigned char>(token.front()))) {
            command = token.front();
            token.remove_prefix(1);
        }
        const size_t comma = token.find(',');
        if (comma == std::string_view::npos)
            return false;
        bool okX = false;
        bool okY = false;
        const double x = bytes(token.substr(0, comma)).toDouble(&okX);
        const double y = bytes(token.substr(comma + 1)).toDouble(&okY);
        if (!okX || !okY)
            return false;
        commands.push_back(command);
        points.emplace_back(x, y);
    }
    return true;
}

// The box of a rounded rectangle: its left and top, its corners' radii, its right and bottom.
struct PathRoundedBox
{
    double x = 0;
    double y = 0;
    double rx = 0;
    double ry = 0;
    double right = 0;
    double bottom = 0;
};

bool sameCoordinate(double a, double b)
{
    return std::abs(a - b) < 0.01;
}

// M, then four quarter curves, each optionally followed by a line (zero-length lines are left
// out by Qt, as in a badge that is a circle or a pill), round a box.
std::optional<PathRoundedBox> roundedBoxOf(const std::vector<char> &commands,
                                           const std::vector<QPointF> &points)
{
    if (points.size() < 13 || commands[0] != 'M')
        return std::nullopt;
    std::vector<QPointF> ends;   // where each curve ends
    std::vector<QPointF> starts; // where each curve starts
    QPointF current = points[0];
    size_t k = 1;
    while (k < points.size()) {
        if (commands[k] == 'C' && k + 2 < points.size() && !commands[k + 1] && !commands[k + 2]) {
            starts.push_back(current);
            current = points[k + 2];
            ends.push_back(current);
            k += 3;
        } else if (commands[k] == 'L') {
            current = points[k];
            ++k;
        } else {
            return std::nullopt;
        }
    }
    if (ends.size() != 4)
        return std::nullopt;
    const auto near = [](const QPointF &a, double x, double y) {
        return sameCoordinate(a.x(), x) && sameCoordinate(a.y(), y);
    };
    const PathRoundedBox b {.x = points[0].x(),
                            .y = ends[0].y(),
                            .rx = ends[0].x() - points[0].x(),
                            .ry = points[0].y() - ends[0].y(),
                            .right = ends[1].x(),
                            .bottom = ends[2].y()};
    if (!(b.rx > 0 && b.ry > 0 && b.right - b.x >= 2 * b.rx - 0.01
          && b.bottom - b.y >= 2 * b.ry - 0.01 && near(starts[1], b.right - b.rx, b.y)
          && near(ends[1], b.right, b.y + b.ry) && near(starts[2], b.right, b.bottom - b.ry)
          && near(ends[2], b.right - b.rx, b.bottom) && near(starts[3], b.x + b.rx, b.bottom)
          && near(ends[3], b.x, b.bottom - b.ry) && near(current, b.x, b.y + b.ry)))
        return std::nullopt;
    return b;
}

// QPainter::drawRoundedRect reaches QSvgGenerator as a path of four curves and four lines
// (200 bytes); as <rect rx ry> (or <circle>, <ellipse>) it is a quarter of that. Anything else
// stays a path.
std::optional<QByteArray> roundedRect(std::string_view d)
{
    std::vector<char> commands;
    std::vector<QPointF> points;
    if (!parsePathPoints(d, commands, points))
        return std::nullopt;
    const std::optional<PathRoundedBox> box = roundedBoxOf(commands, points);
    if (!box)
        return std::nullopt;
    const auto [x, y, rx, ry, right, bottom] = *box;
    const auto number = [](double v) { return QByteArray::number(v, 'g', 6); };
    if (sameCoordinate(right - x, 2 * rx) && sameCoordinate(bottom - y, 2 * ry)) {
        const QByteArray centre = "cx=\"" + number(x + rx) + "\" cy=\"" + number(y + ry) + '"';
        if (sameCoordinate(rx, ry))
            return "<circle " + centre + " r=\"" + number(rx) + '"';
        return "<ellipse " + centre + " rx=\"" + number(rx) + "\" ry=\"" + number(ry) + '"';
    }
    QByteArray rect = "<rect x=\"" + number(x) + "\" y=\"" + number(y) + "\" width=\""
        + number(right - x) + "\" height=\"" + number(bottom - y) + "\" rx=\"" + number(rx) + '"';
    if (!sameCoordinate(rx, ry))
        rect += " ry=\"" + number(ry) + '"';
    return rect;
}

void addCss(QByteArray &css, std::string_view name, std::string_view value)
{
    css += bytes(name);
    css += ':';
    if (name == "font-family")
        css += fontFamily(value);
    else
        css += bytes(value);
    // CSS lengths need a unit where SVG attributes do not.
    if ((name == "font-size" || name == "stroke-width") && !value.empty()
        && (std::isdigit(static_cast<unsigned char>(value.back())) || value.back() == '.'))
        css += "px";
    css += ';';
}

bool isDefault(std::string_view name, std::string_view value)
{
    return ((name == "fill-opacity" || name == "stroke-opacity") && value == "1")
        || (name == "font-weight" && value == "400") || (name == "font-style" && value == "normal")
        || (name == "transform" && value == "matrix(1,0,0,1,0,0)");
}

bool isFont(std::string_view name)
{
    return name.substr(0, 5) == "font-";
}

void skipSpace(std::string_view s, size_t &pos)
{
    while (pos < s.size() && isSpace(s[pos]))
        ++pos;
}

} // namespace

Attrs parseAttributes(std::string_view s)
{
    Attrs out;
    size_t i = 0;
    while (true) {
        while (i < s.size() && isSpace(s[i]))
            ++i;
        const size_t eq = s.find('=', i);
        if (i >= s.size() || eq == std::string_view::npos)
            break;
        size_t nameEnd = eq;
        while (nameEnd > i && isSpace(s[nameEnd - 1]))
            --nameEnd;
        const size_t open = s.find('"', eq);
        const size_t close = open == std::string_view::npos ? open : s.find('"', open + 1);
        if (close == std::string_view::npos)
            break;
        out.push_back({s.substr(i, nameEnd - i), s.substr(open + 1, close - open - 1)});
        i = close + 1;
    }
    return out;
}

std::string_view attribute(const Attrs &attrs, std::string_view name)
{
    for (const Attr &a : attrs) {
        if (a.name == name)
            return a.value;
    }
    return {};
}

QByteArray bytes(std::string_view s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}

int FrameParser::styleId(Style style)
{
    const QByteArray key = style.key();
    const auto it = m_styleIds.constFind(key);
    if (it != m_styleIds.cend())
        return *it;
    const int id = int(m_styles.size());
    m_styles.push_back(std::move(style));
    m_styleIds.insert(key, id);
    return id;
}

int FrameParser::unitId(int style, QByteArray element)
{
    QByteArray key = QByteArray::number(style) + ' ' + element;
    const auto it = m_unitIds.constFind(key);
    if (it != m_unitIds.cend())
        return *it;
    const int id = int(m_units.size());
    m_units.push_back({style, std::move(element)});
    m_unitIds.insert(key, id);
    return id;
}

bool FrameParser::parse(const QByteArray &svg, std::vector<int> &sequence, QString *error)
{
    const std::string_view s(svg.constData(), size_t(svg.size()));
    const size_t defsEnd = s.find("</defs>");
    const size_t rootStart = defsEnd == npos ? npos : s.find("<g", defsEnd);
    const size_t rootEnd = rootStart == npos ? npos : s.find('>', rootStart);
    if (rootEnd == npos)
        return fail(error, "no root group");
    if (m_first.isEmpty())
        readRoot(svg, rootStart, rootEnd);
    size_t pos = rootEnd + 1;
    while (true) {
        skipSpace(s, pos);
        if (s.compare(pos, 4, "</g>") == 0)
            return true; // the root group ends
        if (s.compare(pos, 3, "<g ") != 0 && s.compare(pos, 3, "<g\n") != 0)
            return fail(error, "expected a group");
        if (!parseGroup(s, pos, sequence, error))
            return false;
    }
}

// The first frame's root group and view box: every frame shares them.
void FrameParser::readRoot(const QByteArray &svg, size_t rootStart, size_t rootEnd)
{
    m_first = svg;
    const std::string_view first(m_first.constData(), size_t(m_first.size()));
    m_root = parseAttributes(first.substr(rootStart + 2, rootEnd - rootStart - 2));
    const size_t viewBox = first.find("viewBox=\"");
    if (viewBox != npos) {
        const auto parts
            = bytes(first.substr(viewBox + 9, first.find('"', viewBox + 9) - viewBox - 9))
                  .split(' ');
        if (parts.size() == 4)
            m_size = QSizeF(parts[2].toDouble(), parts[3].toDouble());
    }
}

// One painter-state group at pos: its units, read once per distinct group.
bool FrameParser::parseGroup(std::string_view s, size_t &pos, std::vector<int> &sequence,
                             QString *error)
{
    // Frames repeat most groups byte for byte: each distinct group is read once.
    const size_t blockEnd = s.find("</g>", pos);
    if (blockEnd == npos)
        return fail(error, "unterminated group");
    const QByteArray block = bytes(s.substr(pos, blockEnd + 4 - pos));
    if (const auto cached = m_groups.constFind(block); cached != m_groups.cend()) {
        sequence.insert(sequence.end(), cached->begin(), cached->end());
        pos = blockEnd + 4;
        return true;
    }
    const size_t groupFirst = sequence.size();
    const size_t groupEnd = s.find('>', pos);
    if (groupEnd == npos)
        return fail(error, "unterminated group");
    const Attrs group = parseAttributes(s.substr(pos + 2, groupEnd - pos - 2));
    pos = groupEnd + 1;

    // The group's painter state, for shapes: fonts only matter to text, which sets its own.
    Style shapeStyle;
    for (const Attr &a : group) {
        if (a.name == "transform") {
            if (!isDefault(a.name, a.value))
                shapeStyle.transform = bytes(a.value);
        } else if (!isFont(a.name) && !isDefault(a.name, a.value)) {
            addCss(shapeStyle.css, a.name, a.value);
        }
    }
    int shapeStyleId = -1;

    while (true) {
        skipSpace(s, pos);
        if (s.compare(pos, 4, "</g>") == 0) {
            pos += 4;
            m_groups.insert(
                block, std::vector<int>(sequence.begin() + ptrdiff_t(groupFirst), sequence.end()));
            return true;
        }
        if (pos >= s.size() || s[pos] != '<')
            return fail(error, "expected an element");
        size_t nameEnd = pos + 1;
        while (nameEnd < s.size() && !isSpace(s[nameEnd]) && s[nameEnd] != '/' && s[nameEnd] != '>')
            ++nameEnd;
        const std::string_view name = s.substr(pos + 1, nameEnd - pos - 1);
        if (name == "g")
            return fail(error, "nested group");

        if (name == "text") {
            if (!parseText(s, pos, nameEnd, shapeStyle, sequence, error))
                return false;
            continue;
        }
        if (!parseShape(s, pos, nameEnd, name, shapeStyle, shapeStyleId, sequence, error))
            return false;
    }
}

// A <text> element: its own paint and font become its style.
bool FrameParser::parseText(std::string_view s, size_t &pos, size_t nameEnd,
                            const Style &shapeStyle, std::vector<int> &sequence, QString *error)
{
    QByteArray element = QByteArrayLiteral("<text");
    const size_t tagEnd = s.find('>', nameEnd);
    const size_t close = tagEnd == npos ? npos : s.find("</text>", tagEnd);
    if (close == npos)
        return fail(error, "unterminated text");
    const Attrs attrs = parseAttributes(s.substr(nameEnd, tagEnd - nameEnd));
    const std::string_view content = s.substr(tagEnd + 1, close - tagEnd - 1);
    // Text carries its own paint and font: they become its style.
    Style textStyle;
    textStyle.transform = shapeStyle.transform;
    for (const Attr &a : attrs) {
        if (a.name == "x" || a.name == "y" || a.name == "xml:space")
            continue;
        if (!isDefault(a.name, a.value))
            addCss(textStyle.css, a.name, a.value);
    }
    element
        += " x=\"" + bytes(attribute(attrs, "x")) + "\" y=\"" + bytes(attribute(attrs, "y")) + '"';
    // Spaces that matter (runs, ends) need preserving; single inner ones do not.
    const bool spaces = !content.empty()
        && (content.find("  ") != npos || isSpace(content.front()) || isSpace(content.back()));
    if (spaces)
        element += " xml:space=\"preserve\"";
    element += '>' + bytes(content) + "</text>";
    sequence.push_back(unitId(styleId(std::move(textStyle)), std::move(element)));
    pos = close + 7;
    return true;
}

// A shape element, in the group's style; a rounded-rectangle path becomes a <rect>.
bool FrameParser::parseShape(std::string_view s, size_t &pos, size_t nameEnd, std::string_view name,
                             const Style &shapeStyle, int &shapeStyleId, std::vector<int> &sequence,
                             QString *error)
{
    QByteArray element = '<' + bytes(name);
    const size_t tagEnd = s.find('>', nameEnd);
    if (tagEnd == npos)
        return fail(error, "unterminated element");
    if (s[tagEnd - 1] != '/') {
        // An element with content (none in QSvgGenerator's output today): kept as is.
        const std::string closing = "</" + std::string(name) + '>';
        const size_t close = s.find(closing, tagEnd);
        if (close == npos)
            return fail(error, "unterminated element");
        if (shapeStyleId < 0)
            shapeStyleId = styleId(shapeStyle);
        sequence.push_back(
            unitId(shapeStyleId, bytes(s.substr(pos, close + closing.size() - pos))));
        pos = close + closing.size();
        return true;
    }
    const size_t end = tagEnd - 1;
    for (const Attr &a : parseAttributes(s.substr(nameEnd, end - nameEnd))) {
        // The root group already says evenodd; vector-effect none is the default.
        if ((a.name == "vector-effect" && a.value == "none")
            || (a.name == "fill-rule" && a.value == "evenodd"))
            continue;
        if (name == "path" && a.name == "d") {
            if (auto rect = roundedRect(a.value)) {
                element = *rect;
                continue;
            }
        }
        element += ' ' + bytes(a.name) + "=\"" + bytes(a.value) + '"';
    }
    element += "/>";
    if (shapeStyleId < 0)
        shapeStyleId = styleId(shapeStyle);
    sequence.push_back(unitId(shapeStyleId, std::move(element)));
    pos = end + 2;
    return true;
}

} // namespace keyscope::ui::svgframes
