package org.corbabridge.it;

import java.io.File;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.corbabridge.ejb.CatalogSession;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;

/** The EJB jar as the ejb-module build made it, and its six beans by JNDI name. */
public final class CatalogEjb {

    /** The six declarations of the session bean in the jar's ejb-jar.xml. */
    public enum Bean {
        STATIC_BUILT_IN("CatalogSession", "static", "BUILT_IN"),
        DYNAMIC_BUILT_IN("CatalogSessionDynamic", "dynamic", "BUILT_IN"),
        STATIC_EXTERNAL("CatalogSessionExternal", "static", "EXTERNAL"),
        DYNAMIC_EXTERNAL("CatalogSessionDynamicExternal", "dynamic", "EXTERNAL"),
        DII_BUILT_IN("CatalogSessionDii", "dii", "BUILT_IN"),
        DII_EXTERNAL("CatalogSessionDiiExternal", "dii", "EXTERNAL");

        public final String ejbName;
        public final String invocation;
        public final String orbMode;

        Bean(String ejbName, String invocation, String orbMode) {
            this.ejbName = ejbName;
            this.invocation = invocation;
            this.orbMode = orbMode;
        }

        public String jndiName() {
            return "java:global/catalog-ejb/" + ejbName + "!" + CatalogSession.class.getName();
        }

        /** A new session: every lookup of a stateful bean creates one. */
        public CatalogSession newSession() {
            try {
                return (CatalogSession) new InitialContext().lookup(jndiName());
            } catch (NamingException e) {
                throw new IllegalStateException("cannot look up " + jndiName(), e);
            }
        }
    }

    private CatalogEjb() {
    }

    /** The built jar, untouched. */
    public static JavaArchive asBuilt() {
        String path = System.getProperty("corbabridge.ejb.jar");
        if (path == null || !new File(path).isFile()) {
            throw new IllegalStateException("corbabridge.ejb.jar must name the built EJB jar, not " + path);
        }
        return ShrinkWrap.createFromZipFile(JavaArchive.class, new File(path));
    }
}
