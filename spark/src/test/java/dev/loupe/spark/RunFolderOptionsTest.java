package dev.loupe.spark;

import dev.loupe.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** {@code loupe eval} and the Spark job take the run-folder options from one place and check them alike. */
class RunFolderOptionsTest {

    @TempDir
    Path dir;

    @Test
    void both_runners_refuse_a_limit_below_one_before_reading_the_manifest() throws Exception {
        Path manifest = Files.writeString(dir.resolve("set.csv"), "a.jpg,real\n");
        String expected = "loupe: --limit must be at least 1, not 0 (see --help)";

        for (CommandLine cli : new CommandLine[] {Main.commandLine(),
                SparkEvalCommand.commandLine(new SparkEvalCommand())}) {
            String[] args = cli.getCommandSpec().name().equals("loupe")
                    ? new String[] {"eval", manifest.toString(), "--limit", "0", "--out", dir.resolve("run").toString()}
                    : new String[] {manifest.toString(), "--limit", "0", "--out", dir.resolve("run").toString()};
            StringWriter err = new StringWriter();
            cli.setErr(new PrintWriter(err, true));

            int code = cli.execute(args);

            assertEquals(2, code, err.toString());
            assertEquals(expected, err.toString().strip());
            assertFalse(Files.exists(dir.resolve("run")), "nothing was written");
        }
    }

    @Test
    void both_runners_describe_the_run_folder_options_alike() {
        var eval = Main.commandLine().getSubcommands().get("eval").getCommandSpec();
        var spark = SparkEvalCommand.commandLine(new SparkEvalCommand()).getCommandSpec();

        for (String option : new String[] {"--out", "--runs-dir", "--limit", "--resume", "--price"}) {
            assertEquals(String.join(" ", eval.findOption(option).description()),
                    String.join(" ", spark.findOption(option).description()), option);
        }
    }
}
