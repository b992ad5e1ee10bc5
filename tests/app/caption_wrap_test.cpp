// Caption lines break at spaces only, never inside a number ("k 0." / "047)" before) and never
// between a number and its unit ("8.3" / "MB/frame") or a one-letter name and its value; each
// line is as full as the width allows.
#include <gtest/gtest.h>

#include "caption_wrap.h"

namespace gs::app {
namespace {

// One unit a character: a width of 20 holds 20 characters.
float characters(std::string_view text) {
  return float(text.size());
}

TEST(CaptionWrap, BreaksAtSpacesAsLateAsTheWidthAllows) {
  EXPECT_EQ(wrap_caption("one two three four five", 10, characters), "one two\nthree four\nfive");
  EXPECT_EQ(wrap_caption("short", 10, characters), "short");
  EXPECT_EQ(wrap_caption("", 10, characters), "");
  EXPECT_EQ(wrap_caption("first line\nsecond", 40, characters), "first line\nsecond")
      << "the text's own breaks stay";
  EXPECT_EQ(wrap_caption("a unbreakablewordlongerthanthewidth b", 10, characters),
            "a\nunbreakablewordlongerthanthewidth\nb")
      << "a word wider than the line stays whole";
}

TEST(CaptionWrap, ANumberStaysWithItsUnitAndANameWithItsValue) {
  // Wherever the width falls, "F 0.010," and "k 0.047):" and "8.3 MB/frame" stay whole.
  const std::string caption =
      "alpha (F 0.010, k 0.047): the host hands OpenGL 1920 x 1080 floats, 8.3 MB/frame";
  for (float width = 8; width <= 90; width += 1) {
    const std::vector<std::string> lines = caption_lines(wrap_caption(caption, width, characters));
    std::string joined;
    for (const std::string& line : lines) joined += (joined.empty() ? "" : "|") + line;
    for (const char* whole : {"(F 0.010,", "k 0.047):", "1920 x 1080 floats,", "8.3 MB/frame"})
      EXPECT_NE(joined.find(whole), std::string::npos) << "width " << width << ": " << joined;
    for (const std::string& line : lines) EXPECT_NE(line.back(), '.') << joined;
  }
}

TEST(CaptionWrap, LinesAreTheWrappedTextsRows) {
  EXPECT_EQ(caption_lines("a\nb c\nd"), (std::vector<std::string>{"a", "b c", "d"}));
  EXPECT_TRUE(caption_lines("").empty());
}

}  // namespace
}  // namespace gs::app
