#include "hdf5_indirect_files.h"

#include <hdf5.h>

#include <array>
#include <stdexcept>
#include <vector>

namespace gs::test {
namespace {

constexpr hsize_t kSide = 4;

void check(hid_t id_or_status, const std::string& what) {
  if (id_or_status < 0) throw std::runtime_error("HDF5: cannot " + what);
}

// A 4x4 float32 dataset `name` in `file`, with these creation properties, written with 0.5s
// where it holds its own values.
void create_field(hid_t file, const char* name, hid_t creation, bool write) {
  const std::array<hsize_t, 2> dims{kSide, kSide};
  const hid_t space = H5Screate_simple(2, dims.data(), nullptr);
  check(space, "make a dataspace");
  const hid_t dataset =
      H5Dcreate2(file, name, H5T_IEEE_F32LE, space, H5P_DEFAULT, creation, H5P_DEFAULT);
  check(dataset, std::string("create dataset ") + name);
  if (write) {
    const std::vector<float> values(kSide * kSide, 0.5f);
    check(H5Dwrite(dataset, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
          std::string("write dataset ") + name);
  }
  H5Dclose(dataset);
  H5Sclose(space);
}

}  // namespace

std::string to_string(Indirection kind) {
  switch (kind) {
    case Indirection::ExternalStorage:
      return "ExternalStorage";
    case Indirection::ExternalLink:
      return "ExternalLink";
    case Indirection::SoftLink:
      return "SoftLink";
    case Indirection::VirtualDataset:
      return "VirtualDataset";
  }
  return "?";
}

void write_indirect_state(const std::filesystem::path& path, Indirection kind,
                          const std::filesystem::path& target) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  check(file, "create '" + path.string() + "'");
  create_field(file, "v", H5P_DEFAULT, true);
  const hid_t creation = H5Pcreate(H5P_DATASET_CREATE);
  switch (kind) {
    case Indirection::ExternalStorage:  // u's 64 bytes are the target's first 64
      check(H5Pset_external(creation, target.c_str(), 0, kSide * kSide * sizeof(float)),
            "set external storage");
      create_field(file, "u", creation, false);
      break;
    case Indirection::ExternalLink:
      check(H5Lcreate_external(target.c_str(), "u", file, "u", H5P_DEFAULT, H5P_DEFAULT),
            "create an external link");
      break;
    case Indirection::SoftLink:
      check(H5Lcreate_soft("/v", file, "u", H5P_DEFAULT, H5P_DEFAULT), "create a soft link");
      break;
    case Indirection::VirtualDataset: {  // u maps the target's dataset `u`
      const std::array<hsize_t, 2> dims{kSide, kSide};
      const hid_t space = H5Screate_simple(2, dims.data(), nullptr);
      check(H5Pset_virtual(creation, space, target.c_str(), "u", space), "map a virtual dataset");
      create_field(file, "u", creation, false);
      H5Sclose(space);
      break;
    }
  }
  H5Pclose(creation);
  check(H5Fclose(file), "close '" + path.string() + "'");
}

}  // namespace gs::test
