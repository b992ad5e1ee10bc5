#include "hdf5_attributes.h"

#include "hdf5_handle.h"

namespace gs::hdf5 {
namespace {

std::string type_name(H5T_class_t type_class) {
  switch (type_class) {
    case H5T_INTEGER:
      return "an integer";
    case H5T_FLOAT:
      return "a floating-point number";
    case H5T_STRING:
      return "a string";
    case H5T_ENUM:
      return "an enum or a boolean";
    case H5T_COMPOUND:
      return "a compound value (such as a complex number)";
    default:
      return "another kind of value";
  }
}

// An attribute known to hold exactly one value, with its type.
struct SingleValue {
  Handle attribute;
  Handle type;
  H5T_class_t type_class = H5T_NO_CLASS;
};

Error attribute_error(const char* name, const std::string& problem) {
  return Error{"attribute '" + std::string(name) + "' " + problem};
}

Expected<std::optional<SingleValue>> open_single_value(hid_t object, const char* name) {
  const htri_t exists = H5Aexists(object, name);
  if (exists < 0) return attribute_error(name, with_last_error("cannot be read"));
  if (exists == 0) return std::optional<SingleValue>();
  SingleValue single;
  single.attribute = Handle(H5Aopen(object, name, H5P_DEFAULT), H5Aclose);
  if (!single.attribute.valid()) return attribute_error(name, with_last_error("cannot be opened"));
  Handle space(H5Aget_space(single.attribute.get()), H5Sclose);
  const hssize_t points = space.valid() ? H5Sget_simple_extent_npoints(space.get()) : -1;
  const bool empty = space.valid() && H5Sget_simple_extent_type(space.get()) == H5S_NULL;
  if (empty || points == 0) return attribute_error(name, "is empty; it must hold one value");
  if (points != 1)
    return attribute_error(
        name, "holds " + std::to_string(points) + " values (an array); it must hold one value");
  single.type = Handle(H5Aget_type(single.attribute.get()), H5Tclose);
  single.type_class = single.type.valid() ? H5Tget_class(single.type.get()) : H5T_NO_CLASS;
  return std::optional<SingleValue>(std::move(single));
}

}  // namespace

Expected<std::optional<double>> read_number_attribute(hid_t object, const char* name) {
  Expected<std::optional<SingleValue>> single = open_single_value(object, name);
  if (!single) return single.status();
  if (!*single) return std::optional<double>();
  const H5T_class_t type_class = (*single)->type_class;
  if (type_class != H5T_FLOAT && type_class != H5T_INTEGER)
    return attribute_error(name, "must be a number, not " + type_name(type_class));
  double value = 0.0;
  if (H5Aread((*single)->attribute.get(), H5T_NATIVE_DOUBLE, &value) < 0)
    return attribute_error(name, with_last_error("cannot be read as a number"));
  return std::optional<double>(value);
}

Expected<std::optional<std::int64_t>> read_integer_attribute(hid_t object, const char* name,
                                                             std::int64_t low, std::int64_t high) {
  Expected<std::optional<SingleValue>> single = open_single_value(object, name);
  if (!single) return single.status();
  if (!*single) return std::optional<std::int64_t>();
  const H5T_class_t type_class = (*single)->type_class;
  if (type_class != H5T_INTEGER)
    return attribute_error(name, "must be an integer, not " + type_name(type_class));
  // Read as double first: HDF5 would clip an unsigned value past INT64_MAX without a word.
  double wide = 0.0;
  std::int64_t value = 0;
  if (H5Aread((*single)->attribute.get(), H5T_NATIVE_DOUBLE, &wide) < 0 ||
      H5Aread((*single)->attribute.get(), H5T_NATIVE_INT64, &value) < 0)
    return attribute_error(name, with_last_error("cannot be read as an integer"));
  if (wide < double(low) || wide > double(high) || value < low || value > high)
    return attribute_error(name,
                           "must be from " + std::to_string(low) + " to " + std::to_string(high));
  return std::optional<std::int64_t>(value);
}

Expected<std::optional<std::string>> read_string_attribute(hid_t object, const char* name) {
  Expected<std::optional<SingleValue>> single = open_single_value(object, name);
  if (!single) return single.status();
  if (!*single) return std::optional<std::string>();
  const SingleValue& s = **single;
  if (s.type_class != H5T_STRING)
    return attribute_error(name, "must be a string, not " + type_name(s.type_class));
  const auto unreadable = [&] {
    return attribute_error(name, with_last_error("cannot be read as a string"));
  };
  if (H5Tis_variable_str(s.type.get()) > 0) {
    Handle memory_type(H5Tcopy(H5T_C_S1), H5Tclose);
    H5Tset_size(memory_type.get(), H5T_VARIABLE);
    H5Tset_cset(memory_type.get(), H5Tget_cset(s.type.get()));  // HDF5 converts no charsets
    char* text = nullptr;
    if (H5Aread(s.attribute.get(), memory_type.get(), &text) < 0 || text == nullptr)
      return unreadable();
    std::string value(text);
    H5free_memory(text);
    return std::optional<std::string>(value);
  }
  // One fixed-length string: exactly its size in bytes (the attribute holds one value).
  std::string value(H5Tget_size(s.type.get()), '\0');
  if (H5Aread(s.attribute.get(), s.type.get(), value.data()) < 0) return unreadable();
  value.resize(value.find('\0') == std::string::npos ? value.size() : value.find('\0'));
  return std::optional<std::string>(value);
}

}  // namespace gs::hdf5
