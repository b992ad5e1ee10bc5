#include "state_load.h"

#include <utility>

#include "gs/diverged_state.h"

namespace gs::app {
namespace {

Expected<StateFile> read_and_check(const std::string& path, std::size_t run_bytes_per_cell,
                                   const StateReadWatch& watch) {
  Expected<StateFile> state = read_state(path, run_bytes_per_cell, watch);
  if (!state) return state;
  if (const std::optional<std::string> cell = first_non_finite_cell_text(state->fields))
    return Error{diverged_input_message(path, *cell)};
  return state;
}

}  // namespace

StateLoad::StateLoad(std::string path, std::size_t run_bytes_per_cell, std::string origin)
    : path_(std::move(path)), origin_(std::move(origin)) {
  worker_ = std::thread([this, run_bytes_per_cell] {
    StateReadWatch watch;
    watch.progress = [this](double fraction) { progress_ = fraction; };
    watch.cancel = &cancel_;
    result_.emplace(read_and_check(path_, run_bytes_per_cell, watch));
    done_ = true;
  });
}

StateLoad::~StateLoad() {
  cancel_ = true;
  worker_.join();
}

Expected<StateFile> StateLoad::take() {
  Expected<StateFile> result = std::move(*result_);
  result_.reset();
  return result;
}

}  // namespace gs::app
