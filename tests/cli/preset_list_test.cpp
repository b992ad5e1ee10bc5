// grayscott-batch --list-presets: every shipped preset with its F, k, recommended start and
// steps, for people (a table) and for scripts (--json, which the preset gallery reads).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "gs/presets.h"
#include "run_program.h"

namespace gs::test {
namespace {

PresetLibrary shipped_presets() {
  Expected<PresetLibrary> library = load_presets(GS_PRESETS_FILE);
  EXPECT_TRUE(library) << library.message();
  return library ? *library : PresetLibrary{};
}

TEST(BatchCli, ListPresetsTableHasARowPerPresetWithItsStart) {
  const PresetLibrary library = shipped_presets();
  ASSERT_FALSE(library.presets.empty());
  const ProgramResult result = run_batch({"--list-presets"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::istringstream lines(result.out);
  std::string header;
  std::getline(lines, header);
  EXPECT_EQ(header.rfind("name", 0), 0u) << header;
  std::size_t rows = 0;
  for (std::string line; std::getline(lines, line); ++rows) {
    ASSERT_LT(rows, library.presets.size()) << "more rows than presets: " << line;
    const Preset& preset = library.presets[rows];
    std::istringstream words(line);
    std::string name, F, k, start, steps;
    words >> name >> F >> k >> start >> steps;
    EXPECT_EQ(name, preset.name);
    EXPECT_EQ(std::stof(F), *preset.params.F) << line;
    EXPECT_EQ(std::stof(k), *preset.params.k) << line;
    EXPECT_EQ(start, to_string(preset.expected->start)) << line;
    EXPECT_EQ(std::stol(steps), preset.expected->steps) << line;
    EXPECT_NE(line.find(preset.description), std::string::npos) << line;
  }
  EXPECT_EQ(rows, library.presets.size());
}

TEST(BatchCli, ListPresetsJsonCarriesEveryField) {
  const PresetLibrary library = shipped_presets();
  const ProgramResult result = run_batch({"--list-presets", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json listed = nlohmann::json::parse(result.out);
  ASSERT_EQ(listed.size(), library.presets.size());
  for (std::size_t i = 0; i < listed.size(); ++i) {
    const Preset& preset = library.presets[i];
    const nlohmann::json& entry = listed[i];
    EXPECT_EQ(entry.at("name"), preset.name);
    EXPECT_EQ(entry.at("group"), preset.group);
    // Written as presets.json writes them: the float's shortest decimal.
    EXPECT_EQ(float(entry.at("F").get<double>()), *preset.params.F) << preset.name;
    EXPECT_EQ(float(entry.at("k").get<double>()), *preset.params.k) << preset.name;
    EXPECT_EQ(entry.at("start"), to_string(preset.expected->start)) << preset.name;
    EXPECT_EQ(entry.at("steps"), preset.expected->steps) << preset.name;
    EXPECT_EQ(entry.at("pattern"), to_string(preset.expected->pattern)) << preset.name;
    EXPECT_EQ(entry.at("source"), preset.source) << preset.name;
    EXPECT_EQ(entry.contains("note"), !preset.note.empty()) << preset.name;
  }
  EXPECT_NE(result.out.find("\"F\": 0.0367,"), std::string::npos)
      << "mitosis's F as written in presets.json";
}

}  // namespace
}  // namespace gs::test
