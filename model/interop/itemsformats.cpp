#include "model/interop/itemsformats.h"

#include "model/io/importnotes.h"
#include "model/io/jsonwriter.h"
#include "model/io/unicodetext.h"
#include "model/io/wording.h"
#include "model/value/dynamojson.h"
#include "model/value/number.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <map>

namespace keyscope::model {

namespace {

QByteArray keyIdentity(const Item &item, const KeySchema &keys)
{
    QByteArray identity;
    for (const auto &attribute : keys.all()) {
        const auto it = item.find(attribute.name);
        if (it != item.end()) {
            identity += char(it->second.type());
            identity += it->second.sortableBytes().toHex();
        }
        identity += ':';
    }
    return identity;
}

struct Cell
{
    QString text;
    bool quoted = false;
    int line = 0;
    int column = 0;
};

// The CSV reader's state: the rows read, the row and cell being read and where it is.
struct CsvReader
{
    CsvReader(const QString &text, const QString &source)
        : text(text)
        , source(source)
    { }

    const QString &text;
    const QString &source;
    std::vector<std::vector<Cell>> rows;
    std::vector<Cell> row;
    Cell cell;
    int line = 1;
    int column = 1;
    bool inQuotes = false;
    bool cellStarted = false;

    void startCell()
    {
        if (!cellStarted) {
            cell.line = line;
            cell.column = column;
            cellStarted = true;
        }
    }

    void endCell()
    {
        row.push_back(std::move(cell));
        cell = Cell {};
        cellStarted = false;
    }

    void endRow()
    {
        endCell();
        const qsizetype width = qsizetype(row.size());
        if (!(row.size() == 1 && row.front().text.isEmpty() && !row.front().quoted))
            rows.push_back(std::move(row)); // blank lines are skipped
        row = {};
        row.reserve(width);
    }

    void newLine()
    {
        ++line;
        column = 0;
    }

    IoError errorHere(const QString &message) const
    {
        return IoError {source, line, column, {}, message};
    }

    // Inside quotes: a doubled quote is one quote, a single one ends the quoted text.
    void readQuoted(qsizetype &i, QChar c)
    {
        if (c == u'"') {
            if (i + 1 < text.size() && text.at(i + 1) == u'"') {
                cell.text += u'"';
                ++i;
                ++column;
            } else {
                inQuotes = false;
            }
        } else {
            cell.text += c;
            if (c == u'\n')
                newLine();
        }
    }

    // The rest of an unquoted run in one append.
    std::optional<IoError> readRun(qsizetype &i)
    {
        if (cell.quoted)
            return errorHere(QStringLiteral("text after a closing quote: a quoted cell ends "
                                            "at the next comma or line end"));
        qsizetype end = i + 1;
        while (end < text.size()) {
            const QChar next = text.at(end);
            if (next == u',' || next == u'\n' || next == u'\r' || next == u'"')
                break;
            ++end;
        }
        cell.text += QStringView(text).mid(i, end - i);
        column += int(end - i - 1);
        i = end - 1;
        return std::nullopt;
    }

    std::optional<IoError> readUnquoted(qsizetype &i, QChar c)
    {
        if (c == u'"') {
            if (!cell.text.isEmpty())
                return errorHere(QStringLiteral("a quote inside an unquoted cell: quote the "
                                                "whole cell and double the quote (\"a "
                                                "\"\"b\"\"\")"));
            inQuotes = true;
            cell.quoted = true;
        } else if (c == u',') {
            endCell();
        } else if (c == u'\n') {
            endRow();
            newLine();
        } else {
            return readRun(i);
        }
        return std::nullopt;
    }

    std::variant<std::vector<std::vector<Cell>>, IoError> read()
    {
        for (qsizetype i = 0; i < text.size(); ++i) {
            const QChar c = text.at(i);
            startCell();
            if (inQuotes) {
                readQuoted(i, c);
            } else if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n') {
                continue; // the '\n' ends the row
            } else if (auto error = readUnquoted(i, c)) {
                return *error;
            }
            ++column;
        }
        if (inQuotes)
            return IoError {source,
                            cell.line,
                            cell.column,
                            {},
                            QStringLiteral("a quoted cell is never closed")};
        if (cellStarted || !row.empty())
            endRow();
        return std::move(rows);
    }
};

// RFC 4180 with "\n" or "\r\n" line ends; quoted cells may span lines.
std::variant<std::vector<std::vector<Cell>>, IoError> parseCsv(const QString &text,
                                                               const QString &source)
{
    CsvReader reader(text, source);
    return reader.read();
}

QString quoteCsv(const QString &text, bool forceQuotes)
{
    const bool needs = forceQuotes || text.contains(u',') || text.contains(u'"')
        || text.contains(u'\n') || text.contains(u'\r') || text.trimmed() != text;
    if (!needs)
        return text;
    QString quoted = text;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QString cellText(const AttributeValue &value, bool *forceQuotes)
{
    *forceQuotes = value.type() == AttributeValue::Type::S && value.bytes().isEmpty();
    if (value.isKeyType() || value.type() == AttributeValue::Type::Bool)
        return value.displayText(); // B as base64, as in DynamoDB JSON
    if (value.type() == AttributeValue::Type::Null)
        return QStringLiteral("true"); // {"NULL": true}
    const QJsonObject json = dynamojson::valueToJson(value);
    const QJsonValue inner = json.begin().value();
    return QString::fromUtf8(JsonWriter::write(OrderedJson::fromQJson(inner), 0));
}

} // namespace

std::vector<QByteArray> ItemsFormats::batchWriteChunks(const QString &tableName,
                                                       const ItemList &items, int chunk)
{
    std::vector<QByteArray> files;
    for (std::size_t start = 0; start < items.size() || (start == 0 && items.empty());
         start += std::size_t(chunk)) {
        QByteArray out = "{\n    " + JsonWriter::quote(tableName) + ": [";
        const std::size_t end = std::min(items.size(), start + std::size_t(chunk));
        for (std::size_t i = start; i < end; ++i) {
            OrderedJson item = OrderedJson::object();
            item.insert(QStringLiteral("Item"),
                        OrderedJson::fromQJson(dynamojson::itemToJson(items[i])));
            OrderedJson put = OrderedJson::object();
            put.insert(QStringLiteral("PutRequest"), item);
            out += i == start ? "\n        " : ",\n        ";
            out += JsonWriter::write(put, 0);
        }
        out += end > start ? "\n    ]\n}\n" : "]\n}\n";
        files.push_back(out);
        if (items.empty())
            break;
    }
    return files;
}

QStringList ItemsFormats::batchFileNames(const QString &path, qsizetype count)
{
    if (count <= 1)
        return {path};
    const QFileInfo info(path);
    QString stem = info.fileName();
    QString suffix;
    if (stem.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        suffix = stem.right(5);
        stem.chop(5);
    }
    const int digits = std::max(3, int(QString::number(count).size()));
    QStringList names;
    for (qsizetype i = 1; i <= count; ++i) {
        const QString name
            = QStringLiteral("%1-%2%3").arg(stem).arg(i, digits, 10, QLatin1Char('0')).arg(suffix);
        names << (info.path() == u"." && !path.startsWith(u"./") ? name
                                                                 : info.dir().filePath(name));
    }
    return names;
}

QByteArray ItemsFormats::scanOutput(const ItemList &items)
{
    OrderedJson array = OrderedJson::array();
    for (const Item &item : items)
        array.append(OrderedJson::fromQJson(dynamojson::itemToJson(item)));
    OrderedJson out = OrderedJson::object();
    out.insert(QStringLiteral("Items"), array);
    out.insert(QStringLiteral("Count"), OrderedJson::integer(qint64(items.size())));
    out.insert(QStringLiteral("ScannedCount"), OrderedJson::integer(qint64(items.size())));
    return JsonWriter::write(out, 4) + '\n';
}

QByteArray ItemsFormats::toCsv(const ItemList &items, const TableDefinition &table)
{
    // Columns are (name, type) pairs.
    using Column = std::pair<QString, AttributeValue::Type>;
    std::vector<Column> keyColumns;
    QStringList keyNames = table.allKeyAttributeNames();
    std::map<std::pair<QString, int>, Column> others;
    QSet<QString> keySeen;
    for (const QString &name : keyNames) {
        for (const auto &key : table.keys.all())
            if (key.name == name && !keySeen.contains(name))
                keyColumns.push_back({name, key.type}), keySeen.insert(name);
        for (const auto &index : table.indexes)
            for (const auto &key : index.keys.all())
                if (key.name == name && !keySeen.contains(name))
                    keyColumns.push_back({name, key.type}), keySeen.insert(name);
    }
    for (const Item &item : items) {
        for (const auto &[name, value] : item) {
            bool isKeyColumn = false;
            for (const auto &column : keyColumns)
                isKeyColumn |= column.first == name && column.second == value.type();
            if (!isKeyColumn)
                others[{name, int(value.type())}] = {name, value.type()};
        }
    }
    std::vector<Column> columns = keyColumns;
    for (const auto &[key, column] : others)
        columns.push_back(column);

    QString out;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (i)
            out += u',';
        out += quoteCsv(QStringLiteral("%1 (%2)").arg(columns[i].first,
                                                      AttributeValue::typeName(columns[i].second)),
                        false);
    }
    out += u'\n';
    for (const Item &item : items) {
        for (std::size_t i = 0; i < columns.size(); ++i) {
            if (i)
                out += u',';
            const auto it = item.find(columns[i].first);
            if (it == item.end() || it->second.type() != columns[i].second)
                continue;
            bool force = false;
            const QString text = cellText(it->second, &force);
            out += quoteCsv(text, force);
        }
        out += u'\n';
    }
    return out.toUtf8();
}

namespace {

struct CsvColumn
{
    QString name;
    QString header;
    std::optional<AttributeValue::Type> type;
};

// The header row: "Name (TYPE)" or a bare name, whose type is inferred later.
std::variant<std::vector<CsvColumn>, IoError> csvColumns(const std::vector<Cell> &headerRow,
                                                         const QString &source)
{
    static const QRegularExpression typed(
        QStringLiteral("^(.*\\S)\\s*\\((S|N|B|BOOL|NULL|L|M|SS|NS|BS)\\)$"));
    std::vector<CsvColumn> columns;
    QSet<QString> headers;
    for (const Cell &cell : headerRow) {
        const QString header = cell.text.trimmed();
        if (header.isEmpty())
            return IoError {
                source,
                cell.line,
                cell.column,
                {},
                QStringLiteral("empty column header: name every column, e.g. Temp (N)")};
        if (headers.contains(header))
            return IoError {source,
                            cell.line,
                            cell.column,
                            {},
                            QStringLiteral("column \"%1\" appears twice").arg(header)};
        headers.insert(header);
        CsvColumn column {header, header, std::nullopt};
        const auto match = typed.match(header);
        if (match.hasMatch()) {
            column.name = match.captured(1);
            column.type = AttributeValue::typeFromName(match.captured(2));
        }
        columns.push_back(column);
    }
    return columns;
}

// Bare headers: a key attribute's type, else N when every value is a number, BOOL when every
// value is true or false, else S.
void inferColumnTypes(std::vector<CsvColumn> &columns, const std::vector<std::vector<Cell>> &rows,
                      const TableDefinition &table)
{
    for (std::size_t c = 0; c < columns.size(); ++c) {
        if (columns[c].type)
            continue;
        for (const QString &name : table.allKeyAttributeNames()) {
            if (name != columns[c].name)
                continue;
            for (const auto &key : table.keys.all())
                if (key.name == name)
                    columns[c].type = key.type;
            for (const auto &index : table.indexes)
                for (const auto &key : index.keys.all())
                    if (key.name == name && !columns[c].type)
                        columns[c].type = key.type;
        }
        if (columns[c].type)
            continue;
        bool allNumbers = true;
        bool allBools = true;
        bool any = false;
        for (std::size_t r = 1; r < rows.size(); ++r) {
            if (c >= rows[r].size() || (rows[r][c].text.isEmpty() && !rows[r][c].quoted))
                continue;
            any = true;
            const QString &cellValue = rows[r][c].text;
            allNumbers = allNumbers && !rows[r][c].quoted && Number::parse(cellValue).has_value();
            allBools = allBools && (cellValue == u"true" || cellValue == u"false");
        }
        columns[c].type = any && allNumbers ? AttributeValue::Type::N
            : any && allBools               ? AttributeValue::Type::Bool
                                            : AttributeValue::Type::S;
    }
}

// Why a cell does not hold a value of its column's type.
struct CellError
{
    QString why;
};

// A non-empty cell as its column's type; M, L and sets hold the DynamoDB JSON inside the type
// (read leniently when bad items are left out, repairs noted).
std::variant<AttributeValue, CellError> cellValue(const Cell &cell, const CsvColumn &column,
                                                  bool leaveOut,
                                                  std::vector<ItemsFile::Repair> *repairs)
{
    switch (*column.type) {
    case AttributeValue::Type::S:
        return AttributeValue::string(cell.text);
    case AttributeValue::Type::N: {
        QString why;
        auto number = Number::parse(cell.text.trimmed(), &why);
        if (!number)
            return CellError {QStringLiteral("\"%1\" is not a number: %2").arg(cell.text, why)};
        return AttributeValue::number(*number);
    }
    case AttributeValue::Type::B: {
        auto decoded = QByteArray::fromBase64Encoding(cell.text.trimmed().toLatin1(),
                                                      QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return CellError {QStringLiteral("\"%1\" is not base64").arg(cell.text)};
        return AttributeValue::binary(*decoded);
    }
    case AttributeValue::Type::Bool:
        if (cell.text != u"true" && cell.text != u"false")
            return CellError {
                QStringLiteral("expected true or false, found \"%1\"").arg(cell.text)};
        return AttributeValue::boolean(cell.text == u"true");
    case AttributeValue::Type::Null:
        return AttributeValue::null();
    default:
        break;
    }
    QJsonParseError parseError;
    const QByteArray wrapped = "{\"v\": " + cell.text.toUtf8() + "}";
    // Qt's parser reads a lone \ud800 as U+FFFD, so that two different keys became one.
    if (QString escape; loneSurrogateAt(wrapped, &escape) >= 0)
        return CellError {loneSurrogateMessage(escape)};
    const QJsonDocument document = QJsonDocument::fromJson(wrapped, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return CellError {QStringLiteral("expected the DynamoDB JSON inside %1 (e.g. %2): %3")
                              .arg(AttributeValue::typeName(*column.type),
                                   *column.type == AttributeValue::Type::M
                                       ? QStringLiteral("{\"k\": {\"S\": \"v\"}}")
                                       : *column.type == AttributeValue::Type::L
                                       ? QStringLiteral("[{\"S\": \"a\"}]")
                                       : QStringLiteral("[\"a\", \"b\"]"),
                                   parseError.errorString())};
    QString why;
    QString path;
    const QJsonObject json {
        {AttributeValue::typeName(*column.type), document.object().value(QLatin1String("v"))}};
    std::vector<ItemsFile::Repair> found;
    auto value = leaveOut ? ItemsFile::valueFromJsonLeniently(json, &found, &why, &path)
                          : dynamojson::valueFromJson(json, &why, &path);
    if (!value)
        return CellError {why};
    for (ItemsFile::Repair &repair : found)
        repairs->push_back({column.name + repair.path, repair.what});
    return std::move(*value);
}

// One row as an item; a bad cell is an error naming its line and column.
std::variant<Item, IoError> csvItem(const std::vector<Cell> &row,
                                    const std::vector<CsvColumn> &columns, const QString &source,
                                    bool leaveOut, std::vector<ItemsFile::Repair> *repairs)
{
    if (row.size() > columns.size())
        return IoError {
            source,
            row[columns.size()].line,
            row[columns.size()].column,
            {},
            QStringLiteral("row has %1 but the header has %2")
                .arg(counted(qint64(row.size()), QStringLiteral("cell"), QStringLiteral("cells")),
                     counted(qint64(columns.size()), QStringLiteral("column"),
                             QStringLiteral("columns")))};
    Item item;
    for (std::size_t c = 0; c < row.size(); ++c) {
        const Cell &cell = row[c];
        if (cell.text.isEmpty() && !cell.quoted)
            continue;
        const CsvColumn &column = columns[c];
        const auto fail = [&](const QString &why) {
            return IoError {source,
                            cell.line,
                            cell.column,
                            {},
                            QStringLiteral("column \"%1\": %2").arg(column.header, why)};
        };
        auto value = cellValue(cell, column, leaveOut, repairs);
        if (auto *error = std::get_if<CellError>(&value))
            return fail(error->why);
        if (item.count(column.name))
            return fail(QStringLiteral("the row already has a value for %1 in another column; "
                                       "leave one of them empty")
                            .arg(column.name));
        item[column.name] = std::get<AttributeValue>(std::move(value));
    }
    return item;
}

} // namespace

std::variant<ItemsFile::Contents, IoError> ItemsFormats::fromCsv(const QByteArray &data,
                                                                 const QString &source,
                                                                 const TableDefinition &table,
                                                                 ItemsFile::BadItems badItems)
{
    const bool leaveOut = badItems == ItemsFile::BadItems::LeaveOut;
    QString text = QString::fromUtf8(data);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    auto parsed = parseCsv(text, source);
    if (auto *error = std::get_if<IoError>(&parsed))
        return *error;
    const auto &rows = std::get<std::vector<std::vector<Cell>>>(parsed);
    if (rows.empty())
        return IoError {source,
                        0,
                        0,
                        {},
                        QStringLiteral("the file is empty: expected a header row "
                                       "such as PK (S),SK (S),Temp (N)")};
    auto header = csvColumns(rows.front(), source);
    if (auto *error = std::get_if<IoError>(&header))
        return *error;
    std::vector<CsvColumn> &columns = std::get<std::vector<CsvColumn>>(header);
    inferColumnTypes(columns, rows, table);

    ItemsFile::Contents contents;
    contents.shape = ItemsFile::Shape::ItemArray;
    contents.paths = ItemPaths(QStringLiteral("line "), {});
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const auto &row = rows[r];
        const QString line = QStringLiteral("line %1").arg(row.front().line);
        std::vector<ItemsFile::Repair> repairs;
        auto item = csvItem(row, columns, source, leaveOut, &repairs);
        if (auto *error = std::get_if<IoError>(&item)) {
            if (!leaveOut)
                return *error;
            IoError note = *error;
            note.message += QStringLiteral("; left out this row (the rest is imported)");
            contents.notes << note.toString();
            ++contents.leftOut;
            continue;
        }
        if (!repairs.empty()) {
            ItemPlace place = ImportNotes::placeAt(line);
            place.keys = ImportNotes::keysOf(std::get<Item>(item), table.keys);
            contents.notes << ImportNotes::repaired(source, place, repairs);
        }
        contents.items.push_back(std::get<Item>(std::move(item)));
        contents.paths.append(row.front().line);
    }
    return contents;
}

ItemList ItemsFormats::uniqueByKey(const ItemList &items, const KeySchema &keys)
{
    std::vector<std::size_t> chosen; // per kept position: the index of the item written last
    QHash<QByteArray, std::size_t> position;
    bool replaced = false;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const QByteArray identity = keyIdentity(items[i], keys);
        const auto it = position.constFind(identity);
        if (it != position.constEnd()) {
            chosen[*it] = i;
            replaced = true;
        } else {
            position.insert(identity, chosen.size());
            chosen.push_back(i);
        }
    }
    if (!replaced)
        return items;
    ItemList out;
    for (const std::size_t i : chosen)
        out.push_back(items[i]);
    return out;
}

} // namespace keyscope::model
