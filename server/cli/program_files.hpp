// The files of a program of several .ss files, as the command line finds
// them (docs/modules.md): read from disk, searched in the importing file's
// folder, then each --path folder, then each folder of SHAPESCRIPT_PATH.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "check/modules.hpp"

namespace ss::cli {

// The folders searched after the importer's own: `given` (--path, in
// order), then SHAPESCRIPT_PATH's (split at `:`).
std::vector<std::string> search_path(const std::vector<std::string>& given);

// One graph for a command: a module imported by several files is checked once.
std::unique_ptr<check::ModuleGraph> disk_modules(const std::vector<std::string>& given_paths);

// The resolver for imports written in `path` ("-", standard input: its
// imports are searched from the current folder).
check::ImportResolver imports_of(check::ModuleGraph& graph, const std::string& path);

}  // namespace ss::cli
