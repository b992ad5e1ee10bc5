// The fast loop's schedule: how many bands, the order each group takes them in, which bands of
// the pass before a band waits for, and that every band of every pass runs once however the
// groups' threads are scheduled.
#include "cpu_twin/band_schedule.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace gs::twin {
namespace {

// A thread that beats is running; one that has not beaten for the grace period is not, and is
// seen so at once on the next look; a beat makes it running again.
TEST(HeartbeatWatch, TellsARunningThreadFromAStalledOne) {
  std::atomic<long> heartbeat{0};
  HeartbeatWatch watch;
  EXPECT_TRUE(watch.running(heartbeat)) << "the first look";
  beat(heartbeat);
  EXPECT_TRUE(watch.running(heartbeat));
  std::this_thread::sleep_for(4 * HeartbeatWatch::kStallGrace);
  EXPECT_FALSE(watch.running(heartbeat));
  EXPECT_FALSE(watch.running(heartbeat)) << "still stalled, no new grace";
  beat(heartbeat);
  EXPECT_TRUE(watch.running(heartbeat));
}

TEST(BandCount, GivesSeveralBandsPerThreadEachTallAgainstItsHalo) {
  EXPECT_EQ(band_count(1024, 1, 1), 1) << "a thread alone gains nothing from more bands";
  EXPECT_EQ(band_count(1024, 1, 2), 8);
  EXPECT_EQ(band_count(1080, 8, 2), 8) << "1080 rows hold eight bands of 128 rows";
  EXPECT_EQ(band_count(1025, 64, 2), 2) << "at least one band per thread";
  EXPECT_EQ(band_count(3, 1, 8), 3) << "no band without rows";
  EXPECT_EQ(band_count(1, 1, 2), 1);
  EXPECT_EQ(band_count(100000, 1, 64), kMaxBands);
}

TEST(BandSchedule, EachGroupTakesItsOwnBandsEdgesFirstThenTheOthersFromTheirFarEnd) {
  BandSchedule schedule;
  schedule.start(8, 128, 1, 3, 2);
  EXPECT_EQ(schedule.order(0), (std::vector<int>{0, 3, 1, 2, 6, 5, 7, 4}));
  EXPECT_EQ(schedule.order(1), (std::vector<int>{4, 7, 5, 6, 2, 1, 3, 0}));
  EXPECT_EQ(schedule.rows({1, 5}).first, 80);
  EXPECT_EQ(schedule.rows({1, 5}).end, 96);
  schedule.start(3, 30, 1, 1, 8);
  EXPECT_EQ(schedule.groups(), 3) << "no group without a band";
}

// One-step passes over bands of 16 rows: a band waits for itself and its two neighbours, across
// the periodic seam, and for no other band.
TEST(BandSchedule, ABandWaitsOnlyForTheBandsItsHaloReads) {
  BandSchedule schedule;
  schedule.start(8, 128, 1, 3, 2);
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
  schedule.start(8, 128, 40, 2, 2);
  for (int band : {5, 6, 7, 0, 1, 2}) schedule.finish({0, band});
  EXPECT_FALSE(schedule.ready({1, 0}));
  schedule.finish({0, 3});
  EXPECT_TRUE(schedule.ready({1, 0}));
  EXPECT_FALSE(schedule.ready({1, 1})) << "band 4 is three bands from band 1";
}

TEST(BandSchedule, AHaloAroundTheWholeGridWaitsForEveryBand) {
  BandSchedule schedule;
  schedule.start(4, 64, 20, 2, 2);
  for (int band : {0, 1, 3}) schedule.finish({0, band});
  EXPECT_FALSE(schedule.ready({1, 0}));
  schedule.finish({0, 2});
  EXPECT_TRUE(schedule.ready({1, 0}));
}

TEST(BandSchedule, ABandOfAPassIsTakenOnce) {
  BandSchedule schedule;
  schedule.start(4, 64, 1, 2, 2);
  EXPECT_TRUE(schedule.claim({0, 2}, 0));
  EXPECT_FALSE(schedule.claim({0, 2}, 0));
  EXPECT_TRUE(schedule.claim({1, 2}, 1));
}

// Group 0 run alone does everything, in its order, each band after the bands its halo reads.
TEST(BandSchedule, AGroupAloneRunsEveryBandOfEveryPassInOrder) {
  for (const int steps : {1, 16, 40}) {
    BandSchedule schedule;
    schedule.start(8, 128, steps, 4, 2);
    std::vector<int> runs(8 * 4, 0);
    schedule.run_group(
        0,
        [&](BandTask task) {
          EXPECT_TRUE(schedule.ready(task)) << "pass " << task.pass << " band " << task.band;
          ++runs[std::size_t(task.pass * 8 + task.band)];
        },
        [] {});
    for (int ran : runs) EXPECT_EQ(ran, 1);
    schedule.run_group(
        1, [&](BandTask task) { ADD_FAILURE() << "band " << task.band << " again"; }, [] {});
  }
}

// Groups on threads of their own, one of them stalled mid-band as a preempted thread would be:
// every band of every pass runs once, after the bands it reads.
TEST(BandSchedule, GroupsOnThreadsRunEveryBandOnceAroundAStalledOne) {
  for (const int groups : {2, 3, 4}) {
    BandSchedule schedule;
    const int bands = 12, passes = 6;
    schedule.start(bands, 240, 8, passes, groups);
    std::vector<std::atomic<int>> runs(std::size_t(bands * passes));
    std::vector<std::thread> threads;
    for (int group = 0; group < groups; ++group)
      threads.emplace_back([&, group] {
        schedule.run_group(
            group,
            [&](BandTask task) {
              while (!schedule.ready(task)) std::this_thread::yield();
              if (group == 1 && task.pass == 2)
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
              runs[std::size_t(task.pass * bands + task.band)].fetch_add(1);
            },
            [] {});
      });
    for (std::thread& thread : threads) thread.join();
    for (const std::atomic<int>& ran : runs) EXPECT_EQ(ran.load(), 1) << groups << " groups";
  }
}

}  // namespace
}  // namespace gs::twin
