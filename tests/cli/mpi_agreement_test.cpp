// Ranks that were given different jobs (an MPMD launch: `mpirun -np 2 prog A : -np 1 prog B`)
// refuse together before any step, with one line naming the difference: another --width used
// to overflow a receive buffer, another --F to exit 0 with a file matching neither, another
// --steps to hang.
#include <gtest/gtest.h>

#include "mpi_ranks.h"

namespace gs::test {
namespace {

// The first two ranks' job, with the output in `output`.
Args job(const std::string& output, const Args& extra = {}, const std::string& steps = "4",
         const std::string& width = "64") {
  Args args{"--width", width, "--height", "48"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), {"--steps", steps, "--output", output});
  return args;
}

struct Disagreement {
  std::string name;
  Args (*third)(const std::string& output);  // the third rank's arguments
  std::string named;                         // what the one line must say
};

TEST(MpiAgreement, RanksGivenDifferentJobsRefuseTogether) {
  const std::vector<Disagreement> cases{
      {"width", [](const std::string& o) { return job(o, {}, "4", "128"); },
       "this rank has '--width 128' where rank 0 has '--width 64'"},
      {"F",
       [](const std::string& o) {
         return job(o, {"--F", "0.03"});
       },
       "this rank has '--F 0.03' where rank 0 has '--steps 4'"},
      {"steps", [](const std::string& o) { return job(o, {}, "8"); },
       "this rank has '--steps 8' where rank 0 has '--steps 4'"},
  };
  allow_mpirun();
  for (const Disagreement& c : cases) {
    SCOPED_TRACE(c.name);
    ScratchDir dir;
    const std::string output = (dir / "o.h5").string();
    const Args first = job(output), third = c.third(output);
    Args launch{"--oversubscribe", "-np", "2", GS_BATCH_BINARY};
    launch.insert(launch.end(), first.begin(), first.end());
    launch.insert(launch.end(), {":", "-np", "1", GS_BATCH_BINARY});
    launch.insert(launch.end(), third.begin(), third.end());
    const ProgramResult run = run_program(GS_MPIEXEC, launch);
    EXPECT_EQ(run.exit_code, 2) << run.err;
    EXPECT_NE(
        run.err.find("grayscott-batch: error: rank 2: the ranks must run one job: " + c.named),
        std::string::npos)
        << run.err;
    EXPECT_EQ(run.err.find("grayscott-batch:"), run.err.rfind("grayscott-batch:")) << run.err;
    EXPECT_FALSE(std::filesystem::exists(output));
    EXPECT_FALSE(dir.has_temporary_file());
  }
}

}  // namespace
}  // namespace gs::test
