// Helpers shared by the syntax tests.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"

namespace ss::test {

inline std::string read_source_file(const std::string& relative) {
    std::ifstream in(std::string(SS_SOURCE_DIR) + "/" + relative, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

inline std::vector<std::string> codes_of(const std::vector<Diagnostic>& diagnostics) {
    std::vector<std::string> codes;
    for (const auto& d : diagnostics) codes.push_back(d.code);
    return codes;
}

}  // namespace ss::test
