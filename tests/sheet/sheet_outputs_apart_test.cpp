// grayscott-sheet never writes over what it reads: an output named as an input, reached through
// a symlink or another spelling, or a thumbnail that lands on an input (an input called st.png,
// thumbnails into its own folder) is refused in one line, and the input keeps its bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "run_program.h"

namespace gs::test {
namespace {

struct Case {
  std::string name;
  Args args;
  std::string named;  // what the message must name
};

TEST(SheetOutputsApart, NoOutputIsAnInput) {
  ScratchDir dir;
  const std::string state = (dir / "ok.h5").string(), png_state = (dir / "st.png").string();
  for (const std::string& path : {state, png_state}) {
    const ProgramResult batch = run_batch(
        {"--backend", "cpu", "--width", "16", "--height", "16", "--steps", "5", "--output", path});
    ASSERT_EQ(batch.exit_code, 0) << batch.err;
  }
  std::filesystem::create_symlink(state, dir / "link.png");
  const std::string state_bytes = read_file(state), png_state_bytes = read_file(png_state);
  const std::vector<Case> cases{
      {"itself", {"--output", state, state}, "ok.h5"},
      {"another spelling", {"--output", (dir / "." / "ok.h5").string(), state}, "ok.h5"},
      {"a symlink to it", {"--output", (dir / "link.png").string(), state}, "link.png"},
      {"a thumbnail", {"--thumbnails", dir.path().string(), png_state}, "st.png"},
      {"a thumbnail through .", {"--thumbnails", (dir / ".").string(), state, png_state}, "st.png"},
      {"the sheet and a thumbnail",
       {"--output", (dir / "th" / "ok.png").string(), "--thumbnails", (dir / "th").string(), state},
       "ok.png"},
  };
  std::filesystem::create_directory(dir / "th");
  for (const Case& c : cases) {
    const ProgramResult result = run_program(GS_SHEET_BINARY, c.args);
    EXPECT_EQ(result.exit_code, 1) << c.name << ": " << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_NE(result.err.find(c.named), std::string::npos) << c.name << ": " << result.err;
    EXPECT_EQ(read_file(state), state_bytes) << c.name;
    EXPECT_EQ(read_file(png_state), png_state_bytes) << c.name;
    EXPECT_FALSE(std::filesystem::exists(dir / "th" / "ok.png")) << c.name;
    EXPECT_FALSE(dir.has_temporary_file()) << c.name;
  }
}

}  // namespace
}  // namespace gs::test
