// The fast loop's schedule: how many bands, and which bands of the pass before a band waits for.
#include "cpu_twin/band_schedule.h"

#include <gtest/gtest.h>

#include <vector>

namespace gs::twin {
namespace {

TEST(BandCount, GivesSeveralBandsPerThreadEachTallAgainstItsHalo) {
  EXPECT_EQ(band_count(1024, 1, 1), 1) << "a thread alone gains nothing from more bands";
  EXPECT_EQ(band_count(1024, 1, 2), 8);
  EXPECT_EQ(band_count(1080, 8, 2), 8) << "1080 rows hold eight bands of 128 rows";
  EXPECT_EQ(band_count(1025, 64, 2), 2) << "at least one band per thread";
  EXPECT_EQ(band_count(3, 1, 8), 3) << "no band without rows";
  EXPECT_EQ(band_count(1, 1, 2), 1);
  EXPECT_EQ(band_count(100000, 1, 64), kMaxBands);
}

TEST(BandSchedule, NumbersTasksPassByPass) {
  BandSchedule schedule;
  schedule.start(8, 128, 1, 3);
  EXPECT_EQ(schedule.tasks(), 24);
  EXPECT_EQ(schedule.task(0).pass, 0);
  EXPECT_EQ(schedule.task(13).pass, 1);
  EXPECT_EQ(schedule.task(13).band, 6) << "pass 1 starts one band (its halo's reach) further";
  EXPECT_EQ(schedule.rows(schedule.task(13)).first, 96);
  EXPECT_EQ(schedule.rows(schedule.task(13)).end, 112);
}

// Tasks are claimed in index order. Each pass takes every band once, and a band waits only for
// bands of the pass before claimed at least bands - 2 * reach - 1 tasks earlier: with fewer
// threads than that, none waits for a band still running at the end of the pass before.
TEST(BandSchedule, APassBeginsWithBandsWhoseHaloTheLastPassFinishedFirst) {
  for (const int steps : {1, 16, 40}) {
    BandSchedule schedule;
    const int bands = 8, height = 256, passes = 4;
    schedule.start(bands, height, steps, passes);
    const int reach = (steps + height / bands - 1) / (height / bands);
    std::vector<long> index_of(std::size_t(bands * passes), -1);
    for (long index = 0; index < schedule.tasks(); ++index) {
      const BandTask task = schedule.task(index);
      ASSERT_EQ(task.pass, index / bands);
      long& slot = index_of[std::size_t(task.pass * bands + task.band)];
      ASSERT_EQ(slot, -1) << "band " << task.band << " twice in pass " << task.pass;
      slot = index;
      if (task.pass == 0) continue;
      for (int offset = -reach; offset <= reach; ++offset) {
        const int band = (task.band + offset + bands) % bands;
        const long before = index_of[std::size_t((task.pass - 1) * bands + band)];
        EXPECT_GE(index - before, bands - 2 * reach) << "steps " << steps << ", task " << index;
      }
    }
  }
}

// One-step passes over bands of 16 rows: a band waits for itself and its two neighbours, across
// the periodic seam, and for no other band.
TEST(BandSchedule, ABandWaitsOnlyForTheBandsItsHaloReads) {
  BandSchedule schedule;
  schedule.start(8, 128, 1, 3);
  for (int band = 0; band < 8; ++band) EXPECT_TRUE(schedule.ready({0, band}));
  EXPECT_FALSE(schedule.ready({1, 0}));
  for (int band : {7, 0}) schedule.finish({0, band});
  EXPECT_FALSE(schedule.ready({1, 0}));
  schedule.finish({0, 1});
  EXPECT_TRUE(schedule.ready({1, 0})) << "bands 2 to 6 are still running pass 0";
  EXPECT_FALSE(schedule.ready({2, 0}));
  EXPECT_FALSE(schedule.ready({1, 1}));
}

// Passes of 40 steps over bands of 16 rows: the halo reaches three bands to each side.
TEST(BandSchedule, AHaloTallerThanABandReachesFurther) {
  BandSchedule schedule;
  schedule.start(8, 128, 40, 2);
  for (int band : {5, 6, 7, 0, 1, 2}) schedule.finish({0, band});
  EXPECT_FALSE(schedule.ready({1, 0}));
  schedule.finish({0, 3});
  EXPECT_TRUE(schedule.ready({1, 0}));
  EXPECT_FALSE(schedule.ready({1, 1})) << "band 4 is three bands from band 1";
}

TEST(BandSchedule, AHaloAroundTheWholeGridWaitsForEveryBand) {
  BandSchedule schedule;
  schedule.start(4, 64, 20, 2);
  for (int band : {0, 1, 3}) schedule.finish({0, band});
  EXPECT_FALSE(schedule.ready({1, 0}));
  schedule.finish({0, 2});
  EXPECT_TRUE(schedule.ready({1, 0}));
}

}  // namespace
}  // namespace gs::twin
