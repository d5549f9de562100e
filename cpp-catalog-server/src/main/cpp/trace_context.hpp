// W3C trace context across the Java/C++ boundary, on the server side: the adapter's client
// interceptor sends a GIOP service context 0x43420001 whose data are the lines
//   traceparent: 00-<32 hex trace id>-<16 hex parent span id>-<2 hex flags>\n
//   tracestate: ...\n            (optional)
// For each request that carries one, the server makes a span id of its own, returns it as 16
// ASCII hex digits in a reply service context 0x43420002, and logs one line on stderr:
//   trace trace_id=... parent_span_id=... span_id=... operation=... server_us=... outcome=reply|exception|oneway
// Requests without it cost one scan of their (usually empty) service context list.
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
};
bool parse(const char* data, unsigned long length, Parent& parent);

// Registers omniORB's server-side interceptors (serverReceiveRequest, serverSendReply,
// serverSendException), after ORB_init.
void install();

}  // namespace trace_context
