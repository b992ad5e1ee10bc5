#include "gs/termination.h"

#include <csignal>
#include <cstring>

namespace gs {
namespace {

volatile std::sig_atomic_t g_signal = 0;

// Every signal whose default action ends the process and that a handler may catch.
constexpr int kTerminatingSignals[] = {SIGHUP,  SIGINT,  SIGQUIT,   SIGTERM, SIGUSR1, SIGUSR2,
                                       SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR};

extern "C" void on_terminating_signal(int signal) {
  if (g_signal == 0) g_signal = signal;
}

}  // namespace

void install_termination_handlers() {
  // A file-size limit must fail the write (a message, the file removed), not kill the run.
  std::signal(SIGXFSZ, SIG_IGN);
  struct sigaction action {};
  action.sa_handler = on_terminating_signal;
  sigemptyset(&action.sa_mask);
  for (const int signal : kTerminatingSignals) sigaction(signal, &action, nullptr);
}

bool termination_requested() {
  return g_signal != 0;
}

int termination_signal() {
  return g_signal;
}

std::string termination_signal_name() {
  return signal_name(g_signal);
}

std::string signal_name(int signal) {
  const char* abbreviation = sigabbrev_np(signal);
  return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
}

}  // namespace gs
