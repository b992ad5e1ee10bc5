// The readback's bookkeeping, and the one every host backend uses: the frame copied at once on
// the calling thread (nothing runs behind the host to overlap with), its finiteness left to the
// caller, who checks the state after each call.
#include "gs/frame_readback.h"

#include <deque>
#include <utility>

#include "gs/backend.h"

namespace gs {

Status FrameReadback::queue(std::vector<float> values) {
  if (queued_ >= depth())
    return Error{"internal error: a frame queued with " + std::to_string(queued_) +
                 " waiting, past the readback's depth"};
  GS_TRY(queue_frame(std::move(values)));
  ++queued_;
  return Status::ok();
}

Expected<ReadbackFrame> FrameReadback::collect() {
  if (queued_ == 0) return Error{"internal error: a frame collected with none queued"};
  --queued_;
  return collect_frame();
}

namespace {

class HostFrameReadback final : public FrameReadback {
 public:
  HostFrameReadback(Backend& backend, DisplayField field) : backend_(backend), field_(field) {}

  bool overlapped() const override { return false; }
  int depth() const override { return 1; }

 protected:
  Status queue_frame(std::vector<float> values) override {
    ReadbackFrame frame;
    frame.values = std::move(values);
    GS_TRY(backend_.write_display(field_,
                                  {frame.values.data(), frame.values.size(), MemorySpace::Host}));
    frame.transfer_ms = backend_.last_timings().transfer_ms;
    frames_.push_back(std::move(frame));
    return Status::ok();
  }
  Expected<ReadbackFrame> collect_frame() override {
    ReadbackFrame frame = std::move(frames_.front());
    frames_.pop_front();
    return frame;
  }

 private:
  Backend& backend_;
  DisplayField field_;
  std::deque<ReadbackFrame> frames_;
};

}  // namespace

Expected<std::unique_ptr<FrameReadback>> Backend::open_frame_readback(DisplayField field) {
  return std::unique_ptr<FrameReadback>(std::make_unique<HostFrameReadback>(*this, field));
}

}  // namespace gs
