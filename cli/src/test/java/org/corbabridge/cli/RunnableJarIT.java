package org.corbabridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The runnable jar as a user runs it, through the launcher script, in a JVM of its own per
 * command: each ORB it carries is loaded apart and answers, and the exit status comes through.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class RunnableJarIT {

    /** What one run printed, and how it ended. */
    record Run(int status, String out, String err) {
    }

    private final ServerFixture fixture;
    @TempDir
    Path work;

    RunnableJarIT(ServerFixture fixture) {
        this.fixture = fixture;
    }


    private Run run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(System.getProperty("corbabridge.cli.script"));
        command.addAll(List.of(args));
        Path out = work.resolve("out.txt");
        Path err = work.resolve("err.txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the command ended").isTrue();
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            process.destroyForcibly();
        }
    }

    private Path warehouseIdl() throws IOException {
        Path file = work.resolve("warehouse.idl");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("idl/warehouse.idl")) {
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    @ParameterizedTest
    @EnumSource(OrbImplementation.class)
    void eachOrbInTheJarCallsTheServer(OrbImplementation orb) throws Exception {
        Run site = run("call", "--orb", orb.name(), "--idl", warehouseIdl().toString(),
                fixture.nameServiceUrl() + "#Warehouse", "_get_site");

        assertThat(site.status()).as(site.err()).isZero();
        assertThat(site.out()).contains("\"result\" : \"depot-1\"");

        Run listed = run("ns", "ls", "--orb", orb.name(), "--ns", fixture.nameServiceUrl());
        assertThat(listed.status()).as(listed.err()).isZero();
        assertThat(listed.out()).contains("IDL:depot/stock/Warehouse:1.0");
    }

    @Test
    void theExitStatusOfAFailureComesThroughTheScript() throws Exception {
        Run missing = run("call", "--idl", warehouseIdl().toString(), fixture.nameServiceUrl() + "#Warehouse", "fetch",
                "--json", "[\"absent\"]");
        assertThat(missing.status()).isEqualTo(ExitCode.USER_EXCEPTION.status());
        assertThat(missing.out()).contains("IDL:depot/stock/PalletNotFound:1.0");
        assertThat(run("--version").out()).startsWith("corbabridge ");
        assertThat(run("nonsense").status()).isEqualTo(ExitCode.BAD_ARGUMENTS.status());
    }
}
