// `seed-image FILE [channel=C] [fit=F] [threshold=T] [noise=A] [seed=N] [bright]`: the script
// line of a picture seed, read and written. The options are the line's last words; what comes
// before them is the path, spaces and all (as `load PATH` takes the rest of its line).
#pragma once

#include <string>
#include <string_view>

#include "commands.h"

namespace gs::app {

// The rest of a `seed-image` line, after the command's word.
Expected<Command> parse_seed_image(std::string_view rest);

// The line that seeds the same: the options that differ from the defaults, every digit kept.
std::string seed_image_line(const command::SeedImage& seed);

// "channel=luminance|red|... fit=... threshold=0..1 noise=0..1 seed=N bright", for messages.
inline constexpr const char* kSeedImageOptions =
    "[channel=luminance|red|green|blue|alpha] [fit=stretch|fit|fill|tile|centre] "
    "[threshold=0..1] [noise=0..1] [seed=N] [bright]";

}  // namespace gs::app
