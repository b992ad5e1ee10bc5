#include "hdf5_test_files.h"

#include <hdf5.h>

#include <functional>
#include <numeric>
#include <stdexcept>

namespace gs::test {
namespace {

// Closes an HDF5 identifier when it goes out of scope.
class Id {
 public:
  Id(hid_t id, herr_t (*close)(hid_t), const std::string& what) : id_(id), close_(close) {
    if (id_ < 0) throw std::runtime_error("HDF5: cannot " + what);
  }
  ~Id() { close_(id_); }
  Id(const Id&) = delete;
  Id& operator=(const Id&) = delete;
  hid_t get() const { return id_; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

void check(herr_t status, const std::string& what) {
  if (status < 0) throw std::runtime_error("HDF5: cannot " + what);
}

void silence_hdf5() {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

std::size_t element_count(const std::vector<std::size_t>& dims) {
  return std::accumulate(dims.begin(), dims.end(), std::size_t{1}, std::multiplies<>());
}

}  // namespace

void write_datasets(const std::filesystem::path& path, const std::vector<DatasetSpec>& datasets) {
  silence_hdf5();
  const std::string where = "'" + path.string() + "'";
  Id file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose,
          "create " + where);
  for (const DatasetSpec& spec : datasets) {
    const std::vector<hsize_t> dims(spec.dims.begin(), spec.dims.end());
    const std::size_t count = element_count(spec.dims);
    Id space(H5Screate_simple(int(dims.size()), dims.data(), nullptr), H5Sclose,
             "make the dataspace of " + spec.name);
    const bool is_float = spec.element == Element::Float32;
    Id dataset(H5Dcreate2(file.get(), spec.name.c_str(), is_float ? H5T_IEEE_F32LE : H5T_STD_I32LE,
                          space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
               H5Dclose, "create dataset " + spec.name + " in " + where);
    if (is_float) {
      std::vector<float> values = spec.values;
      if (values.empty()) values.assign(count, 0.5f);
      if (values.size() != count) throw std::runtime_error("wrong value count for " + spec.name);
      check(H5Dwrite(dataset.get(), H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
            "write " + spec.name);
    } else {
      const std::vector<int> values(count, 1);
      check(H5Dwrite(dataset.get(), H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
            "write " + spec.name);
    }
  }
}

DatasetContents read_dataset(const std::filesystem::path& path, const std::string& name) {
  silence_hdf5();
  const std::string where = "'" + path.string() + "'";
  Id file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose, "open " + where);
  Id dataset(H5Dopen2(file.get(), name.c_str(), H5P_DEFAULT), H5Dclose,
             "open dataset " + name + " in " + where);
  Id type(H5Dget_type(dataset.get()), H5Tclose, "get the type of " + name);
  Id space(H5Dget_space(dataset.get()), H5Sclose, "get the dataspace of " + name);
  Id create_plist(H5Dget_create_plist(dataset.get()), H5Pclose, "get the layout of " + name);

  DatasetContents contents;
  contents.is_float32 = H5Tequal(type.get(), H5T_IEEE_F32LE) > 0;
  const int rank = H5Sget_simple_extent_ndims(space.get());
  check(rank, "get the rank of " + name);
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  check(H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr), "get the shape of " + name);
  contents.dims.assign(dims.begin(), dims.end());
  if (H5Pget_layout(create_plist.get()) == H5D_CHUNKED) {
    std::vector<hsize_t> chunk(static_cast<std::size_t>(rank));
    check(H5Pget_chunk(create_plist.get(), rank, chunk.data()), "get the chunks of " + name);
    contents.chunk.assign(chunk.begin(), chunk.end());
  }
  contents.values.resize(element_count(contents.dims));
  check(H5Dread(dataset.get(), H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                contents.values.data()),
        "read " + name);
  return contents;
}

void write_array_attribute(const std::filesystem::path& path, const std::string& name,
                           std::size_t count) {
  silence_hdf5();
  const std::string where = "'" + path.string() + "'";
  Id file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose, "open " + where);
  if (H5Aexists(file.get(), name.c_str()) > 0)
    check(H5Adelete(file.get(), name.c_str()), "delete attribute " + name);
  const hsize_t dims[1] = {count};
  Id space(H5Screate_simple(1, dims, nullptr), H5Sclose, "create a dataspace");
  Id attribute(H5Acreate2(file.get(), name.c_str(), H5T_NATIVE_DOUBLE, space.get(), H5P_DEFAULT,
                          H5P_DEFAULT),
               H5Aclose, "create attribute " + name + " in " + where);
  std::vector<double> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = double(i);
  check(H5Awrite(attribute.get(), H5T_NATIVE_DOUBLE, values.data()), "write attribute " + name);
}

namespace {

size_t pass_through(unsigned, size_t, const unsigned[], size_t bytes, size_t*, void**) {
  return bytes;
}

}  // namespace

void write_lzf_filtered_state(const std::filesystem::path& path, std::size_t height,
                              std::size_t width, bool optional) {
  silence_hdf5();
  H5Z_class2_t lzf{};
  lzf.version = H5Z_CLASS_T_VERS;
  lzf.id = 32000;
  lzf.encoder_present = 1;
  lzf.decoder_present = 1;
  lzf.name = "lzf";
  lzf.filter = pass_through;
  check(H5Zregister(&lzf), "register a stand-in for the LZF filter");
  Id file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose,
          "create '" + path.string() + "'");
  const hsize_t dims[2] = {height, width};
  Id space(H5Screate_simple(2, dims, nullptr), H5Sclose, "create a dataspace");
  Id properties(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "create dataset properties");
  check(H5Pset_chunk(properties.get(), 2, dims), "chunk");
  check(H5Pset_filter(properties.get(), 32000, optional ? H5Z_FLAG_OPTIONAL : H5Z_FLAG_MANDATORY, 0,
                      nullptr),
        "set the filter");
  const std::vector<float> values(height * width, 0.5f);
  for (const char* name : {"u", "v"}) {
    Id dataset(H5Dcreate2(file.get(), name, H5T_IEEE_F32LE, space.get(), H5P_DEFAULT,
                          properties.get(), H5P_DEFAULT),
               H5Dclose, std::string("create dataset ") + name);
    check(H5Dwrite(dataset.get(), H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
          std::string("write dataset ") + name);
  }
}

void write_gzip_state(const std::filesystem::path& path, std::size_t height, std::size_t width,
                      std::size_t chunk_rows, std::size_t chunk_columns) {
  silence_hdf5();
  Id file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose,
          "create '" + path.string() + "'");
  const hsize_t dims[2] = {height, width}, chunk[2] = {chunk_rows, chunk_columns};
  Id space(H5Screate_simple(2, dims, nullptr), H5Sclose, "create a dataspace");
  Id properties(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "create dataset properties");
  check(H5Pset_chunk(properties.get(), 2, chunk), "chunk");
  check(H5Pset_deflate(properties.get(), 1), "set gzip");
  const std::vector<float> values(height * width, 0.5f);
  for (const char* name : {"u", "v"}) {
    Id dataset(H5Dcreate2(file.get(), name, H5T_IEEE_F32LE, space.get(), H5P_DEFAULT,
                          properties.get(), H5P_DEFAULT),
               H5Dclose, std::string("create dataset ") + name);
    check(H5Dwrite(dataset.get(), H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
          std::string("write dataset ") + name);
  }
}

void write_declared_grid(const std::filesystem::path& path, std::size_t height, std::size_t width) {
  silence_hdf5();
  Id file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose,
          "create '" + path.string() + "'");
  const hsize_t dims[2] = {height, width};
  Id space(H5Screate_simple(2, dims, nullptr), H5Sclose, "create a dataspace");
  for (const char* name : {"u", "v"})
    Id dataset(H5Dcreate2(file.get(), name, H5T_IEEE_F32LE, space.get(), H5P_DEFAULT, H5P_DEFAULT,
                          H5P_DEFAULT),
               H5Dclose, std::string("create dataset ") + name);
}

double read_double_attribute(const std::filesystem::path& path, const std::string& name) {
  silence_hdf5();
  const std::string where = "'" + path.string() + "'";
  Id file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose, "open " + where);
  Id attribute(H5Aopen(file.get(), name.c_str(), H5P_DEFAULT), H5Aclose,
               "open attribute " + name + " in " + where);
  double value = 0.0;
  check(H5Aread(attribute.get(), H5T_NATIVE_DOUBLE, &value), "read attribute " + name);
  return value;
}

std::vector<std::string> read_attributes(const std::filesystem::path& path) {
  silence_hdf5();
  Id file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose,
          "open '" + path.string() + "'");
  std::vector<std::string> lines;
  // Called from HDF5's C code: no exceptions; a failure stops the walk with -1.
  const auto describe = [](hid_t object, const char* name, const H5A_info_t*, void* data) {
    const hid_t attribute = H5Aopen(object, name, H5P_DEFAULT);
    const hid_t type = H5Aget_type(attribute);
    const std::size_t size = H5Tget_size(type);
    std::string line = std::string(name) + ": class " + std::to_string(H5Tget_class(type)) + ", " +
                       std::to_string(size) + " bytes, ";
    bool read = false;
    if (H5Tget_class(type) == H5T_STRING && H5Tis_variable_str(type) > 0) {
      char* text = nullptr;
      read = H5Aread(attribute, type, &text) >= 0 && text != nullptr;
      if (read) line += "charset " + std::to_string(H5Tget_cset(type)) + ", '" + text + "'";
      H5free_memory(text);
    } else if (H5Tget_class(type) != H5T_STRING && size <= 16) {
      unsigned char bytes[16] = {};
      read = H5Aread(attribute, type, bytes) >= 0;
      for (std::size_t b = 0; b < size; ++b) line += std::to_string(bytes[b]) + " ";
    }
    H5Tclose(type);
    H5Aclose(attribute);
    static_cast<std::vector<std::string>*>(data)->push_back(line);
    return herr_t(read ? 0 : -1);
  };
  check(H5Aiterate2(file.get(), H5_INDEX_NAME, H5_ITER_INC, nullptr, describe, &lines),
        "list the attributes of '" + path.string() + "'");
  return lines;
}

}  // namespace gs::test
