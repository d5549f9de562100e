#include "server_support.hpp"

#include <pthread.h>

#include <cstdlib>
#include <iostream>

namespace naming {

CosNaming::NamingContextExt_ptr root_context(CORBA::ORB_ptr orb, const std::string& url, const char* program,
                                             int exit_code) {
  CORBA::Object_var object;
  if (url.empty()) {
    try {
      object = orb->resolve_initial_references("NameService");
    } catch (CORBA::ORB::InvalidName&) {
      std::cerr << program << ": no name service; pass --naming corbaname::HOST:PORT "
                << "or -ORBInitRef NameService=corbaname::HOST:PORT\n";
      std::exit(exit_code);
    }
  } else {
    object = orb->string_to_object(url.c_str());
  }
  CosNaming::NamingContextExt_var context = CosNaming::NamingContextExt::_narrow(object);
  if (CORBA::is_nil(context)) {
    std::cerr << program << ": " << (url.empty() ? "NameService" : url) << " is not a naming context\n";
    std::exit(exit_code);
  }
  return context._retn();
}

void bind(CosNaming::NamingContextExt_ptr context, const std::string& name, CORBA::Object_ptr object) {
  CosNaming::Name_var path = context->to_name(name.c_str());
  for (CORBA::ULong depth = 1; depth < path->length(); ++depth) {
    CosNaming::Name prefix;
    prefix.length(depth);
    for (CORBA::ULong i = 0; i < depth; ++i) prefix[i] = path[i];
    try {
      CosNaming::NamingContext_var created = context->bind_new_context(prefix);
    } catch (CosNaming::NamingContext::AlreadyBound&) {
    }
  }
  context->rebind(path, object);
}

void unbind_if_ours(CosNaming::NamingContextExt_ptr context, const std::string& name, CORBA::Object_ptr object,
                    const char* program) {
  try {
    CORBA::Object_var bound = context->resolve_str(name.c_str());
    if (bound->_is_equivalent(object)) {
      CosNaming::Name_var path = context->to_name(name.c_str());
      context->unbind(path);
    }
  } catch (CORBA::Exception& e) {
    std::cerr << program << ": could not unbind " << name << " (" << e._name() << "); leaving it\n";
  }
}

}  // namespace naming

namespace stop_signals {

sigset_t block() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  return signals;
}

void wait_for(const sigset_t& signals, const char* program) {
  int signal_number = 0;
  sigwait(&signals, &signal_number);
  std::cerr << program << ": " << (signal_number == SIGTERM ? "SIGTERM" : "SIGINT") << ", stopping\n";
}

}  // namespace stop_signals
