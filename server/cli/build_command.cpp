#include "cli/build_command.hpp"

#include <filesystem>
#include <optional>

#include <nlohmann/json.hpp>

#include "check/device_list.hpp"
#include "cli/arguments.hpp"
#include "cli/check_levels.hpp"
#include "cli/exit_codes.hpp"
#include "cli/program_files.hpp"
#include "cli/render.hpp"
#include "cli/source_file.hpp"
#include "diag/line_index.hpp"
#include "diag/version.hpp"
#include "diag/write_file.hpp"
#include "driver/build.hpp"

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
           "  --no-padding               pad nothing: the module as the program is written (docs/padding.md)\n"
           "  --format human|json        how diagnostics are printed (default: human)\n"
           "  --path DIR                 a folder to search for imported modules (repeatable; docs/modules.md)\n"
           "  -h, --help                 show this help\n";
}

namespace {

// The module's text for a source; nothing after printing the diagnostics
// (and the code generator's error) that stopped it.
std::optional<std::string> build_module(const std::string& source, const BuildOptions& options, std::ostream& out,
                                        std::ostream& err, std::optional<std::string>& stub) {
    const LineIndex index(source);
    codegen::Options o;
    o.checks = options.checks;
    o.value_checks = options.value_checks;
    o.devices = options.devices;
    o.padding = options.padding;
    o.version = std::string(kVersion);
    std::error_code ec;
    auto absolute = std::filesystem::absolute(options.file, ec);
    o.source_path = ec ? options.file : absolute.lexically_normal().string();
    std::unique_ptr<check::ModuleGraph> modules = disk_modules(options.search_path);
    // The program's folder first: a module it imports is built on its own,
    // and finds what it imports where this build found it.
    o.search_path = modules->search_path();
    if (options.file != "-")
        o.search_path.insert(o.search_path.begin(), std::filesystem::path(o.source_path).parent_path().string());
    // Found while checking: the module lists them (codegen.hpp).
    std::string importer = options.file == "-" ? "<stdin>" : options.file;
    driver::BuildOutput built = driver::build_module(source, o, imports_of(*modules, options.file),
                                                     [&] { return modules->imported_by(importer); });

    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const Diagnostic& d : built.diagnostics) {
        if (options.json) all.push_back(render_json(d, options.file, index));
        else if (d.severity == Severity::Error || d.severity == Severity::Warning)
            err << render_human(d, options.file, source, index, {.colour = colour_for(err)});
    }
    if (built.unsupported) {
        LineColumn at = index.position(built.unsupported->range.begin);
        std::string message = "can't generate Python for this yet: " + built.unsupported->message;
        if (options.json)
            all.push_back({{"file", options.file},
                           {"line", at.line},
                           {"column", at.column},
                           {"severity", "error"},
                           {"code", "build"},
                           {"message", message}});
        else err << display_text(options.file) << ":" << at.line << ":" << at.column << ": error: " << message << "\n";
    }
    if (options.json) out << dump_json(all) << "\n";
    if (built.errors && !options.json)
        err << "shapescript build: " << built.errors << " error" << (built.errors == 1 ? "" : "s") << " in "
            << display_text(options.file) << ": no module written\n";
    stub = std::move(built.stub);
    return std::move(built.module);
}

}  // namespace

int run_build_command(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    BuildOptions options;
    auto usage = [&](const std::string& message) {
        err << "shapescript build: error: " << display_text(message) << "\n\n" << build_usage();
        return kExitUsage;
    };
    static const OptionSpec kOptions[] = {
        {{"-o", "--emit-python", "--output"}, "a file name"},
        {{"--checks"}, "a level: always, debug or never"},
        {{"--value-checks"}, "a level: always, debug or never"},
        {{"--devices"}, "a list such as cuda:0,cuda:1"},
        {{"--no-padding"}, ""},
        {{"--format"}, "a format: human or json"},
        {{"--path"}, "a folder"},
    };
    auto words = read_arguments(args, kOptions);
    if (auto* error = std::get_if<std::string>(&words)) return usage(*error);
    const Arguments& given = std::get<Arguments>(words);
    if (given.help) {
        out << build_usage();
        return kExitOk;
    }
    for (const auto& [name, value] : given.options) {
        if (name == "--output") {
            options.output = value;
        } else if (name == "--checks" || name == "--value-checks") {
            if (!valid_level(value)) return usage(name + " expects always, debug or never, found `" + value + "`");
            (name == "--checks" ? options.checks : options.value_checks) = value;
        } else if (name == "--devices") {
            if (std::string problem = check::device_list_problem(value); !problem.empty())
                return usage("--devices: " + problem);
            options.devices = value;
        } else if (name == "--no-padding") {
            options.padding = false;
        } else if (name == "--path") {
            options.search_path.push_back(value);
        } else if (name == "--format") {
            if (value != "human" && value != "json")
                return usage("--format expects human or json, found `" + value + "`");
            options.json = value == "json";
        }
    }
    if (given.positionals.size() > 1)
        return usage("one file at a time; found `" + given.positionals[0] + "` and `" + given.positionals[1] + "`");
    if (!given.positionals.empty()) options.file = given.positionals[0];
    if (options.file.empty()) return usage("no file given");
    SourceRead read = read_source(options.file);
    if (!read.bytes) {
        err << "shapescript build: error: " << display_text(read.error) << "\n";
        return kExitUsage;
    }
    const bool default_output = options.output.empty();
    if (default_output) {
        if (options.file == "-") return usage("reading standard input needs -o");
        std::filesystem::path p(options.file);
        options.output = p.replace_extension(".py").string();
    }
    // The module never replaces its source: -o naming it or a link to it, or
    // the default output of a FILE.py.
    if (options.file != "-" && options.output != "-" && same_file(options.file, options.output)) {
        err << "shapescript build: error: " << display_text(options.output) << " is the source file "
            << (options.output == options.file ? "itself" : display_text(options.file))
            << (default_output ? " (the default output is FILE with .py)" : "")
            << ": expected another file for the module; name one with -o\n";
        return kExitUsage;
    }
    // Its type stub goes beside a `.py` module, for Pyright and mypy; never
    // over the source (`-o x.py` of an `x.pyi`).
    std::filesystem::path stub_path(options.output);
    const bool with_stub = options.output != "-" && stub_path.extension() == ".py";
    if (with_stub) stub_path.replace_extension(".pyi");
    if (with_stub && options.file != "-" && same_file(options.file, stub_path.string())) {
        err << "shapescript build: error: the module's type stub " << display_text(stub_path.string())
            << " would replace the source file: expected another name for the module\n";
        return kExitUsage;
    }
    std::optional<std::string> stub;
    std::optional<std::string> module = build_module(*read.bytes, options, out, err, stub);
    if (!module) return kExitErrors;
    if (options.output == "-") {
        out << *module;
        return kExitOk;
    }
    if (auto error = write_file_atomically(options.output, *module)) {
        err << "shapescript build: error: " << display_text(*error) << "\n";
        return kExitUsage;
    }
    if (stub && with_stub) {
        if (auto error = write_file_atomically(stub_path.string(), *stub)) {
            err << "shapescript build: error: " << display_text(*error) << "\n";
            return kExitUsage;
        }
    }
    return kExitOk;
}

}  // namespace ss::cli
