// The project version, in the lowest layer because both programs and the
// language server report it (serverInfo, generated files' headers).
#pragma once

#include <string_view>

#ifndef SS_VERSION
#define SS_VERSION "0.0.0-dev"
#endif

namespace ss {

// The project version, set by CMake from project(... VERSION ...).
inline constexpr std::string_view kVersion = SS_VERSION;

}  // namespace ss
