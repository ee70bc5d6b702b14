#include "analysis/facts.hpp"

namespace ss::analysis {

std::string_view pass_name(PassId pass) {
    switch (pass) {
        case PassId::Steps: return "steps";
        case PassId::Padding: return "padding";
        case PassId::Recording: return "recording";
        case PassId::Export: return "export";
        case PassId::Serving: return "serving";
    }
    return "";
}

PassId fact_pass(FactKind kind) {
    switch (kind) {
        case FactKind::Step:
        case FactKind::StepDeviceWork:
        case FactKind::StepChangesState: return PassId::Steps;
        case FactKind::PaddedLoop:
        case FactKind::UnpaddedLoop:
        case FactKind::PreventsPadding:
        case FactKind::KeptSelection:
        case FactKind::CompactedSelection: return PassId::Padding;
        case FactKind::RecordedStep:
        case FactKind::UnrecordedStep:
        case FactKind::PreventsRecording: return PassId::Recording;
        case FactKind::Servable:
        case FactKind::Unservable: return PassId::Serving;
    }
    return PassId::Steps;
}

std::string_view fact_kind_name(FactKind kind) {
    switch (kind) {
        case FactKind::Step: return "step";
        case FactKind::StepDeviceWork: return "device-work";
        case FactKind::StepChangesState: return "changes-state";
        case FactKind::PaddedLoop: return "padded-loop";
        case FactKind::UnpaddedLoop: return "unpadded-loop";
        case FactKind::PreventsPadding: return "prevents-padding";
        case FactKind::KeptSelection: return "kept-selection";
        case FactKind::CompactedSelection: return "compacted-selection";
        case FactKind::RecordedStep: return "recorded-step";
        case FactKind::UnrecordedStep: return "unrecorded-step";
        case FactKind::PreventsRecording: return "prevents-recording";
        case FactKind::Servable: return "servable";
        case FactKind::Unservable: return "unservable";
    }
    return "";
}

Cause along(Cause cause, std::span<const check::CallSite* const> sites) {
    if (sites.empty()) return cause;
    // A cause found in another file has its path from the call into it on.
    std::vector<std::string> rest;
    if (!cause.path.empty()) rest.assign(cause.path.begin() + 1, cause.path.end());
    cause.path = {sites.front()->caller};
    for (const check::CallSite* site : sites) cause.path.push_back(site->callee);
    cause.path.insert(cause.path.end(), rest.begin(), rest.end());
    cause.first_call = sites.front()->range;
    return cause;
}

}  // namespace ss::analysis
