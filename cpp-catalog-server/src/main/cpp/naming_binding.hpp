// Binding a server's object in CosNaming and taking it back: shared by every server here.
#pragma once

#include <omniORB4/CORBA.h>
#include <omniORB4/Naming.hh>

#include <string>

namespace naming {

// The root context: `url` (corbaname:/corbaloc:), or the NameService initial reference when
// it is empty. Exits with `exit_code` and a message naming `program` when there is none.
CosNaming::NamingContextExt_ptr root_context(CORBA::ORB_ptr orb, const std::string& url, const char* program,
                                             int exit_code);

// Binds `name` (a CosNaming string name such as "Catalog" or "shop/Catalog"), creating any
// missing intermediate contexts, and replacing an earlier binding of the same name.
void bind(CosNaming::NamingContextExt_ptr context, const std::string& name, CORBA::Object_ptr object);

// Unbinds `name` only while it still names `object`: a successor that has rebound the name
// in the meantime keeps its binding.
void unbind_if_ours(CosNaming::NamingContextExt_ptr context, const std::string& name, CORBA::Object_ptr object,
                    const char* program);

}  // namespace naming
