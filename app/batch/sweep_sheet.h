// A sweep's contact sheet (PNG): every run's final v through the app's default view (viridis,
// 0 to 0.5), rows along F (the highest at the top, as Pearson drew the plane), columns along k
// (the lowest at the left), under a title naming both ranges, each row's F and each column's k at
// a tick on the left and bottom edges (sweep_axes.h). Drawn by the contact sheet's composer
// (app/sheet).
#pragma once

#include <filesystem>

#include "gs/atlas_file.h"
#include "gs/output_file.h"
#include "gs/status.h"
#include "rgb_image.h"
#include "sweep_plan.h"

namespace gs::batch {

// Whether the plan's sheet can be drawn (its size within the composer's limit), before the first
// step: a refusal after all the stepping lost the work.
Status check_sweep_sheet(const SweepPlan& plan);
// Drawn in memory. A font file that cannot be used (missing or damaged) draws the text in the
// composer's built-in letters, with a one-line note on stderr.
Expected<sheet::RgbImage> draw_sweep_sheet(const SweepPlan& plan, const SweepAtlas& atlas);
// The PNG under its temporary name, for the caller to commit with the atlas (gs/output_file.h).
Expected<OutputFile> stage_sweep_sheet(const std::filesystem::path& path,
                                       const sheet::RgbImage& image);

}  // namespace gs::batch
