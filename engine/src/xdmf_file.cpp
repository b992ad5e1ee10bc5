#include "gs/xdmf_file.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string>

#include "gs/xml_text.h"
#include "kept_version.h"

namespace gs {
namespace {

namespace fs = std::filesystem;

// The shortest text that reads back as the same double (so a name or a time says exactly what
// the HDF5 file holds).
std::string exact(double value) {
  char text[32];
  const auto [end, error] = std::to_chars(text, text + sizeof text, value);
  return error == std::errc() ? std::string(text, end) : std::to_string(value);
}

// "H W" or "1 H W", XDMF's order: the slowest-varying index first.
std::string dims(GridSize size, int leading_ones = 0) {
  std::string text;
  for (int i = 0; i < leading_ones; ++i) text += "1 ";
  return text + std::to_string(size.height) + " " + std::to_string(size.width);
}

struct Writer {
  std::string xml;
  std::string file;  // the data file's name, escaped, as the datasets' paths begin

  explicit Writer(const fs::path& data_path) : file(xml_escaped(data_path.filename().string())) {
    xml =
        "<?xml version=\"1.0\" ?>\n<!DOCTYPE Xdmf SYSTEM \"Xdmf.dtd\" []>\n"
        "<Xdmf Version=\"2.0\" xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n <Domain>\n";
  }
  std::string finish() { return xml + " </Domain>\n</Xdmf>\n"; }

  // A uniform grid's opening, topology and geometry, the grid in the box from (x0, y0) to
  // (x0 + W - 1, y0 + H - 1), grid units. Row 0 of a dataset is the top of the picture, as in the
  // app and the PNGs, while ParaView's and VisIt's y grows upward: row 0 is placed at the box's
  // top and each next row one below it (a spacing of -1 along y), so the readers show what the
  // app shows.
  void open_grid(const std::string& name, GridSize size, double x0, double y0,
                 const std::string& indent) {
    xml += indent + "<Grid Name=\"" + xml_escaped(name) + "\" GridType=\"Uniform\">\n";
    xml += indent + " <Topology TopologyType=\"3DCoRectMesh\" Dimensions=\"" + dims(size, 1) +
           "\"/>\n";
    xml += indent + " <Geometry GeometryType=\"ORIGIN_DXDYDZ\">\n";
    xml += indent + "  <DataItem Format=\"XML\" NumberType=\"Float\" Precision=\"8\" " +
           "Dimensions=\"3\">0 " + exact(y0 + double(size.height - 1)) + " " + exact(x0) +
           "</DataItem>\n";
    xml += indent + "  <DataItem Format=\"XML\" NumberType=\"Float\" Precision=\"8\" " +
           "Dimensions=\"3\">1 -1 1</DataItem>\n";
    xml += indent + " </Geometry>\n";
  }
  void time(double t, const std::string& indent) {
    xml += indent + " <Time Value=\"" + exact(t) + "\"/>\n";
  }
  // A point attribute read whole from a 2-D dataset, described as the one layer [1, H, W] the
  // topology has: both of VTK's XDMF readers read it so (XDMF 2's reads "H W" out of order).
  void attribute(const std::string& name, GridSize size, const char* number_type, int precision,
                 const std::string& indent) {
    xml += indent + " <Attribute Name=\"" + name + "\" AttributeType=\"Scalar\" Center=\"Node\">\n";
    xml += indent + "  <DataItem Format=\"HDF\" NumberType=\"" + number_type + "\" Precision=\"" +
           std::to_string(precision) + "\" Dimensions=\"" + dims(size, 1) + "\">" + file + ":/" +
           name + "</DataItem>\n";
    xml += indent + " </Attribute>\n";
  }
  // A point attribute `name` read as one [H, W] slab of dataset `dataset` of `whole`
  // dimensions, starting at `start` (the leading indices; the last two start at 0).
  void slab_attribute(const std::string& name, const std::string& dataset, GridSize size,
                      const std::vector<long long>& start, const std::vector<long long>& whole,
                      const std::string& indent) {
    const std::size_t rank = start.size() + 2;
    std::string first, stride, count, extent;
    for (std::size_t i = 0; i < start.size(); ++i) {
      first += std::to_string(start[i]) + " ";
      stride += "1 ";
      count += "1 ";
      extent += std::to_string(whole[i]) + " ";
    }
    xml += indent + " <Attribute Name=\"" + name + "\" AttributeType=\"Scalar\" Center=\"Node\">\n";
    xml += indent + "  <DataItem ItemType=\"HyperSlab\" Type=\"HyperSlab\" Dimensions=\"" +
           dims(size, 1) + "\">\n";
    xml += indent + "   <DataItem Format=\"XML\" NumberType=\"Int\" Dimensions=\"3 " +
           std::to_string(rank) + "\">" + first + "0 0 " + stride + "1 1 " + count + dims(size) +
           "</DataItem>\n";
    xml += indent + "   <DataItem Format=\"HDF\" NumberType=\"Float\" Precision=\"4\" " +
           "Dimensions=\"" + extent + dims(size) + "\">" + file + ":/" + dataset + "</DataItem>\n";
    xml += indent + "  </DataItem>\n";
    xml += indent + " </Attribute>\n";
  }
};

// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
bool is_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(text[at]); };
    const unsigned char lead = byte(i);
    const std::size_t length = lead < 0x80   ? 1
                               : lead < 0xc2 ? 0
                               : lead < 0xe0 ? 2
                               : lead < 0xf0 ? 3
                               : lead < 0xf5 ? 4
                                             : 0;
    if (length == 0 || i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k)
      if ((byte(i + k) & 0xc0) != 0x80) return false;
    if (length == 3 &&
        ((lead == 0xe0 && byte(i + 1) < 0xa0) || (lead == 0xed && byte(i + 1) >= 0xa0)))
      return false;  // overlong, or a surrogate
    if (length == 4 &&
        ((lead == 0xf0 && byte(i + 1) < 0x90) || (lead == 0xf4 && byte(i + 1) >= 0x90)))
      return false;  // overlong, or past U+10FFFF
    i += length;
  }
  return true;
}

}  // namespace

fs::path xdmf_path_for(const fs::path& data_path) {
  if (data_path.extension() == ".xmf") return fs::path(data_path) += ".xmf";
  return fs::path(data_path).replace_extension(".xmf");
}

std::string describe_state(const fs::path& data_path, GridSize size, bool has_style, double time,
                           bool has_map_rates) {
  Writer w(data_path);
  w.open_grid("state", size, 0, 0, "  ");
  w.time(time, "  ");
  w.attribute("u", size, "Float", 4, "  ");
  w.attribute("v", size, "Float", 4, "  ");
  if (has_style) w.attribute("style", size, "UChar", 1, "  ");
  if (has_map_rates) {
    w.attribute("F", size, "Float", 4, "  ");
    w.attribute("k", size, "Float", 4, "  ");
  }
  w.xml += "  </Grid>\n";
  return w.finish();
}

std::string describe_frames(const fs::path& data_path, GridSize size,
                            const std::vector<double>& times) {
  Writer w(data_path);
  w.xml += "  <Grid Name=\"frames\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
  const long long count = static_cast<long long>(times.size());
  for (long long f = 0; f < count; ++f) {
    w.open_grid("frame " + std::to_string(f), size, 0, 0, "   ");
    w.time(times[std::size_t(f)], "   ");
    w.slab_attribute("v", "frames", size, {f}, {count}, "   ");
    w.xml += "   </Grid>\n";
  }
  w.xml += "  </Grid>\n";
  return w.finish();
}

std::string describe_atlas(const fs::path& data_path, GridSize size, const std::vector<double>& F,
                           const std::vector<double>& k) {
  Writer w(data_path);
  // Runs side by side as on the contact sheet, a gap between them so that each reads apart.
  const double gap = std::max(1, std::min(size.width, size.height) / 8);
  const long long n = static_cast<long long>(F.size()), m = static_cast<long long>(k.size());
  w.xml += "  <Grid Name=\"atlas\" GridType=\"Collection\" CollectionType=\"Spatial\">\n";
  for (long long i = 0; i < n; ++i)
    for (long long j = 0; j < m; ++j) {
      w.open_grid("F=" + exact(F[std::size_t(i)]) + " k=" + exact(k[std::size_t(j)]), size,
                  double(j) * (size.width + gap), double(i) * (size.height + gap), "   ");
      w.slab_attribute("v", "v", size, {i, j}, {n, m}, "   ");
      w.xml += "   </Grid>\n";
    }
  w.xml += "  </Grid>\n";
  return w.finish();
}

std::vector<double> frame_times(std::int64_t start_step, long long steps_per_frame,
                                long long frames, double dt) {
  std::vector<double> times;
  times.reserve(std::size_t(std::max(0LL, frames)));
  for (long long f = 0; f < frames; ++f)
    times.push_back(double(start_step + (f + 1) * steps_per_frame) * dt);
  return times;
}

Status check_xdmf_name(const fs::path& data_path) {
  const std::string name = data_path.filename().string();
  const auto refused = [&](const std::string& why) {
    return Error{"cannot describe '" + printable_path(data_path) + "' in XDMF: " + why};
  };
  if (name.find(':') != std::string::npos)
    return refused("readers take the ':' in its name for the end of the file's name");
  for (const char c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      return refused("its name holds a control character, which XML cannot carry");
  if (!is_utf8(name)) return refused("its name is not UTF-8, which XML needs");
  if (!name.empty() && (name.front() == ' ' || name.back() == ' '))
    return refused("its name starts or ends with a space, which readers drop");
  return Status::ok();
}

Expected<std::optional<OutputFile>> stage_xdmf(const fs::path& data_path, const std::string& xml) {
  if (xml.empty()) return std::optional<OutputFile>();
  GS_TRY(check_xdmf_name(data_path));
  // The user named the data file, not its description: a link there is replaced, not followed.
  Expected<OutputFile> staged =
      write_file_staged(xdmf_path_for(data_path), xml.data(), xml.size(), AtLink::Replace);
  if (!staged) return staged.status();
  return std::optional<OutputFile>(std::move(staged).value());
}

Status commit_with_description(OutputFile& data, std::optional<OutputFile>& description) {
  if (!description) return data.commit();
  // The data file's old version is kept until its description is in place too.
  Expected<KeptVersion> previous = KeptVersion::keep(data.final_path());
  if (!previous) return previous.status();
  GS_TRY(data.commit());
  if (Status placed = description->commit(); !placed) {
    const std::string name = "'" + printable_path(data.final_path()) + "'";
    if (!previous->had_file())
      return Error{placed.message() + " (its data file " + name + " removed again)"};
    if (!previous->put_back())
      return Error{placed.message() + " (the previous " + name + " is kept as '" +
                   printable_path(previous->kept_path()) + "')"};
    return Error{placed.message() + " (the previous " + name + " is back in place)"};
  }
  previous->confirm();
  return Status::ok();
}

std::string xml_escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace gs
