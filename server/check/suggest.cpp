#include "check/suggest.hpp"

#include <algorithm>

namespace ss::check {

namespace {

// Optimal string alignment distance (Damerau-Levenshtein without repeated
// edits of one substring).
size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (size_t i = 1; i <= a.size(); ++i)
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> closest_name(std::string_view name, const std::vector<std::string>& candidates) {
    if (name.size() > 64) return std::nullopt;  // not a typo; and keeps this cheap
    size_t limit = std::max<size_t>(1, name.size() / 3);
    std::optional<std::string> best;
    size_t best_distance = limit + 1;
    for (const std::string& candidate : candidates) {
        if (candidate == name || candidate.size() > name.size() + limit || candidate.size() + limit < name.size())
            continue;
        size_t distance = edit_distance(name, candidate);
        if (distance < best_distance) {
            best_distance = distance;
            best = candidate;
        }
    }
    return best;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
    auto best = closest_name(name, candidates);
    return best ? "; did you mean `" + *best + "`?" : "";
}

std::vector<Fix> replace_with_closest(std::string_view name, ByteRange at, const std::vector<std::string>& candidates) {
    auto best = closest_name(name, candidates);
    if (!best) return {};
    return {Fix{"Replace `" + std::string(name) + "` with `" + *best + "`", {FixEdit{at, *best}}}};
}

std::optional<std::string> python_builtin_hint(std::string_view name) {
    if (name == "range") return "; a range is written `a..b`: `for i in 0..n`";
    if (name == "len") return "; an axis's size is its name: with `x: [n D]`, `n` is the length of `x` in the body";
    if (name == "enumerate")
        return "; `enumerate` counts the passes of a `for` loop from 0, in its header around the iterable "
               "alone: `for i, batch in enumerate(data |> batches(64))`";
    if (name == "zip") return "; loop over a range and index each: `for i in 0..n` with `x[i]` and `y[i]`";
    return std::nullopt;
}

}  // namespace ss::check
