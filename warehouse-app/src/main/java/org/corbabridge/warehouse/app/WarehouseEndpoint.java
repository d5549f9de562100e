package org.corbabridge.warehouse.app;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The desk over HTTP: each endpoint answers 200 with the call's result, or 503 with the adapter's
 * typed error.
 */
@Path("warehouse")
@RequestScoped
@Produces(MediaType.TEXT_PLAIN)
public class WarehouseEndpoint {

    @Inject
    WarehouseDesk desk;

    @Inject
    StockWatch watch;

    @GET
    @Path("site")
    public Response site() {
        return http(desk.site());
    }

    @GET
    @Path("session-site")
    public Response sessionSite(@Context HttpServletRequest request) {
        request.getSession(true);
        return http(desk.sessionSite());
    }

    @GET
    @Path("borrowed-site")
    public Response borrowedSite() {
        return http(desk.borrowedSite());
    }

    @GET
    @Path("absent-site")
    public Response absentSite() {
        return http(desk.absentSite());
    }

    /** Subscribes the application's listener (once): the subscription's id. */
    @POST
    @Path("watch")
    public Response watch(@QueryParam("period-millis") @DefaultValue("100") int periodMillis) {
        return http(WarehouseDesk.Answer.of(() -> Integer.toString(watch.start(periodMillis))));
    }

    /** What the listener saw and what the server says of its subscription ({@link StockWatch#report}). */
    @GET
    @Path("watch")
    public Response watched() {
        return http(WarehouseDesk.Answer.of(watch::report));
    }

    /** Ends the listener's export; the server ends the subscription at its next call back. */
    @DELETE
    @Path("watch")
    public Response unwatch() {
        watch.stop();
        return Response.noContent().build();
    }

    private static Response http(WarehouseDesk.Answer answer) {
        return answer.answered() ? Response.ok(answer.text()).build()
                : Response.status(Response.Status.SERVICE_UNAVAILABLE).entity(answer.text()).build();
    }
}
