// Input files that point elsewhere, given to the real programs: a state whose `u` is stored in
// an external file (here a stand-in for /etc/passwd), links to another file or place, a virtual
// dataset. grayscott-batch --input and grayscott-sheet must refuse each with one line naming the
// dataset and the indirection, write nothing, and never show the other file's bytes.
#include <gtest/gtest.h>

#include <fstream>

#include "bad_input_support.h"
#include "hdf5_indirect_files.h"
#include "hdf5_test_files.h"
#ifdef GS_MPIEXEC
#include "mpi_ranks.h"
#endif

namespace gs::test {
namespace {

// What a hostile file would like read: text a float32 dataset would carry into the output.
constexpr const char* kSecret =
    "root:x:0:0:root:/root:/bin/bash\nsecret:x:1000:1000:do not read me:/home/secret:/bin/sh\n";

class InputIndirection : public testing::TestWithParam<Indirection> {
 protected:
  void SetUp() override {
    if (GetParam() == Indirection::ExternalStorage) {
      std::ofstream(target_) << kSecret;
    } else {  // a well-formed state: following the link is what is refused, not its content
      write_datasets(target_,
                     {{"u", Element::Float32, {4, 4}, {}}, {"v", Element::Float32, {4, 4}, {}}});
    }
    write_indirect_state(input_, GetParam(), target_);
  }

  // The words the one-line refusal holds.
  std::vector<std::string> expected_words() const {
    switch (GetParam()) {
      case Indirection::ExternalStorage:
        return {"crafted.h5", "dataset 'u'", "external files", "not read"};
      case Indirection::ExternalLink:
        return {"crafted.h5", "dataset 'u'", "external link", "not followed"};
      case Indirection::SoftLink:
        return {"crafted.h5", "dataset 'u'", "soft link", "not followed"};
      case Indirection::VirtualDataset:
        return {"crafted.h5", "dataset 'u'", "virtual dataset", "not read"};
    }
    return {};
  }

  ScratchDir dir_;
  const std::filesystem::path target_ = dir_ / "target.bin";
  const std::filesystem::path input_ = dir_ / "crafted.h5";
};

TEST_P(InputIndirection, TheBatchProgramRefusesItAndWritesNothing) {
  const ProgramResult run =
      run_batch({"--input", input_.string(), "--steps", "1", "--output", (dir_ / "out.h5")});
  expect_one_line_error(run, expected_words());
  EXPECT_FALSE(std::filesystem::exists(dir_ / "out.h5"));
  EXPECT_FALSE(dir_.has_temporary_file());
  EXPECT_EQ(run.err.find("root:x"), std::string::npos) << run.err;
}

// Over ranks every rank refuses alike before any follows the link (following it is collective
// in parallel HDF5, and ranks that disagreed there deadlocked): one line, every rank ends.
TEST_P(InputIndirection, RanksRefuseItTogether) {
#ifndef GS_MPIEXEC
  GTEST_SKIP() << "built without MPI";
#else
  const ProgramResult run = run_ranks(3, {"--input", input_.string(), "--steps", "1", "--output",
                                          (dir_ / "out.h5").string(), "--threads", "1"});
  // mpirun adds its own banner: of ours, one line, said once.
  EXPECT_NE(run.exit_code, 0);
  for (const std::string& word : expected_words())
    EXPECT_NE(run.err.find(word), std::string::npos) << word << " in: " << run.err;
  EXPECT_EQ(run.err.find("grayscott-batch:"), run.err.rfind("grayscott-batch:")) << run.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "out.h5"));
  EXPECT_FALSE(dir_.has_temporary_file());
#endif
}

TEST_P(InputIndirection, TheContactSheetRefusesItAndWritesNothing) {
#ifndef GS_SHEET_BINARY
  GTEST_SKIP() << "grayscott-sheet is built with the app (GS_BUILD_APP=OFF here)";
#else
  const ProgramResult run =
      run_program(GS_SHEET_BINARY, {"--output", (dir_ / "sheet.png").string(), input_.string()});
  EXPECT_NE(run.exit_code, 0) << run.err;
  for (const std::string& word : expected_words())
    EXPECT_NE(run.err.find(word), std::string::npos) << word << " in: " << run.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "sheet.png"));
  EXPECT_FALSE(dir_.has_temporary_file());
#endif
}

INSTANTIATE_TEST_SUITE_P(Kinds, InputIndirection,
                         testing::Values(Indirection::ExternalStorage, Indirection::ExternalLink,
                                         Indirection::SoftLink, Indirection::VirtualDataset),
                         [](const testing::TestParamInfo<Indirection>& kind) {
                           return to_string(kind.param);
                         });

}  // namespace
}  // namespace gs::test
