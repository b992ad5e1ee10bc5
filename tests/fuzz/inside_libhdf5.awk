# Reads a fuzz target's log and exits 0 when its report is a fault of libhdf5 itself, 1 otherwise
# (with -v lib=REGEX, of that library instead: fuzz_pictures judges Debian's libstb, whose JPEG
# decoder over-reads on some crafted files; the programs decode pictures in a reader process of
# their own, grayscott-picture-reader, so such a fault ends that process, not theirs).
# Debian's libhdf5 1.10.8 (uninstrumented) over-reads, dereferences what a failed malloc gave it,
# or loops forever on some corrupt files. Inside it means: the faulting (or, for a timeout, the
# running) frame after the sanitizer's, libFuzzer's and libc's own is in libhdf5, on memory
# libhdf5 allocated (not ours, and not a stack buffer, which can only be ours), and no UBSan
# report. An overflow of our buffer, even by HDF5, stays ours.
# The sanitizers' and libFuzzer's frames are in the target's binary without a source line (our
# code has one); libc's are named by its sources (or, in gdb's backtrace without them, by its
# file).
function runtime_frame(line) {
  return line ~ /\/fuzz_[a-z_]+\+0x[0-9a-f]+\)/ || line ~ /(libc\.so|\/libc-|string\/|sysdeps\/|csu\/|nptl\/|stdlib\/|debug\/)/
}
/ERROR: AddressSanitizer: (stack|global|dynamic-stack|container|use-after-scope|alloc-dealloc|new-delete)/ { ours = 1 }
/runtime error:/ { ours = 1 }
/ERROR: (AddressSanitizer|libFuzzer: (out-of-memory \(malloc|deadly signal|timeout))/ && section == "" {
  section = "fault"
  next
}
/allocated by thread/ { section = "alloc"; next }
/freed by thread/ { section = "freed"; next }
section != "" && /^ *#[0-9]+ / && !runtime_frame($0) && !(section in first) { first[section] = $0 }
BEGIN { if (lib == "") lib = "libhdf5" }
END {
  if (ours || !("fault" in first) || first["fault"] !~ lib) exit 1
  if (("alloc" in first) && first["alloc"] !~ lib) exit 1
  exit 0
}
