// catalog_server: serves the Catalog and binds itself in CosNaming until SIGTERM or
// SIGINT, then unbinds (if the name is still its own) and exits 0.
//
//   catalog_server [--name NAME] [--naming URL] [--endpoint ENDPOINT ...] [--tls-key PEM --tls-ca PEM --tls-verify MODE]
//                  [--max-reply-bytes N] [--object-id ID] [--test-hooks] [-ORB<option> <value> ...]
//
// --test-hooks accepts the delay= test hook, which lets any client park a server thread
// for up to a minute; without it such a query is refused with InvalidQuery.
//
// Prints one line "READY name=... endpoint=... reply-cap=..." on stdout once the name
// is bound; process supervisors and the Java fixture wait for it.
#include <omniORB4/CORBA.h>
#include <omniORB4/Naming.hh>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "catalog_data.hpp"
#include "catalog_servant.hpp"
#include "server_support.hpp"

namespace {

constexpr int kExitUsage = 1;
constexpr int kExitNaming = 2;
constexpr int kExitCorba = 3;

// Room left under giopMaxMsgSize for the GIOP and reply headers around the result.
constexpr std::size_t kReplyHeaderAllowance = 4096;

struct Options {
  std::string name = "Catalog";
  std::string naming_url;  // empty: the NameService initial reference
  std::vector<std::string> endpoints;  // empty: server_orb::init gives giop:tcp:127.0.0.1:
  std::size_t max_reply_bytes = 0;  // 0: giopMaxMsgSize - allowance
  std::string object_id;            // empty: a transient object in the RootPOA
  std::string call_timeout_ms = "5000";
  bool test_hooks = false;  // delay= parks a server thread: tests only
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "catalog_server: " << problem << "\n"
            << "usage: catalog_server [--name NAME] [--naming corbaname::HOST:PORT]\n"
            << "                      [--endpoint giop:tcp|ssl:HOST:PORT ...] [--max-reply-bytes N]\n"
            << "                      [--object-id ID] [--call-timeout-ms MS] [--test-hooks]\n"
            << "               " << server_orb::tls_usage()
            << "                      [-ORBoption value ...]\n";
  std::exit(kExitUsage);
}

// Takes our own options out of argv, leaving argv[0] and the -ORB options for ORB_init.
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
    } else if (arg == "--naming") {
      options.naming_url = value();
    } else if (arg == "--endpoint") {
      options.endpoints.push_back(value());
    } else if (arg == "--max-reply-bytes") {
      const std::string text = value();
      char* end = nullptr;
      const unsigned long long bytes = std::strtoull(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || bytes < catalog::kEmptyResultBytes) {
        usage("--max-reply-bytes needs a number of bytes >= " + std::to_string(catalog::kEmptyResultBytes));
      }
      options.max_reply_bytes = static_cast<std::size_t>(bytes);
    } else if (arg == "--object-id") {
      options.object_id = value();
    } else if (arg == "--call-timeout-ms") {
      options.call_timeout_ms = value();
    } else if (arg == "--test-hooks") {
      options.test_hooks = true;
    } else if (server_orb::take_tls_option(arg, value)) {
    } else if (arg == "--help" || arg == "-h") {
      usage("serves the study's Catalog over omniORB");
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

  CORBA::ORB_var orb = server_orb::init(argc, argv, "catalog_server", options.endpoints, options.call_timeout_ms);
  if (CORBA::is_nil(orb)) return kExitCorba;
  if (argc > 1) usage(std::string("unexpected argument ") + argv[1]);

  const std::size_t giop_limit = omniORB::giopMaxMsgSize();
  if (options.max_reply_bytes == 0) options.max_reply_bytes = giop_limit - kReplyHeaderAllowance;
  if (options.max_reply_bytes + kReplyHeaderAllowance > giop_limit) {
    std::cerr << "catalog_server: --max-reply-bytes " << options.max_reply_bytes
              << " leaves no room under giopMaxMsgSize " << giop_limit << "\n";
    return kExitUsage;
  }

  // declared before the POAs that hold the servant, so it outlives them
  const catalog::CatalogData catalog;
  CatalogServant servant(catalog, options.max_reply_bytes, options.test_hooks);

  int status = 0;
  CosNaming::NamingContextExt_var context;
  CORBA::Object_var catalog_ref;
  try {
    CORBA::Object_var root_object = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var root_poa = PortableServer::POA::_narrow(root_object);
    PortableServer::POAManager_var manager = root_poa->the_POAManager();

    if (options.object_id.empty()) {
      PortableServer::ObjectId_var id = root_poa->activate_object(&servant);
      catalog_ref = root_poa->id_to_reference(id);
    } else {
      // a persistent object with a fixed id keeps its reference valid across restarts on the
      // same endpoint; in omniORB's INS POA its object key is the id itself, so that
      // corbaloc::HOST:PORT/ID names it (a key of binary POA bytes, escaped, the Eclipse ORB
      // misreads: it answered OBJECT_NOT_EXIST)
      CORBA::Object_var ins_object = orb->resolve_initial_references("omniINSPOA");
      PortableServer::POA_var poa = PortableServer::POA::_narrow(ins_object);
      PortableServer::POAManager_var ins_manager = poa->the_POAManager();
      ins_manager->activate();
      PortableServer::ObjectId_var id = PortableServer::string_to_ObjectId(options.object_id.c_str());
      poa->activate_object_with_id(id, &servant);
      catalog_ref = poa->id_to_reference(id);
    }
    manager->activate();

    try {
      context = naming::root_context(orb, options.naming_url, "catalog_server", kExitNaming);
      naming::bind(context, options.name, catalog_ref);
    } catch (CORBA::SystemException& e) {
      std::cerr << "catalog_server: cannot bind " << options.name << " in "
                << (options.naming_url.empty() ? "NameService" : options.naming_url) << ": " << e._name()
                << " (is the name service running?)\n";
      orb->destroy();
      return kExitNaming;
    } catch (CosNaming::NamingContext::InvalidName&) {
      std::cerr << "catalog_server: '" << options.name << "' is not a valid CosNaming name\n";
      orb->destroy();
      return kExitUsage;
    }

    std::cout << "READY name=" << options.name << " endpoint=" << server_orb::describe(options.endpoints)
              << " reply-cap=" << options.max_reply_bytes << std::endl;

    stop_signals::wait_for(stop_on, "catalog_server");

    naming::unbind_if_ours(context, options.name, catalog_ref, "catalog_server");
    orb->shutdown(true);
  } catch (CORBA::Exception& e) {
    std::cerr << "catalog_server: " << e._name() << "\n";
    status = kExitCorba;
  }
  try {
    orb->destroy();
  } catch (CORBA::Exception&) {
  }
  return status;
}
