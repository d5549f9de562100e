package org.corbabridge.ejb;

import java.util.Locale;

/** Whose ORB a session's calls go through: the two app-server set-ups of the study. */
public enum OrbMode {
    /** The container's ORB (the {@code CatalogOrb} resource), shared by every session: the study's ASIO. */
    BUILT_IN("builtin"),
    /** An ORB the session initialises itself and destroys when it ends: the study's ASRO. */
    EXTERNAL("external");

    private final String configName;

    OrbMode(String configName) {
        this.configName = configName;
    }

    /** {@code builtin} or {@code external}, as written in ejb-jar.xml. */
    public String configName() {
        return configName;
    }

    public static OrbMode fromConfig(String value) {
        String wanted = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        for (OrbMode mode : values()) {
            if (mode.configName.equals(wanted)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("orbMode must be builtin or external, not '" + value + "'");
    }
}
