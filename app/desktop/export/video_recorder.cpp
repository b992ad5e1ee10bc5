#include "video_recorder.h"

#include <cstdio>
#include <utility>

#include "screenshot.h"
#if defined(GS_HAVE_LIBAV)
#include "video_encoder.h"
#endif

namespace gs::app {
namespace {

constexpr std::size_t kQueueDepth = 8;

}  // namespace

struct VideoRecorder::Sink {
#if defined(GS_HAVE_LIBAV)
  std::unique_ptr<VideoEncoder> encoder;
#endif
};

bool VideoRecorder::encodes_mp4() {
#if defined(GS_HAVE_LIBAV)
  return true;
#else
  return false;
#endif
}

VideoRecorder::VideoRecorder(const RecordingSettings& settings, GridSize size)
    : settings_(settings), size_(size), sink_(std::make_unique<Sink>()) {}

Expected<std::unique_ptr<VideoRecorder>> VideoRecorder::start(const RecordingSettings& settings,
                                                              GridSize size) {
  if (settings.steps_per_frame < 1 || settings.steps_per_frame > 10000)
    return Error{"record: steps per frame must be from 1 to 10000"};
  if (settings.fps < 1 || settings.fps > 240) return Error{"record: fps must be from 1 to 240"};
  std::unique_ptr<VideoRecorder> recorder(new VideoRecorder(settings, size));
#if defined(GS_HAVE_LIBAV)
  recorder->output_.emplace(settings.path);
  GS_TRY(recorder->output_->check_writable());
  Expected<std::unique_ptr<VideoEncoder>> encoder =
      VideoEncoder::open(recorder->output_->temp_path(), size, settings.fps);
  if (!encoder) return encoder.status();
  recorder->sink_->encoder = std::move(encoder).value();
#else
  std::error_code error;
  std::filesystem::create_directories(settings.path, error);
  if (error)
    return Error{"cannot create the frames folder '" + settings.path.string() +
                 "': " + error.message()};
#endif
  VideoRecorder* writing = recorder.get();
  recorder->worker_.emplace(
      kQueueDepth, [size] { return std::vector<std::uint8_t>(size.cells() * 3); },
      [writing](std::vector<std::uint8_t>& rgb, std::int64_t index) {
        return writing->write(rgb, index);
      });
  return recorder;
}

VideoRecorder::~VideoRecorder() {
  if (worker_ && !stopped_) [[maybe_unused]]
    const Status ignored = stop();
}

std::vector<std::uint8_t> VideoRecorder::acquire_frame() {
  return worker_->acquire();
}

Status VideoRecorder::push(std::vector<std::uint8_t> rgb) {
  return worker_->push(std::move(rgb));
}

Status VideoRecorder::write(const std::vector<std::uint8_t>& rgb, std::int64_t index) {
#if defined(GS_HAVE_LIBAV)
  (void)index;
  return sink_->encoder->encode(rgb.data());
#else
  char name[32];
  std::snprintf(name, sizeof name, "frame-%06lld.png", static_cast<long long>(index) + 1);
  return write_png(settings_.path / name, size_, rgb);
#endif
}

Status VideoRecorder::stop() {
  const Status worked = worker_->finish();
  stopped_ = true;
  const long long frames = frames_written();
  Status finished = Status::ok();
  bool kept = frames > 0;
#if defined(GS_HAVE_LIBAV)
  if (sink_->encoder) {
    finished = sink_->encoder->finish();
    kept = kept && sink_->encoder->holds_frames();
  }
  sink_->encoder.reset();
  // Keep what was recorded, even after a failure: the fragments written so far play. A file
  // that holds no frame is not kept (its temporary is removed with the guard).
  if (output_ && kept) {
    if (Status moved = output_->commit(); !moved && finished) finished = moved;
  }
#endif
  const std::string path = settings_.path.string();
  if (!worked || !finished)
    return Error{"recording stopped: " + (!worked ? worked.message() : finished.message()) +
                 (kept ? "; what was complete is kept in " + path
                       : "; no frame was complete, so no file is kept")};
  if (frames == 0)
    return Error{
        "nothing was recorded (no frame ran while recording; was the simulation "
        "paused?): no file written"};
  return finished;
}

long long VideoRecorder::frames_written() const {
  return worker_->done();
}

std::uintmax_t VideoRecorder::bytes_written() const {
  std::error_code error;
  const std::filesystem::path file = output_ ? output_->temp_path() : settings_.path;
  if (std::filesystem::is_directory(file, error)) {
    std::uintmax_t total = 0;
    for (const auto& entry : std::filesystem::directory_iterator(file, error))
      total += entry.file_size(error);
    return total;
  }
  const std::uintmax_t bytes = std::filesystem::file_size(file, error);
  return error ? 0 : bytes;
}

}  // namespace gs::app
