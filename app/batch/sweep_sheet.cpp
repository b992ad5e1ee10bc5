#include "sweep_sheet.h"

#include <iostream>
#include <string>

#include "colormap.h"
#include "contact_sheet.h"
#include "png_image.h"
#include "sweep_axes.h"

namespace gs::batch {
namespace {

// Short enough for a small sheet: "F 0.01–0.06 ↑  k 0.045–0.07 →".
std::string title(const SweepPlan& plan) {
  return plan.F_name() + " " + sweep_value_text(plan.F.low) + "\u2013" +
         sweep_value_text(plan.F.high) + " \u2191  " + plan.k_name() + " " +
         sweep_value_text(plan.k.low) + "\u2013" + sweep_value_text(plan.k.high) + " \u2192";
}

// The composer's style for the plan's sheet: viridis over 0 to 0.5, a column per k, the title.
sheet::SheetStyle sweep_style(const SweepPlan& plan, const sheet::SheetFont& font) {
  sheet::SheetStyle style;
  style.table = app::colormap_table(*app::find_colormap("viridis"));
  style.columns = plan.k.count;
  style.tile_px = plan.sheet_tile_px;
  style.title = title(plan);
  style.font = &font;
  return style;
}

}  // namespace

Status check_sweep_sheet(const SweepPlan& plan) {
  std::string unused_note;  // told when the sheet is drawn
  const sheet::SheetFont font = sheet::sans_font_or_builtin(sheet::kLabelFontPx, unused_note);
  const Status fits =
      sheet::check_contact_sheet_size(std::size_t(plan.runs()), 0, sweep_style(plan, font));
  if (!fits) {  // the composer's hint speaks of files and tiles; a sweep has runs and an option
    std::string why = fits.message();
    const std::string files_hint = "(fewer files or smaller tiles)";
    if (const std::size_t at = why.find(files_hint); at != std::string::npos)
      why.replace(at, files_hint.size(), "(fewer runs or a smaller --sheet-tile-px)");
    return Error{"--sheet: " + why};
  }
  return Status::ok();
}

Expected<sheet::RgbImage> draw_sweep_sheet(const SweepPlan& plan, const SweepAtlas& atlas) {
  const std::size_t cells = atlas.size.cells();
  // Tile t (row t / M from the top) shows F index N - 1 - t / M: F grows upward.
  const std::size_t M = std::size_t(plan.k.count), N = std::size_t(plan.F.count);
  std::vector<sheet::SheetTile> tiles(N * M);
  for (std::size_t t = 0; t < tiles.size(); ++t) {
    const std::size_t run = (N - 1 - t / M) * M + t % M;
    tiles[t].size = atlas.size;
    tiles[t].values.assign(atlas.v.begin() + long(run * cells),
                           atlas.v.begin() + long((run + 1) * cells));
  }
  std::string note;
  const sheet::SheetFont font = sheet::sans_font_or_builtin(sheet::kLabelFontPx, note);
  if (!note.empty()) std::cerr << "grayscott-batch: note: the sweep's sheet: " << note << "\n";
  const sheet::SheetStyle style = sweep_style(plan, font);
  Expected<sheet::RgbImage> image = sheet::compose_contact_sheet(tiles, style);
  if (!image) return Error{"the sweep's sheet: " + image.message()};
  // Where the composer put the tiles: the title's height is what the sheet has over the bare
  // grid, and a title wider than the grid centres it.
  const sheet::SheetLayout bare =
      sheet::layout_sheet(tiles.size(), style.columns, style.tile_px, 0, 0, 0);
  const sheet::SheetLayout layout = sheet::layout_sheet(
      tiles.size(), style.columns, style.tile_px, 0, 0, image->height - bare.height, image->width);
  std::vector<double> rows, columns;  // F from the top, k from the left
  for (int i = plan.F.count - 1; i >= 0; --i) rows.push_back(plan.rates(i * plan.k.count).F);
  for (int j = 0; j < plan.k.count; ++j) columns.push_back(plan.rates(j).k);
  return with_sweep_axes(*image, layout, rows, columns, font);
}

Expected<OutputFile> stage_sweep_sheet(const std::filesystem::path& path,
                                       const sheet::RgbImage& image) {
  return app::stage_png(path, image.size(), image.rgb);
}

}  // namespace gs::batch
