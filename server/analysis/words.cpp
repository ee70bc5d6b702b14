#include "analysis/words.hpp"

namespace ss::analysis {

namespace {

std::string quoted(const std::string& name) { return "`" + name + "`"; }

// " in `block` (reached from `forward` through `layer`)", or "" in the
// exported function itself.
std::string export_place(const Cause& c) {
    if (c.path.empty()) return "";
    std::string out = " in `" + c.function + "` (reached from `" + c.path.front() + "`";
    for (size_t i = 1; i + 1 < c.path.size(); ++i) out += (i == 1 ? " through `" : ", `") + c.path[i] + "`";
    return out + ")";
}

std::string unfit_input(const Cause& c) {
    switch (c.unfit) {
        case UnfitInput::VariadicShape:
            return "a tensor whose shape has a group `" + c.detail + "`, of no fixed number of axes";
        case UnfitInput::NoDefault: return "`" + c.detail + "` without a default";
        case UnfitInput::OtherType:
        case UnfitInput::None: break;
    }
    return "of type `" + c.detail + "`";
}

}  // namespace

std::string place_of(const Cause& c, std::string_view here) {
    if (c.path.empty()) return std::string(here);
    std::string out = "in `" + c.function + "`";
    if (c.path.size() > 2) {
        out += " (reached through `" + c.path[1] + "`";
        for (size_t i = 2; i + 1 < c.path.size(); ++i) out += ", `" + c.path[i] + "`";
        out += ")";
    }
    return out;
}

std::string padding_what(const Cause& c) {
    switch (c.what) {
        case Blocker::TakenIntoGroup: return quoted(c.subject) + ", which takes it into its group `.." + c.detail + "`";
        case Blocker::TakenAsOtherSize:
            return quoted(c.subject) + ", which takes it as `" + c.detail + "` of another size";
        default: return c.subject;  // the operation as the checker names it: "`sort`", "returning it"
    }
}

std::string padding_why(const Cause& c, std::string_view here) { return padding_what(c) + " " + place_of(c, here); }

std::string recording_what(const Cause& c) {
    switch (c.what) {
        case Blocker::LoopsOverDataset: return "loops over a dataset";
        case Blocker::Prints: return "prints";
        case Blocker::SavesFile: return "saves a file";
        case Blocker::LoadsFile: return "loads a file";
        case Blocker::WritesLog: return "writes to a log sink";
        case Blocker::UsesPython: return "uses Python (`" + c.subject + "`)";
        case Blocker::CallsPythonExtern:
            return "calls `" + c.subject + "`, an extern fn for the Python function `" + c.detail + "`";
        case Blocker::WaitsOnTensorIf: return "waits for the device: `if " + c.subject + "` reads a tensor on the host";
        case Blocker::DataDependentSize:
            return "makes a size that depends on the data (`" + c.subject + "`), not kept padded";
        default: return c.subject;
    }
}

std::string recording_why(const Cause& c) {
    std::string where = place_of(c, "");
    return recording_what(c) + (where.empty() ? "" : " " + where);
}

std::string given_back(const Fact& kept) {
    if (!kept.returned) return "";
    if (kept.names.empty()) return "Returned, it is compacted: no caller can keep it.";
    std::string names;
    for (const std::string& n : kept.names) names += (names.empty() ? "`" : ", `") + n + "`";
    return "Returned, it is given back kept to " + names + "; Python and other callers get it compacted.";
}

std::string fact_detail(const Fact& f) {
    switch (f.kind) {
        case FactKind::Step: {
            std::string out;
            for (const std::string& n : f.names) out += (out.empty() ? "changes `" : ", `") + n + "`";
            return out;
        }
        case FactKind::StepDeviceWork:
        case FactKind::StepChangesState: return f.names.empty() ? "" : f.names.front();
        case FactKind::UnpaddedLoop: return padding_why(*f.cause, "in this loop");
        case FactKind::PreventsPadding: return padding_what(*f.cause);
        case FactKind::KeptSelection: return given_back(f);
        case FactKind::CompactedSelection: return padding_why(*f.cause, "in `" + f.function + "`");
        case FactKind::UnrecordedStep: return recording_why(*f.cause);
        case FactKind::PreventsRecording: return "the step `" + f.names.front() + "`: it " + recording_what(*f.cause);
        case FactKind::Unservable: return serving_diagnostic(*f.cause, f.function).message;
        case FactKind::PaddedLoop:
        case FactKind::RecordedStep:
        case FactKind::Servable: break;
    }
    return "";
}

Diagnostic export_diagnostic(const Cause& c, const std::string& exported) {
    std::string where = export_place(c);
    Diagnostic d;
    switch (c.what) {
        case Blocker::ExportPythonName: d = make_diagnostic(DiagCode::E1701, c.range, {c.subject, where}); break;
        case Blocker::ExportPythonExtern:
            d = make_diagnostic(DiagCode::E1702, c.range, {c.subject, c.detail, where});
            break;
        case Blocker::ExportPythonAs: d = make_diagnostic(DiagCode::E1703, c.range, {c.subject, where}); break;
        case Blocker::ExportHostParameter:
            d = make_diagnostic(DiagCode::E1704, c.range,
                                {"the parameter `" + c.subject + "`, of type `" + c.detail + "`,", where});
            break;
        case Blocker::ExportChangesField:
            d = make_diagnostic(DiagCode::E1704, c.range, {"changing the field `" + c.subject + "`", where});
            break;
        case Blocker::ExportDatasetLoop:
            d = make_diagnostic(DiagCode::E1704, c.range, {"a `for` over a dataset or its batches", where});
            break;
        case Blocker::ExportMakesModel:
            d = make_diagnostic(DiagCode::E1704, c.range, {quoted(c.subject) + ", which makes a model,", where});
            break;
        case Blocker::ExportUnfitInput:
            d = make_diagnostic(DiagCode::E1705, c.range, {c.subject, unfit_input(c)});
            break;
        case Blocker::ExportReturnInTensorIf: d = make_diagnostic(DiagCode::E1706, c.range, {where}); break;
        case Blocker::ExportHostBuiltin:
        default: d = make_diagnostic(DiagCode::E1704, c.range, {quoted(c.subject), where}); break;
    }
    if (!c.path.empty())
        d.related.push_back({c.first_call, "export fn `" + exported + "` calls `" + c.path[1] + "` here"});
    if (c.what == Blocker::ExportPythonExtern && c.related)
        d.related.push_back({*c.related, "`" + c.subject + "` is typed as this here"});
    return d;
}

Diagnostic serving_diagnostic(const Cause& c, const std::string& served) {
    std::string where = export_place(c);
    Diagnostic d;
    switch (c.what) {
        case Blocker::ServingParameters: d = make_diagnostic(DiagCode::E3301, c.range, {c.detail}); break;
        case Blocker::ServingOutput: d = make_diagnostic(DiagCode::E3302, c.range, {c.detail}); break;
        case Blocker::ServingIds: d = make_diagnostic(DiagCode::E3303, c.range, {c.subject, where}); break;
        case Blocker::ServingAcross: d = make_diagnostic(DiagCode::E3304, c.range, {c.subject, c.detail, where}); break;
        case Blocker::ServingAttention:
        default: d = make_diagnostic(DiagCode::E3305, c.range, {c.detail, where}); break;
    }
    if (!c.path.empty()) d.related.push_back({c.first_call, "`" + served + "` calls `" + c.path[1] + "` here"});
    return d;
}

}  // namespace ss::analysis
