// A state file read in the background (the app's `load`): a worker thread runs the child-process
// reader (gs/state_file.h), so the window keeps drawing while a large or slow file is read, shows
// how far the read is, and can cancel it. The running simulation is not touched here: the main
// thread adopts the state once the read is done, and keeps its own when the read fails or is
// cancelled.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <thread>

#include "gs/state_file.h"

namespace gs::app {

class StateLoad {
 public:
  // Starts reading `path`; `origin` names the script line that asked ("" for the person).
  StateLoad(std::string path, std::size_t run_bytes_per_cell, std::string origin);
  ~StateLoad();  // cancels a read still running and waits for the worker
  StateLoad(const StateLoad&) = delete;
  StateLoad& operator=(const StateLoad&) = delete;

  const std::string& path() const { return path_; }
  const std::string& origin() const { return origin_; }
  // The share of the fields read so far, 0 to 1.
  double progress() const { return progress_.load(); }
  void cancel() { cancel_ = true; }
  bool cancelled() const { return cancel_.load(); }
  bool done() const { return done_.load(); }
  // The state read and checked (a diverged state is refused, as grayscott-batch refuses it), or
  // why not; once done(), and once.
  Expected<StateFile> take();

 private:
  std::string path_;
  std::string origin_;
  std::atomic<double> progress_{0.0};
  std::atomic<bool> cancel_{false};
  std::atomic<bool> done_{false};
  std::optional<Expected<StateFile>> result_;  // the worker's, written before done_ is set
  std::thread worker_;
};

}  // namespace gs::app
