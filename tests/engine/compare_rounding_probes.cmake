# Runs the rounding probe built for the x86-64 baseline (BASELINE: its fused multiply-adds are the
# C library's fmaf) and for the engine's instruction set (ENGINE), and fails unless both print the
# same hash of their final states: every build rounds the per-cell update alike (docs/model.md).
foreach(probe BASELINE ENGINE)
  execute_process(COMMAND ${${probe}} OUTPUT_VARIABLE out_${probe} RESULT_VARIABLE rc_${probe})
  if(NOT rc_${probe} EQUAL 0)
    message(FATAL_ERROR "${${probe}} failed (${rc_${probe}}): ${out_${probe}}")
  endif()
  string(REGEX MATCH "hash [0-9a-f]+" hash_${probe} "${out_${probe}}")
  message(STATUS "${probe}: ${out_${probe}}")
endforeach()
if(NOT out_BASELINE MATCHES "fma software")
  message(FATAL_ERROR "the baseline probe fused in hardware: it tests nothing here")
endif()
if(hash_BASELINE STREQUAL "" OR NOT hash_BASELINE STREQUAL hash_ENGINE)
  message(FATAL_ERROR "the builds round differently: baseline ${hash_BASELINE}, engine ${hash_ENGINE}")
endif()
