#pragma once

#include <QStringView>

namespace keyscope::model {

// DynamoDB's reserved words (developer guide "Reserved words in DynamoDB", 573 words, the same
// list dynalite embeds). A bare attribute name that matches one, in any letter case, is rejected
// with "Attribute name is a reserved keyword; reserved keyword: <name as written>".
class ReservedWords
{
public:
    static bool isReserved(QStringView name);
    static int count();
};

} // namespace keyscope::model
