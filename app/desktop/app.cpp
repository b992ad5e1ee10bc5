#include "app.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <utility>

#include "caption_wrap.h"
#include "frame_ui.h"
#include "gs/data_paths.h"
#include "gs/termination.h"
#include "view_controls.h"

namespace gs::app {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kDivergenceCheckEvery = 10;
constexpr int kAutoRangeEvery = 10;
const std::string kNoScript;  // the panel's script line without a script
// The longest an idle wait lasts before the loop looks for a terminating signal again (a signal
// handler cannot wake GLFW's wait).
constexpr double kSignalCheckS = 0.25;
// How often an idle loop draws while a state file loads.
constexpr double kLoadFrameS = 0.05;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

void App::note_failure(const Status& status) {
  if (!status) std::cerr << "grayscott: " << status.message() << "\n";
}

Expected<std::unique_ptr<App>> App::create(const AppOptions& options) {
  std::unique_ptr<App> app(new App());
  app->options_ = options;
  // Read and checked before any window opens: a bad script fails at once.
  if (options.script)
    GS_TRY_ASSIGN(app->script_,
                  app->load_script_session(script_or_demo(*options.script), ScriptFile::Named));
  const std::filesystem::path config = config_directory();
  if (Expected<Settings> settings = load_settings(config / "settings.json"))
    app->settings_ = *settings;
  else  // the defaults, and a note
    std::cerr << "grayscott: " << settings.message() << "\n";
  // Headless, the context comes from the EGL device that is the CUDA device a cuda backend runs on
  // (also for a CPU start: a later `backend cuda` runs there), where EGL says which that is.
  GS_TRY_ASSIGN(app->surface_,
                open_render_surface(options.headless, options.window_size, app->settings_.window,
                                    options.simulation.cuda_device));
  if (options.fullscreen) app->surface_->toggle_fullscreen();
  std::optional<int> egl_cuda_device;
  if (const std::optional<EglDevice> egl = app->surface_->egl_device())
    egl_cuda_device = egl->cuda_device;
  GS_TRY_ASSIGN(app->renderer_, FieldRenderer::create());
  GS_TRY_ASSIGN(app->simulation_,
                Simulation::create(fit_to_display(options.simulation, egl_cuda_device)));
  app->display_ = DisplayTransfer(options.transfer, egl_cuda_device);
  app->demos_ = list_demos();
  app->texture_ = std::make_unique<FieldTexture>();
  app->captures_ = std::make_unique<FrameCaptures>(*app->texture_, *app->renderer_, *app->surface_,
                                                   app->settings_.capture_folder);
  GS_TRY(app->display_.rebuild(app->simulation_->backend(), *app->texture_));
  // The GL context has said what this machine is (a GPU without CUDA runs the gl backend): the
  // script keeps that machine's lines (script_conditions.h).
  if (app->script_) {
    if (app->script_->machine() != machine_here())
      GS_TRY_ASSIGN(app->script_, app->script_->for_machine(machine_here()));
    app->print_warnings(*app->script_);
  }
  GS_TRY_ASSIGN(app->imgui_, ImGuiSession::start(*app->surface_, config, options.headless));
  std::vector<std::string> presets, problems;
  for (const Preset& preset : app->simulation_->presets().presets) presets.push_back(preset.name);
  app->thumbnails_ = ThumbnailTextures::load(data_directory() / "thumbnails", presets, problems);
  for (const std::string& problem : problems) std::cerr << "grayscott: " << problem << "\n";
  return app;
}

int App::run() {
  const auto started = Clock::now();
  const auto now_s = [&] { return ms_since(started) / 1e3; };
  const auto busy = [this] {
    return simulation_->running() || simulation_->pending_steps() > 0 ||
           captures_->recording().active() || !queue_.empty();
  };
  // A terminating signal leaves the loop too: finish() then ends cleanly.
  while (!surface_->should_close() && !quit_ && !termination_requested()) {
    double script_due =
        std::min(script_ ? script_->next_due_s() : std::numeric_limits<double>::infinity(),
                 caption_.next_change_s());
    // A state file loading: its progress drawn, and the state taken in, within a frame or two.
    if (load_) script_due = std::min(script_due, now_s() + kLoadFrameS);
    if (const double wait = idle_.wait_s(now_s(), busy(), script_due); wait > 0.0) {
      surface_->wait_events(std::min(wait, kSignalCheckS));
      if (surface_->take_events()) idle_.input();
      continue;
    }
    if (!frame(now_s())) break;
    if (surface_->take_events()) idle_.input();
    idle_.frame_drawn(now_s());
  }
  return finish();
}

bool App::frame(double seconds_since_start) {
  const auto frame_start = Clock::now();
  const auto fail = [this](const std::string& message) {
    std::cerr << "grayscott: error: " << message << "\n";
    exit_code_ = 1;
    return false;
  };
  surface_->poll_events();
  if (const Status status = finish_load(); !status) return fail(status.message());
  if (const Status status = run_script(seconds_since_start); !status) return fail(status.message());
  queue_file_drops();
  apply_person_commands();
  if (const Status status = apply_script_controls(); !status) return fail(status.message());
  if (next_script_) start_next_script();

  Recording& recording = captures_->recording();
  PaceRequest request{simulation_->running(), simulation_->steps_per_frame(),
                      simulation_->pending_steps(), std::nullopt, surface_->refresh_period_s()};
  if (recording.active()) request.fixed_steps = recording.steps_per_frame();
  pace_ = pacer_.next(request);
  FrameTiming timing;
  timing.steps = pace_.steps;
  const Expected<bool> advanced = display_.advance(simulation_->backend(), timing.steps,
                                                   simulation_->display_field(), *texture_, timing);
  if (!advanced) return fail(advanced.message());
  if (!*advanced) return true;  // a lesser path took over; the next frame shows the field
  simulation_->frame_done(timing.steps);
  if (view_.auto_range && stats_.frames() % kAutoRangeEvery == 0)
    note_failure(follow_view_range(view_, simulation_->backend(), simulation_->display_field()));
  if (simulation_->running() && stats_.frames() % kDivergenceCheckEvery == 0)
    note_failure(simulation_->check_divergence());

  // A script's capture of a diverged field (NaN where the colours should be) fails, however
  // recently the field was last checked.
  if (script_ && captures_->requested()) {
    note_failure(simulation_->check_divergence());
    if (simulation_->divergence())
      captures_->refuse_all(*simulation_->divergence() + " (nothing captured)");
  }
  // Field captures now, from the updated texture; window captures once the frame is drawn. A
  // script stops at a failed one.
  const ValueRange range{view_.low, view_.high};
  std::optional<ExportScene> scene;  // the overlays of exported pictures, where asked for
  if (view_.export_overlays || recording.with_overlays() || captures_->figure_requested())
    scene.emplace(export_scene(range));
  const auto capture = [&](bool window) {
    if (!captures_->take(window, range, scene ? &*scene : nullptr, view_.export_overlays) &&
        script_)
      exit_code_ = 1, quit_ = true;
  };
  capture(false);
  if (recording.active() && timing.steps > 0 &&
      !captures_->record_frame(range, scene ? &*scene : nullptr))
    recording.stop("");
  fit_text();
  imgui_->begin_frame();
  const FrameText text = frame_text();
  const PanelContext panel = panel_context(text);
  lay_out(panel);
  note_failure(follow_style_overlay());
  renderer_->draw_frame(*texture_, range, surface_->framebuffer_size(), surface_->window_size(),
                        layout_.field,
                        visible_region(simulation_->size(), view_.zoom, view_.center));
  timing.draw_ms = renderer_->last_draw_ms();
  draw_ui(panel);
  // A blanked screen (presenting only) covers the whole frame: the audience sees nothing else.
  if (!view_.presentation) blank_ = ScreenBlank::None;
  if (blank_ != ScreenBlank::None)
    renderer_->fill(surface_->framebuffer_size(), blank_ == ScreenBlank::White ? 1.0f : 0.0f);
  capture(true);
  captures_->frame_done();
  // The frame's work, without the wait for the display's refresh that presenting may add.
  const double work_ms = ms_since(frame_start);
  surface_->present();
  timing.frame_ms = ms_since(frame_start);
  stats_.add(timing, simulation_->size(), timings_configuration(*simulation_, display_.path()));
  pacer_.frame_done(timing.steps, timing.kernel_ms, timing.kernel_steps, work_ms);
  // A script's last `load` still reading: the run ends once it is in (or failed).
  if (!load_ && script_frame_shown()) quit_ = true;
  return true;
}

ExportScene App::export_scene(const ValueRange& range) const {
  const GridSize grid = simulation_->size();
  // The caption and the Timings go as they go from the window: H (a clean view) hides them from
  // pictures and videos too.
  std::optional<TimingsSummary> timings;
  if (view_.presentation && !view_.ui_hidden)
    timings = summarize_timings(*simulation_, stats_, display_.path(),
                                devices_text(devices_in_use()), surface_->gl_version());
  return {renderer_->colormap_table(),
          range,
          figure_parameters(simulation_->params(), simulation_->preset_name(),
                            simulation_->total_steps(), grid),
          figure_axes(grid, simulation_->params()),
          simulation_->display_field() == DisplayField::U ? "u" : "v",
          caption_.shown_caption(view_.ui_hidden),
          timings};
}

void App::fit_text() {
  const SurfaceSize window = surface_->window_size();
  const float asked = settings_.font_size * settings_.ui_scale * surface_->content_scale();
  const float text_px = imgui_->fonts().text_px;
  imgui_->set_text_px(
      fitted_text_px(asked, float(window.width), float(window.height), view_.presentation),
      view_.presentation ? audience_text_px(float(window.height)) : 0.0f);
  if (imgui_->fonts().text_px != text_px) timings_width_ = 0;  // measured at the old size
}

void App::lay_out(const PanelContext& panel) {
  const SurfaceSize window = surface_->window_size();
  const UiFonts& fonts = imgui_->fonts();
  const FrameMeasures measures =
      measure_frame_ui(panel, fonts, caption_.shown_caption(view_.ui_hidden));
  timings_width_ = std::max(timings_width_, measures.timings_width);
  LayoutInput input{float(window.width), float(window.height), simulation_->size(),
                    fonts.text_px,       view_.ui_hidden,      view_.presentation};
  input.bar_height = measures.bar_height;
  input.timings_width = timings_width_;
  input.timings_height = measures.timings_height;
  input.caption_height = measures.caption_height;
  input.map_axes = simulation_->params().map.enabled && !view_.ui_hidden;
  input.label_px = fonts.labels() ? fonts.labels()->FontSize : fonts.text_px;
  input.timings_overlay = view_.timings_overlay;
  layout_ = layout_screen(input);
}

DevicesInUse App::devices_in_use() const {
  DevicesInUse devices;
  devices.egl = surface_->egl_device();
  // The backend says where it runs (none on the CPU twin).
  if (const int cuda = simulation_->backend().device_stream().device; cuda >= 0)
    devices.cuda_device = cuda;
  devices.gl_compute = simulation_->backend().capabilities().writes_texture;
  devices.interop = display_.gl_cuda_match();
  return devices;
}

App::FrameText App::frame_text() const {
  FrameText text{devices_text(devices_in_use()), std::nullopt};
  // A script's controls in the bar and the panel, where it has captions to step through.
  if (script_)
    if (ScriptProgress progress = script_->progress(); progress.captions > 0)
      text.script = progress;
  return text;
}

PanelContext App::panel_context(const FrameText& text) {
  const Recording& recording = captures_->recording();
  return {settings_,
          *simulation_,
          view_,
          stats_,
          pace_,
          display_.path(),
          display_.reason(),
          display_.unavailable(),
          surface_->gl_version(),
          text.devices,
          captures_->last_path(),
          recording.recorder(),
          recording.message(),
          script_ ? script_->state() : kNoScript,
          queue_,
          panel_state_,
          demos_,
          thumbnails_.ids(),
          fallback_notice_,
          text.script ? &*text.script : nullptr};
}

void App::draw_ui(const PanelContext& panel) {
  const Recording& recording = captures_->recording();
  // What was written since the last frame, for the toast: a screenshot, a recording's start or
  // end (each says its whole path); a saved state is shown as it is applied (app_commands.cpp).
  toast_.follow_captures(captures_->taken(), captures_->last_path(), recording.message(),
                         ImGui::GetTime());
  bool help_hidden = false;  // H hides the F1 help with the rest of the UI; it is back with it
  const FrameUiResult ui = draw_frame_ui(
      {panel,
       {simulation_->divergence(), recording.recorder(),
        view_.ui_hidden ? help_hidden : help_shown_, caption_.shown_caption(view_.ui_hidden),
        caption_.shown_notice(view_.ui_hidden)},
       renderer_->colormap_table(),
       layout_,
       imgui_->fonts(),
       surface_->take_key_presses(),
       surface_->take_button_events(),
       brush_stroke_,
       blank_});
  drawn_.map_labels = ui.map_labels;
  drawn_.caption_lines = caption_lines(ui.caption_lines);
  drawn_.preset_combo = ui.preset_combo;
  drawn_.preset_list = ui.preset_list;
  if (ui.keys.toggle_help) help_shown_ = !help_shown_;
  if (ui.keys.toggle_fullscreen) surface_->toggle_fullscreen();
  if (ui.keys.blank) blank_ = *ui.keys.blank;
  if (!ui.paste_problem.empty()) {  // said where the person looks, and where a log keeps it
    std::cerr << "grayscott: " << ui.paste_problem << "\n";
    caption_.show_notice(ui.paste_problem);  // no lesson: a short notice, not the caption
  }
  // The Timings plot draws its own labels: one past its edge counts as clipped too.
  std::vector<ClippedWindow> clipped = clipped_windows();
  drawn_.timings_plot.reset();
  if (ui.timings_plot) {
    drawn_.timings_plot = ui.timings_plot->rect;
    if (ui.timings_plot->label_overflow_px > 1.0f)  // past rounding, as clipped_windows()
      clipped.push_back({"##timings plot", ui.timings_plot->label_overflow_px});
  }
  clip_watch_.observe(clipped);
  // Presenting, the panel's messages are hidden: the toast says where files went.
  drawn_.toast.clear();
  if (view_.presentation && !view_.ui_hidden)
    drawn_.toast = toast_.draw(layout_.field, ImGui::GetTime());
  draw_load();
  imgui_->end_frame();
}

int App::finish() {
  if (captures_->recording().active()) captures_->recording().stop("the app closed");
  if (!options_.headless) {  // headless runs leave the remembered settings as they were
    if (std::optional<WindowPlacement> placement = surface_->placement())
      settings_.window = *placement;  // not while fullscreen
    note_failure(save_settings(config_directory() / "settings.json", settings_));
  }
  if (options_.stats_json) {
    const Backend& backend = simulation_->backend();
    drawn_.text_px = imgui_->fonts().text_px;
    drawn_.layout = layout_;
    drawn_.clipped = clip_watch_.persistent();
    drawn_.preset_thumbnails = int(thumbnails_.ids().size());
    if (Status status = stats_.write_json(
            *options_.stats_json, backend.name(), backend.description(), to_string(display_.path()),
            display_.reason().empty() ? simulation_->backend_reason() : display_.reason(),
            simulation_->backend_reason(), surface_->gl_version(),
            {devices_in_use(), display_.builds()}, drawn_,
            {script_ ? std::optional(script_->progress()) : std::nullopt, caption_.caption(),
             caption_.shown_caption(view_.ui_hidden), caption_.shown_notice(view_.ui_hidden)});
        !status) {
      std::cerr << "grayscott: error: " << status.message() << "\n";
      exit_code_ = 1;
    }
  }
  if (termination_requested()) {  // also when it arrived during the last frame
    std::cerr << "grayscott: ended by " << termination_signal_name() << "\n";
    return 128 + termination_signal();
  }
  return exit_code_;
}

}  // namespace gs::app
