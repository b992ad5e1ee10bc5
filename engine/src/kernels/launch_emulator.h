// The CPU launch emulator: runs a kernel's per-thread body over exactly the grid and block shape
// of the real launch, block by block and thread by thread, as the course's CPU twin does. The
// bodies must not depend on the order of threads (the step kernels read one buffer and write
// another), so a sequential walk gives the GPU's result.
#pragma once

#include "gs/launch_shape.h"

namespace gs {

template <class Body>
void emulate_launch(const LaunchShape& shape, Body&& body) {
  Dim3 block;
  for (block.z = 0; block.z < shape.grid.z; ++block.z)
    for (block.y = 0; block.y < shape.grid.y; ++block.y)
      for (block.x = 0; block.x < shape.grid.x; ++block.x) {
        Dim3 thread;
        for (thread.z = 0; thread.z < shape.block.z; ++thread.z)
          for (thread.y = 0; thread.y < shape.block.y; ++thread.y)
            for (thread.x = 0; thread.x < shape.block.x; ++thread.x)
              body(block, thread, shape.block);
      }
}

}  // namespace gs
