// Style-map script lines (script_style.h).
#include "script_style.h"

#include "script_words.h"

namespace gs::app {
namespace {

// `channel=C`, `fit=M` or `bright` into the placement; false when the word is none of them.
bool take_picture_option(std::string_view word, PicturePlacement& placement,
                         std::optional<Error>& problem) {
  const auto value_of = [&](std::string_view key) -> std::optional<std::string_view> {
    if (word.substr(0, key.size()) != key) return std::nullopt;
    return word.substr(key.size());
  };
  if (word == "bright") {
    placement.from_bright = true;
    return true;
  }
  if (const auto channel = value_of("channel=")) {
    if (const auto parsed = parse_enum<PictureChannel>(*channel))
      placement.channel = *parsed;
    else
      problem = Error{"style-image: channel " + in_quotes(*channel) + " is not one of " +
                      names_list(kPictureChannelNames)};
    return true;
  }
  if (const auto fit = value_of("fit=")) {
    if (const auto parsed = parse_enum<PictureFit>(*fit))
      placement.fit = *parsed;
    else
      problem = Error{"style-image: fit " + in_quotes(*fit) + " is not one of " +
                      names_list(kPictureFitNames)};
    return true;
  }
  return false;
}

// `style-image FILE [channel=C] [fit=M] [bright]`: the options are the last words; the path is
// the rest, spaces and all.
Expected<Command> parse_style_image(std::string_view line,
                                    const std::vector<std::string_view>& words) {
  command::StyleImage image;
  std::size_t path_words = words.size();
  std::optional<Error> problem;
  while (path_words > 2 && take_picture_option(words[path_words - 1], image.placement, problem)) {
    if (problem) return *problem;
    --path_words;
  }
  if (path_words < 2) return Error{"style-image needs FILE [channel=C] [fit=MODE] [bright]"};
  const std::string_view last = words[path_words - 1];
  const std::size_t begin = std::size_t(words[1].data() - line.data());
  const std::size_t end = std::size_t(last.data() - line.data()) + last.size();
  image.path = std::string(line.substr(begin, end - begin));
  return Command{image};
}

Expected<Command> parse_style_set(const std::vector<std::string_view>& words) {
  const std::string name(words[0]);
  command::StyleSet set;
  set.set_b = name == "style-b";
  const std::size_t args = words.size() - 1;
  // One word is a preset's name; a lone number is F without its k.
  if (args == 1 && !parse_number(words[1], "")) {
    set.preset = std::string(words[1]);
    return Command{set};
  }
  if (args != 2 && args != 4) return Error{name + " needs PRESET, or F k [Du Dv]"};
  float values[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  static constexpr const char* kNames[4] = {"F", "k", "Du", "Dv"};
  for (std::size_t i = 0; i < args; ++i) {
    Expected<float> value = parse_float_number(words[i + 1], name + ": " + kNames[i] + " ");
    if (!value) return value.status();
    values[i] = *value;
  }
  set.F = values[0], set.k = values[1];
  if (args == 4) set.Du = values[2], set.Dv = values[3];
  return Command{set};
}

}  // namespace

std::optional<Expected<Command>> parse_style_command(std::string_view line,
                                                     const std::vector<std::string_view>& words) {
  const std::string_view word = words.front();
  const std::size_t args = words.size() - 1;
  if (word == "style-image") return parse_style_image(line, words);
  if (word == "style-gradient") {
    const std::optional<StyleGradient> gradient =
        args == 1 ? parse_enum<StyleGradient>(words[1]) : std::nullopt;
    if (!gradient) return Expected<Command>{Error{"style-gradient needs x, y or radial"}};
    return Expected<Command>{Command{command::StyleGradientMap{*gradient}}};
  }
  if (word == "style-a" || word == "style-b") return parse_style_set(words);
  if (word == "style-swap") {
    if (args != 0) return Expected<Command>{Error{"style-swap takes no arguments"}};
    return Expected<Command>{Command{command::StyleSwap{}}};
  }
  if (word == "style") {
    if (args != 1 || words[1] != "off") return Expected<Command>{Error{"style needs off"}};
    return Expected<Command>{Command{command::StyleOff{}}};
  }
  return std::nullopt;
}

std::string style_image_line(const command::StyleImage& image) {
  const PicturePlacement defaults;
  std::string line = "style-image " + image.path;
  if (image.placement.channel != defaults.channel)
    line += " channel=" + std::string(name_in(kPictureChannelNames, image.placement.channel));
  if (image.placement.fit != defaults.fit)
    line += " fit=" + std::string(name_in(kPictureFitNames, image.placement.fit));
  if (image.placement.from_bright) line += " bright";
  return line;
}

std::string style_set_line(const command::StyleSet& set) {
  std::string line = set.set_b ? "style-b" : "style-a";
  if (!set.preset.empty()) return line + " " + set.preset;
  line += " " + number_text(set.F) + " " + number_text(set.k);
  if (set.Du && set.Dv) line += " " + number_text(*set.Du) + " " + number_text(*set.Dv);
  return line;
}

}  // namespace gs::app
