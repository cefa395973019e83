package dev.loupe.tool.forensic.provenance.c2pa;

import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The same comparison as {@link C2paValidatorAgainstReferenceTest}, with the reference run now
 * rather than read from its recorded output: c2pa-rs ({@code @contentauth/c2pa-wasm}, as
 * {@code evaluation/c2pa-fixtures/make.sh} installs it into {@code target/c2pa-fixtures}) validates
 * the committed fixtures in a Node process, and Loupe validates them at the same moment. Skipped, with
 * the reason, where node or the installed package is missing: tests never reach the network.
 */
class C2paValidatorAgainstLiveReferenceTest {

    private static final Path WORK = Path.of("target/c2pa-fixtures");
    /** Tests run from the checkout's root: the made fixtures are this module's, c2pa-rs's the image module's. */
    private static final Path RESOURCES = Path.of("forensics/src/test/resources");
    private static final Path C2PA_RS = Path.of("image/src/test/resources/c2pa");

    @Test
    void the_reference_run_now_agrees_with_loupe_on_the_made_fixtures() throws Exception {
        Path made = RESOURCES.resolve(ReferenceStatuses.MADE.substring(1));
        List<Path> files = jpegs(made);

        ReferenceStatuses reference = runReference(made.resolve("test-root.pem"), files);

        assertAgree(C2paValidatorAgainstReferenceTest.table(reference, ReferenceStatuses.MADE, ReferenceStatuses.testRoot()));
    }

    @Test
    void the_reference_run_now_agrees_with_loupe_on_c2pa_rs_fixtures() throws Exception {
        List<Path> files = jpegs(C2PA_RS);

        ReferenceStatuses reference = runReference(null, files);

        assertAgree(C2paValidatorAgainstReferenceTest.table(reference, "/c2pa/", TrustAnchors.none()));
    }

    private static ReferenceStatuses runReference(Path anchors, List<Path> files) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isDirectory(WORK.resolve("node_modules/@contentauth/c2pa-wasm")),
                "@contentauth/c2pa-wasm is not installed in target/c2pa-fixtures: run evaluation/c2pa-fixtures/make.sh once");
        Assumptions.assumeTrue(nodeRuns(), "node is not on the PATH");
        Files.copy(Path.of("evaluation/c2pa-fixtures/reference.mjs"), WORK.resolve("reference.mjs"), StandardCopyOption.REPLACE_EXISTING);
        List<String> command = new ArrayList<>(List.of("node", "reference.mjs", anchors == null ? "-" : anchors.toAbsolutePath().toString()));
        files.forEach(f -> command.add(f.toAbsolutePath().toString()));
        Instant now = Instant.now();
        Process process = new ProcessBuilder(command).directory(WORK.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the reference did not finish");
        }
        assertEquals(0, process.exitValue(), "reference.mjs failed");
        return ReferenceStatuses.ofLines(out.lines().filter(l -> !l.isBlank()).toList(), now);
    }

    private static boolean nodeRuns() {
        try {
            Process process = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static List<Path> jpegs(Path dir) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.getFileName().toString().endsWith(".jpg")).sorted().toList();
        }
    }

    private static void assertAgree(List<C2paValidatorAgainstReferenceTest.Row> rows) {
        StringBuilder table = new StringBuilder();
        rows.forEach(r -> table.append(r.line()).append('\n'));
        System.out.println(table);
        assertEquals(List.of(), rows.stream().filter(r -> !r.agrees()).map(C2paValidatorAgainstReferenceTest.Row::line).toList(), table.toString());
    }
}
