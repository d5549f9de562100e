package org.corbabridge.perf.run;

import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A profile explains a figure; it is not one. A profiled run that fails is tried again where the
 * caller can give it a fresh JVM, and is otherwise left out, with a line saying why, while the
 * study goes on. async-profiler's sampling crashes a JVM now and then (a SIGSEGV inside the JVM
 * 0.3 s after the profiler started, in a payload worker; a profiled start-up probe that died in
 * CI), and such a crash must not cost the figures of a run of many minutes.
 */
final class ProfileAttempts {

    private ProfileAttempts() {
    }

    /**
     * @param what what is profiled, for the progress lines
     * @param attempts how many times to try; each try must start from a fresh JVM, or a crashed
     *     worker fails every one
     * @param profile one try: the profile, or an {@link IllegalStateException} (a worker that failed
     *     or died) or {@link UncheckedIOException} (its profile not written)
     */
    static <T> Optional<T> attempt(String what, int attempts, Supplier<T> profile, Consumer<String> progress) {
        for (int attempt = 1; ; attempt++) {
            try {
                return Optional.of(profile.get());
            } catch (IllegalStateException | UncheckedIOException failed) {
                if (attempt >= attempts) {
                    progress.accept("profile of " + what + " left out: " + failed.getMessage());
                    return Optional.empty();
                }
                progress.accept("profile of " + what + " failed (" + failed.getMessage() + "); trying it again");
            }
        }
    }
}
