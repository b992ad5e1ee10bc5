// What the bad-input tests of the real grayscott-batch share: arguments with the scratch folder
// spliced in, and the check that a run failed with exactly one line naming the problem.
#pragma once

#include <string>
#include <vector>

#include "run_program.h"

namespace gs::test {

using Args = std::vector<std::string>;

Args operator+(Args a, const Args& b);

// "@/" at the start of an argument stands for the scratch folder.
Args in_folder(const Args& args, const ScratchDir& dir);

inline const Args kGrid{"--width", "32", "--height", "24"};
inline const Args kOutput{"--output", "@/out.h5"};
inline const Args kFrames{"--frames",        "2",          "--steps-per-frame", "2",
                          "--frames-output", "@/frames.h5"};

// A non-zero exit and one line on stderr, "grayscott-batch: error: ...", holding every word.
void expect_one_line_error(const ProgramResult& result, const std::vector<std::string>& words);

}  // namespace gs::test
