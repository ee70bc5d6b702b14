// Text for clients that take neither Markdown nor snippets: what the
// server/ide answers say in those forms, made plain (client_capabilities.hpp
// says which clients).
#pragma once

#include <string>
#include <string_view>

namespace ss::lsp {

// Markdown as a person reads it rendered: code fences dropped (their code
// kept as written), inline code without its backticks, `**strong**`
// without the stars, `[text](url)` as `text (url)`, headings without `#`,
// backslash escapes resolved. Code keeps every character.
std::string markdown_as_plain_text(std::string_view markdown);

// An LSP snippet (`fn ${1:name}(${2:x}) -> ${0:return $2}`) as the text it
// inserts when each placeholder is left as it is: placeholders give their
// text, a tab stop or variable without one gives the text of the
// placeholder with its number (or nothing), a choice its first option, an
// escaped `$`, `}` or `\` itself.
std::string snippet_as_plain_text(std::string_view snippet);

}  // namespace ss::lsp
