// Calls of functions of other .ss files (docs/modules.md, "Analyses across
// files"). The analyses follow a call into another file by what their own
// conclusions there are: the callee's file's facts (check::ImportedFunction)
// are analysed as that file alone would be, and each of its functions gets
// verdicts in terms of its signature: for each generic axis, what keeps a
// padded or kept axis from passing through (and the pad id its mask is
// passed under when nothing does); what keeps a step that calls it from
// being recorded; what torch.export can't trace in it. A pass reads them
// at the call (the padding analysis's AxisFollower, recording's and
// export's `finish`), so a program of several files reaches the
// conclusions it would as one file. A cause found there is said at the
// call, in the importer's file, with its path into the other file
// (`layers.block`, then `layers._mix`).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.hpp"
#include "check/program.hpp"

namespace ss::analysis {

// A generic axis of an imported function, as a value's axis passed to it.
struct ImportedAxis {
    std::optional<Cause> loop;       // what keeps a loop's padded batch axis from passing through it
    std::optional<Cause> selection;  // what keeps a kept selection's size (also what reads it in order)
    std::optional<int> pad_id;       // where nothing keeps it: the id its file's code takes its mask by
};

// A served function's sequence axis passed through a function as its
// generic axis (analysis/serving.hpp): what works across it (E3304), and
// the attentions it reaches, each (heads, width) where it is a dim's, with
// the place of the call.
struct AttentionShape {
    int64_t heads = 0, width = 0;
    Cause where;  // Blocker::ServingAttention at the attention
};
struct ServingAxis {
    std::optional<Cause> across;
    std::vector<Cause> problems;  // attentions an engine can't run (E3305)
    std::vector<AttentionShape> shapes;
};

// What the analyses conclude about one function of another file, in that
// file's terms (its names, its ranges).
struct ImportedVerdicts {
    std::map<std::string, ImportedAxis> axes;  // by the function's name for the axis (`n`)
    bool elementwise = false;                  // a value may pass through its group padded
    // The declared `?k`s of its result it gives back kept when a caller
    // asks (`_ss_keep=True`), by name: a kept selection it returns.
    std::set<std::string> kept_results;
    std::vector<Cause> recording;                // what keeps a step that reaches it from being recorded
    std::vector<Cause> exporting;                // what torch.export can't trace in it or what it reaches
    std::map<std::string, ServingAxis> serving;  // by generic axis, for a sequence axis passed to it
    // The fields of model parameters it and what it reaches in its file
    // read (models named as its file does): where a served model's
    // embedding table or output layer is read again (E3303).
    std::vector<check::FieldRead> reads;
};

class ImportedCalls {
public:
    // The verdicts on what `program` calls `callee`, one of
    // program.imported, or null when it is no function of another file.
    const ImportedVerdicts* of(const check::ProgramFacts& program, const std::string& callee) const;

    // `cause`, found in the file of what `call` calls (in that file's
    // terms), as the caller's file says it: at the call, in the function
    // named as the caller's file would (`layers._mix`), with the path from
    // the caller into that file.
    static Cause at_call(Cause cause, const check::CallSite& call, const check::ImportedFunction& callee);

    // Forgets the files `program` no longer reaches through its imports:
    // what the language server's analyzer keeps from one run to the next.
    void keep_reached(const check::ProgramFacts& program);

private:
    struct Module {
        std::shared_ptr<const check::ProgramFacts> program;  // keeps the key alive
        std::string key;                                     // the file's facts' key then (check::ModuleFacts)
        std::map<std::string, ImportedVerdicts> functions;
    };
    const Module& module(const check::ModuleFacts& facts) const;

    mutable std::map<const check::ProgramFacts*, Module> modules_;
    mutable size_t depth_ = 0;  // files being analysed, each for an importer's call
};

}  // namespace ss::analysis
