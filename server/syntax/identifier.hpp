// Whether a text is one name, as the grammar reads one: the rule
// `identifier` of grammar/grammar.js (`[_\p{XID_Start}][\p{XID_Continue}]*`,
// keywords excluded), and a name Python reads too (else E0011). The one
// place that rule is asked outside the parser (renaming, docs/syntax.md
// "Identifiers").
#pragma once

#include <string_view>

namespace ss::syntax {

bool is_identifier(std::string_view text);

}  // namespace ss::syntax
