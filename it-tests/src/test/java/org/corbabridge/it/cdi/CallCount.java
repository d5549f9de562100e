package org.corbabridge.it.cdi;

import jakarta.enterprise.context.RequestScoped;

/** Counts calls within one request context: a new context starts at zero. */
@RequestScoped
public class CallCount {

    private int calls;

    /** This context's calls so far, this one included. */
    public int next() {
        return ++calls;
    }
}
