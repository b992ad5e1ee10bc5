# gs_target_defaults(target): the project's warning and sanitizer flags, per target. GS_FUZZ
# instruments every target for libFuzzer's coverage, ASan and UBSan (tests/fuzz links the fuzzer).
function(gs_target_defaults target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>)
  if(GS_SANITIZE)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined>
      # ASan's own advice: -O1 keeps the reports exact and makes the simulation tests (a
      # thousand steps on a megacell grid) run in seconds rather than minutes.
      $<$<AND:$<CONFIG:Debug>,$<COMPILE_LANGUAGE:CXX>>:-O1>)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  if(GS_FUZZ)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined>
      # Asserts on, at a fuzzing pace (-O1 vectorises no `omp simd` loop: clang would say so).
      $<$<AND:$<CONFIG:Debug>,$<COMPILE_LANGUAGE:CXX>>:-O1 -Wno-pass-failed>)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()
