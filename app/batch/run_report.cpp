#include "run_report.h"

#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

namespace gs::batch {

void print_summary(std::ostream& out, const RunReport& r) {
  out << "backend   " << r.backend << " (" << r.backend_description << ")";
  if (!r.backend_reason.empty()) out << "; " << r.backend_reason;
  out << "\ngrid      " << to_string(r.size) << ", " << r.steps << " steps";
  if (r.frames > 0) out << " in " << r.frames << " frames";
  if (r.ranks > 1)
    out << ", over " << r.ranks << " ranks" << (r.overlap ? " (exchange overlapped)" : "");
  if (r.style.enabled)
    out << "\nstyle     map from " << r.style_source << "; set B F " << r.style.F << ", k "
        << r.style.k << ", Du " << r.style.Du << ", Dv " << r.style.Dv;
  out << std::fixed << std::setprecision(3) << "\ntime      compute " << r.compute_s
      << " s, transfer " << r.transfer_s << " s, I/O wait " << r.io_s << " s (writer busy "
      << r.writer_s << " s), wall " << r.wall_s << " s\n"
      << std::setprecision(0) << "speed     " << r.mcells_per_s() << " Mcells/s, "
      << std::setprecision(1) << r.effective_gb_per_s() << " GB/s effective (16 B/cell)\n";
}

void print_json(std::ostream& out, const RunReport& r) {
  nlohmann::json summary = {
      {"backend", r.backend},
      {"backend_description", r.backend_description},
      {"backend_reason", r.backend_reason},
      {"width", r.size.width},
      {"height", r.size.height},
      {"ranks", r.ranks},
      {"parallel_io", r.parallel_io},
      {"overlap", r.overlap},
      {"pinned_rows", r.pinned_rows},
      {"frames_in_background", r.frames_in_background},
      {"steps", r.steps},
      {"frames", r.frames},
      {"final_step", r.final_step},
      {"seconds",
       {{"compute", r.compute_s},
        {"transfer", r.transfer_s},
        {"io", r.io_s},
        {"writer", r.writer_s},
        {"ahead", r.ahead_s},
        {"wall", r.wall_s}}},
      {"mcells_per_s", r.mcells_per_s()},
      {"effective_gb_per_s", r.effective_gb_per_s()},
  };
  // null where no style map ran; else its source and set B.
  summary["style"] = nullptr;
  if (r.style.enabled)
    summary["style"] = {{"source", r.style_source},
                        {"F", r.style.F},
                        {"k", r.style.k},
                        {"Du", r.style.Du},
                        {"Dv", r.style.Dv}};
  out << summary.dump(2) << "\n";
}

void print_backend_list(std::ostream& out, const std::vector<BackendReport>& backends) {
  for (const BackendReport& b : backends) {
    out << std::left << std::setw(6) << b.name << (b.compiled ? "compiled in" : "not compiled")
        << ", " << (b.available ? "available" : "unavailable");
    if (!b.details.empty()) out << ": " << b.details;
    out << "\n";
  }
}

}  // namespace gs::batch
