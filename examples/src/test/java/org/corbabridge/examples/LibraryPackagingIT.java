package org.corbabridge.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.micrometer.CallMetrics;
import org.corbabridge.adapter.opentelemetry.Tracing;
import org.corbabridge.ee.CorbaClientResource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What an application that adds the libraries gets, read from the jars the build made (an
 * integration test: only then are the other modules jars on the class path): a module name in
 * every jar, a BOM that names every library at the build's version, and the telemetry add-ons
 * optional where they are not needed.
 */
@Tag(TestOrbs.ORB_FREE)
class LibraryPackagingIT {

    /** The libraries an application adds, by artifact, with a class of each. */
    private static final Map<String, Class<?>> LIBRARIES = Map.of(
            "corba-adapter", CorbaClient.class,
            "corba-adapter-opentelemetry", Tracing.class,
            "corba-adapter-micrometer", CallMetrics.class,
            "corba-ee", CorbaClientResource.class);

    @Test
    void everyLibraryJarIsAnAutomaticModuleNamedAfterItsPackage() throws Exception {
        for (Map.Entry<String, Class<?>> library : LIBRARIES.entrySet()) {
            Path jar = Path.of(library.getValue().getProtectionDomain().getCodeSource().getLocation().toURI());
            assertThat(jar.getFileName().toString()).as(library.getKey() + " as the build packaged it")
                    .startsWith(library.getKey() + "-").endsWith(".jar");
            assertThat(moduleName(jar)).as(jar.toString()).isEqualTo(library.getValue().getPackageName());
        }
    }

    @Test
    void everyJarOfThisBuildOnTheClassPathHasAModuleNameTheJvmAccepts() throws Exception {
        Map<String, String> names = new TreeMap<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path path = Path.of(entry);
            if (entry.endsWith(".jar") && Files.isRegularFile(path) && isOfThisBuild(path)) {
                names.put(path.getFileName().toString(), moduleName(path));
            }
        }
        System.out.println("module names of this build's jars: " + names);
        // the libraries, the IDLs' classes, the catalog binding, the EJB and the native programs' jar
        assertThat(names).hasSizeGreaterThanOrEqualTo(LIBRARIES.size() + 4).doesNotContainValue(null);
    }

    @Test
    void theBomNamesEveryLibraryAtTheBuildsVersionAndInheritsNothing() throws Exception {
        Element bom = xml(Path.of("../bom/pom.xml"));
        String version = text(xml(Path.of("../pom.xml")), "version");
        assertThat(bom.getElementsByTagName("parent").getLength()).as("an imported BOM brings its parents' versions")
                .isZero();
        assertThat(text(bom, "version")).isEqualTo(version);
        List<String> managed = new ArrayList<>();
        NodeList dependencies = bom.getElementsByTagName("dependency");
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            assertThat(text(dependency, "groupId")).isEqualTo("org.corbabridge");
            assertThat(text(dependency, "version")).isEqualTo(version);
            managed.add(text(dependency, "artifactId"));
        }
        assertThat(managed).containsExactlyInAnyOrderElementsOf(LIBRARIES.keySet());
    }

    @Test
    void theCoreNeedsNoTelemetryLibraryAndCorbaEeLeavesTheAddOnsOptional() throws Exception {
        for (Element dependency : dependencies(Path.of("../adapter/pom.xml"))) {
            String scope = text(dependency, "scope");
            if (scope == null || scope.equals("compile") || scope.equals("runtime")) {
                assertThat(text(dependency, "groupId")).doesNotStartWith("io.opentelemetry").doesNotStartWith("io.micrometer");
            }
        }
        List<String> optional = dependencies(Path.of("../corba-ee/pom.xml")).stream()
                .filter(dependency -> "true".equals(text(dependency, "optional")))
                .map(dependency -> text(dependency, "artifactId")).toList();
        assertThat(optional).contains("corba-adapter-opentelemetry", "corba-adapter-micrometer");
    }

    private static boolean isOfThisBuild(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getEntry("META-INF/maven/org.corbabridge/") != null
                    || file.stream().anyMatch(entry -> entry.getName().startsWith("META-INF/maven/org.corbabridge/"));
        }
    }

    /** The jar's Automatic-Module-Name, as the JVM's module finder reads it: null if it has none. */
    private static String moduleName(Path jar) throws IOException {
        String declared;
        try (JarFile file = new JarFile(jar.toFile())) {
            declared = file.getManifest() == null ? null
                    : file.getManifest().getMainAttributes().getValue("Automatic-Module-Name");
        }
        if (declared == null) {
            return null;
        }
        ModuleDescriptor found = ModuleFinder.of(jar).findAll().iterator().next().descriptor();
        assertThat(found.isAutomatic()).isTrue();
        return found.name();
    }

    private static List<Element> dependencies(Path pom) throws Exception {
        NodeList nodes = xml(pom).getElementsByTagName("dependency");
        List<Element> all = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            all.add((Element) nodes.item(i));
        }
        return all;
    }

    private static Element xml(Path file) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile()).getDocumentElement();
    }

    /** The text of {@code element}'s own child {@code name}, or null. */
    private static String text(Element element, String name) {
        for (org.w3c.dom.Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element found && found.getTagName().equals(name)) {
                return found.getTextContent().trim();
            }
        }
        return null;
    }
}
