#include "trace_context.hpp"

#include <omniORB4/CORBA.h>
#include <omniORB4/omniInterceptors.h>
// the request's service contexts and its response flag live in omniORB's GIOP_S, whose header
// needs these internal ones before it (the include path has omniORB4/internal)
#include <giopStrand.h>
#include <giopStream.h>
#include <GIOP_S.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>

namespace trace_context {

using omni::omniInterceptors;

namespace {

bool is_hex(const std::string& text) {
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

// The request this thread is serving: omniORB runs receive, upcall and reply of one request on
// one thread, so the span lives in thread-local storage between the interceptors.
struct ServerSpan {
  bool active = false;
  Parent parent;
  char span_id[17] = {0};
  std::string operation;
  std::chrono::steady_clock::time_point started;
};
thread_local ServerSpan current;

void new_span_id(char (&out)[17]) {
  thread_local std::mt19937_64 random{std::random_device{}()};
  unsigned long long id = 0;
  while (id == 0) id = random();  // all-zero is an invalid span id
  std::snprintf(out, sizeof out, "%016llx", id);
}

// One write per line, so that lines of concurrent requests do not interleave.
void log_line(const ServerSpan& span, const char* outcome, long long server_us) {
  char line[512];
  int length = std::snprintf(line, sizeof line,
                             "trace trace_id=%s parent_span_id=%s span_id=%s operation=%s server_us=%lld outcome=%s\n",
                             span.parent.trace_id.c_str(), span.parent.span_id.c_str(), span.span_id,
                             span.operation.c_str(), server_us, outcome);
  if (length > 0) {
    ssize_t ignored = ::write(STDERR_FILENO, line, static_cast<size_t>(length) < sizeof line ? length : sizeof line - 1);
    (void)ignored;
  }
}

CORBA::Boolean on_request(omniInterceptors::serverReceiveRequest_T::info_T& info) {
  current.active = false;
  IOP::ServiceContextList& contexts = info.giop_s.service_contexts();
  for (CORBA::ULong i = 0; i < contexts.length(); ++i) {
    if (contexts[i].context_id != REQUEST_CONTEXT_ID) continue;
    Parent parent;
    if (!parse(reinterpret_cast<const char*>(contexts[i].context_data.get_buffer()), contexts[i].context_data.length(),
               parent)) {
      return 1;
    }
    current.parent = parent;
    new_span_id(current.span_id);
    current.operation = info.giop_s.operation();
    current.started = std::chrono::steady_clock::now();
    if (!info.giop_s.response_expected()) {
      log_line(current, "oneway", 0);  // no reply, so no reply interceptor: logged as it arrives
      return 1;
    }
    current.active = true;
    return 1;
  }
  return 1;
}

// Adds the server span id to the reply and logs the request.
void end_span(IOP::ServiceContextList& contexts, const char* outcome) {
  if (!current.active) return;
  current.active = false;
  CORBA::ULong at = contexts.length();
  contexts.length(at + 1);
  contexts[at].context_id = REPLY_CONTEXT_ID;
  contexts[at].context_data.length(16);
  std::memcpy(contexts[at].context_data.get_buffer(), current.span_id, 16);
  long long server_us = std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::steady_clock::now() - current.started).count();
  log_line(current, outcome, server_us);
}

// A call this thread makes while it serves a traced request: the server span is its parent.
CORBA::Boolean on_send_request(omniInterceptors::clientSendRequest_T::info_T& info) {
  if (!current.active) return 1;
  const std::string line = traceparent_line(current.parent.trace_id, current.span_id, current.parent.flags);
  CORBA::ULong at = info.service_contexts.length();
  info.service_contexts.length(at + 1);
  info.service_contexts[at].context_id = REQUEST_CONTEXT_ID;
  info.service_contexts[at].context_data.length(static_cast<CORBA::ULong>(line.size()));
  std::memcpy(info.service_contexts[at].context_data.get_buffer(), line.data(), line.size());
  return 1;
}

CORBA::Boolean on_reply(omniInterceptors::serverSendReply_T::info_T& info) {
  end_span(info.giop_s.service_contexts(), "reply");
  return 1;
}

CORBA::Boolean on_exception(omniInterceptors::serverSendException_T::info_T& info) {
  end_span(info.giop_s.service_contexts(), "exception");
  return 1;
}

}  // namespace

bool parse(const char* data, unsigned long length, Parent& parent) {
  static const char prefix[] = "traceparent: ";
  const size_t prefix_length = sizeof prefix - 1;
  std::string text(data, length);
  size_t start = text.rfind(prefix, 0) == 0 ? 0 : text.find(std::string("\n") + prefix);
  if (start == std::string::npos) return false;
  if (start != 0) ++start;
  size_t end = text.find('\n', start);
  std::string value = text.substr(start + prefix_length, end == std::string::npos ? std::string::npos
                                                                                  : end - start - prefix_length);
  // version 00: 00-<32>-<16>-<2>, 55 characters
  if (value.size() < 55 || value[2] != '-' || value[35] != '-' || value[52] != '-') return false;
  std::string trace_id = value.substr(3, 32);
  std::string span_id = value.substr(36, 16);
  if (!is_hex(trace_id) || !is_hex(span_id) || trace_id == std::string(32, '0') || span_id == std::string(16, '0')) {
    return false;
  }
  std::string flags = value.substr(53, 2);
  parent.trace_id = trace_id;
  parent.span_id = span_id;
  parent.flags = is_hex(flags) ? flags : "01";
  return true;
}

std::string traceparent_line(const std::string& trace_id, const std::string& span_id, const std::string& flags) {
  return "traceparent: 00-" + trace_id + "-" + span_id + "-" + flags + "\n";
}

void install() {
  omniInterceptors* interceptors = omniORB::getInterceptors();
  interceptors->serverReceiveRequest.add(on_request);
  interceptors->serverSendReply.add(on_reply);
  interceptors->serverSendException.add(on_exception);
  interceptors->clientSendRequest.add(on_send_request);
}

}  // namespace trace_context
