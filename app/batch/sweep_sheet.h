// A sweep's contact sheet (PNG): every run's final v through the app's default view (viridis,
// 0 to 0.5), rows along F (the highest at the top, as Pearson drew the plane), columns along k
// (the lowest at the left), under a title naming both ranges, each row's F and each column's k at
// a tick on the left and bottom edges (sweep_axes.h). Drawn by the contact sheet's composer
// (app/sheet).
#pragma once

#include <filesystem>

#include "gs/atlas_file.h"
#include "gs/status.h"
#include "rgb_image.h"
#include "sweep_plan.h"

namespace gs::batch {

// Drawn in memory, so a sheet that cannot be drawn (no font) fails before any file is written.
Expected<sheet::RgbImage> draw_sweep_sheet(const SweepPlan& plan, const SweepAtlas& atlas);
Status write_sweep_sheet(const std::filesystem::path& path, const sheet::RgbImage& image);

}  // namespace gs::batch
