#include "warehouse_servant.hpp"

#include <iostream>
#include <utility>

WarehouseServant::WarehouseServant(std::string site, CORBA::Long capacity)
    : site_(std::move(site)), capacity_(capacity) {}

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
