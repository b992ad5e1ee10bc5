// grayscott-batch continuing a state saved in parameter-map mode: the map runs on with its
// ranges (the output records it), a rate named for the run (--F) makes it uniform, and ranks
// under mpirun refuse it in one line, since their bands index their own rows.
#include <gtest/gtest.h>

#include "gs/initial_conditions.h"
#include "gs/state_file.h"
#include "run_program.h"
#ifdef GS_MPIEXEC  // a build with MPI
#include "mpi_ranks.h"
#endif

namespace gs::test {
namespace {

Params mapped() {
  Params p;
  p.Du = 0.2097f, p.Dv = 0.105f, p.laplacian = Laplacian::FivePoint, p.boundary = Boundary::Neumann;
  p.map = {true, 0.0f, 0.08f, 0.03f, 0.07f};
  return p;
}

TEST(MapStateCli, AMapStateRunsOnAsAMapUnlessARateIsNamed) {
  ScratchDir dir;
  ASSERT_TRUE(write_state(dir / "map.h5", make_initial_fields({96, 64}, InitPattern::Spots, 3),
                          mapped(), 10));
  const ProgramResult on = run_batch({"--backend", "cpu", "--input", (dir / "map.h5").string(),
                                      "--steps", "20", "--output", (dir / "on.h5").string()});
  ASSERT_EQ(on.exit_code, 0) << on.err;
  Expected<StateFile> continued = read_state(dir / "on.h5");
  ASSERT_TRUE(continued && continued->params.map) << continued.message();
  EXPECT_EQ(*continued->params.map, mapped().map);
  EXPECT_EQ(continued->step, 30);

  const ProgramResult uniform =
      run_batch({"--backend", "cpu", "--input", (dir / "map.h5").string(), "--F", "0.03", "--steps",
                 "20", "--output", (dir / "uniform.h5").string()});
  ASSERT_EQ(uniform.exit_code, 0) << uniform.err;
  Expected<StateFile> flat = read_state(dir / "uniform.h5");
  ASSERT_TRUE(flat && flat->params.map) << flat.message();
  EXPECT_FALSE(flat->params.map->enabled) << "--F names one rate for the whole grid";
}

#ifdef GS_MPIEXEC  // a build with MPI
TEST(MapStateCli, RanksRefuseAMapStateInOneLine) {
  ScratchDir dir;
  ASSERT_TRUE(write_state(dir / "map.h5", make_initial_fields({96, 64}, InitPattern::Spots, 3),
                          mapped(), 10));
  const ProgramResult ranks =
      run_ranks(2, {"--backend", "cpu", "--input", (dir / "map.h5").string(), "--steps", "5",
                    "--output", (dir / "out.h5").string()});
  EXPECT_NE(ranks.exit_code, 0);
  EXPECT_NE(ranks.err.find("was saved in parameter-map mode, which runs in one process"),
            std::string::npos)
      << ranks.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "out.h5"));
}
#endif

}  // namespace
}  // namespace gs::test
