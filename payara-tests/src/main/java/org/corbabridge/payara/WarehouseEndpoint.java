package org.corbabridge.payara;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.function.Supplier;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.ee.CorbaReference;

/**
 * What an application writes in any Jakarta EE 10 server: the Warehouse's typed proxy by CDI,
 * configured by MicroProfile Config ({@code corbabridge.<name>.*}, here system properties of the
 * server). Each endpoint answers with the call's result, or 503 and the adapter's typed error.
 */
@Path("warehouse")
@RequestScoped
@Produces(MediaType.TEXT_PLAIN)
public class WarehouseEndpoint {

    /** On an ORB of the application's own ({@code orb=own}), from Payara's Eclipse ORB classes. */
    @Inject
    @CorbaReference("warehouse")
    WarehouseOperations warehouse;

    /** On an ORB of each HTTP session's own ({@code orb=per-session}). */
    @Inject
    @CorbaReference("sessions")
    WarehouseOperations perSession;

    /** On the server's ORB ({@code orb=container}), which Payara Micro does not offer. */
    @Inject
    @CorbaReference("borrowed")
    WarehouseOperations borrowed;

    /** A name service nobody runs. */
    @Inject
    @CorbaReference("absent")
    WarehouseOperations absent;

    @GET
    @Path("site")
    public Response site() {
        return answer(warehouse::site);
    }

    @GET
    @Path("session-site")
    public Response sessionSite(@Context HttpServletRequest request) {
        request.getSession(true);
        return answer(perSession::site);
    }

    @GET
    @Path("borrowed-site")
    public Response borrowedSite() {
        return answer(borrowed::site);
    }

    @GET
    @Path("absent-site")
    public Response absentSite() {
        return answer(absent::site);
    }

    private static Response answer(Supplier<String> call) {
        try {
            return Response.ok(call.get()).build();
        } catch (CorbaAdapterException e) {
            return Response.status(Response.Status.SERVICE_UNAVAILABLE)
                    .entity(e.getClass().getSimpleName() + ": " + e.getMessage()).build();
        }
    }
}
