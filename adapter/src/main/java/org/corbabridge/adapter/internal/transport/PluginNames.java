package org.corbabridge.adapter.internal.transport;

import java.util.Properties;

/**
 * The names of the classes that an ORB instantiates, in the package of each ORB. Names, not class literals: naming one
 * must not load it, since each implements types of one ORB only, and the other ORB's properties
 * are built on a classpath without them. The tests of each ORB create ORBs with these names.
 */
final class PluginNames {

    /** Where each ORB's own classes are: a package per ORB, beside this one. */
    private static final String INTERNAL = "org.corbabridge.adapter.internal.";

    static final String JACORB_SOCKET_FACTORY = INTERNAL + "jacorb.JacorbSocketFactory";
    static final String JACORB_SERVER_SOCKET_FACTORY = INTERNAL + "jacorb.JacorbServerSocketFactory";
    static final String JACORB_TLS_SOCKET_FACTORY = INTERNAL + "jacorb.JacorbTlsSocketFactory";
    static final String ECLIPSE_SOCKET_FACTORY = INTERNAL + "eclipse.EclipseSocketFactory";
    static final String ECLIPSE_TLS_SOCKET_INFO = INTERNAL + "eclipse.EclipseTlsSocketInfo";
    static final String ECLIPSE_CONFIGURATOR = INTERNAL + "eclipse.EclipseTransportConfigurator";
    static final String OPENJDK_SOCKET_FACTORY = INTERNAL + "openjdk.OpenJdkSocketFactory";
    static final String OPENJDK_TLS_SOCKET_INFO = INTERNAL + "openjdk.OpenJdkTlsSocketInfo";
    static final String OPENJDK_CONFIGURATOR = INTERNAL + "openjdk.OpenJdkTransportConfigurator";

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
