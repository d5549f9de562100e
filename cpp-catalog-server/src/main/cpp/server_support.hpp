// What every server here shares: binding its object in CosNaming and taking it back, and
// stopping on SIGTERM or SIGINT.
#pragma once

#include <omniORB4/CORBA.h>
#include <omniORB4/Naming.hh>

#include <csignal>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace server_orb {

// The TLS options every server takes, for its giop:ssl endpoints:
//   --tls-key FILE      one PEM file with the server's certificate chain and its key
//   --tls-ca FILE       the CA certificates (PEM) that client certificates must chain to
//   --tls-verify MODE   none (ask no client certificate, the default), peer (verify one if
//                       presented) or require (mutual TLS: refuse clients without one)
// Returns whether `arg` was one of them, taking its value with `value`.
bool take_tls_option(const std::string& arg, const std::function<std::string()>& value);

// The usage lines of the TLS options.
const char* tls_usage();

// ORB_init with what every server here sets: one endPoint per entry of `endpoints`
// (giop:tcp:HOST:PORT, giop:ssl:HOST:PORT, or both: a server with only giop:ssl refuses plain
// text; none given, it becomes giop:tcp:127.0.0.1: on any free port, in `endpoints` too), and `call_timeout_ms` as the client-side call and connect time-outs that bound its
// naming calls (omniORB waits for ever by default). The SSL transport is linked in and set up
// from the TLS options. Returns nil, having said why on stderr, when ORB_init fails or a
// giop:ssl endpoint has no --tls-key.
// `connect_timeout_ms`, when given, bounds the opening of a connection instead: omniORB lets a
// longer connect time-out extend the whole deadline of a call that opens a connection, so a
// server whose call backs have a shorter bound than its naming calls passes the shorter one here.
// `extra` are further ORB options (name, value), such as bidirectional GIOP's.
CORBA::ORB_ptr init(int& argc, char** argv, const char* program, std::vector<std::string>& endpoints,
                    const std::string& call_timeout_ms, const std::string& connect_timeout_ms = "",
                    const std::vector<std::pair<std::string, std::string>>& extra = {});

// The endpoints as one word for the READY line: "giop:tcp:127.0.0.1:5000,giop:ssl:127.0.0.1:5001".
std::string describe(const std::vector<std::string>& endpoints);

}  // namespace server_orb

namespace naming {

// The root context: `url` (corbaname:/corbaloc:), or the NameService initial reference when
// it is empty. Exits with `exit_code` and a message naming `program` when there is none.
CosNaming::NamingContextExt_ptr root_context(CORBA::ORB_ptr orb, const std::string& url, const char* program,
                                             int exit_code);

// Binds `name` (a CosNaming string name such as "Catalog" or "shop/Catalog"), creating any
// missing intermediate contexts, and replacing an earlier binding of the same name.
void bind(CosNaming::NamingContextExt_ptr context, const std::string& name, CORBA::Object_ptr object);

// Unbinds `name` only while it still names `object`: a successor that has rebound the name
// in the meantime keeps its binding.
void unbind_if_ours(CosNaming::NamingContextExt_ptr context, const std::string& name, CORBA::Object_ptr object,
                    const char* program);

}  // namespace naming

namespace stop_signals {

// Blocks SIGINT and SIGTERM in the calling thread (call it before the ORB starts its threads, so
// that they all inherit the mask and only wait_for() sees the signals) and ignores SIGPIPE.
sigset_t block();

// Waits for SIGINT or SIGTERM and says which on stderr.
void wait_for(const sigset_t& signals, const char* program);

}  // namespace stop_signals
