#include "xdmf_outputs.h"

#include "gs/output_file.h"
#include "gs/xdmf_file.h"

namespace gs::batch {

Status check_xdmf_outputs(const std::vector<NamedFile>& described,
                          const std::vector<NamedFile>& others) {
  const std::string avoid = " (rename, or give --no-xdmf)";
  const std::string apart = " (name them apart, or give --no-xdmf)";
  std::vector<NamedFile> files = others;
  files.insert(files.end(), described.begin(), described.end());
  for (std::size_t a = 0; a < described.size(); ++a) {
    if (Status nameable = check_xdmf_name(described[a].path); !nameable)
      return Error{nameable.message() + avoid};
    const std::filesystem::path description = xdmf_path_for(described[a].path);
    const std::string named =
        "the XDMF description '" + printable_path(description) + "' of " + described[a].option;
    for (const NamedFile& file : files)
      if (names_same_file(description, file.path))
        return Error{named + " would replace " + file.option + apart};
    for (std::size_t b = a + 1; b < described.size(); ++b)
      if (names_same_file(description, xdmf_path_for(described[b].path)))
        return Error{named + " would also be that of " + described[b].option + apart};
    if (Status writable = OutputFile(description, AtLink::Replace).check_writable(); !writable)
      return Error{writable.message() + avoid};
  }
  return Status::ok();
}

}  // namespace gs::batch
