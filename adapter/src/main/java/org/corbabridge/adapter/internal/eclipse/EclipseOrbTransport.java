package org.corbabridge.adapter.internal.eclipse;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.Optional;
import org.omg.CORBA.ORB;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the Eclipse ORB 5.0's {@code destroy()} leaves open, released through its transport
 * manager. Reached by reflection: the adapter compiles against the OMG API only, and the fields
 * involved are private.
 */
public final class EclipseOrbTransport {

    private static final Logger LOG = LoggerFactory.getLogger(EclipseOrbTransport.class);

    private EclipseOrbTransport() {
    }

    /**
     * Closes the ORB's acceptors. It opens one (a listening socket on every interface) the first
     * time it exports an object, which it does for its RMI-IIOP CodeBase on the first call, and
     * its destroy() leaves that socket open.
     */
    public static void closeAcceptors(ORB orb) {
        try {
            Object transportManager = transportManager(orb);
            Object acceptors = transportManager.getClass().getMethod("getAcceptors").invoke(transportManager);
            for (Object acceptor : (Iterable<?>) acceptors) {
                acceptor.getClass().getMethod("close").invoke(acceptor);
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("could not close the Eclipse ORB's acceptors before destroying it; its listening "
                    + "socket may stay open: {}", e.toString());
        }
    }

    /**
     * The ORB's selector thread and its NIO selector, if the thread was started. Its run loop
     * tests its closed flag twice per turn and closes the selector only at the first test, so a
     * destroy() that lands between the two ends the thread with the selector still open, together
     * with every channel registered with it that was closed but not yet deregistered (an
     * acceptor's listening socket, a connection). Taken before destroy(), which drops it.
     */
    public static Optional<SelectorThread> selectorThread(ORB orb) {
        try {
            Object transportManager = transportManager(orb);
            Object selectorImpl = transportManager.getClass().getMethod("getSelector", int.class)
                    .invoke(transportManager, 0);
            if (!(selectorImpl instanceof Thread thread)) {
                return Optional.empty();
            }
            Field field = findField(selectorImpl.getClass(), "selector");
            field.setAccessible(true);
            Object selector = field.get(selectorImpl);
            return selector instanceof Selector nio ? Optional.of(new SelectorThread(thread, nio)) : Optional.empty();
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("could not find the Eclipse ORB's selector; if its destroy() races with the selector "
                    + "thread, a selector and its sockets may stay open: {}", e.toString());
            return Optional.empty();
        }
    }

    private static Object transportManager(ORB orb) throws ReflectiveOperationException {
        return orb.getClass().getMethod("getTransportManager").invoke(orb);
    }

    private static Field findField(Class<?> type, String name) throws NoSuchFieldException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                // try the superclass
            }
        }
        throw new NoSuchFieldException(type.getName() + "." + name);
    }

    /** A thread that runs a NIO selector and should close it when it ends. */
    public record SelectorThread(Thread thread, Selector selector) {

        /**
         * Waits, at most {@code limit}, for the thread to end, then closes the selector if the
         * thread left it open. Closing it is safe even if the thread still runs: its select()
         * then fails, and a closed ORB's selector thread ends on any failure.
         *
         * @return whether this call closed the selector (the thread had left it open)
         */
        public boolean closeWhenEnded(Duration limit) {
            try {
                thread.join(Math.max(1, limit.toMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!selector.isOpen()) {
                return false;
            }
            try {
                selector.close();
                LOG.debug("closed the NIO selector that {} left open", thread.getName());
                return true;
            } catch (IOException e) {
                LOG.warn("could not close a selector the Eclipse ORB left open: {}", e.toString());
                return false;
            }
        }
    }
}
