#include "cli/build_command.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "check/analyze.hpp"
#include "check/checker.hpp"
#include "cli/exit_codes.hpp"
#include "cli/source_file.hpp"
#include "cli/version.hpp"
#include "codegen/codegen.hpp"
#include "codegen/emitter.hpp"
#include "diag/line_index.hpp"
#include "diag/render.hpp"
#include "syntax/lower.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::cli {

std::string build_usage() {
    return "usage: shapescript build FILE.ss [-o OUT.py] [options]\n"
           "\n"
           "Checks FILE.ss and writes its Python module (docs/generated-code.md).\n"
           "\n"
           "options:\n"
           "  -o, --output OUT.py        where to write the module (default: FILE.py; - for standard output)\n"
           "  --emit-python OUT.py       the same as --output\n"
           "  --checks LEVEL             argument and `as` checks: always, debug (default) or never;\n"
           "                             debug keeps them unless Python runs with -O\n"
           "  --value-checks LEVEL       value domain checks (Index in range, Mask boolean): the same levels\n"
           "  --devices LIST             devices to run on, overriding the file's `devices` (cpu, cuda:0,...)\n"
           "  --format human|json        how diagnostics are printed (default: human)\n"
           "  -h, --help                 show this help\n";
}

namespace {

bool valid_level(const std::string& level) { return level == "always" || level == "debug" || level == "never"; }

// Writes `text` to `path` through a temporary file in the same folder, so a
// failed write never leaves a half-written module.
bool write_atomically(const std::string& path, const std::string& text, std::string& error) {
    std::filesystem::path target(path);
    std::filesystem::path temp = target;
    temp += ".tmp" + std::to_string(::getpid());
    {
        std::ofstream f(temp, std::ios::binary | std::ios::trunc);
        if (!f) {
            error = "can't write " + temp.string() + ": " + std::strerror(errno);
            return false;
        }
        f << text;
        f.flush();
        if (!f) {
            error = "can't write " + temp.string();
            std::filesystem::remove(temp);
            return false;
        }
    }
    std::error_code ec;
    std::filesystem::rename(temp, target, ec);
    if (ec) {
        error = "can't write " + path + ": " + ec.message();
        std::filesystem::remove(temp, ec);
        return false;
    }
    return true;
}

}  // namespace

BuildResult build_module(const std::string& source, const BuildOptions& options, std::ostream& out, std::ostream& err) {
    const LineIndex index(source);
    std::vector<Diagnostic> diagnostics = check::analyze_source(source);
    size_t errors = 0;
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const Diagnostic& d : diagnostics) {
        if (options.json)
            all.push_back(render_json(d, options.file, index));
        else if (d.severity == Severity::Error || d.severity == Severity::Warning)
            err << render_human(d, options.file, source, index);
        if (d.severity == Severity::Error) ++errors;
    }
    auto finish_json = [&] {
        if (options.json) out << dump_json(all) << "\n";
    };
    if (errors) {
        finish_json();
        if (!options.json)
            err << "shapescript build: " << errors << " error" << (errors == 1 ? "" : "s") << " in "
                << display_text(options.file) << ": no module written\n";
        return {};
    }
    syntax::SyntaxTree tree{source};
    ast::File file = syntax::lower(tree);
    check::TypedProgram typed = check::check_program(file, source);
    codegen::Options o;
    o.checks = options.checks;
    o.value_checks = options.value_checks;
    o.devices = options.devices;
    o.version = std::string(kVersion);
    std::error_code ec;
    auto absolute = std::filesystem::absolute(options.file, ec);
    o.source_path = ec ? options.file : absolute.lexically_normal().string();
    try {
        BuildResult result{true, codegen::generate_python(file, source, typed, o)};
        finish_json();
        return result;
    } catch (const codegen::CodegenError& e) {
        LineColumn at = index.position(e.range.begin);
        std::string message = "can't generate Python for this yet: " + e.message;
        if (options.json) {
            all.push_back({{"file", options.file}, {"line", at.line}, {"column", at.column}, {"severity", "error"},
                           {"code", "build"}, {"message", message}});
            finish_json();
        } else {
            err << display_text(options.file) << ":" << at.line << ":" << at.column << ": error: " << message << "\n";
        }
        return {};
    }
}

int run_build_command(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    BuildOptions options;
    auto usage = [&](const std::string& message) {
        err << "shapescript build: error: " << display_text(message) << "\n\n" << build_usage();
        return kExitUsage;
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](std::string& into) -> bool {
            if (i + 1 >= args.size()) return false;
            into = args[++i];
            return true;
        };
        if (a == "-h" || a == "--help") {
            out << build_usage();
            return kExitOk;
        } else if (a == "-o" || a == "--output" || a == "--emit-python") {
            if (!value(options.output)) return usage(a + " needs a file name");
        } else if (a == "--checks" || a == "--value-checks") {
            std::string level;
            if (!value(level) || !valid_level(level))
                return usage(a + " expects always, debug or never, found `" + level + "`");
            (a == "--checks" ? options.checks : options.value_checks) = level;
        } else if (a == "--devices") {
            if (!value(options.devices)) return usage("--devices needs a list such as cuda:0,cuda:1");
        } else if (a == "--format") {
            std::string f;
            if (!value(f) || (f != "human" && f != "json")) return usage("--format expects human or json, found `" + f + "`");
            options.json = f == "json";
        } else if (!a.empty() && a[0] == '-' && a != "-") {
            return usage("unknown option `" + a + "`");
        } else if (options.file.empty()) {
            options.file = a;
        } else {
            return usage("one file at a time; found `" + options.file + "` and `" + a + "`");
        }
    }
    if (options.file.empty()) return usage("no file given");
    SourceRead read = read_source(options.file);
    if (!read.bytes) {
        err << "shapescript build: error: " << display_text(read.error) << "\n";
        return kExitUsage;
    }
    if (options.output.empty()) {
        if (options.file == "-") return usage("reading standard input needs -o");
        std::filesystem::path p(options.file);
        options.output = p.replace_extension(".py").string();
    }
    BuildResult built = build_module(*read.bytes, options, out, err);
    if (!built.ok) return kExitErrors;
    if (options.output == "-") {
        out << built.module;
        return kExitOk;
    }
    std::string error;
    if (!write_atomically(options.output, built.module, error)) {
        err << "shapescript build: error: " << display_text(error) << "\n";
        return kExitUsage;
    }
    return kExitOk;
}

}  // namespace ss::cli
