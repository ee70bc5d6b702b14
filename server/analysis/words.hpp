// The words for what the analyses found (analysis/facts.hpp): one place
// that turns a Cause into the phrases the hints (H2001, H3101), the export
// errors (E1701-E1706), the editor's hovers and the generated code's
// messages say. The passes themselves only make data.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/facts.hpp"
#include "diag/catalogue.hpp"

namespace ss::analysis {

// Where a cause is, seen from where its pass started (a loop, a step):
// `here` when it is there, else "in `loss`" and, past one call,
// "in `loss` (reached through `train_step`, ...)".
std::string place_of(const Cause& cause, std::string_view here);

// Padding: what prevents it ("`sort`", "`f`, which takes it into its group
// `..s`"), and that with its place ("`sort` in `ranked`").
std::string padding_what(const Cause& cause);
std::string padding_why(const Cause& cause, std::string_view here);

// Recording: what the step, or what it reaches, does ("prints"), and that
// with its place ("prints in `log_it` (reached through `helper`)").
std::string recording_what(const Cause& cause);
std::string recording_why(const Cause& cause);

// Of a kept selection its function returns, to whom it is given back kept
// ("Returned, it is given back kept to `rows_mean`; ..."), else "".
std::string given_back(const Fact& kept);

// A fact's payload in a few words, as `check --facts` and dumps show it:
// "changes `m`, `opt`", "`sort` in `ranked`", "the step `s`: it prints".
std::string fact_detail(const Fact& fact);

// Export: the diagnostic a cause is (its code and its message's
// arguments), seen from the exported function `exported`.
Diagnostic export_diagnostic(const Cause& cause, const std::string& exported);

// Serving: the diagnostic a cause is (E3301-E3305), seen from the served
// function `served`.
Diagnostic serving_diagnostic(const Cause& cause, const std::string& served);

}  // namespace ss::analysis
