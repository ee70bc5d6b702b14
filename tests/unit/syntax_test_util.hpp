// Helpers shared by the syntax tests.
#pragma once

#include <algorithm>
#include <filesystem>
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

// Every `folder`/**/*.ss (`folder` relative to the source folder), relative
// to the source folder, sorted.
inline std::vector<std::string> ss_files_under(const std::string& folder) {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(SS_SOURCE_DIR) + "/" + folder))
        if (e.is_regular_file() && e.path().extension() == ".ss")
            out.push_back(std::filesystem::relative(e.path(), SS_SOURCE_DIR).string());
    std::sort(out.begin(), out.end());
    return out;
}

// Every examples/**/*.ss.
inline std::vector<std::string> example_files() { return ss_files_under("examples"); }

inline std::vector<std::string> codes_of(const std::vector<Diagnostic>& diagnostics) {
    std::vector<std::string> codes;
    for (const auto& d : diagnostics) codes.push_back(d.code);
    return codes;
}

}  // namespace ss::test
