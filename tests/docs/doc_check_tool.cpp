// The doc test's judge of what only the app's own code can judge (tests/docs/check_docs.py):
// whether a <kbd> name is a key of the key table F1 shows, and whether a `gs-script` block parses
// with the app's script parser. No regex over the sources: the table and the parser themselves.
//
//   doc_check_tool keys NAME...     each NAME not in the key table: one line, exit 1
//   doc_check_tool script SOURCE    the script on standard input; its first bad line, exit 1
#include <iostream>
#include <iterator>
#include <set>
#include <string>

#include "input.h"
#include "script_parser.h"

namespace {

// The names F1 shows, and for a range such as "1-9" each key of it too ("3" is a key there).
std::set<std::string> key_names() {
  std::set<std::string> names;
  for (const gs::app::KeyBinding& binding : gs::app::key_bindings()) {
    const std::string name = binding.key_name;
    names.insert(name);
    if (binding.first_key != binding.last_key && name.size() == 3 && name[1] == '-')
      for (char key = name[0]; key <= name[2]; ++key) names.insert(std::string(1, key));
  }
  return names;
}

int check_keys(int count, char** names) {
  const std::set<std::string> known = key_names();
  std::string table;
  for (const gs::app::KeyBinding& binding : gs::app::key_bindings())
    table += (table.empty() ? "" : ", ") + std::string(binding.key_name);
  int unknown = 0;
  for (int i = 0; i < count; ++i)
    if (!known.count(names[i])) {
      std::cout << "unknown key '" << names[i] << "' (the key table has: " << table << ")\n";
      ++unknown;
    }
  return unknown == 0 ? 0 : 1;
}

int check_script(const char* source) {
  const std::string text{std::istreambuf_iterator<char>(std::cin), {}};
  const auto parsed = gs::app::parse_script(text, source);
  if (parsed) return 0;
  std::cout << parsed.message() << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "keys") return check_keys(argc - 2, argv + 2);
  if (mode == "script" && argc == 3) return check_script(argv[2]);
  std::cerr << "usage: doc_check_tool keys NAME... | doc_check_tool script SOURCE < script\n";
  return 2;
}
