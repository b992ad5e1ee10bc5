// The GL compute backend: the Gray-Scott step in OpenGL compute shaders (shaders/gs_*.comp), on
// any GPU with OpenGL 4.3, bit for bit the CPU twin's (the same arithmetic in the same order,
// every fused multiply-add and division rounded once: arithmetic_probe.h). Its state lives in GL
// buffers; the last step of a frame writes the display field into the texture the renderer
// samples (MemorySpace::Texture), so a frame crosses no bus. Needs its context current on the
// calling thread; the context outlives the backend (`context` keeps a headless one alive).
#pragma once

#include <array>
#include <memory>
#include <string>

#include "compute_programs.h"
#include "gl_buffer.h"
#include "gl_timer.h"
#include "gs/backend.h"

namespace gs::gl_compute {

// How gs_fma rounds once: as the probe finds (the driver's fma() where it rounds once), or always
// by the exact formulation (the tests prove that one on drivers whose fma() is exact).
enum class FmaPath { Probe, Emulated };

class GlComputeBackend final : public Backend {
 public:
  static Expected<std::unique_ptr<GlComputeBackend>> create(std::shared_ptr<void> context,
                                                            FmaPath fma = FmaPath::Probe);

  BackendKind kind() const override { return BackendKind::Gl; }
  BackendCapabilities capabilities() const override;
  std::string description() const override;
  Status configure(const BackendOptions& options) override;

  Status copy_in(const Fields& fields) override;
  Status set_params(const Params& params) override;
  Status step(int count) override;
  Status step_and_display(int count, DisplayField field, const DisplayTarget& target) override;
  Status copy_out(Fields& fields) override;
  Status read_rows(int first, int count, Fields& rows) override;
  Status write_rows(int first, const Fields& rows) override;
  Status write_display(DisplayField field, const DisplayTarget& target) override;

  GridSize size() const override { return size_; }
  const Params& params() const override { return params_; }
  Timings last_timings() const override;
  Expected<Timings> finish() override;
  Expected<bool> fields_are_finite() override;
  Status paint(const Brush& brush) override;
  Expected<ValueRange> field_range(DisplayField field) override;
  Expected<double> measure_copy_bandwidth(std::size_t bytes) override;
  Status set_launch(BlockShape block, KernelVariant variant) override;

  // Whether gs_fma uses the driver's fma() (it rounds once here) or the exact formulation.
  bool driver_fma() const { return programs_.fma_rounds_once(); }

 private:
  GlComputeBackend(std::shared_ptr<void> context, bool fma_rounds_once, std::string fma_text);
  Status require_state() const;
  // Steps on the GPU; the last one writes `display_texture` where it is nonzero.
  Status run_steps(int count, DisplayField field, GLuint display_texture);
  Status display_into_texture(DisplayField field, GLuint texture);
  // A style map of set A everywhere where the state has none yet (a style run, a style stroke).
  void start_style_map();
  // The parameter map's F of each row and k of each column, from the twin's own functions.
  void fill_map_tables();
  // Reductions: {low key, high key, any cell not finite} (gs_field_reduce.comp).
  Expected<std::array<GLuint, 3>> reduce(DisplayField field);
  GLuint field_buffer(DisplayField field) const;
  Status gl_status(const char* what) const;

  std::shared_ptr<void> context_;
  ComputePrograms programs_;
  std::string fma_text_;
  std::string renderer_;
  bool software_ = false;  // llvmpipe and its kind
  GridSize size_;
  Params params_;
  bool has_style_ = false;  // the state carries a style map (copied in, painted or in use)
  int current_ = 0;         // which of the pairs holds the state
  std::array<GlBuffer, 2> u_, v_;
  GlBuffer style_, map_F_, map_k_, result_;
  mutable app::GlTimer step_timer_;  // reading a finished query changes no state
  // The host's time in the newest step call's dispatches, and its steps.
  double dispatch_ms_ = 0.0;
  int dispatch_steps_ = 0;
  Timings timings_;
};

}  // namespace gs::gl_compute
