#include "check/describe.hpp"

namespace ss::check {

namespace {

bool name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

using Words = std::map<std::string, std::string>;

std::string render(const Type& type, const Words* dims) {
    auto text = [&](const std::string& written) { return dims ? with_dim_values(written, *dims) : written; };
    switch (type.kind) {
        case TypeKind::Tensor: {
            std::string out = "[";
            for (size_t i = 0; i < type.tensor.axes.size(); ++i)
                out += (i ? " " : "") + text(type.tensor.axes[i].written);
            out += "]";
            const Element& e = type.tensor.element;
            if (e.kind != ElementKind::F32) out += " " + element_name(e.kind);
            if (e.kind == ElementKind::Index) out += "[" + text(e.bound_written) + "]";
            if (!e.over.empty()) out += " over " + text(e.over);
            return out;
        }
        case TypeKind::Int: return "int";
        case TypeKind::Float: return "float";
        case TypeKind::Bool: return "bool";
        case TypeKind::Str: return "str";
        case TypeKind::Mode: return "Mode";
        case TypeKind::AxisName: return "axis";
        case TypeKind::Batches: return "batches of " + type.ref;
        case TypeKind::Grads: return "gradients of " + type.ref;
        case TypeKind::Schedule: return "schedule";
        case TypeKind::Model:
        case TypeKind::Data: return type.ref;
        case TypeKind::Dataset: return "Dataset[" + type.ref + "]";
        case TypeKind::Batch: return "Batch[" + type.ref + "]";
        case TypeKind::Optimizer: return "Optimizer[" + type.ref + "]";
        case TypeKind::Tuple: {
            std::string out = "(";
            for (size_t i = 0; i < type.elements.size(); ++i) out += (i ? ", " : "") + render(type.elements[i], dims);
            return out + ")";
        }
        case TypeKind::List: return "a list";
        case TypeKind::Unknown: return "?";
    }
    return "?";
}

}  // namespace

std::string describe(const Type& type) { return render(type, nullptr); }

namespace {

// A type for a message: as written (`[b Hd] f32`), and its sizes as written
// (`[b Hd]`) and as evaluated (`[b 128]`); an Index's bound is a size.
struct MessageText {
    std::string full, sizes, values;
};

MessageText for_message(const Type& type, const ShowSize& evaluated, bool any_float) {
    if (type.kind == TypeKind::Tuple) {
        MessageText out{"(", "(", "("};
        for (size_t i = 0; i < type.elements.size(); ++i) {
            MessageText part = for_message(type.elements[i], evaluated, any_float);
            std::string comma = i ? ", " : "";
            out.full += comma + part.full, out.sizes += comma + part.sizes, out.values += comma + part.values;
        }
        out.full += ")", out.sizes += ")", out.values += ")";
        return out;
    }
    if (type.kind != TypeKind::Tensor) return {describe(type), describe(type), describe(type)};
    const Element& e = type.tensor.element;
    auto value = [&](const std::optional<Size>& size, const std::string& written) {
        auto shown = size ? evaluated(*size) : std::nullopt;
        return shown ? *shown : written;
    };
    MessageText out{"", "[", "["};
    for (size_t i = 0; i < type.tensor.axes.size(); ++i) {
        const AxisType& a = type.tensor.axes[i];
        out.sizes += (i ? " " : "") + a.written;
        out.values += (i ? " " : "") + (a.variadic ? a.written : value(a.size, a.written));
    }
    out.sizes += "]", out.values += "]";
    std::string element = any_float && !e.written ? " of any float type" : " " + element_name(e.kind);
    if (e.kind == ElementKind::Index && !e.bound_written.empty()) {
        out.sizes += element + "[" + e.bound_written + "]";
        out.values += element + "[" + value(e.index_bound, e.bound_written) + "]";
        element.clear();
    }
    out.full = out.sizes + element + (e.over.empty() ? "" : " over " + e.over);
    return out;
}

}  // namespace

std::string describe_for_message(const Type& type, const ShowSize& evaluated, bool any_float) {
    MessageText text = for_message(type, evaluated, any_float);
    // `n+1` and `n + 1` are one size: only another value is shown.
    auto squeezed = [](std::string s) {
        std::erase(s, ' ');
        return s;
    };
    if (squeezed(text.sizes) == squeezed(text.values)) return text.full;
    return text.full + " (= " + text.values + ")";
}

std::string describe(const Type& type, const std::map<std::string, std::string>& dims) { return render(type, &dims); }

std::string with_dim_values(std::string_view text, const std::map<std::string, std::string>& dims) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        if (name_char(text[i]) && !(text[i] >= '0' && text[i] <= '9')) {
            size_t j = i;
            while (j < text.size() && name_char(text[j])) ++j;
            std::string word(text.substr(i, j - i));
            auto it = dims.find(word);
            out += it != dims.end() ? it->second : word;
            i = j;
        } else {
            out += text[i++];
        }
    }
    return out;
}

bool fully_known(const Type& type) {
    auto has_mark = [](const std::string& s) { return s.find('?') != std::string::npos; };
    switch (type.kind) {
        case TypeKind::Unknown: return false;
        case TypeKind::Tensor:
            for (const AxisType& a : type.tensor.axes)
                if (has_mark(a.written)) return false;
            return !has_mark(type.tensor.element.bound_written) && !has_mark(type.tensor.element.over);
        case TypeKind::Tuple:
            for (const Type& e : type.elements)
                if (!fully_known(e)) return false;
            return true;
        default: return !has_mark(type.ref);
    }
}

std::string describe(const SymbolFact& f) {
    auto type = [&] { return f.type ? describe(*f.type) : std::string("?"); };
    switch (f.kind) {
        case SymbolKind::Dim: {
            std::string out = "dim " + f.name + " = " + f.written;
            if (f.dim_value && out.find(" = " + std::to_string(*f.dim_value)) == std::string::npos)
                out += " = " + std::to_string(*f.dim_value);
            return out;
        }
        case SymbolKind::Model: return "model " + f.name;
        case SymbolKind::Data: return "data " + f.name;
        case SymbolKind::Function:
            // An imported one has its signature written (imports.cpp).
            if (!f.written.empty())
                return (f.exported ? "export fn " : "fn ") + f.written +
                       (f.type ? " -> " + describe(*f.type) + " (inferred)" : "");
            return (f.exported ? "export fn " : "fn ") + f.name +
                   (f.type ? " -> " + describe(*f.type) + " (inferred)" : "");
        case SymbolKind::ExternFunction: return "extern fn " + f.name + " = " + f.written;
        case SymbolKind::PythonModule: return "import python " + f.written;
        case SymbolKind::Module: return "import " + f.written + "  # " + f.owner;
        case SymbolKind::Parameter:
        case SymbolKind::Local: return f.name + ": " + type();
        case SymbolKind::Field: return f.owner + "." + f.name + ": " + type();
        case SymbolKind::Axis: return "axis " + f.name + " of `" + f.owner + "`: a size bound at each call";
        case SymbolKind::PatternAxis: return "axis " + f.name + " of a pattern";
        case SymbolKind::Builtin: return "built-in " + f.name;
    }
    return f.name;
}

TypeRef fact_type(const Type& type, TypeTable& table) { return table.intern(type); }

std::string describe(const Size& size, const std::vector<std::string>& symbol_names) {
    return size.to_string([&](SymbolId id) { return id < symbol_names.size() ? symbol_names[id] : "?"; });
}

std::string describe(const AxisBinding& binding, const std::vector<std::string>& symbol_names) {
    if (!binding.variadic) return binding.axis + " = " + describe(binding.size, symbol_names);
    std::string out = ".." + binding.axis + " = [";
    const std::vector<AxisType>& covered = binding.covered->tensor.axes;
    for (size_t i = 0; i < covered.size(); ++i) out += (i ? " " : "") + covered[i].written;
    return out + "]";
}

std::string positional_arguments(size_t count, const std::vector<std::string>& by_name) {
    std::string out = count == 1 ? "1 argument" : std::to_string(count) + " arguments";
    if (by_name.empty()) return out;
    std::string names;
    for (const std::string& n : by_name) names += (names.empty() ? "`" : ", `") + n + "=`";
    return out + " by position (and " + names + " by name)";
}

}  // namespace ss::check
