#include "video_encoder.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <string>

namespace gs::app {
namespace {

std::string av_message(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

}  // namespace

struct VideoEncoder::Impl {
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVStream* stream = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  SwsContext* scaler = nullptr;
  GridSize size;
  std::int64_t next_pts = 0;
  bool header_written = false;
  bool io_open = false;
  std::filesystem::path file;
  // Bytes known to be on disk after the last flush that succeeded. Each flush follows one packet,
  // and fragments are written whole when a keyframe arrives, so this is always the end of a
  // complete fragment: after a failed write the file is cut back to it and still plays.
  std::int64_t good_bytes = 0;
  std::int64_t header_bytes = 0;  // the header alone: a file no longer than it holds no frame
  bool write_failed = false;

  ~Impl() {
    sws_freeContext(scaler);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&codec);
    if (format && io_open) avio_closep(&format->pb);
    avformat_free_context(format);
  }

  // Sends a frame (or nullptr to flush) and writes every packet the encoder has ready.
  Status drain(AVFrame* input) {
    if (int code = avcodec_send_frame(codec, input); code < 0)
      return Error{"the video encoder refused a frame: " + av_message(code)};
    for (;;) {
      const int code = avcodec_receive_packet(codec, packet);
      if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return Status::ok();
      if (code < 0) return Error{"video encoding failed: " + av_message(code)};
      if (packet->duration == 0) packet->duration = 1;  // one frame, in the codec's time base
      av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
      packet->stream_index = stream->index;
      const int written = av_interleaved_write_frame(format, packet);
      av_packet_unref(packet);
      if (written < 0) {
        write_failed = true;
        return Error{"writing the video failed: " + av_message(written)};
      }
      // libavformat buffers its writes: flush, so a failed one (a full disk) shows now.
      avio_flush(format->pb);
      if (format->pb->error < 0) {
        write_failed = true;
        return Error{"writing the video failed: " + av_message(format->pb->error)};
      }
      good_bytes = avio_tell(format->pb);
    }
  }
};

Expected<std::unique_ptr<VideoEncoder>> VideoEncoder::open(const std::filesystem::path& file,
                                                           GridSize size, int fps) {
  av_log_set_level(AV_LOG_ERROR);  // the encoder's statistics are not for the terminal
  auto impl = std::make_unique<Impl>();
  impl->size = size;
  impl->file = file;
  const std::string name = file.string();
  if (avformat_alloc_output_context2(&impl->format, nullptr, "mp4", name.c_str()) < 0)
    return Error{"cannot create an MP4 container"};
  const AVCodec* h264 = avcodec_find_encoder_by_name("libx264");
  if (!h264) h264 = avcodec_find_encoder(AV_CODEC_ID_H264);
  if (!h264) return Error{"this libavcodec has no H.264 encoder"};
  impl->stream = avformat_new_stream(impl->format, nullptr);
  impl->codec = avcodec_alloc_context3(h264);
  if (!impl->stream || !impl->codec) return Error{"out of memory opening the video encoder"};
  impl->codec->width = size.width + (size.width & 1);
  impl->codec->height = size.height + (size.height & 1);
  impl->codec->pix_fmt = AV_PIX_FMT_YUV420P;
  impl->codec->time_base = AVRational{1, fps};
  impl->codec->framerate = AVRational{fps, 1};
  impl->codec->gop_size = fps;  // a keyframe, and so a fragment, every second
  if (impl->format->oformat->flags & AVFMT_GLOBALHEADER)
    impl->codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  av_opt_set(impl->codec->priv_data, "preset", "veryfast", 0);
  av_opt_set(impl->codec->priv_data, "crf", "18", 0);
  if (int code = avcodec_open2(impl->codec, h264, nullptr); code < 0)
    return Error{"cannot open the H.264 encoder: " + av_message(code)};
  if (avcodec_parameters_from_context(impl->stream->codecpar, impl->codec) < 0)
    return Error{"cannot set the video stream's parameters"};
  impl->stream->time_base = impl->codec->time_base;

  impl->frame = av_frame_alloc();
  impl->packet = av_packet_alloc();
  if (!impl->frame || !impl->packet) return Error{"out of memory opening the video encoder"};
  impl->frame->format = impl->codec->pix_fmt;
  impl->frame->width = impl->codec->width;
  impl->frame->height = impl->codec->height;
  if (av_frame_get_buffer(impl->frame, 0) < 0) return Error{"out of memory for a video frame"};
  impl->scaler = sws_getContext(impl->codec->width, impl->codec->height, AV_PIX_FMT_RGB24,
                                impl->codec->width, impl->codec->height, AV_PIX_FMT_YUV420P,
                                SWS_BILINEAR, nullptr, nullptr, nullptr);
  if (!impl->scaler) return Error{"cannot convert RGB to YUV for the video"};

  if (int code = avio_open(&impl->format->pb, name.c_str(), AVIO_FLAG_WRITE); code < 0)
    return Error{"cannot write '" + name + "': " + av_message(code)};
  impl->io_open = true;
  AVDictionary* options = nullptr;
  av_dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0);
  const int header = avformat_write_header(impl->format, &options);
  av_dict_free(&options);
  if (header < 0) return Error{"cannot write the video header: " + av_message(header)};
  impl->header_written = true;
  avio_flush(impl->format->pb);
  if (impl->format->pb->error < 0)
    return Error{"cannot write the video header: " + av_message(impl->format->pb->error)};
  impl->header_bytes = impl->good_bytes = avio_tell(impl->format->pb);
  return std::unique_ptr<VideoEncoder>(new VideoEncoder(std::move(impl)));
}

VideoEncoder::VideoEncoder(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
VideoEncoder::~VideoEncoder() = default;

Status VideoEncoder::encode(const std::uint8_t* rgb) {
  Impl& e = *impl_;
  if (av_frame_make_writable(e.frame) < 0) return Error{"cannot reuse the video frame"};
  // Pad odd sizes by repeating the last column and row.
  const int width = e.codec->width, height = e.codec->height;
  std::vector<std::uint8_t> padded;
  const std::uint8_t* source = rgb;
  if (width != e.size.width || height != e.size.height) {
    padded.resize(std::size_t(width) * height * 3);
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        for (int c = 0; c < 3; ++c)
          padded[(std::size_t(y) * width + x) * 3 + c] =
              rgb[(std::size_t(std::min(y, e.size.height - 1)) * e.size.width +
                   std::min(x, e.size.width - 1)) *
                      3 +
                  c];
    source = padded.data();
  }
  const std::uint8_t* planes[1] = {source};
  const int strides[1] = {3 * width};
  sws_scale(e.scaler, planes, strides, 0, height, e.frame->data, e.frame->linesize);
  e.frame->pts = e.next_pts++;
  return e.drain(e.frame);
}

bool VideoEncoder::holds_frames() const {
  return !impl_->write_failed || impl_->good_bytes > impl_->header_bytes;
}

Status VideoEncoder::finish() {
  Impl& e = *impl_;
  Status status = Status::ok();
  if (!e.write_failed) {
    const Status flushed = e.drain(nullptr);
    const int trailer = e.header_written ? av_write_trailer(e.format) : 0;
    e.header_written = false;
    const int closed = e.io_open ? avio_closep(&e.format->pb) : 0;
    e.io_open = false;
    if (flushed && trailer >= 0 && closed >= 0) return Status::ok();
    // The last fragment (written by the trailer) did not fit: its tail is torn too.
    e.write_failed = true;
    status = !flushed      ? flushed
             : trailer < 0 ? Status(Error{"cannot finish the video: " + av_message(trailer)})
                           : Status(Error{"cannot close the video: " + av_message(closed)});
  }
  // Nothing more can be written; keep the complete fragments and drop the torn tail.
  if (e.io_open) avio_closep(&e.format->pb);
  e.io_open = false;
  e.header_written = false;
  std::error_code error;
  std::filesystem::resize_file(e.file, std::uintmax_t(e.good_bytes), error);
  if (error) return Error{"cannot trim the cut-short video: " + error.message()};
  return status;
}

}  // namespace gs::app
