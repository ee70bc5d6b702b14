#include "cli/export_command.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include <unistd.h>

#include "check/device_list.hpp"
#include "cli/arguments.hpp"
#include "cli/check_levels.hpp"
#include "cli/exit_codes.hpp"
#include "cli/program_files.hpp"
#include "cli/python_child.hpp"
#include "cli/render.hpp"
#include "cli/source_file.hpp"
#include "diag/line_index.hpp"
#include "diag/version.hpp"
#include "diag/write_file.hpp"
#include "driver/build.hpp"

namespace ss::cli {

std::string export_usage() {
    return "usage: shapescript export FILE.ss [--fn NAME] [-o OUT.pt2] [options]\n"
           "       shapescript export FILE.ss --hf DIR [--fn NAME] [--vllm] [options]\n"
           "       shapescript export FILE.ss --gguf OUT.gguf [--fn NAME] [--arch ARCH] [options]\n"
           "\n"
           "Checks FILE.ss and exports a function with torch.export (docs/export.md): a .pt2\n"
           "file that torch.export.load runs with torch alone, its dynamic shapes from the types.\n"
           "With --hf, a Hugging Face folder that transformers loads (trust_remote_code=True)\n"
           "and, for a language model in the serving form, vLLM serves. With --gguf, a GGUF file\n"
           "that llama.cpp runs as the architecture (llama or gpt2) that computes the source.\n"
           "\n"
           "options:\n"
           "  --fn NAME              the function (default: the file's only `export fn`)\n"
           "  -o, --output OUT.pt2   where to write it (default: FILE with .pt2)\n"
           "  --aoti                 an AOTInductor package (needs a C++ compiler)\n"
           "  --weights CKPT         for a function that takes a model first: the model's weights, from\n"
           "                         a checkpoint `save` wrote (its first model of that type)\n"
           "  --seed N               without --weights, new weights made from N, as M.init(seed=N) (default 0)\n"
           "  --hf DIR               a Hugging Face folder, written new (the function: --fn, default forward,\n"
           "                         which takes the model first)\n"
           "  --vllm                 with --hf: the folder must be one vLLM serves; a broken serving rule\n"
           "                         (E3301-E3305) is an error, not a note\n"
           "  --dtype DTYPE          with --hf or --gguf: the weights' dtype, float32 (default), bfloat16\n"
           "                         or float16\n"
           "  --tokenizer DIR        with --hf: a Hugging Face tokenizer's folder, copied in; with --gguf:\n"
           "                         a byte-level BPE tokenizer's (tokenizer.json), written as the vocabulary\n"
           "  --max-len N            with --hf or --gguf: the longest context (default: P of the\n"
           "                         positions' Index[P], or 4096)\n"
           "  --no-verify            with --hf: don't load the folder with transformers and compare\n"
           "  --gguf OUT.gguf        a GGUF file for llama.cpp, written new (the function as for --hf,\n"
           "                         which must keep the serving rules E3301-E3305)\n"
           "  --arch ARCH            with --gguf: llama or gpt2 (default: the one that computes the source)\n"
           "  --checks LEVEL         `as` shape checks kept in the program: always, debug (default) or never\n"
           "  --value-checks LEVEL   value checks kept in the program: the same levels\n"
           "  --devices LIST         where the program runs, overriding the file's `devices`\n"
           "  --python PYTHON        the Python that traces it (default: $SHAPESCRIPT_PYTHON, the\n"
           "                         python next to this program, the setup's venv, python3)\n"
           "  --emit-python OUT.py   write the export module instead; `python OUT.py -o x.pt2 [--aoti]` runs it\n"
           "  -h, --help             show this help\n";
}

namespace {

struct ExportOptions {
    std::string file, fn, output, emit_python, python, devices, weights, seed;
    std::string checks = "debug", value_checks = "debug";
    bool aoti = false;
    // --hf and what goes with it
    std::string hf, gguf, arch, dtype, tokenizer, max_len;
    bool vllm = false, no_verify = false;
};

bool digits(const std::string& value) {
    return !value.empty() && value.size() <= 18 && value.find_first_not_of("0123456789") == std::string::npos;
}

// What --hf's options ask that they can't be, or nothing.
std::optional<std::string> hf_misuse(const ExportOptions& o) {
    if (!o.gguf.empty()) {
        if (!o.hf.empty()) return "--hf and --gguf are two exports: give one";
        if (!o.output.empty() || o.aoti) return "--gguf writes its file; -o and --aoti are for a .pt2";
        if (o.vllm || o.no_verify) return "--vllm and --no-verify are for --hf";
        if (!o.arch.empty() && o.arch != "llama" && o.arch != "gpt2")
            return "--arch expects llama or gpt2, found `" + o.arch + "`";
    } else if (!o.arch.empty()) {
        return "--arch is for a GGUF file: give --gguf OUT.gguf";
    }
    if (o.hf.empty() && o.gguf.empty()) {
        if (o.vllm) return "--vllm makes a Hugging Face folder one vLLM serves: give --hf DIR";
        for (const auto& [given, name] :
             {std::pair{!o.dtype.empty(), "--dtype"}, std::pair{!o.tokenizer.empty(), "--tokenizer"},
              std::pair{!o.max_len.empty(), "--max-len"}, std::pair{o.no_verify, "--no-verify"}})
            if (given) return std::string(name) + " is for a Hugging Face folder: give --hf DIR";
        return std::nullopt;
    }
    if (o.gguf.empty() && (!o.output.empty() || o.aoti)) return "--hf writes a folder; -o and --aoti are for a .pt2";
    if (!o.dtype.empty() && o.dtype != "float32" && o.dtype != "bfloat16" && o.dtype != "float16")
        return "--dtype expects float32, bfloat16 or float16, found `" + o.dtype + "`";
    if (!o.max_len.empty() &&
        (!digits(o.max_len) || o.max_len == "0" || o.max_len.find_first_not_of('0') == std::string::npos))
        return "--max-len expects a positive whole number such as 4096, found `" + o.max_len + "`";
    return std::nullopt;
}

// An exit status to end with, or what to go on with.
template <class T>
using Or = std::variant<T, int>;

int usage(std::ostream& err, const std::string& message) {
    err << "shapescript export: error: " << display_text(message) << "\n\n" << export_usage();
    return kExitUsage;
}

int error(std::ostream& err, const std::string& message) {
    err << "shapescript export: error: " << display_text(message) << "\n";
    return kExitUsage;
}

Or<ExportOptions> read_options(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    static const OptionSpec kOptions[] = {
        {{"--fn"}, "a function's name"},
        {{"-o", "--output"}, "a file name"},
        {{"--emit-python"}, "a file name"},
        {{"--python"}, "a program"},
        {{"--devices"}, "a list such as cuda:0"},
        {{"--checks"}, "a level: always, debug or never"},
        {{"--value-checks"}, "a level: always, debug or never"},
        {{"--aoti"}, ""},
        {{"--weights"}, "a checkpoint file"},
        {{"--seed"}, "a whole number"},
        {{"--hf"}, "a folder to write"},
        {{"--vllm"}, ""},
        {{"--dtype"}, "float32, bfloat16 or float16"},
        {{"--tokenizer"}, "a tokenizer's folder"},
        {{"--max-len"}, "a whole number"},
        {{"--no-verify"}, ""},
        {{"--gguf"}, "a file to write"},
        {{"--arch"}, "llama or gpt2"},
    };
    auto words = read_arguments(args, kOptions);
    if (auto* problem = std::get_if<std::string>(&words)) return usage(err, *problem);
    const Arguments& given = std::get<Arguments>(words);
    if (given.help) {
        out << export_usage();
        return kExitOk;
    }
    ExportOptions options;
    for (const auto& [name, value] : given.options) {
        if (name == "--fn") options.fn = value;
        else if (name == "--output") options.output = value;
        else if (name == "--emit-python") options.emit_python = value;
        else if (name == "--python") options.python = value;
        else if (name == "--devices") {
            if (std::string problem = check::device_list_problem(value); !problem.empty())
                return usage(err, "--devices: " + problem);
            options.devices = value;
        } else if (name == "--aoti") options.aoti = true;
        else if (name == "--weights") options.weights = value;
        else if (name == "--hf") options.hf = value;
        else if (name == "--vllm") options.vllm = true;
        else if (name == "--dtype") options.dtype = value;
        else if (name == "--tokenizer") options.tokenizer = value;
        else if (name == "--max-len") options.max_len = value;
        else if (name == "--no-verify") options.no_verify = true;
        else if (name == "--gguf") options.gguf = value;
        else if (name == "--arch") options.arch = value;
        else if (name == "--seed") {
            if (!digits(value)) return usage(err, "--seed expects a whole number such as 0, found `" + value + "`");
            options.seed = value;
        } else if (name == "--checks" || name == "--value-checks") {
            if (!valid_level(value)) return usage(err, name + " expects always, debug or never, found `" + value + "`");
            (name == "--checks" ? options.checks : options.value_checks) = value;
        }
    }
    if (auto misuse = hf_misuse(options)) return usage(err, *misuse);
    if ((!options.hf.empty() || !options.gguf.empty()) && options.fn.empty())
        options.fn = "forward";  // seed 001's default
    if (!options.emit_python.empty() && (!options.weights.empty() || !options.seed.empty()))
        return usage(err,
                     "--weights and --seed choose the weights when exporting; with --emit-python, give them to "
                     "`python OUT.py`");
    if (given.positionals.size() > 1)
        return usage(err,
                     "one file at a time; found `" + given.positionals[0] + "` and `" + given.positionals[1] + "`");
    if (given.positionals.empty() || given.positionals[0].empty()) return usage(err, "no file given");
    if (given.positionals[0] == "-") return usage(err, "export reads a file, and `-` (standard input) isn't one");
    options.file = given.positionals[0];
    return options;
}

// What will be written: the .pt2 (by Python: asked about here, so that
// nothing is replaced), or the module with --emit-python, and a .pt2 named
// with -o too (shapescript.export asks so before it writes one). The .pt2's
// default name is set here.
std::optional<int> refuse_outputs(ExportOptions& options, std::ostream& err) {
    const std::string& served = options.hf.empty() ? options.gguf : options.hf;
    if (!served.empty() && options.emit_python.empty()) {
        // Written new (by Python, beside it, then renamed into place).
        std::error_code ec;
        std::filesystem::path folder(served);
        const char* what = options.hf.empty() ? "a GGUF file" : "a Hugging Face folder";
        if (same_file(options.file, served))
            return usage(err, served + " is the source file: expected a new path to write");
        if (std::filesystem::symlink_status(folder, ec).type() != std::filesystem::file_type::not_found)
            return error(err, served + " exists: " + what + " is written to a new path");
        std::filesystem::path parent = folder.parent_path().empty() ? "." : folder.parent_path();
        if (!std::filesystem::is_directory(parent, ec))
            return error(err, "no folder " + parent.string() + " to write " + folder.filename().string() + " in");
        return std::nullopt;
    }
    bool output_given = !options.output.empty();
    if (!output_given) options.output = std::filesystem::path(options.file).replace_extension(".pt2").string();
    std::vector<const std::string*> written{&options.emit_python};
    if (options.emit_python.empty() || output_given) written.push_back(&options.output);
    for (const std::string* path : written) {
        if (path->empty()) continue;
        if (same_file(options.file, *path))
            return usage(err, *path + " is the source file: expected another file to write");
        std::optional<std::string> problem = output_problem(*path);
        if (!problem) problem = folder_refuses_files(*path);
        if (problem) return error(err, *problem);
    }
    return std::nullopt;
}

// The export module of `source` (driver/build.hpp), its diagnostics printed.
Or<driver::BuildOutput> export_module(const ExportOptions& options, const std::string& source, std::ostream& err) {
    codegen::Options o;
    o.checks = options.checks;
    o.value_checks = options.value_checks;
    o.devices = options.devices;
    o.padding = false;  // an exported program pads nothing (docs/padding.md)
    o.version = std::string(kVersion);
    o.export_fn = options.fn;
    o.hf = !options.hf.empty() || !options.gguf.empty();
    o.serving_required = options.vllm || !options.gguf.empty();
    if (o.hf) o.value_checks = "never";  // an engine gives values of its own (seed 001): shapes are checked
    // A GGUF file's pairing is found in f64 (gguf_export.py): no dtype checks.
    if (!options.gguf.empty()) o.checks = "never";
    std::error_code ec;
    auto absolute = std::filesystem::absolute(options.file, ec);
    o.source_path = ec ? options.file : absolute.lexically_normal().string();
    // Its imports, found as `check` finds them (SHAPESCRIPT_PATH too).
    std::unique_ptr<check::ModuleGraph> modules = disk_modules({});
    driver::BuildOutput built =
        driver::build_export_module(source, o, imports_of(*modules, options.file), modules.get());
    const LineIndex index(source);
    for (const Diagnostic& d : built.diagnostics)
        if (d.severity == Severity::Error || d.severity == Severity::Warning)
            err << render_human(d, options.file, source, index, {.colour = colour_for(err)});
    if (built.errors) {
        err << "shapescript export: " << built.errors << " error" << (built.errors == 1 ? "" : "s") << " in "
            << display_text(options.file) << ": nothing written\n";
        return kExitErrors;
    }
    if (!built.export_refused.empty()) return error(err, built.export_refused);
    for (Diagnostic note : built.serving_notes) {
        note.severity = Severity::Information;
        err << render_human(note, options.file, source, index, {.colour = colour_for(err)});
    }
    if (!built.serving_notes.empty())
        err << "shapescript export: `" << built.export_fn
            << "` breaks a serving rule, so the folder is for transformers only; --vllm makes that an error\n";
    if (built.unsupported || !built.module) {
        LineColumn at = index.position(built.unsupported ? built.unsupported->range.begin : 0);
        err << display_text(options.file) << ":" << at.line << ":" << at.column
            << ": error: can't generate Python for this yet: "
            << (built.unsupported ? built.unsupported->message : std::string("no module")) << "\n";
        return kExitErrors;
    }
    return built;
}

// The module run by Python from a folder of the process's own (mkdtemp:
// made new, 0700), removed after the child: a name others could guess, in
// a folder they can write, could be a link that the write would follow.
int export_in_python(const ExportOptions& options, const std::string& module, std::ostream& out, std::ostream& err) {
    std::error_code ec;
    std::string folder_name = (std::filesystem::temp_directory_path(ec) / "shapescript-export-XXXXXX").string();
    std::vector<char> folder_buffer(folder_name.begin(), folder_name.end());
    folder_buffer.push_back('\0');
    if (!::mkdtemp(folder_buffer.data()))
        return error(err, "cannot make a temporary folder (" + folder_name + "): " + std::strerror(errno));
    const std::filesystem::path folder(folder_buffer.data());
    std::filesystem::path temporary = folder / "module.py";
    if (auto problem = write_file_atomically(temporary.string(), module)) {
        std::filesystem::remove_all(folder, ec);
        return error(err, *problem);
    }
    std::string python = find_python(options.python);
    std::vector<std::string> argv = {python, temporary.string()};
    if (!options.gguf.empty()) argv.insert(argv.end(), {"--gguf", options.gguf});
    else if (options.hf.empty()) argv.insert(argv.end(), {"-o", options.output});
    else argv.insert(argv.end(), {"--hf", options.hf});
    if (!options.arch.empty()) argv.insert(argv.end(), {"--arch", options.arch});
    if (options.aoti) argv.push_back("--aoti");
    if (!options.dtype.empty()) argv.insert(argv.end(), {"--dtype", options.dtype});
    if (!options.tokenizer.empty()) argv.insert(argv.end(), {"--tokenizer", options.tokenizer});
    if (!options.max_len.empty()) argv.insert(argv.end(), {"--max-len", options.max_len});
    if (options.no_verify) argv.push_back("--no-verify");
    if (!options.weights.empty()) argv.insert(argv.end(), {"--weights", options.weights});
    if (!options.seed.empty()) argv.insert(argv.end(), {"--seed", options.seed});
    out.flush();
    err.flush();
    std::string why;
    int status = run_child(argv, why);
    std::filesystem::remove_all(folder, ec);
    if (status < 0)
        return error(err, "can't start Python (`" + python + "`): " + why +
                              "; give one with --python or $SHAPESCRIPT_PYTHON");
    // 2: the output couldn't be written (exporting.py's OutputError), a
    // usage error like the ones refused before Python started.
    if (status == kExitUsage) return kExitUsage;
    return status == 0 ? kExitOk : kExitErrors;
}

}  // namespace

int run_export_command(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    Or<ExportOptions> read = read_options(args, out, err);
    if (auto* status = std::get_if<int>(&read)) return *status;
    ExportOptions& options = std::get<ExportOptions>(read);
    if (auto refused = refuse_outputs(options, err)) return *refused;
    SourceRead source = read_source(options.file);
    if (!source.bytes) return error(err, source.error);
    Or<driver::BuildOutput> made = export_module(options, *source.bytes, err);
    if (auto* status = std::get_if<int>(&made)) return *status;
    const driver::BuildOutput& built = std::get<driver::BuildOutput>(made);
    if (options.emit_python.empty()) return export_in_python(options, *built.module, out, err);
    if (auto problem = write_file_atomically(options.emit_python, *built.module)) return error(err, *problem);
    out << "shapescript export: wrote " << display_text(options.emit_python) << "; `python "
        << display_text(options.emit_python) << (options.hf.empty() ? " -o OUT.pt2" : " --hf DIR")
        << " [--weights CKPT]` exports `" << built.export_fn << "`\n";
    return kExitOk;
}

}  // namespace ss::cli
