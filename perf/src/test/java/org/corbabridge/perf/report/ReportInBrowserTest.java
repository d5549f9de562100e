package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.corbabridge.perf.run.PayloadPlan;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a person opens it: index.html in a real browser (Debian's {@code chromium},
 * headless, at 1280 x 800, which the build installs with the native packages), from made-up
 * results of the standard plan's sizes. The page notes on its body what the browser made of it
 * (where the summary ends, which images did not load); the browser's DOM is read back here.
 */
class ReportInBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 800;

    @TempDir
    static Path dir;

    private static Path index;
    private static Document rendered;

    @BeforeAll
    static void renderInChromium() throws Exception {
        System.setProperty("java.awt.headless", "true");
        index = StudyReport.write(SyntheticResults.of(PayloadPlan.standard(), SyntheticResults::paperLike), dir);
        assertThat(CHROMIUM).as("Debian's chromium (cpp-catalog-server/src/build/ensure-native-deps.sh installs it)")
                .isExecutable();
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        Path dom = dir.resolve("dom.html");
        Process browser = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir=" + profile,
                "--window-size=" + WIDTH + "," + HEIGHT, "--virtual-time-budget=10000", "--dump-dom",
                index.toUri().toString())
                .redirectOutput(dom.toFile()).redirectError(dir.resolve("chromium.log").toFile()).start();
        try {
            assertThat(browser.waitFor(60, TimeUnit.SECONDS)).as("chromium rendered the page within 60 s").isTrue();
        } finally {
            browser.destroyForcibly();
            browser.waitFor(10, TimeUnit.SECONDS);
        }
        rendered = Jsoup.parse(Files.readString(dom, StandardCharsets.UTF_8));
        assertThat(rendered.body().attr("data-measured")).as("the page's own measurement ran; chromium said: %s",
                Files.readString(dir.resolve("chromium.log"))).isEqualTo("true");
    }

    @Test
    void theSummaryOpensThePageAndFitsTheFirstScreen() {
        Element first = rendered.body().select("h2").first();
        assertThat(first).isNotNull();
        assertThat(first.text()).isEqualTo("Summary");
        assertThat(rendered.body().select("#summary table tr")).as("a header and headline rows").hasSizeGreaterThan(4);
        assertThat(rendered.body().select("#summary img")).hasSize(2);
        int bottom = Integer.parseInt(rendered.body().attr("data-summary-bottom"));
        int viewport = Integer.parseInt(rendered.body().attr("data-viewport-height"));
        // the window's inner height, what a reader sees of the page before scrolling
        assertThat(viewport).isBetween(HEIGHT / 2, HEIGHT);
        assertThat(bottom).as("where the summary ends, in a %dx%d window showing %d px of page", WIDTH, HEIGHT, viewport)
                .isLessThanOrEqualTo(viewport);
    }

    @Test
    void everyImageLoadedInTheBrowser() {
        assertThat(rendered.body().attr("data-broken-images")).as("images the browser could not show").isEmpty();
        assertThat(rendered.select("img")).hasSizeGreaterThan(2);
    }

    @Test
    void everyLinkResolvesToAFileOfTheReportOrAnAnchorOfThePage() throws IOException {
        Document page = Jsoup.parse(index.toFile(), "UTF-8");
        List<String> targets = page.select("a[href], img[src]").stream()
                .map(element -> element.hasAttr("href") ? element.attr("href") : element.attr("src")).toList();
        assertThat(targets).isNotEmpty();
        for (String target : targets) {
            if (target.startsWith("#")) {
                assertThat(page.getElementById(target.substring(1))).as("anchor %s", target).isNotNull();
            } else {
                assertThat(target).as("a link inside the report").doesNotContain("://");
                assertThat(index.resolveSibling(target)).as("%s", target).isRegularFile();
            }
        }
    }
}
