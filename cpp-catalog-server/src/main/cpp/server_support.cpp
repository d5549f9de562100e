#include "server_support.hpp"
#include "trace_context.hpp"

#include <omniORB4/sslContext.h>
#include <openssl/ssl.h>
#include <pthread.h>

#include <cstdlib>
#include <iostream>
#include <memory>

namespace server_orb {

namespace {

struct TlsOptions {
  std::string key_file;
  std::string ca_file;
  std::string verify = "none";
};

TlsOptions& tls_options() {
  static TlsOptions options;
  return options;
}

// Sets omniORB's SSL context up before ORB_init, which creates it from these members. (Debian's
// omniORB 4.2.5 leaves it without a key when given -ORBsslKeyFile instead.)
bool configure_tls(const char* program, const std::vector<std::string>& endpoints) {
  bool wants_tls = false;
  for (const std::string& endpoint : endpoints) wants_tls = wants_tls || endpoint.rfind("giop:ssl:", 0) == 0;
  const TlsOptions& options = tls_options();
  if (!wants_tls) return true;
  if (options.key_file.empty()) {
    std::cerr << program << ": a giop:ssl endpoint needs --tls-key (the server's certificate and key, PEM)\n";
    return false;
  }
  if (options.ca_file.empty()) {
    // omniORB 4.2.5 would only log "SSL CA certificate location is not set. SSL transport
    // disabled" and fail ORB_init with INITIALIZE
    std::cerr << program << ": a giop:ssl endpoint needs --tls-ca (CA certificates, PEM): omniORB's SSL transport"
              << " does not start without one, even when no client certificate is asked for\n";
    return false;
  }
  sslContext::key_file = options.key_file.c_str();
  sslContext::key_file_password = "";
  sslContext::certificate_authority_file = options.ca_file.c_str();
  if (options.verify == "none") {
    sslContext::verify_mode = SSL_VERIFY_NONE;
  } else if (options.verify == "peer") {
    sslContext::verify_mode = SSL_VERIFY_PEER;
  } else if (options.verify == "require") {
    sslContext::verify_mode = SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT;
  } else {
    std::cerr << program << ": --tls-verify takes none, peer or require, not " << options.verify << "\n";
    return false;
  }
  return true;
}

}  // namespace

bool take_tls_option(const std::string& arg, const std::function<std::string()>& value) {
  if (arg == "--tls-key") {
    tls_options().key_file = value();
  } else if (arg == "--tls-ca") {
    tls_options().ca_file = value();
  } else if (arg == "--tls-verify") {
    tls_options().verify = value();
  } else {
    return false;
  }
  return true;
}

const char* tls_usage() {
  return "       [--tls-key PEM] [--tls-ca PEM] [--tls-verify none|peer|require]\n";
}

CORBA::ORB_ptr init(int& argc, char** argv, const char* program, std::vector<std::string>& endpoints,
                    const std::string& call_timeout_ms, const std::string& connect_timeout_ms,
                    const std::vector<std::pair<std::string, std::string>>& extra) {
  if (endpoints.empty()) endpoints.push_back("giop:tcp:127.0.0.1:");
  if (!configure_tls(program, endpoints)) return CORBA::ORB::_nil();

  // Connection limits, stated rather than left to omniORB's defaults (-ORB arguments override):
  // a thread per connection up to 1000 connections, then a pool serving them all (back to a
  // thread each below 900); a connection idle for 180 s is closed. omniORB 4.2 counts the
  // per-connection threads against maxServerThreadPoolSize too: at 100, a connection served by
  // the pool after the switch waited for a free thread until enough of the first 1000 closed
  // (20 s and more, 4 times in 80 crowded runs beside another build). 1100 leaves the pool its
  // 100 threads beside the 1000 per-connection ones.
  static const char* const kConnectionLimits[][2] = {{"threadPerConnectionUpperLimit", "1000"},
                                                     {"threadPerConnectionLowerLimit", "900"},
                                                     {"maxServerThreadPoolSize", "1100"},
                                                     {"inConScanPeriod", "180"}};
  constexpr std::size_t kLimits = sizeof(kConnectionLimits) / sizeof(kConnectionLimits[0]);

  const std::size_t rows = endpoints.size() + kLimits + extra.size() + 3;
  std::unique_ptr<const char*[][2]> options(new const char*[rows][2]);
  std::size_t row = 0;
  for (const std::string& endpoint : endpoints) {
    options[row][0] = "endPoint";
    options[row++][1] = endpoint.c_str();
  }
  for (const auto& limit : kConnectionLimits) {
    options[row][0] = limit[0];
    options[row++][1] = limit[1];
  }
  options[row][0] = "clientCallTimeOutPeriod";
  options[row++][1] = call_timeout_ms.c_str();
  options[row][0] = "clientConnectTimeOutPeriod";
  options[row++][1] = connect_timeout_ms.empty() ? call_timeout_ms.c_str() : connect_timeout_ms.c_str();
  for (const auto& option : extra) {
    options[row][0] = option.first.c_str();
    options[row++][1] = option.second.c_str();
  }
  options[row][0] = nullptr;
  options[row][1] = nullptr;
  try {
    CORBA::ORB_ptr orb = CORBA::ORB_init(argc, argv, "omniORB4", options.get());
    // after ORB_init: omniORB refuses to initialise (INITIALIZE) with interceptors added before it
    trace_context::install();
    return orb;
  } catch (CORBA::Exception& e) {
    std::cerr << program << ": ORB_init failed (" << e._name() << "); check the -ORB options and the endpoints "
              << describe(endpoints) << "\n";
    return CORBA::ORB::_nil();
  }
}

std::string describe(const std::vector<std::string>& endpoints) {
  std::string joined;
  for (const std::string& endpoint : endpoints) {
    if (!joined.empty()) joined += ",";
    joined += endpoint;
  }
  return joined;
}

}  // namespace server_orb

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
