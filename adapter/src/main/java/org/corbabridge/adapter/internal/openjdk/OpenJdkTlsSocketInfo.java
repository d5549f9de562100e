package org.corbabridge.adapter.internal.openjdk;

import com.sun.corba.se.spi.ior.IOR;
import com.sun.corba.se.spi.ior.TaggedComponent;
import com.sun.corba.se.spi.ior.iiop.IIOPAddress;
import com.sun.corba.se.spi.ior.iiop.IIOPProfileTemplate;
import com.sun.corba.se.spi.transport.IORToSocketInfo;
import com.sun.corba.se.spi.transport.SocketInfo;
import java.util.Iterator;
import java.util.List;
import org.corbabridge.adapter.internal.transport.SslComponent;

/**
 * The OpenJDK ORB's idea of where to connect for a reference, over TLS only: the host of its
 * IIOP profile and the port of its {@link SslComponent}. A reference with no such component is
 * called in plain text, as the ORB would: the name service (omniNames has no TLS) is one. The
 * adapter refuses to bind a name to such a reference when it is to call over TLS.
 */
public final class OpenJdkTlsSocketInfo implements IORToSocketInfo {

    /** The socket type of a TLS connection. */
    public static final String TLS = "SSL";

    @Override
    @SuppressWarnings("rawtypes") // the ORB's interface is raw
    public List getSocketInfo(IOR ior) {
        IIOPProfileTemplate template = (IIOPProfileTemplate) ior.getProfile().getTaggedProfileTemplate();
        IIOPAddress primary = template.getPrimaryAddress();
        String host = primary.getHost().toLowerCase();
        @SuppressWarnings("unchecked")
        Iterator<TaggedComponent> components = template.iteratorById(SslComponent.TAG_SSL_SEC_TRANS);
        if (!components.hasNext()) {
            return List.of(endpoint(SocketInfo.IIOP_CLEAR_TEXT, host, primary.getPort()));
        }
        byte[] data = components.next().getIOPComponent(ior.getORB()).component_data;
        return List.of(endpoint(TLS, host, SslComponent.port(data)));
    }

    private static SocketInfo endpoint(String type, String host, int port) {
        return new SocketInfo() {
            @Override
            public String getType() {
                return type;
            }

            @Override
            public String getHost() {
                return host;
            }

            @Override
            public int getPort() {
                return port;
            }

            @Override
            public String toString() {
                return type + " " + host + ":" + port;
            }
        };
    }
}
