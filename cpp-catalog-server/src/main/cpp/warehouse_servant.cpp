#include "warehouse_servant.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iostream>
#include <sstream>
#include <utility>

WarehouseServant::WarehouseServant(std::string site, CORBA::Long capacity, CORBA::ULong callback_timeout_ms)
    : site_(std::move(site)), capacity_(capacity), callback_timeout_ms_(callback_timeout_ms) {}

WarehouseServant::~WarehouseServant() { stop_subscriptions(); }

char* WarehouseServant::site() { return CORBA::string_dup(site_.c_str()); }

CORBA::Long WarehouseServant::capacity() { return capacity_.load(); }

void WarehouseServant::capacity(CORBA::Long value) { capacity_.store(value); }

depot::stock::Pallet* WarehouseServant::echo(const depot::stock::Pallet& goods) {
  return new depot::stock::Pallet(goods);
}

depot::stock::PalletSeq* WarehouseServant::echoAll(const depot::stock::PalletSeq& pallets) {
  return new depot::stock::PalletSeq(pallets);
}

void WarehouseServant::store(const depot::stock::Pallet& goods, CORBA::Long_out slot,
                             depot::stock::Counters& totals) {
  std::lock_guard<std::mutex> lock(mutex_);
  const CORBA::Long used = static_cast<CORBA::Long>(stored_.size());
  if (used >= capacity_.load()) {
    depot::stock::PalletSeq rejected;
    rejected.length(1);
    rejected[0] = goods;
    throw depot::stock::WarehouseFull(capacity_.load(), used, rejected);
  }
  stored_[std::string(goods.id.in())] = goods;
  slot = used + 1;
  totals.stored += 1;
  totals.photoBytes += goods.picture.length();
}

depot::stock::Pallet* WarehouseServant::fetch(const char* id) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = stored_.find(id);
  if (found == stored_.end()) {
    // the shelf a missing pallet would be on: its id's length, so callers can check the member
    throw depot::stock::PalletNotFound(id, static_cast<CORBA::Long>(std::string(id).size()));
  }
  return new depot::stock::Pallet(found->second);
}

void WarehouseServant::audit(const char* note) {
  audits_.fetch_add(1);
  std::cerr << "warehouse_server: audit " << note << "\n";
}

CORBA::Long WarehouseServant::audits() { return audits_.load(); }

depot::stock::ReadingSeq* WarehouseServant::echoReadings(const depot::stock::ReadingSeq& readings) {
  return new depot::stock::ReadingSeq(readings);
}

depot::stock::Bin* WarehouseServant::echoBin(const depot::stock::Bin& root) { return new depot::stock::Bin(root); }

depot::stock::Route* WarehouseServant::echoRoute(const depot::stock::Route& path) {
  return new depot::stock::Route(path);
}

CORBA::Any* WarehouseServant::echoAny(const CORBA::Any& value) { return new CORBA::Any(value); }

depot::stock::Price* TillServant::echoPrice(const depot::stock::Price& offer, CORBA::String_out amountText,
                                                 CORBA::String_out rateText) {
  // omniORB's own reading of the digits that arrived ("-1234567890.12"): a client that sent them
  // wrong cannot be saved by reading its own mistake back
  amountText = offer.amount.NP_asString();
  rateText = offer.rate.NP_asString();
  // assigned, not copy-constructed: omniORB 4.2.5's copy of a struct leaves its fixed members
  // without their IDL digits, and marshalling one then fails an assertion (UNKNOWN to the client)
  depot::stock::Price* back = new depot::stock::Price;
  *back = offer;
  return back;
}

depot::stock::MoneySeq* TillServant::echoMoney(const depot::stock::MoneySeq& amounts) {
  return new depot::stock::MoneySeq(amounts);
}

CORBA::Any* TillServant::priceAsAny(const depot::stock::Price& offer) {
  // assigned, and handed to the any without a copy: see echoPrice
  depot::stock::Price* price = new depot::stock::Price;
  *price = offer;
  CORBA::Any* any = new CORBA::Any;
  *any <<= price;
  return any;
}

CORBA::Any* TillServant::quote(const char* amount, const char* currency, const char* rate) {
  depot::stock::Price* price = new depot::stock::Price;
  price->amount = depot::stock::Money(amount);
  price->currency = currency;
  price->rate = depot::stock::Ratio(rate);
  CORBA::Any* any = new CORBA::Any;
  *any <<= price;
  return any;
}

depot::stock::PalletCursor_ptr WarehouseServant::browse() {
  std::vector<depot::stock::Pallet> pallets;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& entry : stored_) pallets.push_back(entry.second);
  }
  PalletCursorServant* cursor = new PalletCursorServant(std::move(pallets));
  PortableServer::POA_var poa = _default_POA();
  PortableServer::ObjectId_var id = poa->activate_object(cursor);
  cursor->_remove_ref();  // the POA holds it from here, and deletes it once deactivated
  CORBA::Object_var reference = poa->id_to_reference(id);
  return depot::stock::PalletCursor::_narrow(reference);
}

CORBA::Long WarehouseServant::remaining(depot::stock::PalletCursor_ptr cursor) {
  if (CORBA::is_nil(cursor)) throw CORBA::BAD_PARAM(0, CORBA::COMPLETED_NO);
  return cursor->left();
}

PalletCursorServant::PalletCursorServant(std::vector<depot::stock::Pallet> pallets) : pallets_(std::move(pallets)) {}

CORBA::Boolean PalletCursorServant::next(depot::stock::Pallet_out goods) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (next_ >= pallets_.size()) {
    goods = new depot::stock::Pallet();
    goods->amount.note("");
    goods->extra <<= CORBA::Long(0);
    return false;
  }
  goods = new depot::stock::Pallet(pallets_[next_++]);
  return true;
}

CORBA::Long PalletCursorServant::left() {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<CORBA::Long>(pallets_.size() - next_);
}

void PalletCursorServant::destroy() {
  PortableServer::POA_var poa = _default_POA();
  PortableServer::ObjectId_var id = poa->servant_to_id(this);
  poa->deactivate_object(id);
}

// --- call backs

namespace {

using Clock = std::chrono::steady_clock;

// Bounds on what a caller may ask of the call backs: beyond them the server would only tie up
// threads and memory (a subscription is a thread; an event is built whole before it is sent).
constexpr CORBA::ULong kMaxPeriodMillis = 3600 * 1000;
constexpr CORBA::Long kMaxPalletsPerEvent = 1000;
constexpr CORBA::ULong kSubscriptionPhotoBytes = 64;
constexpr std::size_t kMaxSubscriptions = 1000;
constexpr CORBA::Long kMaxTimedCallbacks = 100000;
// room under giopMaxMsgSize for the event's other members and the GIOP headers
constexpr CORBA::ULong kPhotoAllowance = 64 * 1024;

long long nanos_since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}

// omniORB's name of a system exception's minor code, or null when it has none
const char* minor_name(const CORBA::SystemException& failure) {
#define CORBABRIDGE_MINOR_NAME(name)                                 \
  if (dynamic_cast<const CORBA::name*>(&failure) != nullptr) {       \
    return omni::minorCode2String(omni::name##_LookupTable, failure.minor()); \
  }
  OMNIORB_FOR_EACH_SYS_EXCEPTION(CORBABRIDGE_MINOR_NAME)
#undef CORBABRIDGE_MINOR_NAME
  return nullptr;
}

depot::stock::Subscription unknown_subscription() {
  depot::stock::Subscription none;
  none.id = -1;
  none.active = false;
  none.calls = none.answered = none.failed = none.lastAnswer = 0;
  none.lastFailure = "";
  return none;
}

void refuse_nil(depot::stock::StockListener_ptr listener) {
  if (CORBA::is_nil(listener)) throw CORBA::BAD_PARAM(0, CORBA::COMPLETED_NO);
}

}  // namespace

namespace callbacks {

std::string describe(const CORBA::SystemException& failure) {
  std::ostringstream text;
  text << failure._name() << " minor=0x" << std::hex << failure.minor() << std::dec;
  if (const char* name = minor_name(failure)) text << " (" << name << ")";
  switch (failure.completed()) {
    case CORBA::COMPLETED_YES:
      text << " completed=YES";
      break;
    case CORBA::COMPLETED_NO:
      text << " completed=NO";
      break;
    default:
      text << " completed=MAYBE";
  }
  return text.str();
}

depot::stock::StockEvent* event(CORBA::Long sequence, CORBA::Long pallets, CORBA::ULong photo_bytes) {
  depot::stock::StockEvent* made = new depot::stock::StockEvent;
  made->sequence = sequence;
  made->palletId = ("event-" + std::to_string(sequence)).c_str();
  made->amount.count(pallets);
  made->pallets.length(static_cast<CORBA::ULong>(pallets));
  for (CORBA::Long i = 0; i < pallets; ++i) {
    depot::stock::Pallet& pallet = made->pallets[static_cast<CORBA::ULong>(i)];
    pallet.id = ("event-" + std::to_string(sequence) + "-" + std::to_string(i)).c_str();
    pallet.label = static_cast<const CORBA::WChar*>(L"call back \u00e9v\u00e9nement");
    pallet.amount.count(i + 1);
    pallet.size[0] = 1.2;
    pallet.size[1] = 0.8;
    pallet.size[2] = 1.5;
    pallet.layout.length(2);
    for (CORBA::ULong row = 0; row < 2; ++row) {
      pallet.layout[row].length(3);
      for (CORBA::ULong column = 0; column < 3; ++column) pallet.layout[row][column] = static_cast<CORBA::Long>(row * 3 + column);
    }
    pallet.picture.length(photo_bytes);
    for (CORBA::ULong b = 0; b < photo_bytes; ++b) pallet.picture[b] = static_cast<CORBA::Octet>(b * 31 + i);
    pallet.extra <<= sequence;
    pallet.units.length(2);
    pallet.units[0] = depot::stock::PIECES;
    pallet.units[1] = depot::stock::KILOGRAMS;
  }
  return made;
}

}  // namespace callbacks

// One subscription: a thread that calls its listener every period until stopped or until a call
// fails. What it did is kept under its mutex, for subscription() and unsubscribe() to read.
class WarehouseServant::Subscriber {
 public:
  Subscriber(CORBA::Long id, depot::stock::StockListener_ptr listener, CORBA::ULong period_ms, CORBA::Long pallets)
      : listener_(listener), period_(period_ms), pallets_(pallets) {
    state_ = unknown_subscription();
    state_.id = id;
    state_.active = true;
  }

  void start() { thread_ = std::thread(&Subscriber::run, this); }

  // Asks the thread to stop and waits for it: a call under way ends first, within the call-back
  // time-out. Safe to call from several threads at once.
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    std::lock_guard<std::mutex> joining(join_mutex_);
    if (thread_.joinable()) thread_.join();
  }

  depot::stock::Subscription state() {
    std::lock_guard<std::mutex> lock(mutex_);
    return state_;
  }

 private:
  void run() {
    std::unique_lock<std::mutex> lock(mutex_);
    Clock::time_point next = Clock::now() + period_;
    CORBA::Long sequence = 0;
    while (!wake_.wait_until(lock, next, [this] { return stop_; })) {
      ++sequence;
      ++state_.calls;
      lock.unlock();
      std::string failure;
      CORBA::Long answer = 0;
      try {
        depot::stock::StockEvent_var sent = callbacks::event(sequence, pallets_, kSubscriptionPhotoBytes);
        answer = listener_->onEvent(sent.in());
      } catch (depot::stock::ListenerRefused& refused) {
        failure = std::string("ListenerRefused reason=") + refused.reason.in() +
                  " sequence=" + std::to_string(refused.sequence);
      } catch (CORBA::SystemException& e) {
        failure = callbacks::describe(e);
      } catch (CORBA::Exception& e) {
        failure = e._name();
      }
      lock.lock();
      if (!failure.empty()) {
        ++state_.failed;
        state_.lastFailure = failure.c_str();
        break;
      }
      ++state_.answered;
      state_.lastAnswer = answer;
      // a period each from the last start, but never a burst to catch up after a slow call
      next = std::max(next + period_, Clock::now());
    }
    state_.active = false;
  }

  const depot::stock::StockListener_var listener_;
  const std::chrono::milliseconds period_;
  const CORBA::Long pallets_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  depot::stock::Subscription state_;
  std::mutex join_mutex_;
  std::thread thread_;
};

depot::stock::StockListener_ptr WarehouseServant::bounded(depot::stock::StockListener_ptr listener) const {
  depot::stock::StockListener_var copy = depot::stock::StockListener::_duplicate(listener);
  // per reference, so the name service calls keep the ORB-wide bound (clientCallTimeOutPeriod)
  omniORB::setClientCallTimeout(copy.in(), callback_timeout_ms_);
  return copy._retn();
}

depot::stock::CallbackReport* WarehouseServant::callBackOnce(depot::stock::StockListener_ptr listener,
                                                             const depot::stock::StockEvent& event) {
  refuse_nil(listener);
  depot::stock::StockListener_var target = bounded(listener);
  depot::stock::CallbackReport_var report = new depot::stock::CallbackReport;
  report->answered = false;
  report->answer = 0;
  report->failure = "";
  const Clock::time_point started = Clock::now();
  try {
    report->answer = target->onEvent(event);
    report->answered = true;
  } catch (depot::stock::ListenerRefused&) {
    // the listener's own refusal is the caller's to see, members and all
    throw;
  } catch (CORBA::SystemException& e) {
    report->failure = callbacks::describe(e).c_str();
  }
  report->nanos = nanos_since(started);
  return report._retn();
}

void WarehouseServant::noteOnce(depot::stock::StockListener_ptr listener, const char* note) {
  refuse_nil(listener);
  depot::stock::StockListener_var target = bounded(listener);
  try {
    // a oneway still has to connect and write: the time-out bounds both
    target->onNote(note);
  } catch (CORBA::SystemException& e) {
    std::cerr << "warehouse_server: onNote failed: " << callbacks::describe(e) << "\n";
  }
}

void WarehouseServant::adjustOnce(depot::stock::StockListener_ptr listener, depot::stock::Counters& totals,
                                  CORBA::String_out remark) {
  refuse_nil(listener);
  depot::stock::StockListener_var target = bounded(listener);
  // the listener's failure, a system exception, is the caller's: adjustOnce has no report
  CORBA::String_var said;
  target->adjust(totals, said.out());
  remark = said._retn();
}

CORBA::Long WarehouseServant::subscribe(depot::stock::StockListener_ptr listener, CORBA::ULong periodMillis,
                                        CORBA::Long palletsPerEvent) {
  refuse_nil(listener);
  if (periodMillis < 1 || periodMillis > kMaxPeriodMillis || palletsPerEvent < 0 ||
      palletsPerEvent > kMaxPalletsPerEvent) {
    throw CORBA::BAD_PARAM(0, CORBA::COMPLETED_NO);
  }
  std::shared_ptr<Subscriber> subscriber;
  CORBA::Long id = 0;
  {
    std::lock_guard<std::mutex> lock(subscriptions_mutex_);
    // a server on its way out takes no more; another replica may
    if (stopping_) throw CORBA::TRANSIENT(0, CORBA::COMPLETED_NO);
    if (subscriptions_.size() >= kMaxSubscriptions) throw CORBA::IMP_LIMIT(0, CORBA::COMPLETED_NO);
    id = next_subscription_++;
    subscriber = std::make_shared<Subscriber>(id, bounded(listener), periodMillis, palletsPerEvent);
    subscriptions_[id] = subscriber;
    subscriber->start();
  }
  return id;
}

depot::stock::Subscription* WarehouseServant::unsubscribe(CORBA::Long id) {
  std::shared_ptr<Subscriber> subscriber;
  {
    std::lock_guard<std::mutex> lock(subscriptions_mutex_);
    auto found = subscriptions_.find(id);
    if (found == subscriptions_.end()) return new depot::stock::Subscription(unknown_subscription());
    subscriber = found->second;
    subscriptions_.erase(found);
  }
  // outside the lock: the call under way may take up to the call-back time-out
  subscriber->stop();
  return new depot::stock::Subscription(subscriber->state());
}

depot::stock::Subscription* WarehouseServant::subscription(CORBA::Long id) {
  std::shared_ptr<Subscriber> subscriber;
  {
    std::lock_guard<std::mutex> lock(subscriptions_mutex_);
    auto found = subscriptions_.find(id);
    if (found == subscriptions_.end()) return new depot::stock::Subscription(unknown_subscription());
    subscriber = found->second;
  }
  return new depot::stock::Subscription(subscriber->state());
}

void WarehouseServant::stop_subscriptions() {
  std::map<CORBA::Long, std::shared_ptr<Subscriber>> left;
  {
    std::lock_guard<std::mutex> lock(subscriptions_mutex_);
    stopping_ = true;
    left.swap(subscriptions_);
  }
  for (auto& entry : left) entry.second->stop();
}

depot::stock::NanosSeq* WarehouseServant::timeCallbacks(depot::stock::StockListener_ptr listener, CORBA::Long count,
                                                        CORBA::Long photoBytes) {
  refuse_nil(listener);
  const CORBA::ULong giop_limit = omniORB::giopMaxMsgSize();
  if (count < 0 || count > kMaxTimedCallbacks || photoBytes < 0 ||
      static_cast<CORBA::ULong>(photoBytes) > giop_limit - std::min(giop_limit, kPhotoAllowance)) {
    throw CORBA::BAD_PARAM(0, CORBA::COMPLETED_NO);
  }
  depot::stock::StockListener_var target = bounded(listener);
  // built once: the durations are the calls', not the event's making
  depot::stock::StockEvent_var sent = callbacks::event(0, 1, static_cast<CORBA::ULong>(photoBytes));
  depot::stock::NanosSeq_var durations = new depot::stock::NanosSeq;
  durations->length(static_cast<CORBA::ULong>(count));
  for (CORBA::Long i = 0; i < count; ++i) {
    sent->sequence = i + 1;
    const Clock::time_point started = Clock::now();
    try {
      target->onEvent(sent.in());
    } catch (depot::stock::ListenerRefused& refused) {
      // not among timeCallbacks' exceptions: say what happened, as omniORB would say it
      std::cerr << "warehouse_server: timeCallbacks: the listener refused event " << refused.sequence << ": "
                << refused.reason.in() << "\n";
      throw CORBA::UNKNOWN(0, CORBA::COMPLETED_YES);
    }
    // a system exception of the call back ends the timing and goes to the caller as it came
    durations[static_cast<CORBA::ULong>(i)] = nanos_since(started);
  }
  return durations._retn();
}
