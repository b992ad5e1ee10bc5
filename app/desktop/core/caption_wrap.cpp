// Caption lines (caption_wrap.h).
#include "caption_wrap.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace gs::app {
namespace {

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// "0.047)", "8.3", "1,920", "(32": a number, with the brackets and punctuation around it.
bool is_number(std::string_view word) {
  const std::size_t first = word.find_first_not_of("(~");
  const std::size_t last = word.find_last_not_of("),;:!?");
  if (first == std::string_view::npos || last == std::string_view::npos || last < first)
    return false;
  const std::string_view core = word.substr(first, last - first + 1);
  return is_digit(core.front()) && is_digit(core.back()) &&
         std::all_of(core.begin(), core.end(),
                     [](char c) { return is_digit(c) || c == '.' || c == ','; });
}

// "F", "(F", "k": a one-letter name, as a parameter is written before its value.
bool is_one_letter(std::string_view word) {
  if (!word.empty() && word.front() == '(') word.remove_prefix(1);
  return word.size() == 1 && std::isalpha(static_cast<unsigned char>(word.front())) != 0;
}

// The text's words, those that must stay on one line joined by their space.
std::vector<std::string> unbreakable_pieces(std::string_view paragraph) {
  std::vector<std::string> words;
  for (std::size_t at = 0; at <= paragraph.size();) {
    const std::size_t space = std::min(paragraph.find(' ', at), paragraph.size());
    if (space > at) words.emplace_back(paragraph.substr(at, space - at));
    at = space + 1;
  }
  std::vector<std::string> pieces;
  for (std::size_t i = 0; i < words.size(); ++i) {
    // A number that ends its word (no comma or bracket after it) has its unit or its noun next.
    const std::string& before = i > 0 ? words[i - 1] : words[i];
    const bool glued = i > 0 && ((is_number(before) && is_digit(before.back())) ||
                                 (is_one_letter(before) && is_number(words[i])));
    if (glued)
      pieces.back() += " " + words[i];
    else
      pieces.push_back(words[i]);
  }
  return pieces;
}

}  // namespace

std::string wrap_caption(const std::string& text, float width, const MeasureText& measure) {
  std::string wrapped;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string line;
    for (const std::string& piece :
         unbreakable_pieces(std::string_view(text).substr(at, end - at))) {
      if (!line.empty() && measure(line + " " + piece) > width) {
        wrapped += line + "\n";
        line.clear();
      }
      line += (line.empty() ? "" : " ") + piece;
    }
    wrapped += line;
    if (end < text.size()) wrapped += "\n";
    at = end + 1;
  }
  return wrapped;
}

std::vector<std::string> caption_lines(const std::string& wrapped) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < wrapped.size();) {
    const std::size_t end = std::min(wrapped.find('\n', at), wrapped.size());
    lines.push_back(wrapped.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

}  // namespace gs::app
