package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corbabridge.apicheck.ApiBaseline;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The public API is the baseline checked in at {@code adapter/api/corba-adapter.api} (japicmp's view of
 * the API and SPI packages), and the README's "The public API" names exactly its types: a public
 * change is a deliberate one, and the README says what it is.
 */
@Tag(TestOrbs.ORB_FREE)
class PublicApiTest {

    static final String API = "org.corbabridge.adapter";
    static final String SPI = "org.corbabridge.adapter.spi";

    private static ApiBaseline current() {
        return ApiBaseline.of(Path.of("../adapter/target/classes"), API, SPI);
    }

    @Test
    void thePublicApiIsTheCheckedInBaseline() {
        current().assertMatches(Path.of("../adapter/api/corba-adapter.api"), Path.of("target"));
    }

    @Test
    void theReadmeNamesEveryPublicTypeAndNoOther() throws IOException {
        String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8);
        int start = readme.indexOf("## The public API");
        assertThat(start).as("README has a section 'The public API'").isNotNegative();
        int end = readme.indexOf("\n## ", start + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        TreeSet<String> named = new TreeSet<>();
        Matcher type = Pattern.compile("`([A-Z][A-Za-z]+)`").matcher(section);
        while (type.find()) {
            named.add(type.group(1));
        }
        ApiBaseline api = current();
        TreeSet<String> types = new TreeSet<>(api.topLevelTypes(API));
        types.addAll(api.topLevelTypes(SPI));
        assertThat(named).isEqualTo(types);
    }

    @Test
    void theApiPackageCountsAboutTwentyTypesBesideItsExceptions() {
        List<String> types = current().topLevelTypes(API);
        // the exceptions and what they carry (their Completion)
        long errors = types.stream().filter(name -> name.endsWith("Exception") || name.equals("Completion"))
                .count();
        // 18 for calls, and the serving side's three (ServingConfig, ExportedObject, DynamicServant)
        assertThat(types.size() - errors).isLessThanOrEqualTo(21);
    }
}
