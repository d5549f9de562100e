// The Warehouse servant: echoes every type back, stores pallets up to its capacity, counts
// oneway audits, and calls StockListeners back (once inside a call, or every period from a
// thread per subscription). Thread-safe: omniORB calls it from a thread per connection.
#pragma once

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "till.hh"
#include "warehouse.hh"

class WarehouseServant : public POA_depot::stock::Warehouse {
 public:
  // callback_timeout_ms bounds every call back (omniORB's per-reference call time-out on the
  // listener): a listener that never answers must not hold a server thread for ever
  WarehouseServant(std::string site, CORBA::Long capacity, CORBA::ULong callback_timeout_ms);
  // stops what subscriptions are left (stop_subscriptions)
  ~WarehouseServant() override;

  char* site() override;
  CORBA::Long capacity() override;
  void capacity(CORBA::Long value) override;
  depot::stock::Pallet* echo(const depot::stock::Pallet& goods) override;
  depot::stock::PalletSeq* echoAll(const depot::stock::PalletSeq& pallets) override;
  void store(const depot::stock::Pallet& goods, CORBA::Long_out slot, depot::stock::Counters& totals) override;
  depot::stock::Pallet* fetch(const char* id) override;
  void audit(const char* note) override;
  CORBA::Long audits() override;
  depot::stock::ReadingSeq* echoReadings(const depot::stock::ReadingSeq& readings) override;
  depot::stock::Bin* echoBin(const depot::stock::Bin& root) override;
  depot::stock::Route* echoRoute(const depot::stock::Route& path) override;
  CORBA::Any* echoAny(const CORBA::Any& value) override;
  depot::stock::PalletCursor_ptr browse() override;
  CORBA::Long remaining(depot::stock::PalletCursor_ptr cursor) override;

  depot::stock::CallbackReport* callBackOnce(depot::stock::StockListener_ptr listener,
                                             const depot::stock::StockEvent& event) override;
  void noteOnce(depot::stock::StockListener_ptr listener, const char* note) override;
  void adjustOnce(depot::stock::StockListener_ptr listener, depot::stock::Counters& totals,
                  CORBA::String_out remark) override;
  CORBA::Long subscribe(depot::stock::StockListener_ptr listener, CORBA::ULong periodMillis,
                        CORBA::Long palletsPerEvent) override;
  depot::stock::Subscription* unsubscribe(CORBA::Long id) override;
  depot::stock::Subscription* subscription(CORBA::Long id) override;
  depot::stock::NanosSeq* timeCallbacks(depot::stock::StockListener_ptr listener, CORBA::Long count,
                                        CORBA::Long photoBytes) override;

  // Stops every subscription and waits for their threads (a call under way ends first, within
  // the call-back time-out); later subscribes are refused. The server calls it on SIGTERM, before
  // the ORB shuts down, so that no thread calls out through an ORB that is going away.
  void stop_subscriptions();

 private:
  class Subscriber;

  // A copy of `listener` whose calls omniORB bounds by the call-back time-out.
  depot::stock::StockListener_ptr bounded(depot::stock::StockListener_ptr listener) const;

  const std::string site_;
  std::atomic<CORBA::Long> capacity_;
  std::atomic<CORBA::Long> audits_{0};
  std::mutex mutex_;
  std::map<std::string, depot::stock::Pallet> stored_;

  const CORBA::ULong callback_timeout_ms_;
  std::mutex subscriptions_mutex_;
  // until unsubscribed: an ended (failed) one stays, so that its last failure can be read
  std::map<CORBA::Long, std::shared_ptr<Subscriber>> subscriptions_;
  CORBA::Long next_subscription_ = 1;
  bool stopping_ = false;
};

namespace callbacks {

// A system exception as the Subscription and CallbackReport report it, starting with omniORB's
// name for it: "TRANSIENT minor=0x41540002 (TRANSIENT_ConnectFailed) completed=NO".
std::string describe(const CORBA::SystemException& failure);

// An event of `pallets` pallets, each with a picture of `photo_bytes` octets and an any holding
// a long (the sequence), so that every kind of value the IDL has travels in a call back.
depot::stock::StockEvent* event(CORBA::Long sequence, CORBA::Long pallets, CORBA::ULong photo_bytes);

}  // namespace callbacks

// One browse(): a snapshot of the stored pallets, handed out one by one. Activated on the
// warehouse's POA; destroy() deactivates it, and the POA then deletes it.
class PalletCursorServant : public POA_depot::stock::PalletCursor {
 public:
  explicit PalletCursorServant(std::vector<depot::stock::Pallet> pallets);

  CORBA::Boolean next(depot::stock::Pallet_out goods) override;
  CORBA::Long left() override;
  void destroy() override;

 private:
  std::mutex mutex_;
  std::vector<depot::stock::Pallet> pallets_;
  size_t next_ = 0;
};

// The Till: echoes fixed-point money, and says how omniORB read it. Stateless.
class TillServant : public POA_depot::stock::Till {
 public:
  depot::stock::Price* echoPrice(const depot::stock::Price& offer, CORBA::String_out amountText,
                                 CORBA::String_out rateText) override;
  depot::stock::MoneySeq* echoMoney(const depot::stock::MoneySeq& amounts) override;
  CORBA::Any* priceAsAny(const depot::stock::Price& offer) override;
  CORBA::Any* quote(const char* amount, const char* currency, const char* rate) override;
};
