// The serving analysis (seed 001, "Serving engines"; docs/export.md): the
// rules a function that takes a model first must keep for a serving engine
// (vLLM, llama.cpp) to run its token embedding, attention and output layer
// itself, and the rest of it as written:
//   E3301 its parameters: the model, the token ids `[b n] Index[V]`, and
//         optionally their positions `[b n]` of an integer type; the others
//         have defaults;
//   E3302 it ends with the output layer: one `return linear(h, m.W)` (or
//         `h |> linear(m.W)`), m.W a param `[V D]`, no bias;
//   E3303 the ids are read once, by `embedding(ids, m.E)` with m.E a param
//         `[V D]`, and m.E and m.W are read nowhere else (m.W may be m.E);
//   E3304 along the sequence axis `n`, followed into every function it is
//         passed to (analysis/axis_reach.hpp), nothing works across
//         positions but `scaled_dot_product_attention` with
//         `attn_mask=causal[n n]`: no other sum, softmax, contraction or
//         mask, and no positions counted from n (`arange`);
//   E3305 each such attention takes queries, keys and values of one shape
//         `[b H n Dh]`, H and Dh dims, the same for every attention, and
//         there is at least one.
// For each function that takes a model first the pass gives a fact:
// Servable at its name, or Unservable with the first rule broken (what the
// hover on it says). Breaking a rule is no diagnostic in `check` or the
// editor (most models aren't served); `export --vllm` and `--gguf` report
// serving_errors, and `--hf` says the first in a note.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "analysis/analysis.hpp"
#include "analysis/imported.hpp"

namespace ss::analysis {

std::unique_ptr<Pass> serving_pass();

// Each function's generic axes as a served function's sequence axis
// passed to them would find them (what an importer's served function
// calling one inherits: analysis/imported.hpp), by function and axis name.
std::map<std::string, std::map<std::string, ServingAxis>> serving_axes(const check::ProgramFacts& program,
                                                                       const ImportedCalls* imported);

// Why `function` isn't in the serving form: each rule's breaks in the
// order of the codes. Empty when it is, or when it doesn't take a model
// first (E3306 is the export's).
// `imported`: what is known of the functions of other files it calls
// (analysis/imported.hpp), or null.
std::vector<Cause> serving_causes(const check::ProgramFacts& program, const std::string& function,
                                  const ImportedCalls* imported = nullptr);

// Those as diagnostics (words.hpp's serving_diagnostic).
std::vector<Diagnostic> serving_errors(const check::ProgramFacts& program, const std::string& function,
                                       const ImportedCalls* imported = nullptr);

}  // namespace ss::analysis
