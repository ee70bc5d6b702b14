#include "lsp/export_jobs.hpp"

#include <chrono>

#include "diag/child_process.hpp"

namespace ss::lsp {

namespace {

// What an answer keeps of the command's output: its end, where torch's
// error is.
constexpr size_t kOutputKept = 64 * 1024;

std::string kept_output(const std::string& output) {
    if (output.size() <= kOutputKept) return output;
    return "...\n" + output.substr(output.size() - kOutputKept);
}

}  // namespace

ExportJobs::~ExportJobs() {
    std::list<std::shared_ptr<Job>> jobs;
    {
        std::lock_guard lock(mutex_);
        jobs.swap(jobs_);
    }
    for (auto& job : jobs) job->cancelled = true;
    for (auto& job : jobs)
        if (job->thread.joinable()) job->thread.join();
}

void ExportJobs::start(ExportRequest request) {
    auto job = std::make_shared<Job>();
    job->request = std::move(request);
    std::list<std::shared_ptr<Job>> finished;
    {
        std::lock_guard lock(mutex_);
        // The threads of exports that have ended are joined here, not left behind.
        for (auto it = jobs_.begin(); it != jobs_.end();)
            if ((*it)->done) finished.splice(finished.end(), jobs_, it++);
            else ++it;
        jobs_.push_back(job);
    }
    for (auto& old : finished) old->thread.join();
    job->thread = std::thread([this, job] { run(*job); });
}

bool ExportJobs::cancel_request(const std::string& id_key_text) {
    std::lock_guard lock(mutex_);
    for (auto& job : jobs_)
        if (!job->done && id_key(job->request.id) == id_key_text) {
            job->cancelled = true;
            return true;
        }
    return false;
}

bool ExportJobs::cancel_token(const Json& token) {
    std::lock_guard lock(mutex_);
    for (auto& job : jobs_)
        if (!job->done && !job->request.token.is_null() && job->request.token == token) {
            job->cancelled = true;
            return true;
        }
    return false;
}

void ExportJobs::progress(const Job& job, Json value) const {
    if (!job.request.token.is_null())
        send_(notification("$/progress", {{"token", job.request.token}, {"value", std::move(value)}}));
}

void ExportJobs::run(Job& job) {
    const ExportRequest& r = job.request;
    progress(job, {{"kind", "begin"}, {"title", r.title}, {"cancellable", true}, {"message", "tracing with torch"}});
    std::string error, output;
    std::unique_ptr<ChildProcess> child = ChildProcess::start(r.argv, error);
    Json answer;
    if (!child) {
        answer = error_response(r.id, rpc_error::kRequestFailed, "can't start `" + r.argv[0] + "`: " + error);
    } else {
        while (!job.cancelled && child->read(output, std::chrono::milliseconds(100))) {}
        // Its output has ended; it may still be running (what it started may hold none).
        while (!job.cancelled && !child->ended()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (job.cancelled) {
            child->stop();
            answer = error_response(r.id, rpc_error::kRequestCancelled, "the export was cancelled");
        } else if (int status = child->wait(); status == 0) {
            Json result = r.result;
            result["output"] = kept_output(output);
            answer = response(r.id, std::move(result));
        } else {
            answer = error_response(r.id, rpc_error::kRequestFailed,
                                    "the export failed (`shapescript export` exited with " + std::to_string(status) +
                                        "):\n" + kept_output(output));
        }
    }
    progress(job, {{"kind", "end"}, {"message", answer.contains("error") ? "failed" : "done"}});
    send_(answer);
    job.done = true;
}

}  // namespace ss::lsp
