// Scripts that run anywhere: `require cuda` as the parser reads it and as a script loads, and what
// a CUDA-only command becomes where CUDA does not run. The cases that need CUDA to be missing are
// skipped where it runs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cuda_fallback.h"
#include "gs/cuda_backend.h"
#include "script_parser.h"
#include "script_session.h"

namespace gs::app {
namespace {

std::unique_ptr<Simulation> cuda_or_twin_simulation(BackendChoice backend) {
  SimulationSettings settings;
  settings.backend = backend;
  settings.size = GridSize{64, 48};
  Expected<std::unique_ptr<Simulation>> created = Simulation::create(settings);
  EXPECT_TRUE(created) << created.message();
  return created ? std::move(created).value() : nullptr;
}

std::string refusal_of(std::string_view line) {
  const Expected<std::vector<ScriptLine>> script = parse_script(line, "t.gs");
  return script ? "" : script.message();
}

TEST(RequireCuda, IsALineOfItsOwn) {
  const Expected<std::vector<ScriptLine>> script = parse_script("require cuda\n", "t.gs");
  ASSERT_TRUE(script) << script.message();
  EXPECT_TRUE(std::holds_alternative<command::RequireCuda>(script->front().command));
  EXPECT_EQ(refusal_of("require"), "t.gs:1: require needs cuda");
  EXPECT_EQ(refusal_of("require cuda now"), "t.gs:1: require needs cuda");
  EXPECT_EQ(refusal_of("require gpu"), "t.gs:1: require: 'gpu' is not cuda");
}

TEST(RequireCuda, AScriptThatRequiresItLoadsOnlyWhereItRuns) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("gs-require-cuda-" + std::to_string(getpid()) + ".gs");
  std::ofstream(path) << "preset coral\n# the interop lesson\nrequire cuda\nrun-frames 2\n";
  const Expected<ScriptSession> strict = ScriptSession::load(path, true);
  std::ofstream(path) << "preset coral\nbackend cuda\n";
  const Expected<ScriptSession> lenient = ScriptSession::load(path, true);
  std::filesystem::remove(path);
  if (const std::optional<std::string> why = cuda_unavailable_reason()) {
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.message(), path.string() + ":3: require cuda: cuda unavailable: " + *why);
  } else {
    ASSERT_TRUE(strict) << strict.message();
    EXPECT_TRUE(strict->requires_cuda());
  }
  ASSERT_TRUE(lenient) << lenient.message();
  EXPECT_FALSE(lenient->requires_cuda());
}

TEST(CudaFallback, BackendCudaBecomesAutoSayingWhy) {
  const std::unique_ptr<Simulation> sim = cuda_or_twin_simulation(BackendChoice::Cpu);
  ASSERT_TRUE(sim);
  const Status refused = Error{"cuda unavailable: no CUDA-capable device is detected"};
  const std::optional<CudaFallback> fallback =
      cuda_fallback(command::SelectBackend{BackendChoice::Cuda}, refused, *sim);
  ASSERT_TRUE(fallback);
  ASSERT_TRUE(fallback->instead);
  const auto* instead = std::get_if<command::SelectBackend>(&*fallback->instead);
  ASSERT_NE(instead, nullptr);
  EXPECT_EQ(instead->choice, BackendChoice::Auto);
  EXPECT_EQ(fallback->notice,
            "backend cuda: cuda unavailable: no CUDA-capable device is detected; the CPU twin "
            "runs instead");
  EXPECT_FALSE(cuda_fallback(command::SelectBackend{BackendChoice::Cpu}, refused, *sim));
  EXPECT_FALSE(cuda_fallback(command::LoadPreset{"nope"}, refused, *sim));
}

TEST(CudaFallback, ALaunchIsLeftOutOnlyWhileTheTwinStandsInForCuda) {
  const command::SetSimulation block{SimulationControl::Block, BlockShape{16, 16}};
  const command::SetSimulation kernel{SimulationControl::Kernel, KernelVariant::Strided};
  // The twin chosen, on any machine: a launch asked of it is the script's mistake.
  const std::unique_ptr<Simulation> chosen = cuda_or_twin_simulation(BackendChoice::Cpu);
  ASSERT_TRUE(chosen);
  const Status refused = chosen->apply(block);
  ASSERT_FALSE(refused);
  EXPECT_FALSE(cuda_fallback(block, refused, *chosen));

  const std::unique_ptr<Simulation> automatic = cuda_or_twin_simulation(BackendChoice::Auto);
  ASSERT_TRUE(automatic);
  if (automatic->backend().capabilities().launch_shape) GTEST_SKIP() << "CUDA runs here";
  ASSERT_FALSE(automatic->backend_reason().empty());
  const std::pair<command::SetSimulation, std::string> launches[] = {
      {block, "set block 16x16"}, {kernel, "set kernel strided"}};
  for (const auto& [launch, line] : launches) {
    const Status twin_refused = automatic->apply(launch);
    ASSERT_FALSE(twin_refused);
    const std::optional<CudaFallback> fallback = cuda_fallback(launch, twin_refused, *automatic);
    ASSERT_TRUE(fallback);
    EXPECT_FALSE(fallback->instead);
    EXPECT_EQ(fallback->notice, line + ": left out, the CPU twin runs in place of cuda (" +
                                    automatic->backend_reason() + ")");
  }
  // Anything else refused stays refused.
  const command::SetSimulation unstable{SimulationControl::dt, 50.0f};
  EXPECT_FALSE(cuda_fallback(unstable, automatic->apply(unstable), *automatic));
}

}  // namespace
}  // namespace gs::app
