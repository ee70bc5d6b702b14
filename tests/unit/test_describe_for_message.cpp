// How messages write types (describe_for_message): the element always, the
// sizes as evaluated after them only where they differ from the written.
#include <doctest/doctest.h>

#include "check/describe.hpp"

namespace {

using ss::check::AxisType;
using ss::check::ElementKind;
using ss::check::Size;
using ss::check::Type;
using ss::check::TypeKind;

const std::vector<std::string> kSymbols = {"b", "n", "C"};  // C: as if the prelude's

AxisType axis(std::string written, Size size) {
    AxisType a;
    a.name = written;
    a.written = std::move(written);
    a.size = size;
    return a;
}

Type tensor(std::vector<AxisType> axes) {
    Type t = ss::check::of_kind(TypeKind::Tensor);
    t.tensor.axes = std::move(axes);
    return t;
}

// Sizes over b and n shown by name; one over C is left as written.
std::optional<std::string> shown(const Size& size) {
    for (auto id : size.symbols())
        if (kSymbols[id] == "C") return std::nullopt;
    return ss::check::describe(size, kSymbols);
}

std::string message(const Type& t, bool any_float = false) {
    return ss::check::describe_for_message(t, shown, any_float);
}

}  // namespace

TEST_CASE("describe_for_message: elements always, values where they differ") {
    Type dims = tensor({axis("b", Size::symbol(0)), axis("Hd", Size::constant(128))});
    CHECK(message(dims) == "[b Hd] f32 (= [b 128])");

    Type generic = tensor({axis("b", Size::symbol(0)), axis("n+1", Size::symbol(1) + Size::constant(1))});
    CHECK(message(generic) == "[b n+1] f32");  // `n + 1` is how it is written

    Type index = tensor({axis("b", Size::symbol(0))});
    index.tensor.element.kind = ElementKind::Index;
    index.tensor.element.index_bound = Size::constant(100);
    index.tensor.element.bound_written = "V";
    CHECK(message(index) == "[b] Index[V] (= [b] Index[100])");
    index.tensor.element.bound_written.clear();
    CHECK(message(index) == "[b] Index");

    Type prelude = tensor({axis("_", Size::symbol(2))});
    CHECK(message(prelude) == "[_] f32");
    CHECK(message(prelude, true) == "[_] of any float type");

    Type pair = ss::check::of_kind(TypeKind::Tuple);
    pair.elements = {dims, tensor({axis("n", Size::symbol(1))})};
    CHECK(message(pair) == "([b Hd] f32, [n] f32) (= ([b 128], [n]))");
    CHECK(message(ss::check::of_kind(TypeKind::Int)) == "int");
}
