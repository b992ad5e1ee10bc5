// A check of a file run in a short-lived child process with a time limit, as gs::read_state
// reads one (isolated_state_read.cpp): libhdf5 crashes or loops on some crafted files, and in a
// child that ends only the child. The check reports progress as it goes; the limit is on the time
// between reports, so a long healthy check is not cut short. Internal to the engine's files
// (collective_files.cpp: rank 0 checks an input for all ranks before they open it together).
#pragma once

#include <functional>
#include <string>

#include "gs/status.h"

namespace gs {

// What the check calls after each piece of work (a block of rows read).
using ReportProgress = std::function<void()>;

// Runs `check` in a child and returns its status; a child that crashes, is killed, or reports
// nothing for `stall_seconds`, is an error naming `name` ("cannot read 'NAME': ..."). Without a
// process to spare, runs it here.
Status check_in_child(const std::string& name, int stall_seconds,
                      const std::function<Status(const ReportProgress&)>& check);

}  // namespace gs
