// warehouse_server: serves the example Warehouse (every CORBA type the adapter handles) and,
// with --till, the Till (fixed-point money; till.idl), bound in CosNaming until SIGTERM or
// SIGINT, then unbinds them (if the names are still its own) and exits 0.
//
//   warehouse_server [--name NAME] [--till TILL_NAME] [--naming URL] [--endpoint ENDPOINT ...] [--tls-key PEM --tls-ca PEM --tls-verify MODE] [--site SITE]
//                    [--capacity N] [--object-id ID] [--call-timeout-ms MS] [--callback-timeout-ms MS] [--bidir]
//                    [-ORB<option> <value> ...]
//
// --callback-timeout-ms bounds each call back to a StockListener (default 2000); --call-timeout-ms
// its calls to the name service (default 5000). --bidir accepts bidirectional GIOP: a client that
// offers it is called back over the connection it opened (GIOP 1.2 only), as omniORB's
// examples/bidir does.
//
// Prints one line "READY name=... endpoint=..." on stdout once the name is bound.
#include <omniORB4/CORBA.h>

#include <omniORB4/BiDirPolicy.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "server_support.hpp"
#include "warehouse_servant.hpp"

namespace {

constexpr int kExitUsage = 1;
constexpr int kExitNaming = 2;
constexpr int kExitCorba = 3;
constexpr const char* kProgram = "warehouse_server";

struct Options {
  std::string name = "Warehouse";
  std::string till_name;  // empty: no Till
  std::string naming_url;
  std::vector<std::string> endpoints;  // empty: server_orb::init gives giop:tcp:127.0.0.1:
  std::string site = "depot-1";
  long capacity = 100;
  std::string object_id;  // empty: a transient object
  std::string call_timeout_ms = "5000";
  unsigned long callback_timeout_ms = 2000;
  bool bidir = false;
};

// A number of milliseconds in [1, 3 600 000], or the usage message.
unsigned long milliseconds(const std::string& option, const std::string& text) {
  char* end = nullptr;
  const unsigned long ms = std::strtoul(text.c_str(), &end, 10);
  if (text.empty() || text[0] == '-' || *end != '\0' || ms < 1 || ms > 3600000) {
    std::cerr << kProgram << ": " << option << " needs a number of milliseconds from 1 to 3600000, not '" << text
              << "'\n";
    std::exit(kExitUsage);
  }
  return ms;
}

// The POA of the served objects. Without --bidir and --object-id, the RootPOA as before. With
// --object-id, a persistent object whose object key is the id itself (omniORB's INS POA), so that
// corbaloc::HOST:PORT/ID names it. With --bidir, a POA of the BiDirectional policy BOTH (as
// omniORB's examples/bidir makes), persistent and with user ids too when an --object-id is given:
// the INS POA cannot take another policy, so the key then holds the POA's name as well.
PortableServer::POA_ptr served_poa(CORBA::ORB_ptr orb, PortableServer::POA_ptr root_poa, const Options& options) {
  if (!options.bidir) {
    if (options.object_id.empty()) return PortableServer::POA::_duplicate(root_poa);
    CORBA::Object_var ins_object = orb->resolve_initial_references("omniINSPOA");
    PortableServer::POA_var ins_poa = PortableServer::POA::_narrow(ins_object);
    PortableServer::POAManager_var ins_manager = ins_poa->the_POAManager();
    ins_manager->activate();
    return ins_poa._retn();
  }
  CORBA::PolicyList policies;
  policies.length(options.object_id.empty() ? 1 : 3);
  CORBA::Any both;
  both <<= BiDirPolicy::BOTH;
  policies[0] = orb->create_policy(BiDirPolicy::BIDIRECTIONAL_POLICY_TYPE, both);
  if (!options.object_id.empty()) {
    policies[1] = root_poa->create_lifespan_policy(PortableServer::PERSISTENT);
    policies[2] = root_poa->create_id_assignment_policy(PortableServer::USER_ID);
  }
  PortableServer::POAManager_var manager = root_poa->the_POAManager();
  PortableServer::POA_ptr poa = root_poa->create_POA("warehouse-bidir", manager, policies);
  for (CORBA::ULong i = 0; i < policies.length(); ++i) policies[i]->destroy();
  return poa;
}

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << kProgram << ": " << problem << "\n"
            << "usage: warehouse_server [--name NAME] [--till TILL_NAME] [--naming corbaname::HOST:PORT]\n"
            << "                        [--endpoint giop:tcp|ssl:HOST:PORT ...] [--site SITE] [--capacity N]\n"
            << "                        [--object-id ID] [--call-timeout-ms MS] [--callback-timeout-ms MS] [--bidir]\n"
            << "                 " << server_orb::tls_usage()
            << "                        [-ORBoption value ...]\n";
  std::exit(kExitUsage);
}

Options take_options(int& argc, char** argv) {
  Options options;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--name") {
      options.name = value();
    } else if (arg == "--till") {
      options.till_name = value();
      if (options.till_name.empty()) usage("--till needs a name");
    } else if (arg == "--naming") {
      options.naming_url = value();
    } else if (arg == "--endpoint") {
      options.endpoints.push_back(value());
    } else if (arg == "--site") {
      options.site = value();
    } else if (arg == "--capacity") {
      const std::string text = value();
      char* end = nullptr;
      options.capacity = std::strtol(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || options.capacity < 0) usage("--capacity needs a number >= 0");
    } else if (arg == "--object-id") {
      options.object_id = value();
      if (options.object_id.empty()) usage("--object-id needs an id");
    } else if (arg == "--call-timeout-ms") {
      options.call_timeout_ms = std::to_string(milliseconds(arg, value()));
    } else if (arg == "--callback-timeout-ms") {
      options.callback_timeout_ms = milliseconds(arg, value());
    } else if (arg == "--bidir") {
      options.bidir = true;
    } else if (server_orb::take_tls_option(arg, value)) {
    } else if (arg == "--help" || arg == "-h") {
      usage("serves the example Warehouse over omniORB");
    } else if (arg.rfind("--", 0) == 0) {
      usage("unknown option " + arg);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  if (options.name.empty()) usage("--name must not be empty");
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  // before the ORB starts its threads: they inherit the mask, and only wait_for() sees the signals
  const sigset_t stop_on = stop_signals::block();

  Options options = take_options(argc, argv);
  // The call backs' bound is set on each listener reference (WarehouseServant::bounded); the
  // connect time-out is ORB-wide and, when longer, extends the deadline of a call that opens a
  // connection, so it is the shorter of the two bounds: a listener whose address drops packets
  // fails within the call-back time-out too.
  const std::string connect_timeout_ms =
      std::to_string(std::min(std::stoul(options.call_timeout_ms), options.callback_timeout_ms));
  std::vector<std::pair<std::string, std::string>> extra;
  if (options.bidir) {
    extra = {{"acceptBiDirectionalGIOP", "1"}, {"serverTransportRule", "* unix,ssl,tcp,bidir"}};
  }
  CORBA::ORB_var orb =
      server_orb::init(argc, argv, kProgram, options.endpoints, options.call_timeout_ms, connect_timeout_ms, extra);
  if (CORBA::is_nil(orb)) return kExitCorba;
  if (argc > 1) usage(std::string("unexpected argument ") + argv[1]);

  WarehouseServant servant(options.site, static_cast<CORBA::Long>(options.capacity),
                           static_cast<CORBA::ULong>(options.callback_timeout_ms));
  TillServant till_servant;
  const std::string& till_name = options.till_name;
  int status = 0;
  try {
    CORBA::Object_var root_object = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var root_poa = PortableServer::POA::_narrow(root_object);
    PortableServer::POA_var poa = served_poa(orb, root_poa, options);
    CORBA::Object_var warehouse;
    if (options.object_id.empty()) {
      PortableServer::ObjectId_var id = poa->activate_object(&servant);
      warehouse = poa->id_to_reference(id);
    } else {
      PortableServer::ObjectId_var id = PortableServer::string_to_ObjectId(options.object_id.c_str());
      poa->activate_object_with_id(id, &servant);
      warehouse = poa->id_to_reference(id);
    }
    PortableServer::ObjectId_var till_id = root_poa->activate_object(&till_servant);
    CORBA::Object_var till = root_poa->id_to_reference(till_id);
    PortableServer::POAManager_var manager = root_poa->the_POAManager();
    manager->activate();

    CosNaming::NamingContextExt_var context;
    try {
      context = naming::root_context(orb, options.naming_url, kProgram, kExitNaming);
      if (!till_name.empty()) naming::bind(context, till_name, till);
      naming::bind(context, options.name, warehouse);
    } catch (CORBA::Exception& e) {
      std::cerr << kProgram << ": cannot bind " << options.name << ": " << e._name() << "\n";
      orb->destroy();
      return kExitNaming;
    }
    std::cout << "READY name=" << options.name << " endpoint=" << server_orb::describe(options.endpoints)
              << " callback-timeout-ms=" << options.callback_timeout_ms << (options.bidir ? " bidir" : "") << std::endl;

    stop_signals::wait_for(stop_on, kProgram);
    // first: their threads call out through the ORB, which is about to shut down
    servant.stop_subscriptions();
    naming::unbind_if_ours(context, options.name, warehouse, kProgram);
    if (!till_name.empty()) naming::unbind_if_ours(context, till_name, till, kProgram);
    orb->shutdown(true);
  } catch (CORBA::Exception& e) {
    std::cerr << kProgram << ": " << e._name() << "\n";
    status = kExitCorba;
  }
  servant.stop_subscriptions();
  try {
    orb->destroy();
  } catch (CORBA::Exception&) {
  }
  return status;
}
