package org.corbabridge.warehouse.app;

import jakarta.enterprise.context.RequestScoped;

/** A request-scoped bean: each request context (each call back) has one of its own, starting at zero. */
@RequestScoped
public class CallScope {

    private int calls;

    /** The calls this context has seen, this one included. */
    public int enter() {
        return ++calls;
    }
}
