#include "sweep_sheet.h"

#include <cstdio>
#include <string>

#include "colormap.h"
#include "contact_sheet.h"
#include "png_image.h"

namespace gs::batch {
namespace {

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}

// Short enough for a small sheet: "F 0.01–0.06 ↓  k 0.045–0.07 →".
std::string title(const SweepPlan& plan) {
  return "F " + number(plan.F.low) + "\u2013" + number(plan.F.high) + " \u2193  k " +
         number(plan.k.low) + "\u2013" + number(plan.k.high) + " \u2192";
}

}  // namespace

Status write_sweep_sheet(const SweepPlan& plan, const SweepAtlas& atlas) {
  const std::size_t cells = atlas.size.cells();
  std::vector<sheet::SheetTile> tiles(std::size_t(plan.runs()));
  for (std::size_t r = 0; r < tiles.size(); ++r) {
    tiles[r].size = atlas.size;
    tiles[r].values.assign(atlas.v.begin() + long(r * cells),
                           atlas.v.begin() + long((r + 1) * cells));
  }
  Expected<sheet::SheetFont> font = sheet::load_sans_font(sheet::kLabelFontPx);
  if (!font) return font.status();
  sheet::SheetStyle style;
  style.table = app::colormap_table(*app::find_colormap("viridis"));
  style.columns = plan.k.count;
  style.tile_px = plan.sheet_tile_px;
  style.title = title(plan);
  style.font = &*font;
  Expected<sheet::RgbImage> image = sheet::compose_contact_sheet(tiles, style);
  if (!image) return Error{"the sweep's sheet: " + image.message()};
  return app::write_png(*plan.sheet, image->size(), image->rgb);
}

}  // namespace gs::batch
