// The app's picture seed, GL-free: `seed-image` lines read and written back, the simulation
// seeded as the pictures library seeds (the grid keeps its size), a bad picture refused with the
// state kept, the stamp written into only its rows, Copy as script repeating the seed, and a
// dropped file as the command the window's drop callback leads to (file_drop.h: the callback
// queues the paths and Shift, the frame calls drop_action with them).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "command_script.h"
#include "cpu_simulation.h"
#include "file_drop.h"
#include "picture_file.h"
#include "script_parser.h"
#include "seed_image_words.h"
#include "setup_script.h"
#include "simulation.h"
#include "test_pictures.h"

namespace gs::app {
namespace {

// A fresh folder for the test's pictures, removed after.
class ScratchDir {
 public:
  ScratchDir() {
    std::string name = (std::filesystem::temp_directory_path() / "gs-seed-XXXXXX").string();
    path_ = ::mkdtemp(name.data());
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

Fields state_of(Simulation& sim) {
  Fields fields;
  EXPECT_TRUE(sim.backend().copy_out(fields));
  return fields;
}

std::unique_ptr<Simulation> simulation(GridSize size) {
  return test::cpu_simulation(size, "mitosis");
}

Command parsed(const std::string& line) {
  Expected<std::vector<ScriptLine>> lines = parse_script(line, "t");
  EXPECT_TRUE(lines) << lines.message();
  return lines && !lines->empty() ? lines->front().command : Command{command::Quit{}};
}

TEST(SeedImageLine, ReadsItsOptionsAndWritesThemBack) {
  const Command c = parsed(
      "seed-image my pictures/a b.png channel=red fit=tile threshold=0.25 noise=0.1 seed=9 bright");
  const auto& seed = std::get<command::SeedImage>(c);
  EXPECT_EQ(seed.path, "my pictures/a b.png") << "a path may hold spaces";
  EXPECT_EQ(seed.options.placement.channel, PictureChannel::Red);
  EXPECT_EQ(seed.options.placement.fit, PictureFit::Tile);
  EXPECT_TRUE(seed.options.placement.from_bright);
  EXPECT_EQ(seed.options.threshold, 0.25f);
  EXPECT_EQ(seed.options.noise, 0.1f);
  EXPECT_EQ(seed.options.seed, 9u);
  const std::string line = to_script_line(c);
  const Command read_back = parsed(line);
  const auto& again = std::get<command::SeedImage>(read_back);
  EXPECT_EQ(again.path, seed.path);
  EXPECT_EQ(again.options.threshold, seed.options.threshold);
  EXPECT_EQ(again.options.noise, seed.options.noise);
  EXPECT_EQ(to_script_line(Command{again}), line);
  EXPECT_EQ(to_script_line(parsed("seed-image x.png")), "seed-image x.png") << "defaults unsaid";
  for (const char* bad : {"seed-image", "seed-image x.png fit=squash", "seed-image x.png noise=2",
                          "seed-image x.png threshold=abc", "seed-image x.png channel=cyan"})
    EXPECT_FALSE(parse_script(bad, "t")) << bad;
}

TEST(SimulationSeedImage, SeedsAsTheLibraryDoesAndKeepsTheGrid) {
  ScratchDir dir;
  test::write_test_picture(dir / "p.png", 30, 20);
  auto sim = simulation({64, 48});
  ASSERT_TRUE(sim);
  PictureSeedOptions options;
  options.placement.fit = PictureFit::Fill;
  options.noise = 0.05f;
  options.seed = 4;
  ASSERT_TRUE(sim->apply(command::Step{10}));
  ASSERT_TRUE(sim->apply(command::SeedImage{(dir / "p.png").string(), options}));
  EXPECT_EQ(sim->size(), (GridSize{64, 48}));
  EXPECT_EQ(sim->total_steps(), 0);
  const Fields expected = seed_from_picture(*read_picture(dir / "p.png"), options, {64, 48});
  const Fields seeded = state_of(*sim);
  EXPECT_TRUE(seeded.u == expected.u && seeded.v == expected.v);
  ASSERT_TRUE(sim->picture_seed());
  EXPECT_EQ(sim->picture_seed()->options.noise, 0.05f);
  ASSERT_TRUE(sim->apply(command::Reset{InitPattern::Spots, 2}));
  EXPECT_FALSE(sim->picture_seed()) << "a reset starts from something else";
  EXPECT_TRUE(sim->last_picture()) << "the stamp keeps the picture";
}

TEST(SimulationSeedImage, ABadPictureIsOneLineNamingItAndTheStateStays) {
  ScratchDir dir;
  auto sim = simulation({40, 30});
  ASSERT_TRUE(sim);
  ASSERT_TRUE(sim->apply(command::Reset{InitPattern::Spots, 3}));
  const Fields before = state_of(*sim);
  for (const test::BadPicture& bad : test::write_bad_pictures(dir.path())) {
    const Status refused = sim->apply(command::SeedImage{bad.path.string(), {}});
    ASSERT_FALSE(refused) << bad.path;
    EXPECT_EQ(refused.message().find('\n'), std::string::npos);
    EXPECT_NE(refused.message().find(bad.path.filename().string()), std::string::npos)
        << refused.message();
    EXPECT_NE(refused.message().find(bad.cause), std::string::npos) << refused.message();
    const Fields after = state_of(*sim);
    EXPECT_TRUE(after.u == before.u && after.v == before.v) << bad.path;
    EXPECT_FALSE(sim->picture_seed());
  }
}

TEST(SimulationSeedImage, AStampWritesThePicturesSeedIntoItsSquareOnly) {
  ScratchDir dir;
  test::write_test_picture(dir / "p.png", 24, 16);
  auto sim = simulation({64, 48});
  ASSERT_TRUE(sim);
  EXPECT_FALSE(sim->apply(command::Stamp{10, 10, 4})) << "nothing to stamp yet";
  ASSERT_TRUE(sim->apply(command::SeedImage{(dir / "p.png").string(), {}}));
  ASSERT_TRUE(sim->apply(command::Reset{InitPattern::Spots, 3}));
  const Fields before = state_of(*sim);
  // A 12x12 square about (62, 20): its columns wrap past the right edge to the left one.
  ASSERT_TRUE(sim->apply(command::Stamp{62, 20, 6}));
  const Fields after = state_of(*sim);
  const Fields square = seed_from_picture(*read_picture(dir / "p.png"), {}, {12, 12});
  for (int y = 0; y < 48; ++y)
    for (int x = 0; x < 64; ++x) {
      const std::size_t at = std::size_t(y) * 64 + std::size_t(x);
      const int c = (x - 56 + 64) % 64, r = y - 14;
      if (r >= 0 && r < 12 && c < 12) {
        const std::size_t from = std::size_t(r) * 12 + std::size_t(c);
        ASSERT_EQ(after.v[at], square.v[from]) << x << "," << y;
        ASSERT_EQ(after.u[at], square.u[from]) << x << "," << y;
      } else {
        ASSERT_EQ(after.v[at], before.v[at]) << x << "," << y;
      }
    }
}

TEST(SimulationSeedImage, CopyAsScriptSeedsFromThePictureAgain) {
  ScratchDir dir;
  test::write_test_picture(dir / "p.png", 24, 16);
  auto sim = simulation({48, 32});
  ASSERT_TRUE(sim);
  PictureSeedOptions options;
  options.threshold = 0.5f;
  options.placement.from_bright = true;
  ASSERT_TRUE(sim->apply(command::SeedImage{(dir / "p.png").string(), options}));
  const std::string script = setup_script(setup_of(*sim, ViewState{}));
  EXPECT_NE(script.find("\nseed-image " + (dir / "p.png").string() + " threshold=0.5 bright\n"),
            std::string::npos)
      << script;
  // Pasted into another setup, the lines make the same state.
  auto other = simulation({20, 20});
  ASSERT_TRUE(other);
  Expected<std::vector<Command>> commands = parse_pasted_script(script);
  ASSERT_TRUE(commands) << commands.message();
  for (const Command& c : *commands) {
    if (const std::optional<SimulationCommand> part = simulation_part(c)) {
      ASSERT_TRUE(other->apply(*part)) << to_script_line(c);
    }
  }
  const Fields a = state_of(*sim), b = state_of(*other);
  EXPECT_TRUE(a.u == b.u && a.v == b.v);
  // After a reset the run no longer starts from the picture, and the script says so.
  ASSERT_TRUE(sim->apply(command::Reset{std::nullopt, std::nullopt}));
  EXPECT_EQ(setup_script(setup_of(*sim, ViewState{})).find("seed-image"), std::string::npos);
}

TEST(FileDrop, APlainDropSeedsFromTheFirstFileAndShiftIsForStyleMaps) {
  const DropAction plain = drop_action({{"/pictures/a.png"}, false});
  ASSERT_TRUE(plain.command);
  const auto& seed = std::get<command::SeedImage>(*plain.command);
  EXPECT_EQ(seed.path, "/pictures/a.png");
  EXPECT_EQ(to_script_line(*plain.command), "seed-image /pictures/a.png") << "default options";
  EXPECT_TRUE(plain.notice.empty());
  const DropAction two = drop_action({{"/a.png", "/b.png"}, false});
  EXPECT_EQ(std::get<command::SeedImage>(*two.command).path, "/a.png");
  EXPECT_NE(two.notice.find("first of the 2"), std::string::npos);
  const DropAction shifted = drop_action({{"/a.png"}, true});
  ASSERT_TRUE(shifted.command);
  EXPECT_EQ(to_script_line(*shifted.command), "style-image /a.png") << "default placement";
  EXPECT_TRUE(shifted.notice.empty());
  EXPECT_FALSE(drop_action({{}, false}).command);
}

}  // namespace
}  // namespace gs::app
