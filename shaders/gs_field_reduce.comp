// Reductions over the state without copying it out: the smallest and largest finite value of
// one field (for the colour scale), and whether any cell of u or v is NaN or infinite (the
// divergence check). Each invocation walks the cells a grid stride apart, each work group
// combines its invocations in shared memory, and one atomic per group meets the others'.
// Floats are compared as ordered keys (their bits, the sign flipped into order).

layout(local_size_x = 256) in;

layout(std430, binding = 0) readonly buffer U { float u[]; };
layout(std430, binding = 1) readonly buffer V { float v[]; };
layout(std430, binding = 6) buffer Result {
  uint low_key;
  uint high_key;
  uint not_finite;
};

uniform uint cells;
uniform int field;  // 0: u's range, 1: v's range (both fields' finiteness either way)

shared uint group_low[256];
shared uint group_high[256];
shared uint group_not_finite[256];

uint ordered_key(float x) {
  const uint bits = floatBitsToUint(x);
  return (bits & 0x80000000u) != 0u ? ~bits : bits | 0x80000000u;
}

void main() {
  uint low = 0xffffffffu, high = 0u, bad = 0u;
  const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < cells; i += stride) {
    const float a = u[i], b = v[i];
    const bool a_bad = gs_not_finite(a), b_bad = gs_not_finite(b);
    if (a_bad || b_bad) bad = 1u;
    const float x = field == 0 ? a : b;
    if (!(field == 0 ? a_bad : b_bad)) {
      const uint key = ordered_key(x);
      low = min(low, key);
      high = max(high, key);
    }
  }
  const uint me = gl_LocalInvocationID.x;
  group_low[me] = low;
  group_high[me] = high;
  group_not_finite[me] = bad;
  barrier();
  for (uint half_size = 128u; half_size > 0u; half_size >>= 1) {
    if (me < half_size) {
      group_low[me] = min(group_low[me], group_low[me + half_size]);
      group_high[me] = max(group_high[me], group_high[me + half_size]);
      group_not_finite[me] |= group_not_finite[me + half_size];
    }
    barrier();
  }
  if (me == 0u) {
    atomicMin(low_key, group_low[0]);
    atomicMax(high_key, group_high[0]);
    atomicOr(not_finite, group_not_finite[0]);
  }
}
