// GPU time of GL work from a GL_TIME_ELAPSED query, read a frame later without stalling. A
// measurement carries a tag (the GL compute backend's: the steps it covers).
#pragma once

#include <glad/gl.h>

namespace gs::app {

class GlTimer {
 public:
  GlTimer() { glGenQueries(1, &query_); }
  ~GlTimer() { glDeleteQueries(1, &query_); }
  GlTimer(const GlTimer&) = delete;
  GlTimer& operator=(const GlTimer&) = delete;

  // Starts timing unless the previous measurement is still in flight (then this one is skipped).
  void begin(int tag = 0) {
    collect();
    timing_ = !pending_;
    if (timing_) {
      glBeginQuery(GL_TIME_ELAPSED, query_);
      tag_ = tag;
    }
  }
  void end() {
    if (!timing_) return;
    glEndQuery(GL_TIME_ELAPSED);
    pending_ = true;
    timing_ = false;
  }
  // The latest finished measurement in ms (0 before the first).
  double last_ms() {
    collect();
    return last_ms_;
  }
  // The tag of the latest finished measurement.
  int last_tag() {
    collect();
    return last_tag_;
  }
  // Waits for the measurement in flight, if any.
  void wait() {
    if (!pending_) return;
    GLuint64 ns = 0;
    glGetQueryObjectui64v(query_, GL_QUERY_RESULT, &ns);
    collect();
  }

 private:
  void collect() {
    if (!pending_) return;
    GLint available = 0;
    glGetQueryObjectiv(query_, GL_QUERY_RESULT_AVAILABLE, &available);
    if (!available) return;
    GLuint64 ns = 0;
    glGetQueryObjectui64v(query_, GL_QUERY_RESULT, &ns);
    last_ms_ = double(ns) / 1e6;
    last_tag_ = tag_;
    pending_ = false;
  }
  GLuint query_ = 0;
  bool pending_ = false;
  bool timing_ = false;
  double last_ms_ = 0.0;
  int tag_ = 0;
  int last_tag_ = 0;
};

}  // namespace gs::app
