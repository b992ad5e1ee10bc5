// What the bad-input tests of the real grayscott-batch share: arguments with the scratch folder
// spliced in, and the check that a run failed with exactly one line naming the problem.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gs/fields.h"
#include "run_program.h"

namespace gs::test {

// "@/" at the start of an argument stands for the scratch folder.
Args in_folder(const Args& args, const ScratchDir& dir);

inline const Args kGrid{"--width", "32", "--height", "24"};
inline const Args kOutput{"--output", "@/out.h5"};
inline const Args kFrames{"--frames",        "2",          "--steps-per-frame", "2",
                          "--frames-output", "@/frames.h5"};

// in.h5 in the folder: a 32x24 state of the square start, for runs that read one.
void write_input_state(const ScratchDir& dir);

// `path`: a finite state of this size whose values overflow a float within a few steps (v of 1e5
// becomes about 1e10, then 1e30, then infinity), as no valid F and k can make a run do.
void write_overflowing_state(const std::filesystem::path& path, GridSize size);

// A non-zero exit and one line on stderr, "grayscott-batch: error: ...", holding every word.
void expect_one_line_error(const ProgramResult& result, const std::vector<std::string>& words);

}  // namespace gs::test
