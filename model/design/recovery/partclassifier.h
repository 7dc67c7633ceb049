#pragma once

#include "model/design/project.h"
#include "model/value/attributevalue.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace keyscope::model::recovery {

// What one variable part of a key value is, recognised from every value it takes across a
// group of items (the text between two literal pieces of a key shape: the "2025-08-21" and the
// "123" of "ORDER#2025-08-21#123").
struct PartKind
{
    enum class Kind {
        Constant,      // every value is the same text
        Integer,       // decimal digits, not zero-padded (widths vary: "2", "10")
        PaddedInteger, // decimal digits, all `width` wide, some with leading zeros ("00042")
        SignedNumber,  // optional '-' or '+', digits, optional fraction ("-3.5", "12")
        IsoDateTime,   // ISO-8601 date and time ("2025-08-21T10:00:00Z", "...T10:00:00.123+02:00")
        IsoDate,       // "2025-08-21"
        DisplayDate,   // a date/time written for people ("May 26, 1988", "21/08/2025"): `format`
        EpochSeconds,  // 9-11 digit integers that are plausible seconds since 1970
        EpochMillis,   // 12-14 digit integers that are plausible milliseconds since 1970
        Uuid,          // 8-4-4-4-12 hex: `uuidVersion` 1, 4, 7 (0 when mixed or other)
        Ksuid,         // 27 base62 characters
        Ulid,          // 26 Crockford base32 characters
        Hex,           // hexadecimal digits of one width
        UpperText,     // letters (and digits, '-', '_', ' ', '.', '\'') with no lowercase letter
        LowerText,     // ... with no uppercase letter
        MixedText,     // ... with both cases within a value or across values ("Dean", "DeBrie")
        Text,          // anything else
    };

    // How the letters of ids and hex digits are written (Uuid, Ulid, Hex).
    enum class LetterCase { None, Upper, Lower, Mixed };

    Kind kind = Kind::Text;
    QString constant;          // Constant: the text
    int width = 0;             // PaddedInteger, Hex: the width every value has
    bool hasZone = true;       // IsoDateTime: every value ends in Z or an offset
    bool mixedZones = false;   // IsoDateTime: values with and without a zone, or several offsets
    QString zone;              // IsoDateTime: the zone every value ends in ("Z", "+02:00"), empty
                               // when none has one or they differ
    QList<int> fractionWidths; // IsoDateTime: the fraction widths seen (empty: none), ascending;
                               // 0 stands for values without a fraction among others with one
    int uuidVersion = 0;       // Uuid
    LetterCase letterCase = LetterCase::None; // Uuid, Ulid, Hex
    // DisplayDate: a Qt date pattern that writes the values back ("MMM d, yyyy"). IsoDateTime:
    // the pattern of the date and time up to any fraction and zone ("yyyy-MM-ddTHH:mm:ss")
    // when every value has the same one. Empty otherwise.
    QString format;
    // Values that do not fit the kind the others agree on (the one "2023-07-10T14:48:00Z'"
    // with a stray quote among timestamps), by index into the classified list; at most 10.
    std::vector<qsizetype> outliers;
    qsizetype outlierCount = 0;
    // The smallest and largest values in the kind's own order (numbers, instants), as written.
    QString minText;
    QString maxText;
    qsizetype distinct = 0; // distinct values seen

    // "zero-padded integer (5 digits)", "ISO-8601 date and time without a time zone"
    QString describe() const;
};

// Recognises the kind of a part from its values (every value of the part across a group).
// Decides by what the values agree on; values that fit no agreed kind are outliers when they
// are few (at most 10% of the values), otherwise the part is Text. The most specific kind that
// nine in ten values fit wins, in the order of the enum's time and id kinds first (IsoDateTime,
// IsoDate, Uuid, Ulid, Ksuid, EpochMillis, EpochSeconds, DisplayDate), then PaddedInteger,
// Integer, SignedNumber, Hex, the text cases and Text. A part is PaddedInteger when the digit
// values of its most common width (at least 2) include one with a leading zero; one width
// without any leading zero is an Integer. Linear in the values (the rules in full are in
// partclassifier.cpp).
PartKind classifyPart(const std::vector<QString> &values);

// How a placeholder writes a part of the kind: the filters to put after the attribute name
// ("|pad:5", "|format:MMM d, yyyy", "|epoch"), empty when the value is written as-is.
QString templateFilters(const PartKind &kind);

// The attribute an inferred placeholder names when no attribute of the items holds its value:
// its type, and a generator that reproduces the observed values' range and format (so that
// populating grows a design that looks like the sample). `count` is how many values the
// generator will produce (per parent, or in total for a root): a timestamp generator steps so
// that `count` values span the observed range; 0 means as many as the distinct values seen.
// Sequences step by the typical gap between the observed integers whatever the count.
AttributeSpec inferredAttribute(const QString &name, const PartKind &kind,
                                const std::vector<QString> &values, qint64 count = 0);

// The value an item's inferred attribute holds for a part's text: N for integers, ISO-8601 UTC
// text for instants (what AttributeKind::Timestamp stores), the text itself otherwise; nullopt
// when the text does not fit the kind (an outlier).
std::optional<AttributeValue> attributeValueOf(const PartKind &kind, const QString &text);

} // namespace keyscope::model::recovery
