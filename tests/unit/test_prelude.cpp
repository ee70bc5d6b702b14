// The prelude is ShapeScript that checks clean, and its rules work.
#include <doctest/doctest.h>

#include <string>

#include "check/analyze.hpp"
#include "check/prelude.hpp"
#include "syntax_test_util.hpp"

using ss::test::codes_of;
using Codes = std::vector<std::string>;

TEST_CASE("the prelude parses and checks without a diagnostic") {
    std::string text(ss::check::prelude_text());
    REQUIRE(text.find("extern fn gelu") != std::string::npos);
    auto d = ss::check::check_text(text);
    for (const auto& x : d) CAPTURE(x.message);
    CHECK(d.empty());
    CHECK(ss::check::prelude_ast().items.size() > 10);
}

TEST_CASE("prelude functions keep shapes and elements, and broadcast by name") {
    // gelu keeps [b n D] f16: returning it as [b n D] f16 is fine, as [b D] is not.
    CHECK(ss::check::check_text("fn f(x: [b n D] f16) -> [b n D] f16:\n    return x |> gelu |> scale(0.5)\n").empty());
    CHECK(codes_of(ss::check::check_text("fn f(x: [b n D]) -> [b D]:\n    return gelu(x)\n")) == Codes{"E0601"});
    // A mask aligning by name broadcasts; one with a foreign axis doesn't.
    CHECK(ss::check::check_text("fn f(att: [b H n m]) -> [b H n m]:\n    return att |> masked_fill(!causal[n m], "
                                "-inf) |> softmax(over=m)\n")
              .empty());
    CHECK(codes_of(ss::check::check_text(
              "fn f(att: [b H n m], mask: [n k] Mask) -> [b H n m]:\n    return att |> masked_fill(mask, -inf)\n")) ==
          Codes{"E0504"});
    CHECK(codes_of(ss::check::check_text("fn f(x: [b n]) -> [b n]:\n    return softmax(x, over=V)\n")) ==
          Codes{"E0419"});
    // A number is fine where the prelude says [..s].
    CHECK(
        ss::check::check_text("dim Dh = 64\nfn f(x: [b n]) -> [b n]:\n    return x |> scale(1 / sqrt(Dh))\n").empty());
    // A file's own definition shadows the prelude's.
    CHECK(ss::check::check_text(
              "fn gelu(x: [n], y: [n]) -> [n]:\n    return x\nfn f(x: [n]) -> [n]:\n    return gelu(x, x)\n")
              .empty());
}
