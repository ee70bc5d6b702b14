// The levels of --checks and --value-checks, as `build` and `export` take
// them (docs/cli.md): always, debug (kept unless Python runs with -O), never.
#pragma once

#include <string>

namespace ss::cli {

inline bool valid_level(const std::string& level) { return level == "always" || level == "debug" || level == "never"; }

}  // namespace ss::cli
