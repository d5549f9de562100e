package org.corbabridge.adapter.opentelemetry;

import java.nio.file.Path;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.apicheck.ApiBaseline;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** This add-on's public API is the baseline checked in at {@code api/corba-adapter-opentelemetry.api}. */
@Tag(TestOrbs.ORB_FREE)
class PublicApiTest {

    @Test
    void thePublicApiIsTheCheckedInBaseline() {
        ApiBaseline.of(Path.of("target/classes"), "org.corbabridge.adapter.opentelemetry").assertMatches(Path.of("api/corba-adapter-opentelemetry.api"), Path.of("target"));
    }
}
