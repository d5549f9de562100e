// catalog_client: the study's native floors. Prints one line per timed call,
// "<response-ns> <server-ns>", after the warm-up calls, and nothing else on stdout.
//
//   catalog_client --naming URL [--name NAME] --query Q --calls N [--warmup W]
//       omniORB static invocation of Catalog::queryCatalog, the C++ client of the study
//   catalog_client --raw --bytes N --calls N [--warmup W] [--connect HOST:PORT]
//       a raw TCP round trip: an 8-byte request, an N-byte reply, no ORB at all; over loopback
//       to a thread of its own, or to a --raw-serve process (in another network namespace)
//   catalog_client --raw-serve ADDRESS --bytes N
//       the other end: listens on ADDRESS (an ephemeral port), prints the port, answers one
//       connection's requests of at most N bytes each until it closes
#include <omniORB4/CORBA.h>
#include <omniORB4/Naming.hh>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "catalog.hh"

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  bool raw = false;
  std::string serve;    // --raw-serve: the address to listen on
  std::string connect;  // --raw --connect: HOST:PORT of a --raw-serve
  std::string naming;
  std::string name = "Catalog";
  std::string query;
  long long bytes = 0;
  long calls = 0;
  long warmup = 0;
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "catalog_client: " << problem << "\n"
            << "usage: catalog_client --naming URL [--name NAME] --query Q --calls N [--warmup W]\n"
            << "       catalog_client --raw --bytes N --calls N [--warmup W] [--connect HOST:PORT]\n"
            << "       catalog_client --raw-serve ADDRESS --bytes N\n";
  std::exit(1);
}

Options parse(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--raw") {
      options.raw = true;
    } else if (arg == "--raw-serve") {
      options.serve = value();
    } else if (arg == "--connect") {
      options.connect = value();
    } else if (arg == "--naming") {
      options.naming = value();
    } else if (arg == "--name") {
      options.name = value();
    } else if (arg == "--query") {
      options.query = value();
    } else if (arg == "--bytes") {
      options.bytes = std::atoll(value().c_str());
    } else if (arg == "--calls") {
      options.calls = std::atol(value().c_str());
    } else if (arg == "--warmup") {
      options.warmup = std::atol(value().c_str());
    } else {
      usage("unknown option " + arg);
    }
  }
  if (!options.serve.empty()) {
    if (options.bytes < 0) usage("--bytes must be >= 0");
    return options;
  }
  if (options.calls <= 0) usage("--calls must be positive");
  if (options.raw && options.bytes < 0) usage("--bytes must be >= 0");
  if (!options.raw && (options.naming.empty() || options.query.empty())) usage("--naming and --query are needed");
  return options;
}

long long nanos_since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}

int run_corba(int argc, char** argv, const Options& options) {
  // generous bounds: the client is the tests' liveness probe (a server crowded by 2 000 idle
  // connections on a machine running another build must still answer), never a time it measures
  const char* orb_options[][2] = {{"clientCallTimeOutPeriod", "20000"},
                                  {"clientConnectTimeOutPeriod", "20000"},
                                  {"giopMaxMsgSize", "16777216"},
                                  {nullptr, nullptr}};
  int orb_argc = 1;
  CORBA::ORB_var orb = CORBA::ORB_init(orb_argc, argv, "omniORB4", orb_options);
  (void)argc;
  int status = 0;
  try {
    CORBA::Object_var root_object = orb->string_to_object(options.naming.c_str());
    CosNaming::NamingContextExt_var root = CosNaming::NamingContextExt::_narrow(root_object);
    CORBA::Object_var object = root->resolve_str(options.name.c_str());
    shop::Catalog_var catalog = shop::Catalog::_narrow(object);
    if (CORBA::is_nil(catalog)) {
      std::cerr << "catalog_client: " << options.name << " is not a Catalog\n";
      orb->destroy();
      return 2;
    }
    for (long i = 0; i < options.warmup; ++i) {
      shop::QueryResult_var ignored = catalog->queryCatalog(options.query.c_str());
    }
    std::vector<std::pair<long long, long long>> timings;
    timings.reserve(options.calls);
    for (long i = 0; i < options.calls; ++i) {
      const auto started = Clock::now();
      shop::QueryResult_var result = catalog->queryCatalog(options.query.c_str());
      timings.emplace_back(nanos_since(started), result->timeInServer);
    }
    for (const auto& timing : timings) std::printf("%lld %lld\n", timing.first, timing.second);
  } catch (shop::InvalidQuery& e) {
    std::cerr << "catalog_client: query refused: " << e.reason << "\n";
    status = 3;
  } catch (CORBA::Exception& e) {
    std::cerr << "catalog_client: " << e._name() << "\n";
    status = 2;
  }
  orb->destroy();
  return status;
}

bool read_fully(int fd, char* buffer, std::size_t length) {
  std::size_t done = 0;
  while (done < length) {
    const ssize_t got = ::read(fd, buffer + done, length - done);
    if (got <= 0) return false;
    done += static_cast<std::size_t>(got);
  }
  return true;
}

bool write_fully(int fd, const char* buffer, std::size_t length) {
  std::size_t done = 0;
  while (done < length) {
    const ssize_t sent = ::write(fd, buffer + done, length - done);
    if (sent <= 0) return false;
    done += static_cast<std::size_t>(sent);
  }
  return true;
}

void no_delay(int fd) {
  int on = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

// Answers every 8-byte request (a byte count) with that many bytes, until the client closes.
void raw_server(int listener, std::size_t max_bytes) {
  const int connection = ::accept(listener, nullptr, nullptr);
  ::close(listener);
  if (connection < 0) return;
  no_delay(connection);
  std::vector<char> reply(max_bytes, 'x');
  std::uint64_t requested = 0;
  while (read_fully(connection, reinterpret_cast<char*>(&requested), sizeof requested)) {
    if (requested > max_bytes) break;  // more than it was started for: the client gets a closed connection
    if (!write_fully(connection, reply.data(), static_cast<std::size_t>(requested))) break;
  }
  ::close(connection);
}

// A listener on host:0 (an IPv4 address), its address with the port it got in *address; -1 if none.
int listen_on(const std::string& host, sockaddr_in* address) {
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  *address = sockaddr_in{};
  address->sin_family = AF_INET;
  address->sin_port = 0;
  socklen_t length = sizeof *address;
  if (::inet_pton(AF_INET, host.c_str(), &address->sin_addr) != 1 ||
      ::bind(listener, reinterpret_cast<sockaddr*>(address), sizeof *address) != 0 || ::listen(listener, 1) != 0 ||
      ::getsockname(listener, reinterpret_cast<sockaddr*>(address), &length) != 0) {
    std::perror("catalog_client: raw listener");
    ::close(listener);
    return -1;
  }
  return listener;
}

int run_raw_serve(const Options& options) {
  sockaddr_in address{};
  const int listener = listen_on(options.serve, &address);
  if (listener < 0) return 2;
  std::printf("%d\n", ntohs(address.sin_port));
  std::fflush(stdout);
  raw_server(listener, static_cast<std::size_t>(options.bytes));
  return 0;
}

int run_raw(const Options& options) {
  sockaddr_in address{};
  std::thread server;
  const std::size_t bytes = static_cast<std::size_t>(options.bytes);
  if (options.connect.empty()) {
    const int listener = listen_on("127.0.0.1", &address);
    if (listener < 0) return 2;
    server = std::thread(raw_server, listener, bytes);
  } else {
    const std::size_t colon = options.connect.rfind(':');
    address.sin_family = AF_INET;
    if (colon == std::string::npos ||
        ::inet_pton(AF_INET, options.connect.substr(0, colon).c_str(), &address.sin_addr) != 1) {
      usage("--connect needs IPV4-ADDRESS:PORT");
    }
    address.sin_port = htons(static_cast<std::uint16_t>(std::atoi(options.connect.c_str() + colon + 1)));
  }

  const int client = ::socket(AF_INET, SOCK_STREAM, 0);
  if (::connect(client, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    std::perror("catalog_client: raw connect");
    return 2;
  }
  no_delay(client);
  std::vector<char> buffer(bytes + 1);
  const std::uint64_t request = bytes;
  auto round_trip = [&]() {
    return write_fully(client, reinterpret_cast<const char*>(&request), sizeof request) &&
           read_fully(client, buffer.data(), bytes);
  };
  for (long i = 0; i < options.warmup; ++i) round_trip();
  std::vector<long long> timings;
  timings.reserve(options.calls);
  for (long i = 0; i < options.calls; ++i) {
    const auto started = Clock::now();
    if (!round_trip()) {
      std::cerr << "catalog_client: raw round trip failed\n";
      return 2;
    }
    timings.push_back(nanos_since(started));
  }
  ::close(client);
  if (server.joinable()) server.join();
  for (long long timing : timings) std::printf("%lld 0\n", timing);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse(argc, argv);
  if (!options.serve.empty()) return run_raw_serve(options);
  return options.raw ? run_raw(options) : run_corba(argc, argv, options);
}
