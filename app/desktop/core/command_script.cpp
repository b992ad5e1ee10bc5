// Commands as script lines (command_script.h), in the script parser's grammar.
#include "command_script.h"

#include "script_style.h"
#include "script_words.h"
#include "seed_image_words.h"

namespace gs::app {

std::string to_script_line(const Command& command) {
  using std::to_string;
  return std::visit(
      Overloaded{
          [](const command::LoadPreset& c) { return "preset " + c.name; },
          [](const command::SetSimulation& c) { return script_line(spec_of(c.control), c.value); },
          [](const command::SetView& c) { return script_line(spec_of(c.control), c.value); },
          [](const command::AddFavourite& c) { return "favourite add " + c.preset; },
          [](const command::RemoveFavourite& c) { return "favourite remove " + to_string(c.key); },
          [](const command::Resize& c) {
            return "size " + to_string(c.width) + " " + to_string(c.height);
          },
          [](const command::SelectBackend& c) {
            return "backend " + std::string(to_string(c.choice));
          },
          [](const command::SelectTransfer& c) { return "transfer " + to_string(c.path); },
          [](const command::SetStepsPerFrame& c) {
            return "steps-per-frame " + (c.steps ? to_string(*c.steps) : std::string("auto"));
          },
          [](const command::Run&) { return std::string("run"); },
          [](const command::Pause&) { return std::string("pause"); },
          [](const command::Step& c) { return "step " + to_string(c.steps); },
          [](const command::Reset& c) {
            std::string line = "reset";
            // The seed follows the init pattern, so a seed alone is written with the default.
            if (c.init || c.seed)
              line += " " + std::string(to_string(c.init.value_or(InitPattern::Spots)));
            if (c.seed) line += " " + to_string(*c.seed);
            return line;
          },
          [](const command::Screenshot& c) {
            return std::string(c.window ? "window-screenshot" : "screenshot") +
                   (c.path.empty() ? "" : " " + c.path);
          },
          [](const command::SaveState& c) {
            return "save " + c.path + (c.xdmf ? "" : c.path.empty() ? "--no-xdmf" : " --no-xdmf");
          },
          [](const command::LoadState& c) { return "load " + c.path; },
          [](const command::SaveSetup& c) { return "save-setup " + c.path; },
          [](const command::Paint& c) {
            const bool style = c.style != BrushStyle::None;
            const char* name = c.style == BrushStyle::TowardA   ? "paint-a "
                               : c.style == BrushStyle::TowardB ? "paint-b "
                               : c.erase                        ? "erase "
                                                                : "paint ";
            return name + number_text(c.x) + " " + number_text(c.y) + " " + number_text(c.radius) +
                   (c.erase || style ? "" : " " + number_text(c.value)) +
                   (c.from ? " from " + number_text(c.from->x) + " " + number_text(c.from->y) : "");
          },
          [](const command::SeedImage& c) { return seed_image_line(c); },
          [](const command::Stamp& c) {
            return "stamp " + number_text(c.x) + " " + number_text(c.y) + " " +
                   number_text(c.radius);
          },
          [](const command::StyleImage& c) { return style_image_line(c); },
          [](const command::StyleGradientMap& c) {
            return "style-gradient " + std::string(to_string(c.gradient));
          },
          [](const command::StyleSet& c) { return style_set_line(c); },
          [](const command::StyleSwap&) { return std::string("style-swap"); },
          [](const command::StyleOff&) { return std::string("style off"); },
          [](const command::Pick& c) {
            return "pick " + number_text(c.x) + " " + number_text(c.y);
          },
          [](const command::SetCaptureFolder& c) { return "capture-folder " + c.path; },
          [](const command::RecordStart& c) {
            return "record start " + (c.path.empty() ? "" : c.path + " ") +
                   to_string(c.steps_per_frame) + " " + to_string(c.fps);
          },
          [](const command::RecordStop&) { return std::string("record stop"); },
          [](const command::Caption& c) { return "caption " + c.text; },
          [](const command::Quit&) { return std::string("quit"); },
          [](const command::RunFrames& c) { return "run-frames " + to_string(c.frames); },
          [](const command::Wait& c) { return "wait " + number_text(c.seconds); },
          [](const command::WaitTimings& c) {
            return "wait-timings " + number_text(c.max_seconds);
          },
          [](const command::StartDemo& c) {
            return c.part == command::DemoPart::Ends ? "# the demo " + c.name + " ends"
                                                     : "demo " + c.name;
          },
          [](const command::ViewZoom& c) { return "view zoom " + number_text(c.zoom); },
          [](const command::ViewCenter& c) {
            return "view center " + number_text(c.x) + " " + number_text(c.y);
          },
          [](const command::ViewReset&) { return std::string("view reset"); },
          [](const command::RequireCuda&) { return std::string("require cuda"); },
          [](const command::ScriptControl& c) { return "script " + to_string(c.action); },
      },
      command);
}

}  // namespace gs::app
