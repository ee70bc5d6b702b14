// The runtime modules an export module embeds (docs/export.md): each
// module of runtime/shapescript that rt.py needs, and the export step, by
// name (`ops`) with its source, as the build found them.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

namespace ss::codegen {

const std::vector<std::pair<std::string_view, std::string_view>>& embedded_runtime();

}  // namespace ss::codegen
