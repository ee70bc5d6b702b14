// workspace/executeCommand: the commands editors offer on a .ss file.
//
//   shapescript.build       writes the file's Python module next to it (FILE.py)
//   shapescript.showPython  gives the module's text, for the editor to show
//   shapescript.applyFix    a quick fix as a Command (handlers_fixes.cpp)
//
// arguments: [uri] or [uri, {"checks": LEVEL, "valueChecks": LEVEL}]. The
// text is the open document's when the file is open (unsaved edits
// included), else the file's on disk: a regular file of at most
// max_document_bytes, anything else is a RequestFailed error. Code generation is the compiler's own
// (server/codegen): no Python runs for these. A file with errors, or with
// something the generator can't write yet, is a RequestFailed error whose
// message says how many errors and where the first is.
#include <filesystem>

#include "codegen/build.hpp"
#include "diag/read_file.hpp"
#include "diag/version.hpp"
#include "diag/write_file.hpp"
#include "lsp/server.hpp"

namespace ss::lsp {

namespace {

const char* kBuild = "shapescript.build";
const char* kShowPython = "shapescript.showPython";

std::string level_option(const Json* options, const char* key) {
    const Json* value = options ? optional_member(*options, key) : nullptr;
    if (!value) return "debug";
    if (!value->is_string() || (*value != "always" && *value != "debug" && *value != "never"))
        throw RpcError(rpc_error::kInvalidParams, std::string("expected `") + key +
                                                      "` to be \"always\", \"debug\" or \"never\", found " +
                                                      value->dump());
    return value->get<std::string>();
}

}  // namespace

// shapescript.applyFix only for the clients that get quick fixes as Commands
// (handlers_fixes.cpp).
std::vector<std::string> LanguageServer::command_names() const {
    std::vector<std::string> names{kBuild, kShowPython};
    if (!client_.code_action_literals && client_.apply_edit) names.push_back(apply_fix_command());
    return names;
}

Json LanguageServer::on_execute_command(const Json& params) {
    std::string command = string_member(params, "command", "command");
    if (command == apply_fix_command()) {
        const Json* arguments = optional_member(params, "arguments");
        return apply_fix(arguments ? *arguments : Json());
    }
    if (command != kBuild && command != kShowPython)
        throw RpcError(rpc_error::kInvalidParams,
                       "expected the command `shapescript.build` or `shapescript.showPython`, found `" + command + "`");
    const Json* arguments = optional_member(params, "arguments");
    if (!arguments || !arguments->is_array() || arguments->empty() || !(*arguments)[0].is_string())
        throw RpcError(rpc_error::kInvalidParams, "expected arguments [uri] with the .ss file's URI, found " +
                                                      (arguments ? arguments->dump() : std::string("none")));
    std::string uri = (*arguments)[0].get<std::string>();
    const Json* options = arguments->size() > 1 && (*arguments)[1].is_object() ? &(*arguments)[1] : nullptr;

    // The text: the open document's, else the file's.
    std::optional<std::string> path = file_path(uri);
    std::string text;
    if (auto open = documents_.find(uri); open != documents_.end()) {
        text = open->second->text();
    } else {
        if (!path)
            throw RpcError(rpc_error::kInvalidParams,
                           "expected an open document or a file:// URI, found `" + uri + "`");
        // Only a regular file, no larger than the server checks: a FIFO
        // would block every later request, /dev/zero never ends.
        FileRead read = read_regular_file(*path, options_.max_document_bytes);
        if (!read.bytes) throw RpcError(rpc_error::kRequestFailed, "can't read " + *path + ": " + read.error);
        text = std::move(*read.bytes);
    }
    if (command == kBuild && !path)
        throw RpcError(rpc_error::kRequestFailed, "can't build `" + uri + "`: save it as a file first");

    codegen::Options o;
    o.checks = level_option(options, "checks");
    o.value_checks = level_option(options, "valueChecks");
    o.version = std::string(kVersion);
    o.source_path = path ? *path : uri;
    codegen::BuildOutput built = codegen::build_python(text, o);

    LineIndex lines(text);
    if (built.errors) {
        const Diagnostic* first = nullptr;
        for (const Diagnostic& d : built.diagnostics)
            if (d.severity == Severity::Error) {
                first = &d;
                break;
            }
        LineColumn at = lines.position(first->range.begin);
        throw RpcError(rpc_error::kRequestFailed, std::to_string(built.errors) + " error" +
                                                      (built.errors == 1 ? "" : "s") +
                                                      " in the file, no Python written; the first, line " +
                                                      std::to_string(at.line) + ": " + first->message);
    }
    if (built.unsupported) {
        LineColumn at = lines.position(built.unsupported->range.begin);
        throw RpcError(rpc_error::kRequestFailed, "can't generate Python for this yet (line " +
                                                      std::to_string(at.line) + "): " + built.unsupported->message);
    }

    std::string py_path = path ? std::filesystem::path(*path).replace_extension(".py").string() : "";
    if (command == kShowPython) return {{"python", *built.module}, {"path", py_path}};
    // A document named model.py, or whose .py is a link to it: never written over.
    if (same_file(*path, py_path))
        throw RpcError(rpc_error::kRequestFailed,
                       py_path +
                           " is the document itself: expected another file for the module; build it with "
                           "`shapescript build FILE -o OUT`");
    if (auto error = write_file_atomically(py_path, *built.module))
        throw RpcError(rpc_error::kRequestFailed, "can't write the module: " + *error);
    return {{"path", py_path}, {"uri", file_uri(py_path)}};
}

}  // namespace ss::lsp
