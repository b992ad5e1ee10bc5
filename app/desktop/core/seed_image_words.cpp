#include "seed_image_words.h"

#include <vector>

#include "script_words.h"

namespace gs::app {
namespace {

// One option word into `options`; nullopt when the word is no option (it is part of the path).
std::optional<Status> take_option(std::string_view word, PictureSeedOptions& options) {
  if (word == "bright") {
    options.placement.from_bright = true;
    return Status::ok();
  }
  const std::size_t equals = word.find('=');
  if (equals == std::string_view::npos) return std::nullopt;
  const std::string_view key = word.substr(0, equals), value = word.substr(equals + 1);
  const std::string what = "seed-image: " + std::string(key) + " ";
  if (key == "channel") {
    const std::optional<PictureChannel> channel = parse_enum<PictureChannel>(value);
    if (!channel)
      return Error{what + in_quotes(value) + " is not one of " + names_list(kPictureChannelNames)};
    options.placement.channel = *channel;
  } else if (key == "fit") {
    const std::optional<PictureFit> fit = parse_enum<PictureFit>(value);
    if (!fit)
      return Error{what + in_quotes(value) + " is not one of " + names_list(kPictureFitNames)};
    options.placement.fit = *fit;
  } else if (key == "threshold" || key == "noise") {
    Expected<float> number = parse_float_number(value, what);
    if (!number) return number.status();
    if (!(*number >= 0.0f && *number <= 1.0f))
      return Error{what + in_quotes(value) + " must be from 0 to 1"};
    if (key == "threshold")
      options.threshold = *number;
    else
      options.noise = *number;
  } else if (key == "seed") {
    Expected<std::uint64_t> seed = parse_seed(value, what);
    if (!seed) return seed.status();
    options.seed = *seed;
  } else {
    return std::nullopt;
  }
  return Status::ok();
}

}  // namespace

Expected<Command> parse_seed_image(std::string_view rest) {
  command::SeedImage seed;
  std::vector<std::string_view> words = split_words(rest);
  // Options from the end; the first word is always the path's.
  std::size_t path_words = words.size();
  for (; path_words > 1; --path_words) {
    const std::optional<Status> taken = take_option(words[path_words - 1], seed.options);
    if (!taken) break;
    if (!*taken) return Error{taken->message()};
  }
  if (path_words == 0) return Error{std::string("seed-image needs FILE ") + kSeedImageOptions};
  const std::string_view last = words[path_words - 1];
  seed.path =
      std::string(trim(rest.substr(0, std::size_t(last.data() + last.size() - rest.data()))));
  return Command{seed};
}

std::string seed_image_line(const command::SeedImage& seed) {
  const PictureSeedOptions& o = seed.options;
  const PictureSeedOptions defaults;
  std::string line = "seed-image " + seed.path;
  if (o.placement.channel != defaults.placement.channel)
    line += " channel=" + std::string(gs::to_string(o.placement.channel));
  if (o.placement.fit != defaults.placement.fit)
    line += " fit=" + std::string(gs::to_string(o.placement.fit));
  if (o.threshold) line += " threshold=" + number_text(*o.threshold);
  if (o.noise != defaults.noise) line += " noise=" + number_text(o.noise);
  if (o.seed != defaults.seed) line += " seed=" + std::to_string(o.seed);
  if (o.placement.from_bright) line += " bright";
  return line;
}

}  // namespace gs::app
