// What every server here shares: binding its object in CosNaming and taking it back, and
// stopping on SIGTERM or SIGINT.
#pragma once

#include <omniORB4/CORBA.h>
#include <omniORB4/Naming.hh>

#include <csignal>
#include <string>

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
