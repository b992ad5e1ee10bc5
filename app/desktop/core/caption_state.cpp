// The caption and its owner (caption_state.h).
#include "caption_state.h"

#include <algorithm>
#include <limits>

namespace gs::app {
namespace {

const std::string kNothing;

bool leaves_presentation(const Command& command) {
  const auto* set = std::get_if<command::SetView>(&command);
  if (!set || set->control != ViewControl::Presentation) return false;
  const bool* on = std::get_if<bool>(&set->value);
  return on && !*on;
}

}  // namespace

void CaptionState::update(double now_s, bool script_runs) {
  now_s_ = now_s;
  if (script_runs_ && !script_runs && !caption_.empty() && !left_over_) {
    left_over_ = true;
    left_over_since_s_ = now_s;
  }
  script_runs_ = script_runs;
  if (left_over_ && now_s - left_over_since_s_ >= kLeftOverS) caption_.clear();
  if (!notice_.empty() && now_s - notice_since_s_ >= kNoticeS) notice_.clear();
}

void CaptionState::set(std::string text) {
  caption_ = std::move(text);
  left_over_ = !script_runs_;
  left_over_since_s_ = now_s_;
}

void CaptionState::person_command(const Command& command) {
  if (!left_over_) return;  // a running script's caption stays until the script moves on
  if (simulation_part(command) || leaves_presentation(command)) caption_.clear();
}

void CaptionState::show_notice(std::string text) {
  notice_ = std::move(text);
  notice_since_s_ = now_s_;
}

const std::string& CaptionState::shown_caption(bool ui_hidden) const {
  return ui_hidden ? kNothing : caption_;
}

const std::string& CaptionState::shown_notice(bool ui_hidden) const {
  return ui_hidden ? kNothing : notice_;
}

double CaptionState::next_change_s() const {
  double next = std::numeric_limits<double>::infinity();
  if (left_over_ && !caption_.empty()) next = left_over_since_s_ + kLeftOverS;
  if (!notice_.empty()) next = std::min(next, notice_since_s_ + kNoticeS);
  return next;
}

}  // namespace gs::app
