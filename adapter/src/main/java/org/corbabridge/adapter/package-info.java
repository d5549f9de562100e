/**
 * The API: a typed proxy ({@link org.corbabridge.adapter.CorbaClient}) or a dynamic client
 * ({@link org.corbabridge.adapter.DynamicClient}) of any IDL interface, the IDL read at run time
 * ({@link org.corbabridge.adapter.Idl}), the signatures ({@link org.corbabridge.adapter.InterfaceSignature}),
 * the configuration ({@link org.corbabridge.adapter.AdapterConfig}, {@link org.corbabridge.adapter.OrbConfig},
 * {@link org.corbabridge.adapter.TlsConfig}, {@link org.corbabridge.adapter.RetryPolicy}), what sees every call
 * ({@link org.corbabridge.adapter.CallObserver}) and the typed exceptions, all subclasses of
 * {@link org.corbabridge.adapter.CorbaAdapterException}. docs/getting-started.md shows them at work.
 */
package org.corbabridge.adapter;
