package org.corbabridge.adapter.micrometer;

import java.nio.file.Path;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.apicheck.ApiBaseline;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** This add-on's public API is the baseline checked in at {@code api/corba-adapter-micrometer.api}. */
@Tag(TestOrbs.ORB_FREE)
class PublicApiTest {

    @Test
    void thePublicApiIsTheCheckedInBaseline() {
        ApiBaseline.of(Path.of("target/classes"), "org.corbabridge.adapter.micrometer").assertMatches(Path.of("api/corba-adapter-micrometer.api"), Path.of("target"));
    }
}
