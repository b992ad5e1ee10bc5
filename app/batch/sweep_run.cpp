#include "sweep_run.h"

#include <chrono>
#include <climits>
#include <cmath>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>

#include "batch_job.h"
#include "gs/atlas_file.h"
#include "gs/batched_stepper.h"
#include "gs/output_file.h"
#include "gs/pattern_measures.h"
#include "gs/termination.h"
#include "gs/xdmf_file.h"
#include "stopwatch.h"
#include "sweep_sheet.h"

namespace gs::batch {
namespace {

// create_batched_stepper, with the flags that chose the settings named in its errors.
Expected<SelectedBatchedStepper> create_batch_stepper(const BackendOptions& options) {
  GS_TRY(check_backend_flags(options));
  Expected<SelectedBatchedStepper> selected = create_batched_stepper(options);
  if (!selected) return named_backend_failure(options, selected.status());
  return selected;
}

// One run's measures, packed as doubles for the gather: coverage, spots, moving.
constexpr int kMeasures = 3;

// Each run of the block: its v at the end and `motion_steps` before, into the measures, after
// checking that it stayed finite.
Status measure_block(const SweepPlan& plan, RunBlock block, const std::vector<float>& before,
                     const std::vector<float>& after, std::vector<double>& measures) {
  const GridSize size = plan.initial.size;
  const std::size_t cells = size.cells();
  Fields earlier(size), final_state(size);
  for (int r = 0; r < block.count; ++r) {
    const auto from = long(std::size_t(r) * cells), to = from + long(cells);
    std::copy(before.begin() + from, before.begin() + to, earlier.v.begin());
    std::copy(after.begin() + from, after.begin() + to, final_state.v.begin());
    if (first_non_finite_cell(final_state)) {
      const Rates rates = plan.rates(block.first + r);
      std::ostringstream text;
      text << "the run with " << plan.F_name() << " " << rates.F << ", " << plan.k_name() << " "
           << rates.k << " diverged (NaN or infinity) (try a smaller dt)";
      return Error{text.str()};
    }
    const FieldMeasures m = measure_field(final_state);
    measures.push_back(m.active_fraction);
    measures.push_back(m.active_parts);
    measures.push_back(changed_fraction(earlier, final_state) > kMovingChangedFraction ? 1 : 0);
  }
  return Status::ok();
}

SweepAtlas make_atlas(const SweepPlan& plan, std::vector<float> v,
                      const std::vector<double>& measures) {
  SweepAtlas atlas;
  atlas.size = plan.initial.size;
  // Set A's F of each row and k of each column, and set B's where a style map ran: run (i, j)
  // has A (F[i], k[j]) and B (style_F[i], style_k[j]); the axis a sweep does not vary repeats.
  for (int i = 0; i < plan.F.count; ++i) {
    atlas.F.push_back(plan.F_of_set_b ? plan.params.F : plan.F.value(i));
    if (plan.params.style.enabled)
      atlas.style_F.push_back(plan.F_of_set_b ? plan.F.value(i) : plan.params.style.F);
  }
  for (int j = 0; j < plan.k.count; ++j) {
    atlas.k.push_back(plan.k_of_set_b ? plan.params.k : plan.k.value(j));
    if (plan.params.style.enabled)
      atlas.style_k.push_back(plan.k_of_set_b ? plan.k.value(j) : plan.params.style.k);
  }
  atlas.v = std::move(v);
  for (int r = 0; r < plan.runs(); ++r) {
    atlas.coverage.push_back(measures[std::size_t(r) * kMeasures]);
    atlas.spots.push_back(std::int32_t(measures[std::size_t(r) * kMeasures + 1]));
    atlas.moving.push_back(std::uint8_t(measures[std::size_t(r) * kMeasures + 2]));
  }
  atlas.params = plan.params;
  atlas.step = plan.steps;
  atlas.init = plan.init;
  atlas.seed = plan.seed;
  return atlas;
}

// Rank 0's files, each checked before the first step (sweep_plan.h). Both are written under
// temporary names and renamed only when both are whole and no stop was asked, so a stop during
// the writes leaves the old files. A sheet that cannot be drawn or written still leaves the atlas.
Status write_outputs(const SweepPlan& plan, const SweepAtlas& atlas) {
  Expected<OutputFile> atlas_file = stage_atlas(plan.atlas, atlas);
  if (!atlas_file) return atlas_file.status();
  Expected<std::optional<OutputFile>> atlas_description =
      stage_xdmf(plan.atlas, plan.xdmf ? describe_atlas(plan.atlas, atlas.size, atlas.F, atlas.k)
                                       : std::string());
  if (!atlas_description) return atlas_description.status();
  std::optional<OutputFile> sheet_file;
  Status sheet_written = Status::ok();
  if (plan.sheet) {
    Expected<sheet::RgbImage> drawn = draw_sweep_sheet(plan, atlas);
    Expected<OutputFile> staged =
        drawn ? stage_sweep_sheet(*plan.sheet, *drawn) : Expected<OutputFile>(drawn.status());
    if (staged)
      sheet_file.emplace(std::move(*staged));
    else
      sheet_written = staged.status();
  }
  if (termination_requested()) return Error{"interrupted"};
  GS_TRY(commit_with_description(*atlas_file, *atlas_description));
  if (!sheet_written)
    return Error{sheet_written.message() + " (the atlas '" + whole_path(plan.atlas) +
                 "' is written)"};
  return sheet_file ? sheet_file->commit() : Status::ok();
}

}  // namespace

Expected<SweepReport> run_sweep(const SweepPlan& plan, SweepRanks& ranks) {
  const auto wall_start = Clock::now();
  const bool root = ranks.rank() == 0;
  const RunBlock block = run_block(plan.runs(), ranks.size(), ranks.rank());
  // The gather counts values in MPI's ints (the same answer on every rank).
  if (ranks.size() > 1 && std::size_t(plan.runs()) * plan.initial.size.cells() > INT_MAX)
    return Error{"the atlas's " + std::to_string(plan.runs()) + " runs of " +
                 to_string(plan.initial.size) +
                 " pass what this program gathers through MPI (2^31 values)"};
  Expected<SelectedBatchedStepper> selected = create_batch_stepper(plan.backend);
  GS_TRY(ranks.agree(selected ? Status::ok() : selected.status()));
  BatchedStepper& stepper = *selected->stepper;

  SweepReport report;
  report.backend = stepper.name();
  report.backend_description = stepper.description();
  report.backend_reason = selected->reason;
  report.size = plan.initial.size;
  report.F_count = plan.F.count;
  report.k_count = plan.k.count;
  report.F_name = plan.F_name();
  report.k_name = plan.k_name();
  report.steps = plan.steps;
  report.ranks = ranks.size();

  // A rank with no runs (more ranks than runs) still takes part in every agreement.
  const auto step_start = Clock::now();
  std::vector<float> before, after;
  GS_TRY(ranks.agree(stepper.start(plan.initial, plan.params,
                                   plan.set_a_rates(block.first, block.count),
                                   plan.set_b_rates(block.first, block.count))));
  GS_TRY(ranks.agree(stepper.step(plan.steps - plan.motion_steps)));
  GS_TRY(ranks.agree(stepper.read_v(before)));
  GS_TRY(ranks.agree(stepper.step(plan.motion_steps)));
  GS_TRY(ranks.agree(stepper.read_v(after)));
  report.step_s = ranks.max(seconds_since(step_start));
  std::vector<double> measures;
  GS_TRY(ranks.agree(measure_block(plan, block, before, after, measures)));
  before = {};

  std::vector<int> v_counts, measure_counts;
  for (int r = 0; r < ranks.size(); ++r) {
    const int count = run_block(plan.runs(), ranks.size(), r).count;
    v_counts.push_back(int(std::size_t(count) * plan.initial.size.cells()));
    measure_counts.push_back(count * kMeasures);
  }
  std::vector<float> v;
  std::vector<double> all_measures;
  GS_TRY(ranks.agree(ranks.gather(after, v_counts, v)));
  after = {};
  GS_TRY(ranks.agree(ranks.gather(measures, measure_counts, all_measures)));
  GS_TRY(ranks.agree(root ? write_outputs(plan, make_atlas(plan, std::move(v), all_measures))
                          : Status::ok()));
  report.wall_s = seconds_since(wall_start);
  return report;
}

Status run_sweep_command(const BatchOptions& options, SweepRanks& ranks, std::ostream& out) {
  Expected<SweepPlan> plan = build_sweep(options);
  GS_TRY(ranks.agree(plan ? Status::ok() : plan.status()));
  share_node_gpus(plan->backend, ranks.local_rank());
  Expected<SweepReport> report = run_sweep(*plan, ranks);
  if (!report) return report.status();
  if (ranks.rank() == 0)
    options.json ? print_sweep_json(out, *report) : print_sweep_summary(out, *report);
  return Status::ok();
}

void print_sweep_summary(std::ostream& out, const SweepReport& r) {
  out << "backend   " << r.backend << " (" << r.backend_description << ")";
  if (!r.backend_reason.empty()) out << "; " << r.backend_reason;
  out << "\nsweep     " << r.runs() << " runs (" << r.F_count << " " << r.F_name << " x "
      << r.k_count << " " << r.k_name << ") of " << to_string(r.size) << ", " << r.steps
      << " steps";
  if (r.ranks > 1) out << ", over " << r.ranks << " ranks";
  out << std::fixed << std::setprecision(3) << "\ntime      stepping " << r.step_s << " s, wall "
      << r.wall_s << " s\n"
      << std::setprecision(1) << "speed     " << r.runs_per_s() << " runs/s\n";
}

void print_sweep_json(std::ostream& out, const SweepReport& r) {
  const nlohmann::json summary = {
      {"backend", r.backend},
      {"backend_description", r.backend_description},
      {"backend_reason", r.backend_reason},
      {"width", r.size.width},
      {"height", r.size.height},
      {"runs", r.runs()},
      {"F_count", r.F_count},
      {"k_count", r.k_count},
      {"rows_vary", r.F_name},
      {"columns_vary", r.k_name},
      {"ranks", r.ranks},
      {"steps", r.steps},
      {"seconds", {{"stepping", r.step_s}, {"wall", r.wall_s}}},
      {"runs_per_s", r.runs_per_s()},
  };
  out << summary.dump(2) << "\n";
}

}  // namespace gs::batch
