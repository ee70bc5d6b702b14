// The files of a program of several .ss files for the unit tests, in
// memory: what a ModuleGraph reads (check/modules.hpp).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "check/modules.hpp"

namespace ss::test {

struct ModuleFiles {
    std::map<std::string, std::string> text;  // by absolute path
    ss::check::ModuleGraph::ReadText reader() {
        return [this](const std::string& path) -> std::optional<std::string> {
            auto it = text.find(path);
            if (it == text.end()) return std::nullopt;
            return it->second;
        };
    }
};

}  // namespace ss::test
