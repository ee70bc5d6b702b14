// What every benchmark in bench/ shares: wall-clock timing, medians, and the
// sizes to run from the command line.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace ss::bench {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// The line counts given as arguments, or 1k, 10k and 50k; exits with 2 and a
// message naming `program` on one that isn't a positive number.
inline std::vector<int> sizes_from(int argc, char** argv, const char* program) {
    std::vector<int> sizes;
    for (int i = 1; i < argc; ++i) {
        int lines = std::atoi(argv[i]);
        if (lines <= 0) {
            std::fprintf(stderr, "%s: sizes are positive line counts, found `%s`\n", program, argv[i]);
            std::exit(2);
        }
        sizes.push_back(lines);
    }
    if (sizes.empty()) sizes = {1000, 10000, 50000};
    return sizes;
}

}  // namespace ss::bench
