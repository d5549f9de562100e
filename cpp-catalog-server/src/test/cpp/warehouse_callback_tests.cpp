// Tests of the Warehouse's call backs, in one process: the servant's operations called as C++,
// with listeners activated in this ORB (omniORB calls them through the POA, colocated). What
// needs two processes (the call-back time-out, bidirectional GIOP, timeCallbacks over the wire)
// is WarehouseCallbacksTest's, with callback_floor. Run by ctest from the Maven build; exits
// non-zero on the first failed check.
#include <omniORB4/CORBA.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "warehouse.hh"
#include "warehouse_servant.hpp"

namespace {

int checks = 0;

#define CHECK(condition)                                                                  \
  do {                                                                                    \
    ++checks;                                                                             \
    if (!(condition)) {                                                                   \
      std::cerr << __FILE__ << ":" << __LINE__ << ": check failed: " #condition << "\n"; \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

bool starts_with(const std::string& text, const std::string& start) { return text.rfind(start, 0) == 0; }

// A listener that answers each event with sequence * 10, until it has answered `answers` of them
// (then it fails as `failure` says); it keeps what it was sent.
class Listener : public POA_depot::stock::StockListener {
 public:
  enum class Failure { NONE, REFUSE, TRANSIENT };

  explicit Listener(Failure failure = Failure::NONE, long answers = 0) : failure_(failure), answers_(answers) {}

  CORBA::Long onEvent(const depot::stock::StockEvent& event) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (failure_ != Failure::NONE && static_cast<long>(events_.size()) >= answers_) {
      if (failure_ == Failure::REFUSE) throw depot::stock::ListenerRefused("no room", event.sequence);
      throw CORBA::TRANSIENT(0, CORBA::COMPLETED_NO);
    }
    events_.push_back(event);
    return event.sequence * 10;
  }

  void onNote(const char* note) override {
    std::lock_guard<std::mutex> lock(mutex_);
    notes_.push_back(note);
  }

  void adjust(depot::stock::Counters& totals, CORBA::String_out remark) override {
    totals.stored += 1;
    totals.photoBytes *= 2;
    remark = CORBA::string_dup("adjusted");
  }

  std::vector<depot::stock::StockEvent> events() {
    std::lock_guard<std::mutex> lock(mutex_);
    return events_;
  }

  std::vector<std::string> notes() {
    std::lock_guard<std::mutex> lock(mutex_);
    return notes_;
  }

 private:
  const Failure failure_;
  const long answers_;
  std::mutex mutex_;
  std::vector<depot::stock::StockEvent> events_;
  std::vector<std::string> notes_;
};

PortableServer::POA_var poa;

// Listeners live on the heap: the POA holds them until the ORB is destroyed, after the test that
// made them has returned.

depot::stock::StockListener_ptr activate(Listener* servant) {
  PortableServer::ObjectId_var id = poa->activate_object(servant);
  CORBA::Object_var object = poa->id_to_reference(id);
  return depot::stock::StockListener::_narrow(object);
}

// Waits up to 10 s for `done`.
bool eventually(const std::function<bool()>& done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

template <typename Exception, typename Call>
bool raises(Call call) {
  try {
    call();
  } catch (Exception&) {
    return true;
  }
  return false;
}

depot::stock::StockEvent one_event(CORBA::Long sequence) {
  depot::stock::StockEvent_var made = callbacks::event(sequence, 1, 4);
  return made.in();
}

void call_back_once_returns_the_answer_and_its_time(WarehouseServant& warehouse) {
  Listener& servant = *new Listener;
  depot::stock::StockListener_var listener = activate(&servant);
  depot::stock::CallbackReport_var report = warehouse.callBackOnce(listener, one_event(7));
  CHECK(report->answered);
  CHECK(report->answer == 70);
  CHECK(std::string(report->failure.in()).empty());
  CHECK(report->nanos > 0);
  const std::vector<depot::stock::StockEvent> seen = servant.events();
  CHECK(seen.size() == 1);
  CHECK(seen[0].pallets.length() == 1);
  CHECK(seen[0].pallets[0].picture.length() == 4);
  CORBA::Long extra = 0;
  CHECK((seen[0].pallets[0].extra >>= extra) && extra == 7);
}

void a_refusal_is_raised_again_with_its_members(WarehouseServant& warehouse) {
  Listener& servant = *new Listener(Listener::Failure::REFUSE);
  depot::stock::StockListener_var listener = activate(&servant);
  bool refused = false;
  try {
    depot::stock::CallbackReport_var report = warehouse.callBackOnce(listener, one_event(3));
  } catch (depot::stock::ListenerRefused& e) {
    refused = std::string(e.reason.in()) == "no room" && e.sequence == 3;
  }
  CHECK(refused);
}

void a_system_exception_is_reported_by_its_name(WarehouseServant& warehouse) {
  Listener& servant = *new Listener(Listener::Failure::TRANSIENT);
  depot::stock::StockListener_var listener = activate(&servant);
  depot::stock::CallbackReport_var report = warehouse.callBackOnce(listener, one_event(1));
  CHECK(!report->answered);
  CHECK(starts_with(report->failure.in(), "TRANSIENT minor=0x0"));

  // a listener gone: omniORB's OBJECT_NOT_EXIST, with its minor code's name
  Listener& gone = *new Listener;
  depot::stock::StockListener_var dead = activate(&gone);
  PortableServer::ObjectId_var id = poa->servant_to_id(&gone);
  poa->deactivate_object(id);
  CHECK(eventually([&] { return raises<CORBA::OBJECT_NOT_EXIST>([&] { dead->onNote("x"); }); }));
  report = warehouse.callBackOnce(dead, one_event(1));
  CHECK(!report->answered);
  CHECK(starts_with(report->failure.in(), "OBJECT_NOT_EXIST minor=0x"));
  CHECK(std::string(report->failure.in()).find("(OBJECT_NOT_EXIST_") != std::string::npos);
}

void adjust_and_note_reach_the_listener(WarehouseServant& warehouse) {
  Listener& servant = *new Listener;
  depot::stock::StockListener_var listener = activate(&servant);
  depot::stock::Counters totals;
  totals.stored = 4;
  totals.photoBytes = 21;
  CORBA::String_var remark;
  warehouse.adjustOnce(listener, totals, remark.out());
  CHECK(totals.stored == 5 && totals.photoBytes == 42);
  CHECK(std::string(remark.in()) == "adjusted");
  warehouse.noteOnce(listener, "hello");
  CHECK(eventually([&] { return servant.notes().size() == 1; }));
  CHECK(servant.notes()[0] == "hello");
}

void a_subscription_calls_every_period_until_unsubscribed(WarehouseServant& warehouse) {
  Listener& servant = *new Listener;
  depot::stock::StockListener_var listener = activate(&servant);
  const CORBA::Long id = warehouse.subscribe(listener, 10, 2);
  CHECK(id > 0);
  CHECK(eventually([&] {
    depot::stock::Subscription_var state = warehouse.subscription(id);
    return state->answered >= 3;
  }));
  depot::stock::Subscription_var last = warehouse.unsubscribe(id);
  CHECK(last->id == id);
  CHECK(!last->active);
  CHECK(last->failed == 0 && last->calls == last->answered && last->calls >= 3);
  CHECK(std::string(last->lastFailure.in()).empty());
  const std::vector<depot::stock::StockEvent> seen = servant.events();
  CHECK(static_cast<CORBA::Long>(seen.size()) == last->answered);
  CHECK(last->lastAnswer == static_cast<CORBA::Long>(seen.size()) * 10);
  for (std::size_t i = 0; i < seen.size(); ++i) {
    CHECK(seen[i].sequence == static_cast<CORBA::Long>(i + 1));
    CHECK(seen[i].pallets.length() == 2);
  }
  // no more calls once it returned, and the id is gone
  const std::size_t calls = seen.size();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(servant.events().size() == calls);
  depot::stock::Subscription_var after = warehouse.subscription(id);
  CHECK(after->id == -1 && !after->active);
  depot::stock::Subscription_var again = warehouse.unsubscribe(id);
  CHECK(again->id == -1 && !again->active);
}

void the_first_failing_call_ends_a_subscription(WarehouseServant& warehouse) {
  Listener& servant = *new Listener(Listener::Failure::TRANSIENT, 2);
  depot::stock::StockListener_var listener = activate(&servant);
  const CORBA::Long id = warehouse.subscribe(listener, 5, 1);
  CHECK(eventually([&] {
    depot::stock::Subscription_var state = warehouse.subscription(id);
    return !state->active;
  }));
  depot::stock::Subscription_var state = warehouse.subscription(id);
  CHECK(state->calls == 3 && state->answered == 2 && state->failed == 1);
  CHECK(state->lastAnswer == 20);
  CHECK(starts_with(state->lastFailure.in(), "TRANSIENT"));
  depot::stock::Subscription_var last = warehouse.unsubscribe(id);
  CHECK(last->id == id && last->failed == 1);

  Listener& refusing = *new Listener(Listener::Failure::REFUSE);
  depot::stock::StockListener_var refuser = activate(&refusing);
  const CORBA::Long refused = warehouse.subscribe(refuser, 5, 0);
  CHECK(eventually([&] {
    depot::stock::Subscription_var now = warehouse.subscription(refused);
    return !now->active;
  }));
  depot::stock::Subscription_var ended = warehouse.unsubscribe(refused);
  CHECK(starts_with(ended->lastFailure.in(), "ListenerRefused reason=no room sequence=1"));
}

void silly_arguments_are_bad_params(WarehouseServant& warehouse) {
  Listener& servant = *new Listener;
  depot::stock::StockListener_var listener = activate(&servant);
  CHECK(raises<CORBA::BAD_PARAM>([&] { depot::stock::NanosSeq_var n = warehouse.timeCallbacks(listener, 100001, 1); }));
  CHECK(raises<CORBA::BAD_PARAM>([&] { depot::stock::NanosSeq_var n = warehouse.timeCallbacks(listener, -1, 1); }));
  const CORBA::Long too_big = static_cast<CORBA::Long>(omniORB::giopMaxMsgSize() - 64 * 1024 + 1);
  CHECK(raises<CORBA::BAD_PARAM>([&] { depot::stock::NanosSeq_var n = warehouse.timeCallbacks(listener, 1, too_big); }));
  CHECK(raises<CORBA::BAD_PARAM>([&] { warehouse.subscribe(listener, 0, 1); }));
  CHECK(raises<CORBA::BAD_PARAM>([&] { warehouse.subscribe(listener, 10, -1); }));
  CHECK(raises<CORBA::BAD_PARAM>([&] {
    depot::stock::CallbackReport_var r = warehouse.callBackOnce(depot::stock::StockListener::_nil(), one_event(1));
  }));
  CHECK(servant.events().empty());
}

void time_callbacks_times_each_call(WarehouseServant& warehouse) {
  Listener& servant = *new Listener;
  depot::stock::StockListener_var listener = activate(&servant);
  depot::stock::NanosSeq_var nanos = warehouse.timeCallbacks(listener, 5, 1000);
  CHECK(nanos->length() == 5);
  for (CORBA::ULong i = 0; i < nanos->length(); ++i) CHECK(nanos[i] > 0);
  const std::vector<depot::stock::StockEvent> seen = servant.events();
  CHECK(seen.size() == 5);
  CHECK(seen[4].sequence == 5 && seen[4].pallets.length() == 1 && seen[4].pallets[0].picture.length() == 1000);
}

void stopping_ends_every_subscription_and_refuses_new_ones(WarehouseServant& warehouse) {
  Listener& servant = *new Listener;
  depot::stock::StockListener_var listener = activate(&servant);
  const CORBA::Long id = warehouse.subscribe(listener, 1000, 1);
  warehouse.stop_subscriptions();
  depot::stock::Subscription_var gone = warehouse.subscription(id);
  CHECK(gone->id == -1);
  CHECK(raises<CORBA::TRANSIENT>([&] { warehouse.subscribe(listener, 10, 1); }));
}

}  // namespace

int main(int argc, char** argv) {
  // loopback only, as everything here; the listeners need a POA, not the network
  const char* options[][2] = {{"endPoint", "giop:tcp:127.0.0.1:"}, {nullptr, nullptr}};
  CORBA::ORB_var orb = CORBA::ORB_init(argc, argv, "omniORB4", options);
  CORBA::Object_var root_object = orb->resolve_initial_references("RootPOA");
  poa = PortableServer::POA::_narrow(root_object);
  PortableServer::POAManager_var manager = poa->the_POAManager();
  manager->activate();
  {
    WarehouseServant warehouse("test", 10, 2000);
    call_back_once_returns_the_answer_and_its_time(warehouse);
    a_refusal_is_raised_again_with_its_members(warehouse);
    a_system_exception_is_reported_by_its_name(warehouse);
    adjust_and_note_reach_the_listener(warehouse);
    a_subscription_calls_every_period_until_unsubscribed(warehouse);
    the_first_failing_call_ends_a_subscription(warehouse);
    silly_arguments_are_bad_params(warehouse);
    time_callbacks_times_each_call(warehouse);
    stopping_ends_every_subscription_and_refuses_new_ones(warehouse);
  }
  std::cout << "warehouse_callback_tests: " << checks << " checks passed\n";
  poa = PortableServer::POA::_nil();
  orb->destroy();
  return 0;
}
