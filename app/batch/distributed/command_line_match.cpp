// Comparing a rank's command with rank 0's (command_line_match.h).
#include "command_line_match.h"

#include <algorithm>

namespace gs::distributed {
namespace {

bool is_option(const std::string& arg) {
  return arg.size() > 1 && arg[0] == '-';
}

// The argument at `i` as a message shows it: with its option where it is an option's value,
// with its value where it is an option.
std::string shown(const std::vector<std::string>& args, std::size_t i) {
  if (i > 0 && is_option(args[i - 1]) && !is_option(args[i]))
    return "'" + args[i - 1] + " " + args[i] + "'";
  if (is_option(args[i]) && i + 1 < args.size() && !is_option(args[i + 1]))
    return "'" + args[i] + " " + args[i + 1] + "'";
  return "'" + args[i] + "'";
}

}  // namespace

std::string pack(const RankCommand& command) {
  std::string packed = command.folder;
  for (const std::string& arg : command.args) packed += '\0' + arg;
  return packed;
}

RankCommand unpack(const std::string& packed) {
  RankCommand command;
  std::size_t start = 0;
  std::size_t end = packed.find('\0');
  command.folder = packed.substr(0, end);
  while (end != std::string::npos) {
    start = end + 1;
    end = packed.find('\0', start);
    command.args.push_back(packed.substr(start, end == std::string::npos ? end : end - start));
  }
  return command;
}

Status compare_with_root(const RankCommand& mine, const RankCommand& root) {
  const std::string apart = "the ranks must run one job: ";
  const std::size_t common = std::min(mine.args.size(), root.args.size());
  const auto first =
      std::mismatch(mine.args.begin(), mine.args.begin() + long(common), root.args.begin());
  const std::size_t i = std::size_t(first.first - mine.args.begin());
  if (i < common)
    return Error{apart + "this rank has " + shown(mine.args, i) + " where rank 0 has " +
                 shown(root.args, i)};
  if (i < mine.args.size())
    return Error{apart + "this rank has " + shown(mine.args, i) +
                 " where rank 0's command line ends"};
  if (i < root.args.size())
    return Error{apart + "this rank's command line ends where rank 0 has " + shown(root.args, i)};
  if (mine.folder != root.folder)
    return Error{apart + "this rank works in '" + mine.folder + "' where rank 0 works in '" +
                 root.folder + "'"};
  return Status::ok();
}

}  // namespace gs::distributed
