package dev.loupe.bench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchMainTest {

    @Test
    void the_benchmark_command_line_is_the_product_one_with_bench_and_eval_bench_added() {
        CommandLine cli = BenchMain.commandLine();

        assertTrue(cli.getSubcommands().keySet().containsAll(List.of("analyze", "eval", "serve", "bench")),
                cli.getSubcommands().keySet().toString());
        assertEquals(List.of("analysis", "cold", "memory"),
                List.copyOf(cli.getSubcommands().get("bench").getSubcommands().keySet()).stream().filter(n -> !n.equals("help")).toList());
        assertTrue(cli.getSubcommands().get("eval").getSubcommands().containsKey("bench"));
    }

    @Test
    void bench_help_lists_its_three_benchmarks() {
        StringWriter out = new StringWriter();
        CommandLine cli = BenchMain.commandLine();
        cli.setOut(new PrintWriter(out));

        assertEquals(0, cli.execute("bench", "--help"));
        for (String benchmark : List.of("analysis", "cold", "memory")) {
            assertTrue(out.toString().contains("  " + benchmark + " "), benchmark + " listed in:\n" + out);
        }
    }
}
