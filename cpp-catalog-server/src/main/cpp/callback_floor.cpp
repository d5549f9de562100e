// callback_floor: the study's native floor of the call-back part. An omniORB StockListener of its
// own, in its own process, called back by the warehouse_server as the Java listener is: it passes
// the listener to Warehouse::timeCallbacks and prints each call back's duration as the server
// timed it, one line "<nanos>" per call after the warm-up calls, and nothing else on stdout.
//
//   callback_floor --warehouse IOR|corbaname::HOST:PORT#NAME --count N --photo-bytes B [--warmup W]
//                  [--out FILE] [--bidir] [--listener-delay-ms MS] [-ORB<option> <value> ...]
//
// --out FILE: the lines go to FILE instead, and stdout gets one summary line
//   "count=N median_ns=... p90_ns=... max_ns=...".
// --bidir: offers bidirectional GIOP (omniORB's examples/bidir: offerBiDirectionalGIOP, a client
//   transport rule with bidir, the listener in a POA of the BiDirectional policy BOTH), so that a
//   warehouse_server started with --bidir calls back over the connection this process opened.
// --listener-delay-ms MS: the listener waits MS ms in each onEvent, playing a listener that does
//   not answer in time (the server's --callback-timeout-ms must end the call).
//
// Exit codes: 1 usage, 2 the Warehouse unreachable or not one, 3 the call failed (its exception
// on stderr, starting with omniORB's name for it).
#include <omniORB4/CORBA.h>
// after CORBA.h, whose macros it uses
#include <omniORB4/BiDirPolicy.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "warehouse.hh"

namespace {

struct Options {
  std::string warehouse;
  long count = 0;
  long photo_bytes = 0;
  long warmup = 0;
  std::string out;
  bool bidir = false;
  long listener_delay_ms = 0;
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "callback_floor: " << problem << "\n"
            << "usage: callback_floor --warehouse IOR|corbaname::HOST:PORT#NAME --count N --photo-bytes B\n"
            << "                      [--warmup W] [--out FILE] [--bidir] [--listener-delay-ms MS]\n"
            << "                      [-ORBoption value ...]\n";
  std::exit(1);
}

long number(const std::string& option, const std::string& text) {
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || value < 0) usage(option + " needs a number >= 0, not '" + text + "'");
  return value;
}

// Takes our options out of argv, leaving argv[0] and the -ORB options for ORB_init.
Options take_options(int& argc, char** argv) {
  Options options;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--warehouse") {
      options.warehouse = value();
    } else if (arg == "--count") {
      options.count = number(arg, value());
    } else if (arg == "--photo-bytes") {
      options.photo_bytes = number(arg, value());
    } else if (arg == "--warmup") {
      options.warmup = number(arg, value());
    } else if (arg == "--out") {
      options.out = value();
    } else if (arg == "--bidir") {
      options.bidir = true;
    } else if (arg == "--listener-delay-ms") {
      options.listener_delay_ms = number(arg, value());
    } else if (arg.rfind("--", 0) == 0) {
      usage("unknown option " + arg);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  if (options.warehouse.empty()) usage("--warehouse is needed");
  if (options.count <= 0) usage("--count must be positive");
  return options;
}

// Answers every event with its sequence, as the Java listener of the study does.
class Listener : public POA_depot::stock::StockListener {
 public:
  explicit Listener(long delay_ms) : delay_ms_(delay_ms) {}

  CORBA::Long onEvent(const depot::stock::StockEvent& event) override {
    if (delay_ms_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms_));
    return event.sequence;
  }
  void onNote(const char*) override {}
  void adjust(depot::stock::Counters&, CORBA::String_out remark) override { remark = CORBA::string_dup(""); }

 private:
  const long delay_ms_;
};

// The listener's own POA: with --bidir it carries the BiDirectional policy BOTH, without which
// omniORB will not take calls on a connection this process opened.
PortableServer::POA_ptr listener_poa(CORBA::ORB_ptr orb, PortableServer::POA_ptr root_poa, bool bidir) {
  CORBA::PolicyList policies;
  if (bidir) {
    policies.length(1);
    CORBA::Any both;
    both <<= BiDirPolicy::BOTH;
    policies[0] = orb->create_policy(BiDirPolicy::BIDIRECTIONAL_POLICY_TYPE, both);
  }
  PortableServer::POAManager_var manager = root_poa->the_POAManager();
  return root_poa->create_POA("listener", manager, policies);
}

long long percentile(std::vector<long long> sorted, double fraction) {
  const std::size_t index =
      std::min(sorted.size() - 1, static_cast<std::size_t>(fraction * static_cast<double>(sorted.size() - 1) + 0.5));
  return sorted[index];
}

}  // namespace

int main(int argc, char** argv) {
  Options options = take_options(argc, argv);

  // generous bounds on its own calls: the time the floor measures is the server's, and a server
  // call timed out by --callback-timeout-ms answers well within them
  const char* settings[][2] = {{"endPoint", "giop:tcp:127.0.0.1:"},
                                {"clientCallTimeOutPeriod", "60000"},
                                {"clientConnectTimeOutPeriod", "20000"},
                                {"giopMaxMsgSize", "16777216"},
                                {"offerBiDirectionalGIOP", "1"},
                                {"clientTransportRule", "* unix,ssl,tcp,bidir"},
                                {nullptr, nullptr}};
  if (!options.bidir) {
    // the table ends before the bidirectional rows
    settings[4][0] = settings[4][1] = nullptr;
  }

  CORBA::ORB_var orb;
  try {
    orb = CORBA::ORB_init(argc, argv, "omniORB4", settings);
  } catch (CORBA::Exception& e) {
    std::cerr << "callback_floor: ORB_init failed (" << e._name() << ")\n";
    return 1;
  }
  if (argc > 1) usage(std::string("unexpected argument ") + argv[1]);

  int status = 0;
  try {
    CORBA::Object_var root_object = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var root_poa = PortableServer::POA::_narrow(root_object);
    PortableServer::POA_var poa = listener_poa(orb, root_poa, options.bidir);
    Listener* servant = new Listener(options.listener_delay_ms);
    PortableServer::ObjectId_var id = poa->activate_object(servant);
    servant->_remove_ref();  // the POA holds it from here
    CORBA::Object_var listener_object = poa->id_to_reference(id);
    depot::stock::StockListener_var listener = depot::stock::StockListener::_narrow(listener_object);
    PortableServer::POAManager_var manager = root_poa->the_POAManager();
    manager->activate();

    depot::stock::Warehouse_var warehouse;
    try {
      CORBA::Object_var object = orb->string_to_object(options.warehouse.c_str());
      warehouse = depot::stock::Warehouse::_narrow(object);
    } catch (CORBA::Exception& e) {
      std::cerr << "callback_floor: " << options.warehouse << ": " << e._name() << "\n";
      orb->destroy();
      return 2;
    }
    if (CORBA::is_nil(warehouse)) {
      std::cerr << "callback_floor: " << options.warehouse << " is not a Warehouse\n";
      orb->destroy();
      return 2;
    }

    const CORBA::Long photo_bytes = static_cast<CORBA::Long>(options.photo_bytes);
    if (options.warmup > 0) {
      depot::stock::NanosSeq_var ignored =
          warehouse->timeCallbacks(listener, static_cast<CORBA::Long>(options.warmup), photo_bytes);
    }
    depot::stock::NanosSeq_var nanos =
        warehouse->timeCallbacks(listener, static_cast<CORBA::Long>(options.count), photo_bytes);

    std::vector<long long> timings(nanos->length());
    for (CORBA::ULong i = 0; i < nanos->length(); ++i) timings[i] = nanos[i];
    FILE* lines = stdout;
    if (!options.out.empty()) {
      lines = std::fopen(options.out.c_str(), "w");
      if (lines == nullptr) {
        std::perror(("callback_floor: " + options.out).c_str());
        orb->destroy();
        return 1;
      }
    }
    for (long long timing : timings) std::fprintf(lines, "%lld\n", timing);
    if (lines != stdout) {
      std::fclose(lines);
      std::vector<long long> sorted = timings;
      std::sort(sorted.begin(), sorted.end());
      if (sorted.empty()) {
        std::printf("count=0\n");
      } else {
        std::printf("count=%zu median_ns=%lld p90_ns=%lld max_ns=%lld\n", sorted.size(), percentile(sorted, 0.5),
                    percentile(sorted, 0.9), sorted.back());
      }
    }
  } catch (CORBA::SystemException& e) {
    std::cerr << "callback_floor: " << e._name() << " minor=0x" << std::hex << e.minor() << std::dec << "\n";
    status = 3;
  } catch (CORBA::Exception& e) {
    std::cerr << "callback_floor: " << e._name() << "\n";
    status = 3;
  }
  try {
    orb->destroy();
  } catch (CORBA::Exception&) {
  }
  return status;
}
