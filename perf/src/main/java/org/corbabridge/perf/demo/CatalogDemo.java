package org.corbabridge.perf.demo;

import java.time.Duration;
import java.util.List;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.CatalogFixture;
import org.corbabridge.perf.ChildJvm;
import org.corbabridge.perf.OrbClasspaths;

/**
 * Starts omniNames and the C++ catalog server, then runs {@link DemoClient} once per ORB,
 * each in a JVM with only that ORB's jars: a few queries by static and dynamic invocation.
 */
public final class CatalogDemo {

    private CatalogDemo() {
    }

    public static void main(String[] args) throws Exception {
        OrbClasspaths classpaths = OrbClasspaths.fromSystemProperties();
        try (CatalogFixture fixture = CatalogFixture.start()) {
            System.out.printf("omniNames on 127.0.0.1:%d (pid %d), catalog_server on 127.0.0.1:%d (pid %d)%n",
                    fixture.nameService().port(), fixture.nameService().pid(), fixture.server().port(),
                    fixture.server().pid());
            System.out.println("catalog URL: " + fixture.catalogUrl());
            int failures = 0;
            for (OrbImplementation orb : OrbImplementation.values()) {
                System.out.println();
                int exit = ChildJvm.run(classpaths.classpathFor(orb), List.of(), DemoClient.class.getName(),
                        List.of(orb.name(), fixture.catalogUrl()), Duration.ofMinutes(2), System.out::println);
                if (exit != 0) {
                    failures++;
                    System.out.println(orb + " demo client exited with " + exit);
                }
            }
            if (failures > 0) {
                System.exit(1);
            }
        }
    }
}
