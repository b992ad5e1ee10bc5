// The shipped demos' captions in the real app, presenting at 1280x720 and 1920x1080: wherever a
// line breaks, a number stays whole and with its unit, and a one-letter name with its value.
// Before, ImGui's wrapping broke after '.', and 10 of pearson-tour's 13 captions read "k 0." over
// "047)" at 1280x720.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>

#include "app_run_support.h"
#include "gs/data_paths.h"

namespace gs::test {
namespace {

std::string first_word(const std::string& line) {
  return line.substr(0, line.find(' '));
}

std::string last_word(const std::string& line) {
  const std::size_t space = line.rfind(' ');
  return space == std::string::npos ? line : line.substr(space + 1);
}

bool digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// Why the break between `before` and `after` splits what belongs together ("" where it does not).
std::string bad_break(const std::string& before, const std::string& after) {
  const std::string a = last_word(before), b = first_word(after);
  if (a.empty() || b.empty()) return "";
  if (digit(a.back())) return "a number left without its unit: '" + a + "' / '" + b + "'";
  // "0." over "047)"; a word's own comma before a number ("crossings," over "16.6 MB") is not.
  if ((a.back() == '.' || a.back() == ',') && (a.size() < 2 || digit(a[a.size() - 2])) &&
      digit(b.front()))
    return "a number split: '" + a + "' / '" + b + "'";
  const std::string name = a.front() == '(' ? a.substr(1) : a;
  if (name.size() == 1 && std::isalpha(static_cast<unsigned char>(name[0])) && digit(b.front()))
    return "a name without its value: '" + a + "' / '" + b + "'";
  return "";
}

// The captions of a shipped demo that hold a number, as written.
std::vector<std::string> captions_with_numbers(const std::string& demo) {
  std::vector<std::string> captions;
  std::ifstream in(data_directory() / "assets" / "demos" / (demo + ".gs"));
  for (std::string line; std::getline(in, line);)
    if (line.rfind("caption ", 0) == 0 &&
        std::any_of(line.begin(), line.end(), [](char c) { return digit(c); }))
      captions.push_back(line.substr(8));
  return captions;
}

TEST(AppCaptionLines, NumbersStayWholeAndWithTheirUnitsAtBothProjectorSizes) {
  for (const char* size : {"1280x720", "1920x1080"})
    for (const auto& [demo, grid] : {std::pair{"pearson-tour", "256 256"},  // their own grids
                                     std::pair{"pcie-toll", "1920 1080"}})
      for (const std::string& caption : captions_with_numbers(demo)) {
        SCOPED_TRACE(std::string(size) + " " + demo + ": " + caption);
        ScratchDir dir;
        const ProgramResult app = run_app_headless(
            dir,
            "backend cpu\nsize 256 144\npause\nset presentation on\ncaption " + caption +
                "\nrun-frames 3\nquit\n",
            {"--window-size", size, "--stats-json", (dir / "stats.json").string()});
        ASSERT_EQ(app.exit_code, 0) << app.err;
        const nlohmann::json stats = load_json(dir / "stats.json");
        const std::vector<std::string> lines =
            stats["ui"]["caption_lines"].get<std::vector<std::string>>();
        ASSERT_FALSE(lines.empty()) << stats["ui"].dump();
        std::string joined;
        for (const std::string& line : lines) joined += (joined.empty() ? "" : " ") + line;
        EXPECT_EQ(joined, caption) << "every word drawn, in order";
        for (std::size_t i = 0; i + 1 < lines.size(); ++i)
          EXPECT_EQ(bad_break(lines[i], lines[i + 1]), "") << lines[i] << " / " << lines[i + 1];
      }
}

}  // namespace
}  // namespace gs::test
