// The files a run reads and writes, named by their options: every output must be a file apart
// from every input (the state and the pictures) and from every other output, compared by identity
// (device and inode, or the resolved path), not by spelling: "p.png", "./p.png" and a symlink to
// it are one file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "batch_options.h"
#include "gs/status.h"

namespace gs::batch {

struct NamedFile {
  std::string option;  // "--output", for messages
  std::filesystem::path path;
};

// The files the options read: --input, --init-image and --style-image, where given.
std::vector<NamedFile> input_files(const BatchOptions& options);

// Fails with "A and B name the same file 'PATH'" where an output is an input or another output.
Status check_outputs_apart(const std::vector<NamedFile>& inputs,
                           const std::vector<NamedFile>& outputs);

}  // namespace gs::batch
