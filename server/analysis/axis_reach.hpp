// Following a size symbol from a function into every function it is passed
// to (check::CallSite::axes), breadth first, until something prevents it:
// how the padding analysis follows a batch axis (analysis/padding.hpp) and
// the serving analysis the sequence axis (analysis/serving.hpp). Each
// analysis says which of a function's causes prevent it.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/facts.hpp"
#include "analysis/imported.hpp"
#include "check/program.hpp"

namespace ss::analysis {

struct AxisReach {
    // The first thing that prevents following the axis, with the call path to it.
    std::optional<Cause> prevention;
    std::vector<std::pair<std::string, check::SymbolId>> reached;  // with no prevention: where it goes
    // The calls into other files it passed through (each its axis there).
    std::vector<std::pair<const check::CallSite*, std::string>> imported;
};

// Whether one of `fn`'s causes (about an effect along the axis followed)
// prevents following it.
using PreventsFollowing = std::function<bool(const check::FunctionFacts& fn, const Cause& cause)>;

class AxisFollower {
public:
    // `causes`: each function's causes about its effects along axes (as
    // program.functions; Cause::effect says which effect).
    // `imported`: what is known of other files' functions, which the axis
    // is followed into by their verdicts (analysis/imported.hpp); with
    // none, a call into another file is only noted (AxisReach::imported).
    AxisFollower(const check::ProgramFacts& program, const std::vector<std::vector<Cause>>& causes,
                 const ImportedCalls* imported);

    // What the axis `symbol` of `start` reaches, breadth first (so the
    // first prevention is along a shortest call path): the first cause
    // `prevents` accepts, a call that takes the axis into a group or as
    // another size, or none and every (function, axis) it reaches.
    AxisReach reach(const check::FunctionFacts& start, check::SymbolId symbol, const PreventsFollowing& prevents) const;

    // Whether `fn` only does maths position by position (into a group of
    // such a function, a position only ever affects itself).
    bool elementwise(const check::FunctionFacts& fn) const;

private:
    const check::ProgramFacts& program_;
    const ImportedCalls* imported_;
    std::map<std::string, const check::FunctionFacts*> functions_;
    std::map<const check::FunctionFacts*, const std::vector<Cause>*> causes_;
};

}  // namespace ss::analysis
