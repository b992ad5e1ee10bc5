// Each rank's command against rank 0's (command_line_match.h): carried between ranks unchanged,
// and the first difference named as a person would fix it.
#include "command_line_match.h"

#include <gtest/gtest.h>

namespace gs::distributed {
namespace {

const RankCommand kRoot{"/scratch/run", {"--width", "1024", "--steps", "10", "--output", "o.h5"}};

TEST(CommandLineMatch, PackedCommandsArriveUnchanged) {
  for (const RankCommand& command :
       {kRoot, RankCommand{"/", {}}, RankCommand{"/a b", {"", "--title", "x\ny", ""}}}) {
    const RankCommand back = unpack(pack(command));
    EXPECT_EQ(back.folder, command.folder);
    EXPECT_EQ(back.args, command.args);
  }
}

TEST(CommandLineMatch, TheSameCommandAgrees) {
  EXPECT_TRUE(compare_with_root(kRoot, kRoot));
}

TEST(CommandLineMatch, TheFirstDifferenceIsNamedWithItsOption) {
  RankCommand wider = kRoot;
  wider.args[1] = "2048";
  EXPECT_EQ(compare_with_root(wider, kRoot).message(),
            "the ranks must run one job: this rank has '--width 2048' where rank 0 has "
            "'--width 1024'");
  RankCommand more = kRoot;
  more.args.insert(more.args.end(), {"--F", "0.03"});
  EXPECT_EQ(compare_with_root(more, kRoot).message(),
            "the ranks must run one job: this rank has '--F 0.03' where rank 0's command line "
            "ends");
  EXPECT_EQ(compare_with_root(kRoot, more).message(),
            "the ranks must run one job: this rank's command line ends where rank 0 has "
            "'--F 0.03'");
  RankCommand elsewhere = kRoot;
  elsewhere.folder = "/home/me";
  EXPECT_EQ(compare_with_root(elsewhere, kRoot).message(),
            "the ranks must run one job: this rank works in '/home/me' where rank 0 works in "
            "'/scratch/run'");
}

}  // namespace
}  // namespace gs::distributed
