#include "rank_frame_writer.h"

#include "batch_job.h"
#include "stopwatch.h"

namespace gs::batch {

Expected<std::unique_ptr<RankFrameWriter>> RankFrameWriter::create(CollectiveFile& file,
                                                                   RowRange own,
                                                                   distributed::MpiWorld& world,
                                                                   bool background) {
  std::unique_ptr<RankFrameWriter> writer(new RankFrameWriter(file, own));
  if (!background) return writer;
  Expected<std::unique_ptr<distributed::MpiWorld>> writers = world.duplicate();
  if (!writers) return writers.status();
  writer->writers_ = std::move(writers).value();
  distributed::MpiWorld& agreeing = *writer->writers_;
  writer->worker_.emplace(
      kFrameQueueDepth, [] { return FieldData(); },
      [&file, &agreeing, own](FieldData& rows, std::int64_t index) {
        return agreeing.agree(file.write_frame(index, own, rows));
      });
  return writer;
}

RankFrameWriter::~RankFrameWriter() = default;

Status RankFrameWriter::push(const FieldData& own_v) {
  if (!worker_) {
    const auto start = Clock::now();
    Status written = file_.write_frame(written_inline_++, own_, own_v);
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
