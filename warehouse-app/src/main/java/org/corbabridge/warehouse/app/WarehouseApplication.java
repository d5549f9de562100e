package org.corbabridge.warehouse.app;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The test application's REST endpoints, under {@code /api}. */
@ApplicationPath("api")
public class WarehouseApplication extends Application {
}
