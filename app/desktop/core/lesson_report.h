// Where a script (a demo) is and what its caption shows: for the presentation bar ("pearson-tour
// caption 3 of 13") and for --stats-json, where tests read them back.
#pragma once

#include <optional>
#include <string>

namespace gs::app {

struct ScriptProgress {
  std::string name;  // the file's name without .gs: a demo's name
  int caption = 0;   // the caption last shown, from 1 (0 before the first)
  int captions = 0;
  bool held = false;      // a person's pause holds it
  bool finished = false;  // it ran to its end (the app stays open)
};

struct LessonReport {
  std::optional<ScriptProgress> script;  // none without a script (or once stopped)
  std::string caption;                   // the caption ("" for none)...
  std::string drawn_caption;             // ...and what is drawn of it ("" while the UI is hidden)
  std::string notice;                    // a short notice shown ("" for none)
};

}  // namespace gs::app
