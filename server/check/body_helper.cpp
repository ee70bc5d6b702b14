// Function bodies on a helper thread (file_checker.hpp's BodyHelper).
//
// A fresh environment (a file opened, an item's header edited) means every
// body is checked: most of a full check's work. Bodies are independent of
// each other given the environment (the body cache replays them on that
// promise), so the later ones go to a second checker on a thread of its
// own: it makes the same environment from the same items and records each
// body it checks in a cache of its own, while the run checks the earlier
// ones; the run then adopts the helper's records in source order, as it
// replays its own. The result is the one a single thread gives, fact for
// fact (tests/unit/test_document.cpp).
#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <system_error>
#include <variant>

#include "check/file_checker.hpp"

namespace ss::check {

BodyHelper::~BodyHelper() {
    cancel = true;
    if (thread.joinable()) thread.join();
}

void FileChecker::start_helper() {
    retired_helper_.reset();  // the last one's thread has long freed its checker: joined
    helper_ready_ = false;
    // A run that may replay bodies checks few: no helper.
    if (!cache_ || typed_ || cache_->interface == interface_ || helper_threshold_ == SIZE_MAX) return;
    if (std::thread::hardware_concurrency() < 2) return;
    // The bodies' bytes, halved: the helper starts as the run's environment
    // does (run_environment) and makes its own meanwhile.
    auto body_bytes = [&](size_t i) -> size_t {
        const ast::Item& item = *items_list_[i];
        return std::holds_alternative<ast::FnDef>(item.node) ? item.range.end - item.range.begin : 0;
    };
    size_t bytes = 0, bodies = 0;
    for (size_t i = first_body_; i < items_list_.size(); ++i) {
        bytes += body_bytes(i);
        bodies += body_bytes(i) > 0;
    }
    if (bodies < 2 || bytes < helper_threshold_) return;
    size_t first = first_body_, run_bytes = 0;
    while (first < items_list_.size() && run_bytes < bytes / 2) run_bytes += body_bytes(first++);
    if (first >= items_list_.size()) return;
    auto helper = std::make_unique<BodyHelper>();
    helper->first_item = first;
    BodyHelper* h = helper.get();
    try {
        h->thread = std::thread([h, items = items_list_, text = text_, imports = imports_]() mutable {
            std::unique_ptr<FileChecker> checker;
            try {
                checker = std::make_unique<FileChecker>(std::move(items), text, &h->cache);
                checker->set_helper_threshold(SIZE_MAX);
                checker->set_imports(std::move(imports));
                checker->abandon_ = &h->cancel;
                checker->run_environment();
                if (h->cancel) throw std::runtime_error("stopped");  // its environment may be half made
                checker->first_body_ = h->first_item;
                std::function<bool()> stop = [h] { return h->cancel.load(std::memory_order_relaxed); };
                h->result = checker->run_bodies(nullptr, &stop);
            } catch (...) {
                h->cache.entries.clear();  // the run checks these bodies itself
            }
            {
                std::lock_guard<std::mutex> lock(h->mutex);
                h->ready = true;
            }
            h->ready_changed.notify_all();
            // Freed while the run goes on: a large file's environment and
            // type table take milliseconds to free. It reads neither the
            // items nor the text (which may be gone by then).
            checker.reset();
        });
    } catch (const std::system_error&) {
        return;  // no thread to be had: the run checks them all
    }
    helper_ = std::move(helper);
}

// Waits until the helper is done with the items (its records ready, or
// stopped), asking `stop` (if any) every 0.2 ms meanwhile, so that neither
// the helper's half of the bodies nor the freeing of its checker holds up a
// stop. False when told to stop.
bool FileChecker::wait_for_helper(const std::function<bool()>* stop) {
    if (!helper_ || helper_ready_) return true;
    std::unique_lock<std::mutex> lock(helper_->mutex);
    while (!helper_->ready) {
        if (stop && (*stop)()) return false;
        if (stop) helper_->ready_changed.wait_for(lock, std::chrono::microseconds(200));
        else helper_->ready_changed.wait(lock);
    }
    helper_ready_ = true;
    return true;
}

// run_bodies waited for it before the first of its bodies.
BodyHelper* FileChecker::helper_for(size_t index) {
    return helper_ && helper_ready_ && index >= helper_->first_item ? helper_.get() : nullptr;
}

// After a run, complete or stopped: the helper, told to stop if it is still
// at work, is waited for until it is done with the items; its thread is
// joined later (the next start_helper, or this checker's end), once it has
// freed its own checker.
void FileChecker::retire_helper() {
    if (!helper_) return;
    helper_->cancel = true;
    wait_for_helper(nullptr);
    // What it made and the run adopted or dropped: freed now, not with the
    // thread (its table's entries are weak, but keep the types' blocks).
    helper_->result = CheckResult{};
    helper_->cache.entries.clear();
    helper_->cache.types = TypeTable{};
    retired_helper_ = std::move(helper_);
}

}  // namespace ss::check
