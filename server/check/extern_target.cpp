#include "check/extern_target.hpp"

namespace ss::check {

namespace {

// `target` is `module` or a name inside it (`torch.sort`, not `torchvision`).
bool inside(std::string_view target, std::string_view module) {
    return target == module ||
           (target.size() > module.size() && target.substr(0, module.size()) == module && target[module.size()] == '.');
}

}  // namespace

TargetModule target_module(std::string_view target) {
    if (inside(target, "torch")) return TargetModule::Torch;
    if (inside(target, "math")) return TargetModule::Math;
    if (inside(target, "shapescript.rt")) return TargetModule::Runtime;
    return TargetModule::Other;
}

}  // namespace ss::check
