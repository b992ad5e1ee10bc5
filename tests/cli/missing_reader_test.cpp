// Without its state reader (libexec/grayscott-live/grayscott-state-reader missing, not
// executable, or a script whose interpreter is gone), a program refuses to read a state file in
// one line naming the reader, instead of reading it in its own process, where a damaged file
// would crash it silently; GS_READ_IN_PROCESS=1 asks for that read. The same for a picture
// without its picture reader. Each case runs a copy of the real program in a scratch tree shaped
// as the install (bin/, libexec/grayscott-live/).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bad_input_support.h"
#include "gs/initial_conditions.h"
#include "gs/state_file.h"
#include "run_program.h"
#include "test_pictures.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;

// A scratch install: bin/ holding a copy of `program`, the build's data folder named by
// GS_DATA_DIR, and an empty libexec/grayscott-live/ (the reader's place).
struct ScratchInstall {
  explicit ScratchInstall(const ScratchDir& dir, const fs::path& program)
      : binary(dir / "bin" / program.filename()),
        reader(dir / "libexec" / "grayscott-live" / "grayscott-state-reader") {
    fs::create_directories(dir / "bin");
    fs::create_directories(reader.parent_path());
    fs::copy_file(program, binary);
  }
  ProgramResult run(const Args& args, const std::string& in_process = "") const {
    const fs::path data =
        fs::path(GS_BATCH_BINARY).parent_path() / ".." / "share" / "grayscott-live";
    Args env{"GS_DATA_DIR=" + data.string()};
    if (!in_process.empty()) env.push_back("GS_READ_IN_PROCESS=" + in_process);
    return run_program("/usr/bin/env", env + Args{binary.string()} + args);
  }
  fs::path binary;
  fs::path reader;
};

// The reader's place: missing, a file that is not executable, a script whose interpreter is gone.
enum class Reader { Missing, NotExecutable, NoInterpreter };

void break_reader(const fs::path& reader, Reader how) {
  if (how == Reader::Missing) return;
  std::ofstream(reader) << "#!/nonexistent/interpreter\n";
  ASSERT_EQ(::chmod(reader.c_str(), how == Reader::NotExecutable ? 0644 : 0755), 0);
}

TEST(MissingReader, TheBatchRefusesInOneLineNamingTheReader) {
  for (const Reader how : {Reader::Missing, Reader::NotExecutable, Reader::NoInterpreter}) {
    ScratchDir dir;
    write_input_state(dir);
    const ScratchInstall install(dir, GS_BATCH_BINARY);
    break_reader(install.reader, how);
    const ProgramResult result = install.run({"--input", (dir / "in.h5").string(), "--steps", "1",
                                              "--output", (dir / "out.h5").string()});
    expect_one_line_error(result,
                          {"grayscott-state-reader", "cannot be started", "GS_READ_IN_PROCESS=1"});
    EXPECT_FALSE(fs::exists(dir / "out.h5"));
  }
}

TEST(MissingReader, ReadingInProcessIsTheUsersChoice) {
  ScratchDir dir;
  write_input_state(dir);
  const ScratchInstall install(dir, GS_BATCH_BINARY);
  const ProgramResult result = install.run(
      {"--input", (dir / "in.h5").string(), "--steps", "1", "--output", (dir / "out.h5").string()},
      "1");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  Expected<StateFile> out = read_state(dir / "out.h5");
  ASSERT_TRUE(out) << out.message();
  EXPECT_EQ(out->step, 1);
}

// Pictures have a helper of their own (libexec/grayscott-live/grayscott-picture-reader): the
// same refusal without it, and the same choice.
TEST(MissingReader, WithoutItsPictureReaderTheBatchRefusesASeedPictureInOneLine) {
  ScratchDir dir;
  write_test_picture(dir / "seed.png");
  const ScratchInstall install(dir, GS_BATCH_BINARY);
  const Args args{"--init-image", (dir / "seed.png").string(),
                  "--width",      "24",
                  "--height",     "16",
                  "--steps",      "1",
                  "--output",     (dir / "out.h5").string()};
  expect_one_line_error(install.run(args), {"cannot read picture", "grayscott-picture-reader",
                                            "cannot be started", "GS_READ_IN_PROCESS=1"});
  EXPECT_FALSE(fs::exists(dir / "out.h5"));
  const ProgramResult asked = install.run(args, "1");
  ASSERT_EQ(asked.exit_code, 0) << asked.err;
  EXPECT_TRUE(fs::exists(dir / "out.h5"));
}

#if defined(GS_SHEET_BINARY)
TEST(MissingReader, TheSheetRefusesInOneLineToo) {
  ScratchDir dir;
  write_input_state(dir);
  const ScratchInstall install(dir, GS_SHEET_BINARY);
  const ProgramResult result =
      install.run({"--output", (dir / "sheet.png").string(), (dir / "in.h5").string()});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("cannot be started"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(dir / "sheet.png"));
}
#endif

}  // namespace
}  // namespace gs::test
