// Which module an `extern fn`'s target is in (`torch.nn.functional.conv2d`
// is torch's): the one answer the analyses (what a recorded step or an
// exported program may run) and the code generator (what it must import)
// ask for.
#pragma once

#include <string_view>

namespace ss::check {

enum class TargetModule {
    Torch,    // `torch` and everything under it
    Math,     // Python's `math`: numbers and sizes
    Runtime,  // `shapescript.rt`: the prelude's stubs, the runtime's own
    Other,    // anything else (`numpy`, `scipy.special`): Python's
};

TargetModule target_module(std::string_view target);

}  // namespace ss::check
