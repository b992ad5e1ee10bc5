// The script words of style maps (commands.h: StyleImage ... StyleOff): `style-image`,
// `style-gradient`, `style-a`, `style-b`, `style-swap` and `style off`, parsed apart from the
// other commands so the grammar of one feature stays in one place.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "commands.h"
#include "gs/status.h"

namespace gs::app {

// The command of a style line; nullopt when its first word is no style command. `line` is the
// whole trimmed line, `words` its words (a picture's path may hold spaces).
std::optional<Expected<Command>> parse_style_command(std::string_view line,
                                                     const std::vector<std::string_view>& words);

// `style-image` as a script writes it: the path, then each option that is not its default.
std::string style_image_line(const command::StyleImage& image);
// `style-a` / `style-b` as a script writes it: the preset, or the four values.
std::string style_set_line(const command::StyleSet& set);

}  // namespace gs::app
