// warehouse_server: serves the example Warehouse (every CORBA type the adapter handles) and,
// with --till, the Till (fixed-point money; till.idl), bound in CosNaming until SIGTERM or
// SIGINT, then unbinds them (if the names are still its own) and exits 0.
//
//   warehouse_server [--name NAME] [--till TILL_NAME] [--naming URL] [--endpoint ENDPOINT ...] [--tls-key PEM --tls-ca PEM --tls-verify MODE] [--site SITE]
//                    [--capacity N] [-ORB<option> <value> ...]
//
// Prints one line "READY name=... endpoint=..." on stdout once the name is bound.
#include <omniORB4/CORBA.h>

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <string>
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
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << kProgram << ": " << problem << "\n"
            << "usage: warehouse_server [--name NAME] [--till TILL_NAME] [--naming corbaname::HOST:PORT]\n"
            << "                        [--endpoint giop:tcp|ssl:HOST:PORT ...] [--site SITE] [--capacity N]\n"
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
  CORBA::ORB_var orb = server_orb::init(argc, argv, kProgram, options.endpoints, "5000");
  if (CORBA::is_nil(orb)) return kExitCorba;
  if (argc > 1) usage(std::string("unexpected argument ") + argv[1]);

  WarehouseServant servant(options.site, static_cast<CORBA::Long>(options.capacity));
  TillServant till_servant;
  const std::string& till_name = options.till_name;
  int status = 0;
  try {
    CORBA::Object_var root_object = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var root_poa = PortableServer::POA::_narrow(root_object);
    PortableServer::ObjectId_var id = root_poa->activate_object(&servant);
    CORBA::Object_var warehouse = root_poa->id_to_reference(id);
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
    std::cout << "READY name=" << options.name << " endpoint=" << server_orb::describe(options.endpoints) << std::endl;

    stop_signals::wait_for(stop_on, kProgram);
    naming::unbind_if_ours(context, options.name, warehouse, kProgram);
    if (!till_name.empty()) naming::unbind_if_ours(context, till_name, till, kProgram);
    orb->shutdown(true);
  } catch (CORBA::Exception& e) {
    std::cerr << kProgram << ": " << e._name() << "\n";
    status = kExitCorba;
  }
  try {
    orb->destroy();
  } catch (CORBA::Exception&) {
  }
  return status;
}
