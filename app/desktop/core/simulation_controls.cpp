// Simulation::set: one control of the simulation to a typed value (controls.h). The switch covers
// every SimulationControl (the compiler warns on a missing one); a refused value changes nothing.

#include "gs/cpu_twin_backend.h"
#include "simulation.h"

namespace gs::app {

Status Simulation::set(SimulationControl control, const ControlValue& value) {
  using C = SimulationControl;
  // The value into `target`, when it has the target's type.
  const auto assign = [&](auto& target) {
    return assign_value(value, spec_of(control).name, target);
  };
  // The model's and the backend's controls change copies, which the backend must accept.
  Params p = params_;
  BackendOptions options = backend_options_;
  const auto configure = [&](const BackendOptions& changed) -> Status {
    GS_TRY(backend_->configure(changed));
    backend_options_ = changed;
    return Status::ok();
  };
  switch (control) {
    case C::F:
      GS_TRY(assign(p.F));
      break;
    case C::k:
      GS_TRY(assign(p.k));
      break;
    case C::Du:
      GS_TRY(assign(p.Du));
      break;
    case C::Dv:
      GS_TRY(assign(p.Dv));
      break;
    case C::dt:
      GS_TRY(assign(p.dt));
      break;
    case C::Laplacian:
      GS_TRY(assign(p.laplacian));
      break;
    case C::Boundary:
      GS_TRY(assign(p.boundary));
      break;
    case C::MapMode:
      GS_TRY(assign(p.map.enabled));
      if (p.map.enabled == params_.map.enabled) break;
      return set_map_mode(p);
    case C::MapFLow:
      GS_TRY(assign(p.map.F_low));
      break;
    case C::MapFHigh:
      GS_TRY(assign(p.map.F_high));
      break;
    case C::MapKLow:
      GS_TRY(assign(p.map.k_low));
      break;
    case C::MapKHigh:
      GS_TRY(assign(p.map.k_high));
      break;
    case C::Field:
      return assign(field_);
    case C::Init:
      return assign(init_);
    case C::Seed:
      return assign(seed_);
    case C::ReseedOnPick:
      return assign(reseed_on_pick_);
    case C::ReseedOnPreset:
      return assign(reseed_on_preset_);
    case C::CpuPath: {
      CpuTwinPath path = CpuTwinPath::Fast;
      GS_TRY(assign(path));
      options.cpu_path = path;
      return configure(options);
    }
    case C::StepsPerPass: {
      int steps = 0;
      GS_TRY(assign(steps));
      if (Status valid = CpuTwinBackend::check_steps_per_pass(steps); !valid)
        return Error{"steps-per-pass: " + valid.message()};
      options.cpu_steps_per_pass = steps;
      return configure(options);
    }
    case C::Block:
    case C::Kernel: {
      // The launch only where the backend launches kernels: the CPU twin refuses it.
      BlockShape block = options.block.value_or(BlockShape{});
      KernelVariant variant = options.variant.value_or(KernelVariant::Coalesced);
      GS_TRY(control == C::Block ? assign(block) : assign(variant));
      GS_TRY(backend_->set_launch(block, variant));
      options.block = block;
      options.variant = variant;
      backend_options_ = options;
      return Status::ok();
    }
  }
  GS_TRY(backend_->set_params(p));
  if (control == C::Boundary) boundary_before_map_.reset();  // the user's choice stands
  params_ = p;
  return Status::ok();
}

Status Simulation::set_map_mode(Params p) {
  const std::optional<Boundary> before = p.map.enabled ? p.boundary : boundary_before_map_;
  if (p.map.enabled)
    p.boundary = Boundary::Neumann;
  else if (boundary_before_map_)
    p.boundary = *boundary_before_map_;
  GS_TRY(backend_->set_params(p));
  boundary_before_map_ = p.map.enabled ? before : std::nullopt;
  if (p.boundary != params_.boundary)
    message_ = p.map.enabled ? "parameter map: Neumann edges (its edges are no neighbours)"
                             : "uniform: " + std::string(to_string(p.boundary)) + " edges again";
  params_ = p;
  return Status::ok();
}

}  // namespace gs::app
