#include "app.h"

#include <chrono>
#include <ctime>
#include <iostream>

#include "frame_ui.h"
#include "gs/output_file.h"
#include "gs/termination.h"
#include "screenshot.h"
#include "view_geometry.h"

namespace gs::app {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kDivergenceCheckEvery = 10;
constexpr int kAutoRangeEvery = 10;
const std::string kNoScript;  // the panel's script line without a script

}  // namespace

Expected<std::unique_ptr<App>> App::create(const AppOptions& options) {
  std::unique_ptr<App> app(new App());
  app->options_ = options;
  app->display_ = DisplayTransfer(options.transfer);
  if (options.script && options.stats_json && names_same_file(*options.script, *options.stats_json))
    return Error{"--script and --stats-json name the same file '" + options.stats_json->string() +
                 "'"};
  if (options.script) {
    Expected<ScriptSession> script =
        ScriptSession::load(*options.script, options.headless || options.exit_after_script);
    if (!script) return script.status();
    app->script_.emplace(std::move(script).value());
  }
  const std::filesystem::path config = config_directory();
  Expected<Settings> settings = load_settings(config / "settings.json");
  if (settings) {
    app->settings_ = *settings;
  } else {
    std::cerr << "grayscott: " << settings.message() << "\n";
  }
  Expected<std::unique_ptr<RenderSurface>> surface =
      open_render_surface(options.headless, options.window_size, app->settings_.window);
  if (!surface) return surface.status();
  app->surface_ = std::move(surface).value();
  if (std::error_code error; std::filesystem::is_directory(app->settings_.capture_folder, error))
    app->capture_folder_ = app->settings_.capture_folder;
  Expected<std::unique_ptr<FieldRenderer>> renderer = FieldRenderer::create();
  if (!renderer) return renderer.status();
  app->renderer_ = std::move(renderer).value();
  Expected<std::unique_ptr<Simulation>> simulation =
      Simulation::create(fit_to_display(options.simulation));
  if (!simulation) return simulation.status();
  app->simulation_ = std::move(simulation).value();
  app->texture_ = std::make_unique<FieldTexture>();
  GS_TRY(app->display_.rebuild(app->simulation_->backend(), *app->texture_));

  Expected<std::unique_ptr<ImGuiSession>> imgui =
      ImGuiSession::start(*app->surface_, config, options.headless);
  if (!imgui) return imgui.status();
  app->imgui_ = std::move(imgui).value();
  app->imgui_->apply_scale(app->settings_.ui_scale, app->settings_.font_size);
  return app;
}

App::~App() {
  imgui_.reset();
  display_.reset();  // unregister interop buffers while the GL context lives
  texture_.reset();
  renderer_.reset();
}

void App::save_settings_at_exit() {
  if (options_.headless) return;  // headless runs leave the remembered settings as they were
  if (std::optional<WindowPlacement> placement = surface_->placement())
    settings_.window = *placement;  // not while fullscreen
  if (Status saved = save_settings(config_directory() / "settings.json", settings_); !saved)
    std::cerr << "grayscott: " << saved.message() << "\n";
}

int App::run() {
  const auto started = Clock::now();
  int exit_code = 0;
  while (!surface_->should_close() && !quit_) {
    if (termination_requested()) {  // ended from outside: leave the loop and finish cleanly
      exit_code = 128 + termination_signal();
      break;
    }
    const auto frame_start = Clock::now();
    surface_->poll_events();

    if (script_) {
      const double now = std::chrono::duration<double>(frame_start - started).count();
      const bool busy = !simulation_->running() && simulation_->pending_steps() > 0;
      const Status status =
          script_->run_due(now, busy, [this](const Command& command, const std::string& origin) {
            applying_origin_ = origin;
            const Status applied = apply(command);
            applying_origin_.clear();
            return applied;
          });
      if (!status) {
        std::cerr << "grayscott: error: " << status.message() << "\n";
        exit_code = 1;
        break;
      }
    }
    for (const Command& command : queue_)
      if (Status status = apply(command); !status)
        std::cerr << "grayscott: " << status.message() << "\n";
    queue_.clear();

    PaceRequest request{simulation_->running(), simulation_->steps_per_frame(),
                        simulation_->pending_steps(), std::nullopt, surface_->refresh_period_s()};
    if (recording_.active()) request.fixed_steps = recording_.steps_per_frame();
    pace_ = pacer_.next(request);
    FrameTiming timing;
    timing.steps = pace_.steps;
    const Expected<bool> advanced = display_.advance(
        simulation_->backend(), timing.steps, simulation_->display_field(), *texture_, timing);
    if (!advanced) {
      std::cerr << "grayscott: error: " << advanced.message() << "\n";
      exit_code = 1;
      break;
    }
    if (!*advanced) continue;  // a lesser path took over; the next frame shows the field
    simulation_->frame_done(timing.steps);
    if (view_.auto_range && stats_.frames() % kAutoRangeEvery == 0)
      if (Status status = update_auto_range(); !status)
        std::cerr << "grayscott: " << status.message() << "\n";
    if (simulation_->running() && stats_.frames() % kDivergenceCheckEvery == 0)
      if (Status status = simulation_->check_divergence(); !status)
        std::cerr << "grayscott: " << status.message() << "\n";
    // Field captures now, from the updated texture; window captures once the frame is drawn.
    const auto capture = [&](bool window) {
      for (const PendingCapture& pending : pending_screenshots_) {
        const command::Screenshot& shot = pending.shot;
        if (shot.window != window) continue;
        const Status status =
            window ? take_window_screenshot(shot.path) : take_screenshot(shot.path);
        if (!status) {
          std::cerr << "grayscott: error: " << pending.origin << status.message() << "\n";
          if (script_) exit_code = 1, quit_ = true;
        }
      }
    };
    capture(false);
    if (recording_.active() && timing.steps > 0)
      if (Status recorded = record_frame(); !recorded) recording_.stop("");

    const SurfaceSize framebuffer = surface_->framebuffer_size();
    glViewport(0, 0, framebuffer.width, framebuffer.height);
    glClearColor(0.08f, 0.08f, 0.09f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer_->draw(*texture_, {view_.low, view_.high}, framebuffer.width, framebuffer.height);
    timing.draw_ms = renderer_->last_draw_ms();

    imgui_->begin_frame();
    const SurfaceSize window = surface_->window_size();
    const KeyActions keys = draw_frame_ui(
        {{settings_, *simulation_, view_, stats_, pace_, display_.path(), display_.reason(),
          surface_->gl_version(), last_screenshot_, recording_.recorder(), recording_.message(),
          script_ ? script_->state() : kNoScript, queue_, panel_state_},
         {simulation_->divergence(), recording_.recorder(), help_shown_, caption_},
         renderer_->colormap_table(),
         window.width,
         window.height});
    if (keys.toggle_help) help_shown_ = !help_shown_;
    if (keys.toggle_fullscreen) surface_->toggle_fullscreen();
    imgui_->end_frame();
    capture(true);
    pending_screenshots_.clear();
    // The frame's work, without the wait for the display's refresh that presenting may add.
    const double work_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - frame_start).count();
    surface_->present();

    timing.frame_ms = std::chrono::duration<double, std::milli>(Clock::now() - frame_start).count();
    stats_.add(timing, simulation_->size());
    pacer_.frame_done(timing.steps, timing.kernel_ms, timing.kernel_steps, work_ms);
    if (script_ && script_->frame_shown()) quit_ = true;
  }
  if (recording_.active()) recording_.stop("the app closed");
  save_settings_at_exit();
  if (options_.stats_json) {
    const Backend& backend = simulation_->backend();
    if (Status status = stats_.write_json(
            *options_.stats_json, backend.name(), backend.description(), to_string(display_.path()),
            display_.reason().empty() ? simulation_->backend_reason() : display_.reason(),
            surface_->gl_version());
        !status) {
      std::cerr << "grayscott: error: " << status.message() << "\n";
      exit_code = 1;
    }
  }
  if (termination_requested()) {  // also when it arrived during the last frame
    std::cerr << "grayscott: ended by " << termination_signal_name() << "\n";
    exit_code = 128 + termination_signal();
  }
  return exit_code;
}

}  // namespace gs::app
