#include "rank_stepper.h"

#include <chrono>
#include <future>
#include <thread>

#include "gs/termination.h"
#include "stopwatch.h"

namespace gs::batch {
namespace {

// The first failure of two.
Status first_failure(const Status& first, const Status& second) {
  return first ? second : first;
}

}  // namespace

RankStepper::RankStepper(Backend& block, Backend* ahead, distributed::RankExchange& exchange,
                         const distributed::EdgeStrips& strips, distributed::MpiWorld& world,
                         RunReport& report)
    : block_(block),
      ahead_(ahead),
      exchange_(exchange),
      strips_(strips),
      world_(world),
      report_(report) {}

Status RankStepper::chunk(int count) {
  Status local = termination_requested() ? Status(Error{"interrupted"}) : Status::ok();
  if (ahead_) {
    // A GPU's block steps are queued as soon as the strips' copies are, behind them, so the GPU
    // steps the block while the host waits for the sends' rows.
    const bool on_gpu = block_.capabilities().device_memory;
    if (local) {
      const auto start = Clock::now();
      local = distributed::queue_sends_ahead(block_, *ahead_, strips_, count);
      if (local && on_gpu) local = block_.step(count);
      if (local) local = distributed::read_sends_ahead(*ahead_, strips_, exchange_);
      report_.ahead_s += seconds_since(start);
    }
    local = first_failure(local, world_.start_exchange(exchange_));
    if (local) local = step_block_while_exchanging(count);
    local = first_failure(local, world_.finish_exchange());
  } else {
    if (local) local = step_block(count);
    if (local) local = read_sends();
    local = first_failure(local, world_.exchange(exchange_));
  }
  GS_TRY(world_.agree(local));
  return world_.agree(write_halos());
}

Status RankStepper::step_block(int count) {
  GS_TRY(block_.step(count));
  return wait_for_block();
}

Status RankStepper::wait_for_block() {
  Expected<Timings> stepped = block_.finish();
  if (!stepped) return stepped.status();
  report_.compute_s += stepped->compute_ms / 1e3;
  return Status::ok();
}

// The rows this rank sends, out of its stepped block.
Status RankStepper::read_sends() {
  const auto start = Clock::now();
  for (std::size_t i = 0; i < exchange_.sends.size(); ++i)
    GS_TRY(block_.read_rows(exchange_.sends[i].first, exchange_.sends[i].count,
                            exchange_.outgoing[i]));
  report_.transfer_s += seconds_since(start);
  return Status::ok();
}

// A GPU backend's step returns once its kernels are queued, so this thread moves the exchange
// on while the GPU steps; the CPU twin's step works until it is done, so it runs on a thread of
// its own meanwhile; the exchange's MPI calls stay on this thread. It is polled, with short
// sleeps between tests: a busy wait would take a core from the twin's threads. A GPU's steps
// were queued already (chunk), behind the strips' copies.
Status RankStepper::step_block_while_exchanging(int count) {
  const auto poll_until = [this](auto&& block_done) -> Status {
    for (;;) {
      Expected<bool> through = world_.exchange_done();
      if (!through) return through.status();
      if (*through || block_done()) return Status::ok();
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  };
  if (block_.capabilities().device_memory) {
    GS_TRY(poll_until([] { return false; }));
    return wait_for_block();
  }
  std::future<Status> stepped =
      std::async(std::launch::async, [this, count] { return step_block(count); });
  const Status polled = poll_until([&stepped] {
    return stepped.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  });
  return first_failure(stepped.get(), polled);
}

// The halo rows this rank received, into the block: only the rows that cross leave it.
Status RankStepper::write_halos() {
  const auto start = Clock::now();
  for (std::size_t i = 0; i < exchange_.receives.size(); ++i)
    GS_TRY(block_.write_rows(exchange_.receives[i].into, exchange_.incoming[i]));
  report_.transfer_s += seconds_since(start);
  return Status::ok();
}

}  // namespace gs::batch
