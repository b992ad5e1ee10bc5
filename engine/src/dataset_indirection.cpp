// Refusing datasets that point elsewhere (dataset_indirection.h).
#include "dataset_indirection.h"

#include "hdf5_handle.h"

namespace gs::hdf5 {

Status check_plain_link(hid_t file, const char* name, const std::string& label) {
  H5L_info_t link{};
  if (H5Lget_info(file, name, &link, H5P_DEFAULT) < 0)
    return Error{with_last_error(label + " cannot be looked up")};
  switch (link.type) {
    case H5L_TYPE_HARD:
      return Status::ok();
    case H5L_TYPE_SOFT:
      return Error{label + " is a soft link to another place in the file, which is not followed"};
    case H5L_TYPE_EXTERNAL:
      return Error{label + " is an external link to another file, which is not followed"};
    default:
      return Error{label + " is a user-defined link, which is not followed"};
  }
}

Status check_stored_inside(hid_t dataset, const std::string& label) {
  Handle creation(H5Dget_create_plist(dataset), H5Pclose);
  if (!creation.valid()) return Error{with_last_error(label + " cannot be inspected")};
  if (H5Pget_layout(creation.get()) == H5D_VIRTUAL)
    return Error{label + " is a virtual dataset mapping other files, which are not read"};
  if (H5Pget_external_count(creation.get()) != 0)
    return Error{label + " keeps its values in external files, which are not read"};
  return Status::ok();
}

}  // namespace gs::hdf5
