package org.corbabridge.adapter.transport;

import java.util.Properties;

/**
 * The names of the classes here that an ORB instantiates. Names, not class literals: naming one
 * must not load it, since each implements types of one ORB only, and the other ORB's properties
 * are built on a classpath without them. The tests of each ORB create ORBs with these names.
 */
final class PluginNames {

    private static final String PACKAGE = PluginNames.class.getPackageName();

    static final String JACORB_SOCKET_FACTORY = PACKAGE + ".JacorbSocketFactory";
    static final String JACORB_TLS_SOCKET_FACTORY = PACKAGE + ".JacorbTlsSocketFactory";
    static final String ECLIPSE_SOCKET_FACTORY = PACKAGE + ".EclipseSocketFactory";
    static final String ECLIPSE_TLS_SOCKET_INFO = PACKAGE + ".EclipseTlsSocketInfo";
    static final String ECLIPSE_CONFIGURATOR = PACKAGE + ".EclipseTransportConfigurator";
    static final String OPENJDK_SOCKET_FACTORY = PACKAGE + ".OpenJdkSocketFactory";
    static final String OPENJDK_TLS_SOCKET_INFO = PACKAGE + ".OpenJdkTlsSocketInfo";
    static final String OPENJDK_CONFIGURATOR = PACKAGE + ".OpenJdkTransportConfigurator";

    private PluginNames() {
    }

    /** The Eclipse ORB: the adapter's socket factory, and its configurator to pass it this ORB's settings. */
    static void eclipseSocketFactory(Properties properties) {
        properties.setProperty("com.sun.corba.ee.transport.ORBSocketFactoryClass", ECLIPSE_SOCKET_FACTORY);
        properties.setProperty("com.sun.corba.ee.ORBUserConfigurators." + ECLIPSE_CONFIGURATOR, "on");
    }

    /** The OpenJDK ORB: the adapter's socket factory, and its configurator to pass it this ORB's settings. */
    static void openJdkSocketFactory(Properties properties) {
        properties.setProperty("com.sun.CORBA.transport.ORBSocketFactoryClass", OPENJDK_SOCKET_FACTORY);
        properties.setProperty("com.sun.CORBA.ORBUserConfigurators." + OPENJDK_CONFIGURATOR, "on");
    }
}
