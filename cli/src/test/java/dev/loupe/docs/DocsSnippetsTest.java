package dev.loupe.docs;

import dev.loupe.docs.FencedBlock.Handling;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.ParameterException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The examples of the README and of {@code docs/} stay true: the Java snippets compile against the
 * library as written, and the {@code loupe} commands of the shell snippets run in-process (exit code
 * 0, no model, no network) or, in a block marked {@code <!-- snippet: parse-only (reason) -->},
 * parse with the command line's own options. A block marked {@code <!-- snippet: skip (reason) -->}
 * is reported as skipped with its reason; so is any command that is not {@code loupe} (mvn, curl,
 * spark-submit, scripts).
 */
class DocsSnippetsTest {

    private static final Path ROOT = Markdown.root();

    /** Commands that keep running (a server, a conversation on standard input): parsed, never run here. */
    private static final Set<String> LONG_RUNNING = Set.of("serve", "mcp", "chat");

    /**
     * Analyses already run, by their arguments, and where: the same analysis of the sample shown on
     * several pages runs once. One that names its thread is always run, for the commands after it.
     */
    private static final Map<List<String>, String> ANALYSED = new ConcurrentHashMap<>();

    private static List<FencedBlock> manualBlocks() {
        List<FencedBlock> blocks = new ArrayList<>();
        Markdown.manual(ROOT).forEach(page -> blocks.addAll(Markdown.blocks(ROOT, page)));
        return blocks;
    }

    @Test
    void every_java_snippet_of_the_manual_compiles_against_the_library_as_written(@TempDir Path classes) {
        List<FencedBlock> java = manualBlocks().stream().filter(b -> b.language().equals("java")).toList();
        List<FencedBlock> compiled = java.stream().filter(b -> b.handling() != Handling.SKIP).toList();
        java.stream().filter(b -> b.handling() == Handling.SKIP)
                .forEach(b -> System.out.println("not compiled: " + b.where() + " (" + b.reason() + ")"));
        assertFalse(compiled.isEmpty(), "the manual has Java snippets to compile");
        List<String> problems = JavaSnippets.compile(compiled, classes);
        assertTrue(problems.isEmpty(), () -> "Java snippets that do not compile:\n" + String.join("\n", problems));
    }

    @TestFactory
    Stream<DynamicTest> every_loupe_command_of_the_manual_runs_or_parses() {
        return manualBlocks().stream().filter(FencedBlock::isShell)
                .map(block -> DynamicTest.dynamicTest(block.where(), () -> check(block)));
    }

    @Test
    void a_marker_names_what_it_does_and_why() {
        for (FencedBlock block : manualBlocks()) {
            Handling handling = block.handling();
            if (handling != Handling.RUN) {
                assertFalse(block.reason().isBlank(), block.where() + ": say why the block is not run");
            }
            if (handling == Handling.PARSE_ONLY) {
                assertTrue(block.isShell(), block.where() + ": only shell blocks can be parse-only");
            }
        }
    }

    private static void check(FencedBlock block) throws Exception {
        Assumptions.assumeTrue(block.handling() != Handling.SKIP, "skipped: " + block.reason());
        List<ShellLine> lines = ShellLine.of(block.text());
        Path scratch = Files.createTempDirectory("loupe-docs-");
        int checked = 0;
        for (ShellLine line : lines) {
            if (line.loupeArguments().isEmpty()) {
                System.out.println(block.where() + ": not run, not a loupe command: " + line.program());
                continue;
            }
            LoupeCommand command = new LoupeCommand(line.loupeArguments().get());
            checked++;
            if (block.handling() == Handling.PARSE_ONLY) {
                try {
                    command.parse();
                } catch (ParameterException e) {
                    fail(block.where() + ": '" + line.text() + "' does not parse: " + e.getMessage());
                }
                continue;
            }
            if (command.arguments().isEmpty()) {
                fail(block.where() + ": '" + line.text() + "' names no command");
            }
            if (LONG_RUNNING.contains(command.arguments().get(0))) {
                fail(block.where() + ": '" + line.text() + "' keeps running; mark the block parse-only, with the reason");
            }
            List<String> arguments = command.arguments();
            String earlier = arguments.get(0).equals("analyze") && !arguments.contains("--thread-id")
                    ? ANALYSED.putIfAbsent(arguments, block.where()) : null;
            if (earlier != null) {
                System.out.println(block.where() + ": '" + line.text() + "' ran already, at " + earlier);
                continue;
            }
            LoupeCommand.Outcome outcome = command.inside(scratch).run();
            assertEquals(0, outcome.exitCode(), () -> block.where() + ": '" + line.text() + "' exited "
                    + outcome.exitCode() + "; mark the block parse-only or skip, with the reason, if it cannot run here\n"
                    + outcome.err());
        }
        Assumptions.assumeTrue(checked > 0, "no loupe command in the block");
    }
}
