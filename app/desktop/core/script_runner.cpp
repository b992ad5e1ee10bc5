#include "script_runner.h"

#include <algorithm>
#include <limits>

namespace gs::app {
namespace {

// What a jump between captions leaves out: the script's pacing, and what writes files, starts
// another script or ends the app (a lecturer stepping through must not overwrite a capture or
// quit).
bool left_out_of_jumps(const Command& command) {
  return std::holds_alternative<command::Wait>(command) ||
         std::holds_alternative<command::RunFrames>(command) ||
         std::holds_alternative<command::Screenshot>(command) ||
         std::holds_alternative<command::RecordStart>(command) ||
         std::holds_alternative<command::RecordStop>(command) ||
         std::holds_alternative<command::SaveState>(command) ||
         std::holds_alternative<command::SaveSetup>(command) ||
         (std::holds_alternative<command::StartDemo>(command) &&
          std::get<command::StartDemo>(command).part == command::DemoPart::Whole) ||
         std::holds_alternative<command::ScriptControl>(command) ||
         std::holds_alternative<command::Quit>(command);
}

}  // namespace

ScriptRunner::ScriptRunner(std::vector<ScriptLine> lines, bool hold_after_demos)
    : lines_(std::move(lines)), hold_after_demos_(hold_after_demos) {
  for (std::size_t i = 0; i < lines_.size(); ++i)
    if (const auto* caption = std::get_if<command::Caption>(&lines_[i].command);
        caption && !caption->text.empty())
      captions_.push_back(i);
}

std::vector<const ScriptLine*> ScriptRunner::due(double now_s, bool busy) {
  std::vector<const ScriptLine*> lines;
  if (holding_ || (waiting_for_steps_ && busy)) return lines;
  waiting_for_steps_ = false;
  while (next_ < lines_.size() && frames_left_ == 0 && now_s >= wait_until_s_) {
    const ScriptLine& line = lines_[next_++];
    if (const auto* frames = std::get_if<command::RunFrames>(&line.command)) {
      frames_left_ = frames->frames;
    } else if (const auto* wait = std::get_if<command::Wait>(&line.command)) {
      wait_until_s_ = now_s + wait->seconds;
    } else {
      lines.push_back(&line);
      // The app holds the script (`busy`) until the steps ran, the Timings are fresh, or the
      // state file is in (the app reads it in the background).
      if (std::holds_alternative<command::Step>(line.command) ||
          std::holds_alternative<command::WaitTimings>(line.command) ||
          std::holds_alternative<command::LoadState>(line.command)) {
        waiting_for_steps_ = true;
        break;
      }
      // A screenshot is taken at the end of this frame: later lines wait, so they cannot
      // change what it shows.
      if (std::holds_alternative<command::Screenshot>(line.command)) break;
      // A demo runs from the next frame; the lines after it, once it has ended (App).
      const auto* demo = std::get_if<command::StartDemo>(&line.command);
      if (demo && demo->part == command::DemoPart::Whole) break;
      // A demo inside the script has shown its last caption: it stays until the person moves on.
      if (demo && demo->part == command::DemoPart::Ends && hold_after_demos_ &&
          next_ < lines_.size()) {
        holding_ = true;
        break;
      }
    }
  }
  return lines;
}

double ScriptRunner::next_due_s() const {
  if (frames_left_ > 0) return 0.0;
  if (next_ >= lines_.size() || holding_) return std::numeric_limits<double>::infinity();
  return wait_until_s_;
}

void ScriptRunner::frame_shown() {
  if (frames_left_ > 0) --frames_left_;
}

int ScriptRunner::caption_index() const {
  return int(std::lower_bound(captions_.begin(), captions_.end(), next_) - captions_.begin());
}

std::vector<const ScriptLine*> ScriptRunner::jump_to_caption(int caption) {
  std::vector<const ScriptLine*> lines;
  if (caption < 1 || caption > caption_count()) return lines;
  const std::size_t target = captions_[std::size_t(caption - 1)];
  const std::size_t from = target >= next_ ? next_ : 0;
  for (std::size_t i = from; i <= target; ++i)
    if (!left_out_of_jumps(lines_[i].command)) lines.push_back(&lines_[i]);
  next_ = target + 1;
  holding_ = false;
  frames_left_ = 0;
  wait_until_s_ = -std::numeric_limits<double>::infinity();  // the wait after it starts afresh
  waiting_for_steps_ = false;
  return lines;
}

int ScriptRunner::demo_depth() const {
  int depth = 0;
  for (std::size_t i = 0; i < next_ && i < lines_.size(); ++i)
    if (const auto* demo = std::get_if<command::StartDemo>(&lines_[i].command))
      depth += demo->part == command::DemoPart::Begins ? 1
               : demo->part == command::DemoPart::Ends ? -1
                                                       : 0;
  return depth;
}

void ScriptRunner::restart() {
  next_ = 0;
  holding_ = false;
  frames_left_ = 0;
  wait_until_s_ = -std::numeric_limits<double>::infinity();
  waiting_for_steps_ = false;
}

}  // namespace gs::app
