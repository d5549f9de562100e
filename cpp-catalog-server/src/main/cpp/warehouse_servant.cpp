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
