#include "sweep_plan.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <utility>

#include "batch_job.h"
#include "distinct_files.h"
#include "gs/initial_conditions.h"
#include "gs/output_file.h"
#include "gs/pattern_measures.h"
#include "init_image.h"
#include "style_source.h"
#include "sweep_sheet.h"
#include "xdmf_outputs.h"

namespace gs::batch {
namespace {

// Options that make no sense for a sweep (one line each, before anything runs).
Status check_refused(const BatchOptions& o) {
  struct Refused {
    bool given;
    const char* option;
    const char* why;
  };
  const Refused refused[] = {
      {o.input.has_value(), "--input", "every run starts from a generated state"},
      {o.frames.has_value() || o.steps_per_frame.has_value(), "--frames/--steps-per-frame",
       "the atlas keeps each run's final v"},
      {o.frames_output.has_value(), "--frames-output", "the atlas keeps each run's final v"},
      {o.keep_diverged, "--keep-diverged", "a run that diverges fails the sweep"},
      {o.bench, "--bench", "the benchmark measures single grids"}};
  for (const Refused& r : refused)
    if (r.given) return Error{std::string(r.option) + " does not go with a sweep (" + r.why + ")"};
  if (o.sweep_F && o.sweep_style_F)
    return Error{"--sweep-F and --sweep-style-F do not go together (the rows vary one F)"};
  if (o.sweep_k && o.sweep_style_k)
    return Error{"--sweep-k and --sweep-style-k do not go together (the columns vary one k)"};
  if (!(o.sweep_F || o.sweep_style_F) || !(o.sweep_k || o.sweep_style_k))
    return Error{
        "a sweep varies an F along its rows (--sweep-F or --sweep-style-F) and a k "
        "along its columns (--sweep-k or --sweep-style-k): give one of each"};
  const std::pair<bool, const char*> set_twice[] = {
      {o.sweep_F && o.params.F, "--F does not go with --sweep-F"},
      {o.sweep_k && o.params.k, "--k does not go with --sweep-k"},
      {o.sweep_style_F && o.params.style.F, "--style-F does not go with --sweep-style-F"},
      {o.sweep_style_k && o.params.style.k, "--style-k does not go with --sweep-style-k"}};
  for (const auto& [given, message] : set_twice)
    if (given) return Error{std::string(message) + " (the sweep sets it)"};
  if (!o.output) return Error{"a sweep needs --output ATLAS.h5 for its atlas"};
  if (!o.steps) return Error{"a sweep needs --steps"};
  if (o.kernel == KernelVariant::Strided)
    return Error{"a sweep runs the coalesced kernel only (--kernel strided)"};
  return Status::ok();
}

// The atlas's v alone is 4 bytes a cell of every run: a folder with less room cannot hold it,
// and would fail only after all the stepping.
Status check_room_for_atlas(const SweepPlan& plan, GridSize size) {
  const double bytes = double(plan.runs()) * double(size.cells()) * sizeof(float);
  std::error_code error;
  const std::filesystem::path folder = std::filesystem::absolute(plan.atlas, error).parent_path();
  const std::filesystem::space_info room = std::filesystem::space(folder, error);
  if (error || double(room.available) >= bytes) return Status::ok();
  std::ostringstream text;
  text << "--output: the atlas needs at least " << std::ceil(bytes / 1e6) << " MB and '"
       << folder.string() << "' has " << std::floor(double(room.available) / 1e6) << " MB free";
  return Error{text.str()};
}

// Sheet options without a sweep are refused by build_job's caller (wants_sweep is false there).
// The atlas and the sheet are files apart from each other and from the pictures the runs read.
Status check_outputs(const SweepPlan& plan, const std::vector<NamedFile>& inputs) {
  std::vector<NamedFile> outputs{{"--output", plan.atlas}};
  if (plan.sheet) outputs.push_back({"--sheet", *plan.sheet});
  GS_TRY(check_outputs_apart(inputs, outputs));
  for (const NamedFile& output : outputs) GS_TRY(OutputFile(output.path).check_writable());
  if (plan.sheet) GS_TRY(check_sweep_sheet(plan));
  if (!plan.xdmf) return Status::ok();
  std::vector<NamedFile> others = inputs;
  if (plan.sheet) others.push_back({"--sheet", *plan.sheet});
  return check_xdmf_outputs({{"--output", plan.atlas}}, others);
}

// Every F and every k of the lattice on the shared parameters: validate() checks each (negative
// or non-finite values, and a nonzero value below its floor, which an axis from 0 may reach at
// its second value; the stability limit does not depend on F and k). F and k are checked apart,
// so the work grows with the axes' lengths, not with the runs.
Status check_rates(const SweepPlan& plan) {
  const auto check = [&](double F, double k) -> Status {
    Params p = plan.params;
    (plan.F_of_set_b ? p.style.F : p.F) = float(F);
    (plan.k_of_set_b ? p.style.k : p.k) = float(k);
    if (Status valid = validate(p); !valid) {
      std::ostringstream rates;
      rates << "the sweep's " << plan.F_name() << " " << F << ", " << plan.k_name() << " " << k
            << ": " << valid.message();
      return Error{rates.str()};
    }
    return Status::ok();
  };
  for (double F : plan.F.values()) GS_TRY(check(F, plan.k.high));
  for (double k : plan.k.values()) GS_TRY(check(plan.F.high, k));
  return Status::ok();
}

// Sheet tiles: 128 pixels for a small lattice, smaller for a large one (32 for 64 x 64).
int default_tile_px(const SweepPlan& plan) {
  const int most = std::max(plan.F.count, plan.k.count);
  return most <= 8 ? 128 : most <= 16 ? 64 : most <= 64 ? 32 : 16;
}

}  // namespace

Rates SweepPlan::rates(int run) const {
  return {float(F.value(run / k.count)), float(k.value(run % k.count))};
}

Rates SweepPlan::set_a(int run) const {
  const Rates lattice = rates(run);
  return {F_of_set_b ? params.F : lattice.F, k_of_set_b ? params.k : lattice.k};
}

Rates SweepPlan::set_b(int run) const {
  const Rates lattice = rates(run);
  return {F_of_set_b ? lattice.F : params.style.F, k_of_set_b ? lattice.k : params.style.k};
}

std::vector<Rates> SweepPlan::set_a_rates(int first, int count) const {
  std::vector<Rates> all;
  for (int r = first; r < first + count; ++r) all.push_back(set_a(r));
  return all;
}

std::vector<Rates> SweepPlan::set_b_rates(int first, int count) const {
  std::vector<Rates> all;
  if (F_of_set_b || k_of_set_b)
    for (int r = first; r < first + count; ++r) all.push_back(set_b(r));
  return all;
}

bool wants_sweep(const BatchOptions& options) {
  return options.sweep_F || options.sweep_k || options.sweep_style_F || options.sweep_style_k;
}

Expected<SweepPlan> build_sweep(const BatchOptions& options) {
  GS_TRY(check_refused(options));
  SweepPlan plan;
  plan.backend = backend_options(options);
  plan.F_of_set_b = options.sweep_style_F.has_value();
  plan.k_of_set_b = options.sweep_style_k.has_value();
  plan.F = plan.F_of_set_b ? *options.sweep_style_F : *options.sweep_F;
  plan.k = plan.k_of_set_b ? *options.sweep_style_k : *options.sweep_k;
  plan.steps = *options.steps;
  plan.motion_steps = motion_window(plan.steps);
  plan.atlas = *options.output;
  plan.xdmf = !options.no_xdmf;
  if (options.sheet) plan.sheet = *options.sheet;
  plan.sheet_tile_px = options.sheet_tile_px.value_or(default_tile_px(plan));
  GS_TRY(check_outputs(plan, input_files(options)));

  // A style map: the options' picture or gradient, or a styled preset's; every run shares it.
  Expected<std::optional<Preset>> preset = chosen_preset(options);
  if (!preset) return preset.status();
  const bool style_map = options.style.has_source() || (*preset && (*preset)->style);
  if (!style_map && (plan.F_of_set_b || plan.k_of_set_b))
    return Error{
        "a sweep of set B (--sweep-style-F, --sweep-style-k) needs a style map: give "
        "--style-image or --style-gradient, or a styled --preset"};
  if (!style_map && names_set_b(options))
    return Error{
        "--style-preset and --style-F/k/Du/Dv set a style map's set B: give --style-image or "
        "--style-gradient too (or a styled --preset)"};
  Expected<Params> params = resolve_params(options, {}, style_map);
  if (!params) return params.status();
  plan.params = *params;
  plan.params.map.enabled = false;
  GS_TRY(check_rates(plan));

  const long width = options.width.value_or(kDefaultSweepGrid.width);
  const long height = options.height.value_or(kDefaultSweepGrid.height);
  GS_TRY(check_grid_size(width, height));
  const GridSize size{int(width), int(height)};
  // Every run's state (two field pairs on the stepper), its final v and the field K steps before.
  if (Status fits = check_fits_in_memory(size, std::size_t(plan.runs()) * 6 * sizeof(float)); !fits)
    return Error{"the sweep's " + std::to_string(plan.runs()) + " runs: " + fits.message()};
  GS_TRY(check_room_for_atlas(plan, size));
  plan.seed = options.seed;
  if (options.init_image) {  // every run from the picture (the atlas's `init` names it)
    Expected<app::Picture> picture = read_init_image(options);
    if (!picture) return picture.status();
    plan.init = init_image_description(options);
    plan.initial = app::seed_from_picture(*picture, init_image_options(options), size);
  } else {
    plan.init = options.init.value_or("square");
    plan.initial = make_initial_fields(size, *parse_enum<InitPattern>(plan.init), plan.seed);
  }
  if (style_map) {
    Expected<std::optional<StyleRows>> style =
        made_style_rows(options, *preset, size, 0, size.height);
    if (!style) return style.status();
    plan.initial.style = std::move((*style)->rows);
  }
  return plan;
}

RunBlock run_block(int runs, int ranks, int rank) {
  const int base = runs / ranks, extra = runs % ranks;
  return {rank * base + std::min(rank, extra), base + (rank < extra ? 1 : 0)};
}

}  // namespace gs::batch
