// HDF5 files for the command-line tests, through the HDF5 C API directly: deliberately odd input
// files (missing datasets, wrong types, ranks or shapes) and raw looks at what the program wrote
// (shapes, element types, chunking, attributes). Every function throws std::runtime_error on
// failure, so a test sees a clear message instead of a half-written file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace gs::test {

enum class Element { Float32, Int32 };

struct DatasetSpec {
  std::string name;
  Element element = Element::Float32;
  std::vector<std::size_t> dims;
  std::vector<float> values;  // row-major; empty: every element 0.5 (1 for integers)
};

// A new HDF5 file holding exactly these datasets and no attributes.
void write_datasets(const std::filesystem::path& path, const std::vector<DatasetSpec>& datasets);

struct DatasetContents {
  bool is_float32 = false;         // stored as IEEE 32-bit floats
  std::vector<std::size_t> dims;   // the dataset's shape
  std::vector<std::size_t> chunk;  // chunk shape; empty when the layout is not chunked
  std::vector<float> values;       // every element, read as float
};

DatasetContents read_dataset(const std::filesystem::path& path, const std::string& name);

// Replaces a root-group attribute with an array of `count` doubles 0, 1, 2... (a crafted file).
void write_array_attribute(const std::filesystem::path& path, const std::string& name,
                           std::size_t count);

// A state file whose u and v are chunked through a mandatory filter numbered 32000 (h5py's LZF),
// registered in this process only as a pass-through: other programs lack it, as they lack LZF.
// `optional` marks the filter as h5py marks LZF (HDF5 may skip it where it is missing on write).
void write_lzf_filtered_state(const std::filesystem::path& path, std::size_t height,
                              std::size_t width, bool optional = false);

// A state file whose u and v (every cell 0.5) are gzip-compressed in chunks of chunk_rows x
// chunk_columns: small on disk, and as slow to read as the chunks are many.
void write_gzip_state(const std::filesystem::path& path, std::size_t height, std::size_t width,
                      std::size_t chunk_rows, std::size_t chunk_columns);

// A state file of a few kilobytes that declares u and v of height x width float32 cells and
// stores none of them (HDF5 allocates a dataset's storage only when it is written).
void write_declared_grid(const std::filesystem::path& path, std::size_t height, std::size_t width);

// A numeric attribute of the file's root group, read as double.
double read_double_attribute(const std::filesystem::path& path, const std::string& name);

// Every attribute of the file's root group, in name order, as a line of text: its name, type
// class and size, and its value (a string's charset and text, a number's bytes as stored).
std::vector<std::string> read_attributes(const std::filesystem::path& path);

}  // namespace gs::test
