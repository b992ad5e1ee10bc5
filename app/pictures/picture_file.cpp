// read_picture: the picture decoded by grayscott-picture-reader (picture_reader/main.cpp), a
// helper process of its own (gs/helper_process.h), under the limits of picture_file.h.
#include "picture_file.h"

#include <signal.h>
#include <sys/wait.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "gs/helper_process.h"
#include "gs/termination.h"
#include "picture_read_protocol.h"

namespace gs::app {
namespace {

// The decoding time limit, with GS_PICTURE_DECODE_S's when it is a sensible number of seconds.
double decode_seconds() {
  if (const char* knob = std::getenv("GS_PICTURE_DECODE_S"))
    if (const double s = std::atof(knob); s > 0 && s <= 3600) return s;
  return kPictureDecodeSeconds;
}

std::string seconds_text(double seconds) {
  std::string text = std::to_string(seconds);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text + " s";
}

// Why the helper gave no complete answer, from how reading it ended and how it ended.
Error reader_failed(const std::string& name, HelperRead got, int wait_status, double seconds) {
  const std::string picture = "picture '" + name + "'";
  switch (got) {
    case HelperRead::interrupted:
      return Error{"interrupted while reading " + picture};
    case HelperRead::stalled:
    case HelperRead::too_long:
      return Error{picture + " was still being decoded after " + seconds_text(seconds) +
                   " (a crafted picture?); GS_PICTURE_DECODE_S=SECONDS allows longer"};
    case HelperRead::all:
    case HelperRead::ended:
    case HelperRead::cancelled:
      break;
  }
  if (WIFSIGNALED(wait_status) && WTERMSIG(wait_status) == SIGKILL)
    return Error{picture + " cannot be read: its reader was killed (SIGKILL: out of memory?)"};
  if (WIFSIGNALED(wait_status) && WTERMSIG(wait_status) == SIGXCPU)
    return Error{picture +
                 " was still being decoded at the reader's processor-time limit (a "
                 "crafted picture?)"};
  if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) != 1)
    return Error{picture + " cannot be read: its reader ended without an answer (exit status " +
                 std::to_string(WEXITSTATUS(wait_status)) + ": a broken installation?)"};
  const std::string how = WIFSIGNALED(wait_status)
                              ? signal_name(WTERMSIG(wait_status))
                              : "exit status " + std::to_string(WEXITSTATUS(wait_status));
  return Error{"the picture decoder crashed on " + picture + " (" + how +
               "); the picture is damaged"};
}

// One picture's answer from the helper, within the time limit. Where the helper's answers can no
// longer be followed (it failed, or answered what cannot be), `broken` is set and it is ended.
Expected<Picture> receive_picture(HelperProcess& reader, const std::string& name,
                                  const std::string& program, double seconds, bool& broken) {
  const auto limit =
      std::chrono::duration_cast<HelperClock::duration>(std::chrono::duration<double>(seconds));
  const HelperLimits limits{limit, HelperClock::now() + limit, nullptr};
  const auto failed = [&](HelperRead got) {
    broken = true;
    return reader_failed(name, got, reader.end(got != HelperRead::ended), seconds);
  };
  const auto refused = [&](const std::string& why) {
    broken = true;
    reader.end(true);
    return Error{"cannot read picture '" + name + "': its reader, " + program + ", " + why};
  };
  picture_read::PictureReply reply;
  if (HelperRead got = read_helper_answer(reader.answer_fd(), &reply, sizeof reply, limits);
      got != HelperRead::all)
    return failed(got);
  if (reply.magic != picture_read::kMagic)
    return refused("answered in a form this program does not know (another version's reader?)");
  if (!reply.ok) {
    std::string message(reply.message_bytes, '\0');
    if (HelperRead got =
            read_helper_answer(reader.answer_fd(), message.data(), message.size(), limits);
        got != HelperRead::all)
      return failed(got);
    return Error{message};
  }
  if (reply.width <= 0 || reply.height <= 0 || reply.width > kMaxPictureSide ||
      reply.height > kMaxPictureSide || long(reply.width) * reply.height > kMaxPicturePixels)
    return refused("answered a size of " + std::to_string(reply.width) + "x" +
                   std::to_string(reply.height));
  Picture picture{reply.width, reply.height, {}};
  picture.rgba.resize(std::size_t(reply.width) * std::size_t(reply.height) * 4);
  if (HelperRead got =
          read_helper_answer(reader.answer_fd(), picture.rgba.data(), picture.rgba.size(), limits);
      got != HelperRead::all)
    return failed(got);
  return picture;
}

}  // namespace

std::vector<Expected<Picture>> read_pictures(const std::vector<std::filesystem::path>& paths) {
  std::vector<Expected<Picture>> pictures;
  if (paths.empty()) return pictures;
  const std::filesystem::path program = helper_program("grayscott-picture-reader");
  std::vector<std::string> arguments;
  for (const std::filesystem::path& path : paths) arguments.push_back(path.string());
  HelperProcess reader(program, arguments);
  if (reader.error() != 0) {
    for (const std::filesystem::path& path : paths) {
      if (read_in_process_asked())
        pictures.push_back(read_picture_in_process(path));
      else
        pictures.push_back(Error{helper_not_started("cannot read picture '" + path.string() + "'",
                                                    program, reader.error())});
    }
    return pictures;
  }
  const double seconds = decode_seconds();
  bool broken = false;
  std::string why_broken;  // once the helper has failed, every picture left fails with it
  for (const std::filesystem::path& path : paths) {
    if (broken) {
      pictures.push_back(Error{"picture '" + path.string() + "' was not read: " + why_broken});
      continue;
    }
    pictures.push_back(receive_picture(reader, path.string(), program.string(), seconds, broken));
    if (broken) why_broken = pictures.back().message();
  }
  if (!broken) reader.end();
  return pictures;
}

Expected<Picture> read_picture(const std::filesystem::path& path) {
  return std::move(read_pictures({path}).front());
}

}  // namespace gs::app
