package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.shop.CatalogOperations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.omg.CORBA.TypeCode;

/**
 * CatalogAdapter gives its client the Catalog's signature instead of letting the typed proxy read
 * catalog.idl (see {@link CatalogAdapter#signature()}): it must be the one the IDL file declares,
 * and making an adapter must then load nothing of the IDL reader.
 */
class CatalogSignatureTest {

    /**
     * The IDL reader: the ANTLR runtime, and the adapter's parser, lexer, preprocessor, model and
     * class-path reader in whichever internal package they stand (the TypeCode helpers beside them
     * serve every call and are not the reader).
     */
    private static final Pattern IDL_READER = Pattern.compile(
            "org\\.antlr\\..*|org\\.corbabridge\\.adapter\\.internal\\.(.*\\.)?Idl(Parser|Lexer|Preprocessor|Model|ClassPath|Source)\\b.*");

    @Test
    void theCatalogsDeclaredSignatureIsTheOneItsIdlFileGives() {
        InterfaceSignature declared = CatalogAdapter.signature();
        InterfaceSignature fromIdl = InterfaceSignature.of(CatalogOperations.class);

        assertThat(declared.repositoryId()).isEqualTo(fromIdl.repositoryId());
        assertThat(declared.operationsInterface()).isEqualTo(fromIdl.operationsInterface());
        assertThat(names(declared)).isEqualTo(names(fromIdl));
        for (OperationSignature idl : fromIdl.operations()) {
            OperationSignature ours = declared.operation(idl.name()).orElseThrow();
            assertThat(ours.oneway()).as(idl.name() + " oneway").isEqualTo(idl.oneway());
            assertThat(ours.returnsValue()).as(idl.name() + " returns a value").isEqualTo(idl.returnsValue());
            if (idl.returnsValue()) {
                assertThat(ours.result().equal(idl.result())).as(idl.name() + "'s result " + ours.result()).isTrue();
            }
            assertThat(ours.parameters()).as(idl.name() + "'s parameters").hasSameSizeAs(idl.parameters());
            for (int i = 0; i < idl.parameters().size(); i++) {
                OperationSignature.Parameter theirs = idl.parameters().get(i);
                OperationSignature.Parameter mine = ours.parameters().get(i);
                assertThat(mine.name()).isEqualTo(theirs.name());
                assertThat(mine.mode()).isEqualTo(theirs.mode());
                assertThat(mine.type().equal(theirs.type())).as(theirs.name() + "'s type").isTrue();
            }
            assertThat(ours.exceptions()).as(idl.name() + "'s exceptions").hasSameSizeAs(idl.exceptions());
            for (int i = 0; i < idl.exceptions().size(); i++) {
                TypeCode exception = idl.exceptions().get(i);
                assertThat(ours.exceptions().get(i).equal(exception)).as("exception " + i).isTrue();
            }
        }
    }

    /**
     * In a JVM of its own (this one has read IDL for other tests): an adapter made against a name
     * service that is not there fails after its signature is made, and the JVM's class loading log
     * must name no class of the IDL reader. Before, the typed proxy read catalog.idl first.
     */
    @Test
    void makingACatalogAdapterLoadsNoIdlReader(@TempDir Path directory) throws Exception {
        Path classLog = directory.resolve("classes.log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load:file=" + classLog,
                "-cp", System.getProperty("java.class.path"),
                MakeOne.class.getName(), TestOrbs.current().name()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve("out.log").toFile()).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the JVM ended").isTrue();
        String out = Files.readString(directory.resolve("out.log"), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out).contains("failed as expected");

        List<String> idlReader = loaded(classLog).stream().filter(name -> IDL_READER.matcher(name).matches()).toList();
        assertThat(idlReader).as("classes of the IDL reader loaded").isEmpty();
        assertThat(loaded(classLog)).as("the log's sanity").contains(CatalogAdapter.class.getName());
    }

    /** The child JVM's main: one CatalogAdapter made against a closed port; exits 0 if it failed as it should. */
    static final class MakeOne {
        public static void main(String[] args) {
            AdapterConfig config = AdapterConfig.builder()
                    .nameService("corbaname::127.0.0.1:1#Catalog")
                    .orb(org.corbabridge.adapter.OrbImplementation.valueOf(args[0]))
                    .callTimeout(Duration.ofSeconds(5))
                    .connectTimeout(Duration.ofSeconds(1))
                    .build();
            try (CatalogAdapter adapter = CatalogAdapter.create(config)) {
                System.out.println("made an adapter against a closed port: " + adapter);
                System.exit(1);
            } catch (CorbaAdapterException expected) {
                System.out.println("failed as expected: " + expected);
            }
            System.exit(0);
        }
    }

    private static List<String> names(InterfaceSignature signature) {
        return signature.operations().stream().map(OperationSignature::name).sorted().toList();
    }

    /** The class names of a {@code -Xlog:class+load} file, one a line: "[...] name source: ...". */
    private static List<String> loaded(Path classLog) throws IOException {
        List<String> names = new ArrayList<>();
        for (String line : Files.readAllLines(classLog, StandardCharsets.UTF_8)) {
            String[] words = line.split(" ");
            if (words.length > 1) {
                names.add(words[1]);
            }
        }
        return names;
    }
}
