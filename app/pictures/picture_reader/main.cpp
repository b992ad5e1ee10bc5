// grayscott-picture-reader: decodes pictures for gs::app::read_pictures in the program that
// started it, answering on standard output (picture_read_protocol.h), one answer a file. A process
// of its own, under limits of memory and processor time, so a crafted picture that makes stb_image
// loop, crash or take all memory ends only this process. Not meant to be run by hand.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "picture_file.h"
#include "picture_read_protocol.h"

namespace {

// Writes all of `bytes`; false when the parent is gone.
bool send(const void* data, std::size_t bytes) {
  const auto* from = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t sent = ::write(STDOUT_FILENO, from, bytes);
    if (sent <= 0) return false;
    from += sent;
    bytes -= std::size_t(sent);
  }
  return true;
}

// The limits: the address space (not under AddressSanitizer, which reserves terabytes of shadow
// memory up front) and, behind the parent's wall-clock limit, processor time. The address space
// is never raised past what the program was given: an inherited `ulimit -v` stays the binding
// limit, and a refusal names it.
void limit_self() {
#if !defined(__SANITIZE_ADDRESS__)
  rlimit memory{};
  if (::getrlimit(RLIMIT_AS, &memory) == 0) {
    memory.rlim_cur = std::min<rlim_t>(memory.rlim_cur, gs::app::kPictureDecodeBytes);
    ::setrlimit(RLIMIT_AS, &memory);
  }
#endif
  const rlimit cpu{600, 600};
  ::setrlimit(RLIMIT_CPU, &cpu);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gs::app;
  if (argc < 2) {
    std::fprintf(stderr,
                 "grayscott-picture-reader: started by the Gray-Scott Live programs to decode "
                 "pictures; usage: %s FILE...\n",
                 argv[0]);
    return 2;
  }
  limit_self();
  // One answer a file, in order; each picture's memory is given back before the next.
  for (int i = 1; i < argc; ++i) {
    const gs::Expected<Picture> picture = read_picture_in_process(argv[i]);
    picture_read::PictureReply reply;
    reply.ok = picture.is_ok();
    bool sent = false;
    if (!picture) {
      const std::string& message = picture.message();
      reply.message_bytes = std::uint32_t(message.size());
      sent = send(&reply, sizeof reply) && send(message.data(), message.size());
    } else {
      reply.width = picture->width;
      reply.height = picture->height;
      sent = send(&reply, sizeof reply) && send(picture->rgba.data(), picture->rgba.size());
    }
    if (!sent) return 3;
  }
  return 0;
}
