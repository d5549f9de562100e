// The Warehouse servant: echoes every type back, stores pallets up to its capacity, counts
// oneway audits. Thread-safe: omniORB calls it from a thread per connection.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "till.hh"
#include "warehouse.hh"

class WarehouseServant : public POA_depot::stock::Warehouse {
 public:
  explicit WarehouseServant(std::string site, CORBA::Long capacity);

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

 private:
  const std::string site_;
  std::atomic<CORBA::Long> capacity_;
  std::atomic<CORBA::Long> audits_{0};
  std::mutex mutex_;
  std::map<std::string, depot::stock::Pallet> stored_;
};

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
