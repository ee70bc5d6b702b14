// Signature help: the signature of the call around a byte offset, with the
// parameter being written.
//
// Works on unfinished calls (`softmax(x, ` with no `)`): the call is found
// from the tokens before the offset (ide/text_context.hpp),
// innermost first, past brackets that aren't calls (`f(a, [1, `). Calls to
// the file's functions and extern functions, a model's `init`, built-ins
// (ide/builtin_docs.hpp, which a file's own definitions shadow) and pattern
// functions have a signature; others (a Python function, a local) have none.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

struct SignatureHelp {
    std::string label;  // `softmax(x: [..s], over: axis) -> [..s]`
    // Each parameter's [begin, end) byte offsets into `label`, in order.
    std::vector<std::pair<uint32_t, uint32_t>> parameter_label_offsets;
    // The parameter the argument at the offset binds: by position (top-level
    // commas before the offset, plus one for a piped value `x |> f(`), or by
    // name for a keyword argument (`over=`); a variadic parameter takes the
    // positions past it. -1 when no parameter matches (too many arguments,
    // an unknown keyword).
    int active_parameter = -1;
    std::string documentation;  // Markdown
};

std::optional<SignatureHelp> signature_help(const Snapshot& snapshot, uint32_t offset);

}  // namespace ss::ide
