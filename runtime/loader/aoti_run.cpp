// shapescript-aoti-run: runs an AOTInductor package that `shapescript
// export --aoti` wrote, from C++ with libtorch alone (docs/export.md, "From
// C++"). The inputs are a file torch.save wrote (a list or tuple of
// tensors, in the exported function's parameter order); the outputs are
// written as a tuple with torch::jit::pickle_save, which torch.load reads.
//
//   shapescript-aoti-run PACKAGE.pt2 INPUTS.pt OUTPUTS.pt
//
// Exit status: 0, 1 when loading or running fails (the message on stderr),
// 2 for a wrong command line.
#include <torch/csrc/inductor/aoti_package/model_package_loader.h>
#include <torch/csrc/jit/serialization/pickle.h>

#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

namespace {

std::vector<char> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("can't read " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The tensors of a list or tuple torch.save wrote, in order.
std::vector<at::Tensor> load_tensors(const std::string& path) {
    c10::IValue value = torch::jit::pickle_load(read_file(path));
    std::vector<at::Tensor> out;
    auto add = [&](const c10::IValue& item) {
        if (!item.isTensor()) throw std::runtime_error(path + ": expected tensors, found " + item.tagKind());
        out.push_back(item.toTensor());
    };
    if (value.isTensor()) add(value);
    else if (value.isTuple())
        for (const c10::IValue& item : value.toTupleRef().elements()) add(item);
    else if (value.isList())
        for (const c10::IValue& item : value.toListRef()) add(item);
    else
        throw std::runtime_error(path + ": expected a list or tuple of tensors, found " + value.tagKind());
    return out;
}

// Written next to `path` and moved there, so a failed run leaves an older file as it was.
void save_tensors(const std::vector<at::Tensor>& tensors, const std::string& path) {
    // A tuple (not a tensor list, which torch.load's weights_only refuses).
    std::vector<c10::IValue> items(tensors.begin(), tensors.end());
    std::vector<char> bytes = torch::jit::pickle_save(c10::ivalue::Tuple::create(std::move(items)));
    std::string temporary = path + ".partial";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out) throw std::runtime_error("can't write " + temporary);
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) throw std::runtime_error("can't move it to " + path);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: shapescript-aoti-run PACKAGE.pt2 INPUTS.pt OUTPUTS.pt\n";
        return 2;
    }
    try {
        torch::inductor::AOTIModelPackageLoader loader(argv[1]);
        std::vector<at::Tensor> inputs = load_tensors(argv[2]);
        // The package reads each input's memory in the layout of the
        // example it was traced with (contiguous), checking no strides: a
        // transposed or sliced tensor would give wrong numbers.
        for (at::Tensor& t : inputs) t = t.contiguous();
        save_tensors(loader.run(inputs), argv[3]);
    } catch (const std::exception& e) {
        std::cerr << "shapescript-aoti-run: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
