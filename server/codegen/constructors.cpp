// Constructors written with a type (check/constructors.cpp): `zeros([b H])`
// is `torch.zeros((_ss_b, H), dtype=torch.float32, device=...)`, each size
// read off the shape that gives it, on the function's device. The random
// ones are the runtime's (runtime/shapescript/draws.py), given the mode at
// the draw's path, as dropout is (docs/generated-code.md).
#include "check/constructors.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

Py Emitter::constructor(const ast::Expr& e, const ast::Call& c) {
    const check::Type* t = type_of(e);
    if (!is_tensor(t)) fail(e.range, "a constructor whose type isn't known here");
    const std::string& name = std::get<ast::NameExpr>(c.callee->node).name.text;
    LoweredArgs args = lower_args(c.arguments, nullptr, nullptr);
    builtin_draw_paths(name, args);
    // Each argument by the parameter it binds to (the checker's order).
    std::vector<std::string> keywords;
    for (const auto& [k, v] : args.keywords) keywords.push_back(k);
    std::vector<std::string_view> params = check::constructor_params(name, args.positional.size(), keywords);
    std::map<std::string, std::string, std::less<>> given;
    for (size_t i = 0; i < args.positional.size() && i < params.size(); ++i)
        given[std::string(params[i])] = args.positional[i].text;
    for (const auto& [k, v] : args.keywords) given[k] = v.text;
    auto argument = [&](const std::string& param) {  // the checker refused a call without it
        auto it = given.find(param);
        if (it == given.end()) fail(e.range, "`" + name + "` without its `" + param + "`");
        return it->second;
    };
    std::vector<std::string> sizes;
    try {
        for (const check::AxisType& a : t->tensor.axes) sizes.push_back(size(a.size));
    } catch (CodegenError& error) {
        error.range = e.range;
        throw;
    }
    const check::Element& element = t->tensor.element;
    std::string dtype = std::string("dtype=") + torch_dtype(element.kind);
    std::string placed = "device=" + device();
    std::string shape = "(" + py_join(sizes) + (sizes.size() == 1 ? ",)" : ")");
    if (name == "eye") return Py{"torch.eye(" + py_join(sizes) + ", " + dtype + ", " + placed + ")", kAtom};
    if (name == "zeros" || name == "ones")
        return Py{"torch." + name + "(" + shape + ", " + dtype + ", " + placed + ")", kAtom};
    if (name == "full")
        return Py{"torch.full(" + shape + ", " + argument("value") + ", " + dtype + ", " + placed + ")", kAtom};
    // A draw: on a worker's part of a split batch, its part of the whole
    // batch's draw, as dropout's (runtime/shapescript/draws.py).
    std::string split;
    if (std::string dims = padded_dims(t); !dims.empty()) split = ", pads=_ss_pads, padded=" + dims;
    if (name == "randint") {
        std::string low = given.count("low") ? argument("low") : "0";
        std::string high = given.count("high")   ? argument("high")
                           : element.index_bound ? size(*element.index_bound)
                                                 : "None";
        return Py{"_ss_rt.randint(" + shape + ", " + low + ", " + high + ", " + argument("mode") + ", " + dtype + ", " +
                      placed + split + ")",
                  kAtom};
    }
    return Py{"_ss_rt." + name + "(" + shape + ", " + argument("mode") + ", " + dtype + ", " + placed + split + ")",
              kAtom};
}

}  // namespace ss::codegen
