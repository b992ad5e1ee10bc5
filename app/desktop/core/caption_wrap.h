// Where a caption's lines break. ImGui's own wrapping breaks after a '.' or ',' too, which split
// "k 0.047" into "k 0." and "047)" before an audience; here lines break at spaces only, and never
// between a number and the word after it ("8.3 MB/frame", "16 steps") nor between a one-letter
// name and its number ("F 0.030"). GL-free: the width of a piece of text is measured by the
// caller (its font, at its size).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gs::app {

using MeasureText = std::function<float(std::string_view text)>;

// `text` with a line break wherever the next piece would pass `width` (the text's own breaks
// kept). A piece wider than `width` alone stays whole on its line, past the width.
std::string wrap_caption(const std::string& text, float width, const MeasureText& measure);

// The lines of a wrapped caption (none for "").
std::vector<std::string> caption_lines(const std::string& wrapped);

}  // namespace gs::app
