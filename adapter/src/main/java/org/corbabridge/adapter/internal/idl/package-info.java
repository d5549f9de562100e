/**
 * IDL read at run time: the preprocessor, the ANTLR grammar's parser (generated from
 * {@code src/main/antlr4}), the model that builds signatures and TypeCodes, and the IDL files a
 * class loader carries. Not an API: {@link org.corbabridge.adapter.Idl} is.
 */
package org.corbabridge.adapter.internal.idl;
