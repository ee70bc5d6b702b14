// workspace/executeCommand: the commands editors offer on a .ss file.
//
//   shapescript-lsp.build       writes the file's Python module next to it (FILE.py)
//   shapescript-lsp.showPython  gives the module's text, for the editor to show
//   shapescript-lsp.applyFix    a quick fix as a Command (handlers_fixes.cpp)
//   shapescript-lsp.export      exports a function: `shapescript export` in a child process
//                               (export_jobs.hpp), answered when it ends; with "format"
//                               "hf" a Hugging Face folder, "gguf" a GGUF file (docs/export.md)
//
// (the ids: lsp/command_ids.hpp)
//
// arguments: [uri] or [uri, {"checks": LEVEL, "valueChecks": LEVEL}]. The
// text is the open document's when the file is open (unsaved edits
// included), else the file's on disk: a regular file of at most
// max_document_bytes, anything else is a RequestFailed error. Code generation is the compiler's own
// (server/codegen): no Python runs for these. A file with errors, or with
// something the generator can't write yet, is a RequestFailed error whose
// message says how many errors and where the first is.
#include <algorithm>
#include <filesystem>
#include <map>

#include "diag/child_process.hpp"
#include "diag/read_file.hpp"
#include "diag/version.hpp"
#include "diag/write_file.hpp"
#include "driver/build.hpp"
#include "lsp/command_ids.hpp"
#include "lsp/server.hpp"

namespace ss::lsp {

namespace {

using command_id::kApplyFix;
using command_id::kBuild;
using command_id::kExport;
using command_id::kShowPython;

std::string level_option(const Json* options, const char* key) {
    const Json* value = options ? optional_member(*options, key) : nullptr;
    if (!value) return "debug";
    if (!value->is_string() || (*value != "always" && *value != "debug" && *value != "never"))
        throw RpcError(rpc_error::kInvalidParams, std::string("expected `") + key +
                                                      "` to be \"always\", \"debug\" or \"never\", found " +
                                                      value->dump());
    return value->get<std::string>();
}

// A command's arguments: [uri] or [uri, {options}]; the options are null
// when not given (then every option has its default).
std::pair<std::string, const Json*> command_target(const Json& params) {
    const Json* arguments = optional_member(params, "arguments");
    if (!arguments || !arguments->is_array() || arguments->empty() || !(*arguments)[0].is_string())
        throw RpcError(rpc_error::kInvalidParams, "expected arguments [uri] with the .ss file's URI, found " +
                                                      (arguments ? arguments->dump() : std::string("none")));
    const Json* options = arguments->size() > 1 && (*arguments)[1].is_object() ? &(*arguments)[1] : nullptr;
    return {(*arguments)[0].get<std::string>(), options};
}

}  // namespace

// shapescript-lsp.applyFix only for the clients that get quick fixes as Commands
// (handlers_fixes.cpp).
std::vector<std::string> LanguageServer::command_names() const {
    std::vector<std::string> names{kBuild, kShowPython, kExport};
    if (!client_.code_action_literals && client_.apply_edit) names.push_back(kApplyFix);
    return names;
}

Json LanguageServer::on_execute_command(const Json& params) {
    std::string command = string_member(params, "command", "command");
    if (command == kApplyFix) {
        const Json* arguments = optional_member(params, "arguments");
        return apply_fix(arguments ? *arguments : Json());
    }
    if (command != kBuild && command != kShowPython)
        throw RpcError(rpc_error::kInvalidParams, std::string("expected the command `") + kBuild + "`, `" +
                                                      kShowPython + "` or `" + kExport + "`, found `" + command + "`");
    auto [uri, options] = command_target(params);

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
    check::ImportResolver imports;
    if (path && modules_) imports = modules_->resolver_for(check::ModuleGraph::normal_path(*path));
    driver::BuildOutput built = driver::build_module(text, o, imports);

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

// window/workDoneProgress/cancel: the user stopped an export from its progress.
void LanguageServer::on_progress_cancel(const Json& params) {
    if (const Json* token = optional_member(params, "token")) exports_.cancel_token(*token);
}

bool LanguageServer::is_export_command(const Json& params) {
    const Json* command = optional_member(params, "command");
    return command && *command == kExport;
}

// arguments: [uri] or [uri, {"fn", "output", "format", "aoti", "vllm", "arch",
// "checks", "valueChecks"}]: "format" is "pt2" (the default: a .pt2, an
// AOTInductor package with "aoti"), "hf" (a Hugging Face folder, FILE_hf
// by default; "vllm" makes a broken serving rule an error) or "gguf" (a
// GGUF file, FILE.gguf by default; "arch" llama or gpt2). A folder or GGUF
// file is written new: an existing output is refused. The Python is
// initializationOptions.pythonPath when the client gave one.
// The file on disk is exported, as `shapescript export` reads it: an open
// document with unsaved changes is refused, not exported as it was saved.
void LanguageServer::start_export(const Json& id, const Json& params) {
    auto [uri, options] = command_target(params);
    if (!workspace_trusted_)
        throw RpcError(rpc_error::kRequestFailed,
                       "can't export in an untrusted workspace: export runs Python and the modules the file "
                       "imports; trust the workspace first");
    auto text_option = [&](const char* key) -> std::string {
        const Json* value = options ? optional_member(*options, key) : nullptr;
        if (!value) return "";
        if (!value->is_string() || value->get<std::string>().empty())
            throw RpcError(rpc_error::kInvalidParams,
                           std::string("expected `") + key + "` to be a non-empty string, found " + value->dump());
        return value->get<std::string>();
    };
    std::string fn = text_option("fn"), output = text_option("output");
    const Json* aoti_value = options ? optional_member(*options, "aoti") : nullptr;
    if (aoti_value && !aoti_value->is_boolean())
        throw RpcError(rpc_error::kInvalidParams, "expected `aoti` to be true or false, found " + aoti_value->dump());
    bool aoti = aoti_value && aoti_value->get<bool>();
    std::string format = text_option("format"), arch = text_option("arch");
    if (format.empty()) format = "pt2";
    if (format != "pt2" && format != "hf" && format != "gguf")
        throw RpcError(rpc_error::kInvalidParams,
                       "expected `format` to be \"pt2\", \"hf\" or \"gguf\", found \"" + format + "\"");
    const Json* vllm_value = options ? optional_member(*options, "vllm") : nullptr;
    if (vllm_value && !vllm_value->is_boolean())
        throw RpcError(rpc_error::kInvalidParams, "expected `vllm` to be true or false, found " + vllm_value->dump());
    bool vllm = vllm_value && vllm_value->get<bool>();
    if ((aoti && format != "pt2") || (vllm && format != "hf") || (!arch.empty() && format != "gguf"))
        throw RpcError(rpc_error::kInvalidParams, "`aoti` is for \"pt2\", `vllm` for \"hf\" and `arch` for \"gguf\"");
    if (!arch.empty() && arch != "llama" && arch != "gpt2")
        throw RpcError(rpc_error::kInvalidParams,
                       "expected `arch` to be \"llama\" or \"gpt2\", found \"" + arch + "\"");
    bool served = format != "pt2";
    if (served && fn.empty()) fn = "forward";  // as `export --hf` and `--gguf`
    codegen::Options o;
    o.checks = level_option(options, "checks");
    o.value_checks = level_option(options, "valueChecks");

    std::optional<std::string> path = file_path(uri);
    if (!path) throw RpcError(rpc_error::kRequestFailed, "can't export `" + uri + "`: save it as a file first");
    FileRead read = read_regular_file(*path, options_.max_document_bytes);
    if (!read.bytes) throw RpcError(rpc_error::kRequestFailed, "can't read " + *path + ": " + read.error);
    if (auto open = documents_.find(uri); open != documents_.end() && open->second->text() != *read.bytes)
        throw RpcError(rpc_error::kRequestFailed, *path + " has unsaved changes: save it first (the export reads it)");

    // Checked here first, as the command would: a file with errors, or no
    // such function, is answered at once, and the answer names the function.
    o.version = std::string(kVersion);
    o.source_path = *path;
    o.padding = false;
    o.export_fn = fn;
    o.hf = served;
    o.serving_required = vllm || format == "gguf";
    driver::BuildOutput built =
        driver::build_export_module(*read.bytes, o,
                                    modules_ ? modules_->resolver_for(check::ModuleGraph::normal_path(*path)) : nullptr,
                                    modules_.get());
    if (built.errors) {
        // The first, which for a served export may be a serving rule (E33xx).
        auto first = std::find_if(built.diagnostics.begin(), built.diagnostics.end(),
                                  [](const Diagnostic& d) { return d.severity == Severity::Error; });
        throw RpcError(rpc_error::kRequestFailed,
                       std::to_string(built.errors) + " error" + (built.errors == 1 ? "" : "s") +
                           " in the file, nothing exported; the first, line " +
                           std::to_string(LineIndex(*read.bytes).position(first->range.begin).line) + ": " +
                           first->code + " " + first->message);
    }
    if (!built.export_refused.empty()) throw RpcError(rpc_error::kRequestFailed, built.export_refused);
    if (built.unsupported || !built.module)
        throw RpcError(rpc_error::kRequestFailed,
                       "can't generate Python for this yet: " +
                           (built.unsupported ? built.unsupported->message : std::string("no module")));

    std::filesystem::path program = self_path().parent_path() / "shapescript";
    std::filesystem::path source(*path);
    if (output.empty())
        output = format == "hf" ? (source.parent_path() / (source.stem().string() + "_hf")).string()
                                : std::filesystem::path(*path).replace_extension("." + format).string();
    std::error_code ec;
    output = std::filesystem::absolute(output, ec).lexically_normal().string();
    if (same_file(*path, output))
        throw RpcError(rpc_error::kRequestFailed, output + " is the source file: expected another file to write");
    if (served && std::filesystem::symlink_status(output, ec).type() != std::filesystem::file_type::not_found)
        throw RpcError(rpc_error::kRequestFailed, output + " exists: the export writes a new path; remove it first");
    if (auto problem = served ? std::nullopt : output_problem(output))
        throw RpcError(rpc_error::kRequestFailed, *problem);
    ExportRequest request;
    request.id = id;
    request.argv = {program.string(), "export", *path, "--fn", built.export_fn};
    if (format == "pt2")
        request.argv.insert(request.argv.end(), {"-o", output, "--checks", o.checks, "--value-checks", o.value_checks});
    else request.argv.insert(request.argv.end(), {format == "hf" ? "--hf" : "--gguf", output});
    if (aoti) request.argv.push_back("--aoti");
    if (vllm) request.argv.push_back("--vllm");
    if (!arch.empty()) request.argv.insert(request.argv.end(), {"--arch", arch});
    if (!python_path_.empty()) request.argv.insert(request.argv.end(), {"--python", python_path_});
    request.result = {
        {"path", output}, {"uri", file_uri(output)}, {"function", built.export_fn}, {"aoti", aoti}, {"format", format}};
    static const std::map<std::string, std::string> kTitles = {{"pt2", ""},
                                                               {"hf", " to a Hugging Face folder"},
                                                               {"gguf", " to a GGUF file"}};
    request.title = "Exporting `" + built.export_fn + "`" + kTitles.at(format);
    if (const Json* token = optional_member(params, "workDoneToken");
        token && (token->is_string() || token->is_number()))
        request.token = *token;
    exports_.start(std::move(request));
}

}  // namespace ss::lsp
