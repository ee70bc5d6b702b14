// Which module an extern fn's target is in: the one answer the recording
// and export analyses and the code generator's imports share.
#include <doctest/doctest.h>

#include "check/extern_target.hpp"

using ss::check::target_module;
using ss::check::TargetModule;

TEST_CASE("an extern fn's target module: torch, math, the runtime, or Python's") {
    CHECK(target_module("torch") == TargetModule::Torch);
    CHECK(target_module("torch.nn.functional.conv2d") == TargetModule::Torch);
    CHECK(target_module("math.sqrt") == TargetModule::Math);
    CHECK(target_module("shapescript.rt.cross_entropy") == TargetModule::Runtime);
    // A name that only starts like one is another module.
    CHECK(target_module("torchvision.ops.nms") == TargetModule::Other);
    CHECK(target_module("mathx.f") == TargetModule::Other);
    CHECK(target_module("shapescript.rtx.f") == TargetModule::Other);
    CHECK(target_module("numpy.save") == TargetModule::Other);
    CHECK(target_module("") == TargetModule::Other);
}
