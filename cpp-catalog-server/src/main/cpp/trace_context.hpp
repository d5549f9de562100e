// W3C trace context across the Java/C++ boundary, on the server side: the adapter's client
// interceptor sends a GIOP service context 0x43420001 whose data are the lines
//   traceparent: 00-<32 hex trace id>-<16 hex parent span id>-<2 hex flags>\n
//   tracestate: ...\n            (optional)
// For each request that carries one, the server makes a span id of its own, returns it as 16
// ASCII hex digits in a reply service context 0x43420002, and logs one line on stderr:
//   trace trace_id=... parent_span_id=... span_id=... operation=... server_us=... outcome=reply|exception|oneway
// Requests without it cost one scan of their (usually empty) service context list.
// A call the server makes while it serves such a request (a call back to a listener, on the
// upcall's thread) carries a context 0x43420001 of its own: the incoming trace id, the server
// span's id as the parent, the incoming flags, so that the listener's span is the server span's
// child. Calls made outside a traced request (a subscription's thread) carry none.
#pragma once

#include <string>

namespace trace_context {

constexpr unsigned long REQUEST_CONTEXT_ID = 0x43420001UL;
constexpr unsigned long REPLY_CONTEXT_ID = 0x43420002UL;

// The trace id, parent span id and flags of a traceparent in `data` (the context's bytes);
// false when there is none or it is malformed (then nothing is logged or returned).
struct Parent {
  std::string trace_id;
  std::string span_id;
  std::string flags = "01";
};
bool parse(const char* data, unsigned long length, Parent& parent);

// The context's data for a call made inside the span `span_id` of the trace `trace_id`:
//   traceparent: 00-<trace_id>-<span_id>-<flags>\n
std::string traceparent_line(const std::string& trace_id, const std::string& span_id, const std::string& flags);

// Registers omniORB's server-side interceptors (serverReceiveRequest, serverSendReply,
// serverSendException) and the client-side one that carries the trace into calls made while a
// traced request is served (clientSendRequest), after ORB_init.
void install();

}  // namespace trace_context
