// The Warehouse servant: echoes every type back, stores pallets up to its capacity, counts
// oneway audits. Thread-safe: omniORB calls it from a thread per connection.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <string>

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

 private:
  const std::string site_;
  std::atomic<CORBA::Long> capacity_;
  std::atomic<CORBA::Long> audits_{0};
  std::mutex mutex_;
  std::map<std::string, depot::stock::Pallet> stored_;
};
