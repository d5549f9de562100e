package org.corbabridge.adapter.internal.eclipse;

import com.sun.corba.ee.spi.ior.IOR;
import com.sun.corba.ee.spi.ior.TaggedComponent;
import com.sun.corba.ee.spi.ior.iiop.IIOPAddress;
import com.sun.corba.ee.spi.ior.iiop.IIOPProfileTemplate;
import com.sun.corba.ee.spi.transport.IORToSocketInfo;
import com.sun.corba.ee.spi.transport.SocketInfo;
import java.util.Iterator;
import java.util.List;
import org.corbabridge.adapter.internal.transport.SslComponent;

/**
 * The Eclipse ORB's idea of where to connect for a reference, over TLS only: the host of its
 * IIOP profile and the port of its {@link SslComponent}. A reference with no such
 * component is called in plain text, as the ORB would: the name service (omniNames has no TLS)
 * is one. The adapter refuses to bind a name to such a reference when it is to call over TLS.
 */
public final class EclipseTlsSocketInfo implements IORToSocketInfo {

    /** The socket type of a TLS connection. */
    public static final String TLS = SocketInfo.SSL_PREFIX;

    @Override
    public List<? extends SocketInfo> getSocketInfo(IOR ior, List<? extends SocketInfo> previous) {
        // as the ORB's default mapping does: a list already made for this reference stands
        if (!previous.isEmpty()) {
            return previous;
        }
        IIOPProfileTemplate template = (IIOPProfileTemplate) ior.getProfile().getTaggedProfileTemplate();
        IIOPAddress primary = template.getPrimaryAddress();
        String host = primary.getHost().toLowerCase();
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
