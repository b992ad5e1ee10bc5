// A script's timeline and its captions, without the app: `wait` counts time only while no
// person's pause holds the script; a lecturer moves to the next or previous caption (the lines up
// to it applied at once, without waits or captures) or restarts; a caption belongs to its script
// and, once the script has ended, goes when the person acts, leaves presentation, or after a while.
#include <gtest/gtest.h>

#include <unistd.h>
#include <fstream>
#include <limits>

#include "caption_state.h"
#include "command_script.h"
#include "script_runner.h"
#include "script_session.h"
#include "script_timeline.h"

namespace gs::app {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

ScriptRunner runner_of(const std::string& text) {
  Expected<std::vector<ScriptLine>> lines = parse_script(text, "t.gs");
  EXPECT_TRUE(lines) << lines.message();
  return ScriptRunner(lines ? std::move(lines).value() : std::vector<ScriptLine>{});
}

std::vector<std::string> line_texts(const std::vector<const ScriptLine*>& lines) {
  std::vector<std::string> out;
  for (const ScriptLine* line : lines) out.push_back(line->text);
  return out;
}

TEST(ScriptTimeline, WallTimeWhileRunningOrPausedByTheScript) {
  ScriptTimeline timeline;
  EXPECT_EQ(timeline.advance(10.0, true), 0.0) << "starts at 0 whenever the script starts";
  EXPECT_EQ(timeline.advance(12.5, true), 2.5);
  EXPECT_EQ(timeline.advance(14.0, false), 4.0) << "paused, but not by a person";
  EXPECT_EQ(timeline.wall_time_of(5.0), 15.0);
}

TEST(ScriptTimeline, APersonsPauseHoldsItUntilTheSimulationRunsAgain) {
  ScriptTimeline timeline;
  timeline.advance(0.0, true);
  timeline.advance(1.0, true);
  timeline.person_acted(true, true);  // a preset: still running
  EXPECT_FALSE(timeline.held());
  timeline.person_acted(true, false);  // space
  EXPECT_TRUE(timeline.held());
  EXPECT_EQ(timeline.wall_time_of(3.0), kNever) << "only the person moves it on";
  EXPECT_EQ(timeline.advance(30.0, false), 1.0) << "29 s paused count nothing";
  EXPECT_EQ(timeline.advance(31.0, true), 1.0) << "the frame it runs again, the hold ends";
  EXPECT_EQ(timeline.advance(32.0, true), 2.0);
  timeline.person_acted(false, false);  // the step key while the script had paused it
  EXPECT_FALSE(timeline.held()) << "only stopping a running simulation holds";
  timeline.person_acted(true, false);
  timeline.release();
  EXPECT_FALSE(timeline.held());
}

TEST(ScriptRunner, TheLecturersControlsAreScriptLinesAndABadOneSaysWhy) {
  Expected<std::vector<ScriptLine>> bad = parse_script("run\nscript onwards\n", "t.gs");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message(), "t.gs:2: script: 'onwards' is not one of next, previous, restart, stop");
  EXPECT_FALSE(parse_script("script\n", "t.gs"));
}

TEST(ScriptRunner, CountsItsCaptionsAndKnowsWhichWasShownLast) {
  ScriptRunner runner =
      runner_of("run\ncaption one\nwait 2\ncaption\ncaption two\nwait 2\ncaption three\n");
  EXPECT_EQ(runner.caption_count(), 3) << "`caption` with no text clears; it is no stop";
  EXPECT_EQ(runner.caption_index(), 0);
  EXPECT_EQ(line_texts(runner.due(0.0, false)), (std::vector<std::string>{"run", "caption one"}));
  EXPECT_EQ(runner.caption_index(), 1);
  EXPECT_EQ(line_texts(runner.due(2.0, false)),
            (std::vector<std::string>{"caption", "caption two"}));
  EXPECT_EQ(runner.caption_index(), 2);
}

const char* const kLesson =
    "size 64 64\n"
    "reset spots\n"
    "run\n"
    "caption one\n"
    "wait 5\n"
    "screenshot one.png\n"
    "preset coral\n"
    "caption two\n"
    "set F 0.03\n"
    "wait 5\n"
    "record start v.mp4\n"
    "run-frames 10\n"
    "reset\n"
    "caption three\n"
    "wait 5\n"
    "quit\n";

TEST(ScriptRunner, NextAppliesTheLinesUpToTheNextCaptionWithoutWaitsOrCaptures) {
  ScriptRunner runner = runner_of(kLesson);
  EXPECT_EQ(runner.due(0.0, false).size(), 4u);  // up to "caption one", then wait 5
  EXPECT_EQ(line_texts(runner.jump_to_caption(2)),
            (std::vector<std::string>{"preset coral", "caption two"}))
      << "the wait and the screenshot left out";
  EXPECT_EQ(runner.caption_index(), 2);
  // Then on, paced: the lines after that caption, and its wait from now.
  EXPECT_EQ(line_texts(runner.due(1.0, false)), (std::vector<std::string>{"set F 0.03"}));
  EXPECT_TRUE(runner.due(5.9, false).empty());
  EXPECT_EQ(runner.next_due_s(), 6.0);
  EXPECT_EQ(line_texts(runner.jump_to_caption(3)),
            (std::vector<std::string>{"reset", "caption three"}))
      << "no recording, no frames held";
  EXPECT_TRUE(runner.jump_to_caption(4).empty()) << "past the last caption: nothing";
  EXPECT_EQ(runner.caption_index(), 3);
}

TEST(ScriptRunner, PreviousReplaysFromTheFirstLineSoThatPartsSettingsHold) {
  ScriptRunner runner = runner_of(kLesson);
  runner.due(0.0, false);
  runner.jump_to_caption(3);
  EXPECT_EQ(line_texts(runner.jump_to_caption(2)),
            (std::vector<std::string>{"size 64 64", "reset spots", "run", "caption one",
                                      "preset coral", "caption two"}));
  EXPECT_EQ(runner.caption_index(), 2);
  EXPECT_EQ(line_texts(runner.jump_to_caption(2)).front(), "size 64 64")
      << "the caption shown again: its part from the start";
}

TEST(ScriptRunner, RestartRunsFromTheFirstLinePaced) {
  ScriptRunner runner = runner_of(kLesson);
  runner.due(0.0, false);
  runner.jump_to_caption(3);
  runner.due(1.0, false);
  runner.restart();
  EXPECT_EQ(runner.caption_index(), 0);
  EXPECT_EQ(line_texts(runner.due(2.0, false)),
            (std::vector<std::string>{"size 64 64", "reset spots", "run", "caption one"}));
  EXPECT_EQ(runner.next_due_s(), 7.0) << "its wait, as written";
}

TEST(CaptionState, ARunningScriptsCaptionStaysWhateverThePersonDoes) {
  CaptionState caption;
  caption.update(0.0, true);
  caption.set("chaotic waves");
  caption.person_command(command::LoadPreset{"coral"});
  caption.person_command(command::SetView{ViewControl::Presentation, false});
  caption.update(100.0, true);
  EXPECT_EQ(caption.caption(), "chaotic waves");
  EXPECT_EQ(caption.next_change_s(), kNever);
  EXPECT_EQ(caption.shown_caption(true), "") << "H hides it";
  EXPECT_EQ(caption.shown_caption(false), "chaotic waves");
}

TEST(CaptionState, LeftOverItGoesWhenThePersonChangesTheSimulation) {
  CaptionState caption;
  caption.update(0.0, true);
  caption.set("your turn");
  caption.update(1.0, false);  // the script ended
  caption.person_command(command::Screenshot{});
  caption.person_command(command::SetView{ViewControl::UiHidden, true});
  EXPECT_EQ(caption.caption(), "your turn") << "a capture or hiding the UI is no change";
  caption.person_command(command::LoadPreset{"coral"});
  EXPECT_EQ(caption.caption(), "");
}

TEST(CaptionState, LeftOverItGoesWhenPresentationEndsOrAfterAWhile) {
  CaptionState caption;
  caption.update(0.0, true);
  caption.set("your turn");
  caption.update(2.0, false);
  EXPECT_EQ(caption.next_change_s(), 2.0 + CaptionState::kLeftOverS);
  caption.person_command(command::SetView{ViewControl::Presentation, true});
  EXPECT_EQ(caption.caption(), "your turn");
  caption.person_command(command::SetView{ViewControl::Presentation, false});
  EXPECT_EQ(caption.caption(), "");

  caption.set("no script: left over at once");
  caption.update(2.0 + CaptionState::kLeftOverS - 0.1, false);
  EXPECT_FALSE(caption.caption().empty());
  caption.update(2.0 + CaptionState::kLeftOverS, false);
  EXPECT_EQ(caption.caption(), "");
  EXPECT_EQ(caption.next_change_s(), kNever);
}

TEST(CaptionState, ANoticeIsNoCaptionAndGoesByItself) {
  CaptionState caption;
  caption.update(0.0, false);
  caption.show_notice("paste: line 1: unknown command");
  EXPECT_EQ(caption.caption(), "");
  EXPECT_EQ(caption.shown_notice(false), "paste: line 1: unknown command");
  EXPECT_EQ(caption.next_change_s(), CaptionState::kNoticeS);
  caption.update(CaptionState::kNoticeS, false);
  EXPECT_EQ(caption.notice(), "");
}

TEST(CaptionState, DismissedItGoesAtOnce) {
  CaptionState caption;
  caption.update(0.0, true);
  caption.set("a caption");
  caption.dismiss();
  EXPECT_EQ(caption.caption(), "");
}

// A script that sends itself back (`script restart`, or `script previous`) would reach that line
// again for ever: it is refused before its first line, on every machine (inside the other
// machine's block too); going forward is not.
TEST(ScriptSession, AScriptThatSendsItselfBackIsRefusedBeforeItsFirstLine) {
  const std::string path = ::testing::TempDir() + "gs-back-" + std::to_string(::getpid()) + ".gs";
  for (const std::string& text :
       {std::string("size 64 64\nscript restart\nstep 1\nquit\n"),
        std::string("caption one\nscript previous\n"), std::string("if gpu\nscript restart\nend\n"),
        std::string("if no-gpu\nscript previous\nend\n")}) {
    std::ofstream(path) << text;
    const Expected<ScriptSession> session = ScriptSession::load(path, true);
    ASSERT_FALSE(session) << text;
    EXPECT_NE(session.message().find(": a script cannot send itself back (it would never end)"),
              std::string::npos)
        << session.message();
  }
  std::ofstream(path) << "caption one\nscript next\ncaption two\n";
  const Expected<ScriptSession> forward = ScriptSession::load(path, true);
  EXPECT_TRUE(forward) << forward.message();
  std::remove(path.c_str());
}

}  // namespace
}  // namespace gs::app
