#include "rank_frame_writer.h"

#include "batch_job.h"
#include "stopwatch.h"

namespace gs::batch {

Expected<std::unique_ptr<RankFrameWriter>> RankFrameWriter::create(RankFile& file, RowRange own,
                                                                   std::uintmax_t frame_bytes,
                                                                   distributed::MpiWorld& world,
                                                                   bool background) {
  std::unique_ptr<RankFrameWriter> writer(new RankFrameWriter(file, own, frame_bytes, world));
  if (!background) return writer;
  Expected<std::unique_ptr<distributed::MpiWorld>> writers = world.duplicate();
  if (!writers) return writers.status();
  writer->writers_ = std::move(writers).value();
  distributed::MpiWorld& agreeing = *writer->writers_;
  writer->worker_.emplace(
      kFrameQueueDepth, [] { return FieldData(); },
      [&file, &agreeing, own, frame_bytes](FieldData& rows, std::int64_t index) -> Status {
        GS_TRY(file.reserve(std::uintmax_t(index + 1) * frame_bytes, agreeing));
        return agreeing.agree(file.file().write_frame(index, own, rows));
      });
  return writer;
}

RankFrameWriter::~RankFrameWriter() = default;

Status RankFrameWriter::push(const FieldData& own_v) {
  if (!worker_) {
    const auto start = Clock::now();
    GS_TRY(file_.reserve(std::uintmax_t(written_inline_ + 1) * frame_bytes_, world_));
    Status written = file_.file().write_frame(written_inline_++, own_, own_v);
    inline_seconds_ += seconds_since(start);
    return written;
  }
  FieldData rows = worker_->acquire();  // a recycled buffer: no allocation after the first few
  rows.assign(own_v.begin(), own_v.end());
  return worker_->push(std::move(rows));
}

Status RankFrameWriter::finish() {
  return worker_ ? worker_->finish() : Status::ok();
}

double RankFrameWriter::wait_seconds() const {
  return worker_ ? worker_->wait_seconds() : inline_seconds_;
}

double RankFrameWriter::work_seconds() const {
  return worker_ ? worker_->work_seconds() : inline_seconds_;
}

}  // namespace gs::batch
