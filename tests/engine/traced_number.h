// A float for tests that watches the per-cell arithmetic (gs/cell_update.h) from inside: run
// through the real templated update in place of float, it computes exactly what float computes
// (the same operations, one rounding each, std::fma for the fused ones) and also carries the
// exact value of the operation that made it, before rounding. Each time a number is the operand of
// an operation, the smallest nonzero such magnitude is kept in the TraceLog: so the log's minimum
// is the smallest exact intermediate that anything was computed from. A number that is only cut
// by zero_below (the update's results, a map's rates) is not counted: whatever it rounds to near
// the smallest float, the cut makes 0 of it.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gs/value_floors.h"

namespace gs::test {

struct TraceLog {
  double smallest = std::numeric_limits<double>::infinity();  // nonzero |exact| of any operand
  long operands = 0;                                          // operands seen (nonzero)

  static TraceLog& current() {
    static thread_local TraceLog log;
    return log;
  }
  void reset() { *this = TraceLog{}; }
};

class Traced {
 public:
  Traced() : Traced(0.0f) {}
  Traced(float x) : value_(x), exact_(x) {}  // NOLINT: a constant or an input, as Real(x) is

  float value() const { return value_; }
  double exact() const { return exact_; }

  // Exact in double where the operands' exponents are within 29 of each other; otherwise one
  // rounding of the exact sum, 2^-53 off: the magnitude is what counts.
  friend Traced operator+(Traced a, Traced b) {
    return made(a.used() + b.used(), a.value_ + b.value_);
  }
  friend Traced operator-(Traced a, Traced b) {
    return made(a.used() - b.used(), a.value_ - b.value_);
  }
  friend Traced operator*(Traced a, Traced b) {  // a float product is exact in double
    return made(a.used() * b.used(), a.value_ * b.value_);
  }
  friend Traced operator/(Traced a, Traced b) {
    return made(a.used() / b.used(), a.value_ / b.value_);
  }
  // The product is exact in double and the sum is rounded once: 2^-53 off the exact result.
  friend Traced fused_multiply_add(Traced a, Traced b, Traced c) {
    return made(a.used() * b.used() + c.used(), std::fma(a.value_, b.value_, c.value_));
  }
  friend Traced fused_multiply_subtract(Traced a, Traced b, Traced c) {
    return made(a.used() * b.used() - c.used(), std::fma(a.value_, b.value_, -c.value_));
  }
  friend Traced fused_negate_multiply_add(Traced a, Traced b, Traced c) {
    return made(-a.used() * b.used() + c.used(), std::fma(-a.value_, b.value_, c.value_));
  }
  // The cut itself is no arithmetic: its operand is not counted (see the header).
  friend Traced zero_below(Traced x, float floor) {
    return Traced(gs::zero_below(x.value_, floor));
  }

 private:
  static Traced made(double exact, float value) {
    Traced t(value);
    t.exact_ = exact;
    return t;
  }
  // This number's exact value, noted as an operand's.
  double used() const {
    TraceLog& log = TraceLog::current();
    if (exact_ != 0.0) {
      log.smallest = std::min(log.smallest, std::abs(exact_));
      ++log.operands;
    }
    return double(value_);
  }

  float value_;
  double exact_;
};

}  // namespace gs::test
