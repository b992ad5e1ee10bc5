// XDMF descriptions (XML) of the engine's HDF5 files, so that ParaView and VisIt open them as they
// are: `NAME.xmf` beside `NAME.h5` describes its datasets as a uniform grid of points one unit
// apart, with `u`, `v` and `style` (a state), the frames as a time series of `v` (a frames
// file), or each run's `v` as a grid named by its F and k (a sweep's atlas). XDMF 2: a
// 3DCoRectMesh one layer thick (x along a row, y down the rows), and a frame or a run as a
// HyperSlab of its dataset, which VTK's XDMF 2 reader (ParaView's "XDMF Reader") and VisIt read;
// ParaView's Xdmf3 readers read the state but not the slabs. The data file is named by its file
// name alone, so the pair can be moved together. A description is written under a temporary name
// with its data file, and both are renamed together (commit_with_description). A symlink where the
// description goes is replaced, never written through: the user named the data file alone.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gs/fields.h"
#include "gs/output_file.h"
#include "gs/status.h"

namespace gs {

// Whether a data file gets its description.
enum class XdmfFile { Skip, Write };

// `o.h5` -> `o.xmf` (the extension replaced, or added to a name without one); a data file whose
// own extension is .xmf gets `NAME.xmf.xmf`, so a description never replaces its data.
std::filesystem::path xdmf_path_for(const std::filesystem::path& data_path);

// A state file: `u`, `v` and, with `has_style`, the `style` bytes, at simulated time `time`;
// with `has_map_rates` (parameter-map mode), each cell's `F` and `k` too.
std::string describe_state(const std::filesystem::path& data_path, GridSize size, bool has_style,
                           double time, bool has_map_rates = false);
// A frames file: a temporal collection of its frames' `v`, frame i at times[i].
std::string describe_frames(const std::filesystem::path& data_path, GridSize size,
                            const std::vector<double>& times);
// A sweep's atlas: run (i, j) a grid named "F=<F[i]> k=<k[j]>", laid out as the contact sheet
// (k to the right, F upwards) with a gap of an eighth of a grid between runs.
std::string describe_atlas(const std::filesystem::path& data_path, GridSize size,
                           const std::vector<double>& F, const std::vector<double>& k);

// The simulated times of a run's frames: frame f after (f + 1) * steps_per_frame steps from
// start_step, each step dt.
std::vector<double> frame_times(std::int64_t start_step, long long steps_per_frame,
                                long long frames, double dt);

// Fails, naming the file, when the data file's name cannot be written into a description: XDMF
// readers take the first ':' in "NAME:/dataset" as the end of the file's name; XML carries no
// control character and only UTF-8; readers drop a leading or trailing space.
Status check_xdmf_name(const std::filesystem::path& data_path);

// The description `xml` of `data_path` written beside it under a temporary name
// (gs/output_file.h), once check_xdmf_name passes; none for an empty `xml` (none asked for).
Expected<std::optional<OutputFile>> stage_xdmf(const std::filesystem::path& data_path,
                                               const std::string& xml);

// Moves a staged data file into place, then its staged description (if any): the pair is replaced
// together or not at all. When the description cannot follow, the data file's previous version is
// put back (or, where there was none, the new one removed again), so neither is left without the
// other and nothing the user had is lost.
Status commit_with_description(OutputFile& data, std::optional<OutputFile>& description);

}  // namespace gs
