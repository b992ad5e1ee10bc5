#include "hdf5_writing.h"

#include <string>

#include "gs/output_file.h"
#include "hdf5_handle.h"
#include "state_file_layout.h"

namespace gs::hdf5 {
namespace {

using layout::written;

Status write_scalar_attribute(hid_t object, const char* name, hid_t file_type, hid_t memory_type,
                              const void* value) {
  Handle space(H5Screate(H5S_SCALAR), H5Sclose);
  Handle attribute(H5Acreate2(object, name, file_type, space.get(), H5P_DEFAULT, H5P_DEFAULT),
                   H5Aclose);
  if (!attribute.valid()) return written(false);
  return written(H5Awrite(attribute.get(), memory_type, value) >= 0);
}

}  // namespace

Status write_float_attribute(hid_t object, const char* name, double value) {
  return write_scalar_attribute(object, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value);
}

Status write_int_attribute(hid_t object, const char* name, std::int64_t value) {
  return write_scalar_attribute(object, name, H5T_STD_I64LE, H5T_NATIVE_INT64, &value);
}

Status write_uint_attribute(hid_t object, const char* name, std::uint64_t value) {
  return write_scalar_attribute(object, name, H5T_STD_U64LE, H5T_NATIVE_UINT64, &value);
}

Status write_string_attribute(hid_t object, const char* name, std::string_view value) {
  Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(type.get(), H5T_VARIABLE);
  H5Tset_cset(type.get(), H5T_CSET_UTF8);
  const std::string text(value);
  const char* data = text.c_str();
  return write_scalar_attribute(object, name, type.get(), type.get(), &data);
}

Status write_dataset(hid_t file, const char* name, hid_t file_type, hid_t memory_type,
                     const std::vector<hsize_t>& dims, const void* data) {
  Handle space(H5Screate_simple(int(dims.size()), dims.data(), nullptr), H5Sclose);
  Handle dataset(
      H5Dcreate2(file, name, file_type, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
      H5Dclose);
  if (!dataset.valid()) return written(false);
  GS_TRY(written(H5Dwrite(dataset.get(), memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) >= 0));
  return written(dataset.close());
}

Status write_new_file(const std::filesystem::path& path,
                      const std::function<Status(hid_t file)>& contents) {
  Expected<OutputFile> staged = stage_new_file(path, contents);
  if (!staged) return staged.status();
  return staged->commit();
}

Expected<OutputFile> stage_new_file(const std::filesystem::path& path,
                                    const std::function<Status(hid_t file)>& contents) {
  silence_errors();
  OutputFile output(path);
  GS_TRY(output.check_writable());
  const std::string failed = "cannot write '" + path.string() + "': ";
  Handle file(H5Fcreate(output.temp_path().c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT),
              H5Fclose);
  if (!file.valid()) return Error{failed + written(false).message()};
  if (Status status = contents(file.get()); !status) return Error{failed + status.message()};
  if (Status closed = written(file.close()); !closed) return Error{failed + closed.message()};
  return output;
}

}  // namespace gs::hdf5
