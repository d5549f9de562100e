package org.corbabridge.ee;

import org.corbabridge.adapter.DynamicServant;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.InterfaceSignature;

/**
 * A {@link CorbaReference} client's serving side, for objects the server calls back
 * (docs/callbacks.md), injected with the same qualifier as the proxy. The exports end with the
 * client: when the application (or, per session, the session) that holds it ends.
 *
 * <pre>{@code
 * @Inject @CorbaReference("warehouse")
 * WarehouseOperations warehouse;
 * @Inject @CorbaReference("warehouse")
 * CorbaExports exports;
 * ...
 * ExportedObject listening = exports.export(StockListenerOperations.class, listener);
 * warehouse.subscribe(listening.reference(StockListener.class), 1000, 0);
 * }</pre>
 */
public interface CorbaExports {

    /** As {@link org.corbabridge.adapter.CorbaClient#export(Class, Object)}; the client is made now if it was not yet. */
    <S> ExportedObject export(Class<S> operationsInterface, S servant);

    /** As {@link org.corbabridge.adapter.CorbaClient#export(InterfaceSignature, DynamicServant)}. */
    ExportedObject export(InterfaceSignature signature, DynamicServant servant);
}
