// The Slurm example (scripts/slurm/grayscott-gpu-node.sbatch) run as Slurm would run it, with a
// stand-in for srun that starts the job's ranks with mpirun: it lists the backends once and
// steps one grid over the ranks to the bits of one process.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "hdf5_test_files.h"
#include "run_program.h"

namespace gs::test {
namespace {

// srun's two uses in the script: `srun --ntasks=1 PROGRAM...` (one process) and
// `srun PROGRAM...` (SLURM_NTASKS ranks).
void write_srun_stand_in(const std::filesystem::path& path) {
  std::ofstream(path) << "#!/bin/bash\n"
                         "if [ \"$1\" = --ntasks=1 ]; then shift; SLURM_NTASKS=1 exec \"$@\"; fi\n"
                         "exec "
                      << GS_MPIEXEC << " --oversubscribe -np \"$SLURM_NTASKS\" \"$@\"\n";
  chmod(path.c_str(), 0755);
}

TEST(SlurmExample, RunsTheGridOverTheJobsRanksToTheBitsOfOneProcess) {
  ScratchDir dir;
  write_srun_stand_in(dir / "srun");
  const auto spread = dir / "job.h5";
  // What sbatch would give the job, and the example's own settings, small; through env(1), so
  // this process's environment stays as it is.
  std::vector<std::string> job_args {
    "PATH=" + dir.path().string() + ":" + std::getenv("PATH"), "SLURM_NTASKS=3", "SLURM_JOB_ID=7",
        "WIDTH=90", "HEIGHT=61", "STEPS=60", "HALO=4", "BACKEND=cpu",
        std::string("BATCH=") + GS_BATCH_BINARY, "OUTPUT=" + spread.string(),
        "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
#if GS_SANITIZED_BUILD
        "ASAN_OPTIONS=detect_leaks=0",  // Open MPI keeps what it allocates
#endif
        "/bin/bash", GS_SLURM_EXAMPLE
  };
  const ProgramResult job = run_program("/usr/bin/env", job_args);
  ASSERT_EQ(job.exit_code, 0) << job.err;
  EXPECT_NE(job.out.find("mpi   compiled in"), std::string::npos) << job.out;
  EXPECT_NE(job.out.find("over 3 ranks"), std::string::npos) << job.out;

  const auto single = dir / "single.h5";
  const ProgramResult alone =
      run_batch({"--backend", "cpu", "--width", "90", "--height", "61", "--steps", "60", "--preset",
                 "pearson-kappa", "--init", "noise", "--output", single.string()});
  ASSERT_EQ(alone.exit_code, 0) << alone.err;
  for (const char* field : {"u", "v"})
    EXPECT_TRUE(read_dataset(single, field).values == read_dataset(spread, field).values) << field;
}

}  // namespace
}  // namespace gs::test
