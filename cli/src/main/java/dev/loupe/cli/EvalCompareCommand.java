package dev.loupe.cli;

import dev.loupe.core.LoupeException;
import dev.loupe.eval.RunFolder;
import dev.loupe.eval.compare.ComparisonText;
import dev.loupe.eval.compare.RunComparison;
import dev.loupe.eval.report.ComparePage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code loupe eval compare RUN_A RUN_B}: is B better than A on the items both ran, beyond chance? */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two runs on the items both ran: accuracy difference with a paired bootstrap 95%% "
                + "interval, McNemar's test, and the items that flipped.",
                "Prints text and writes compare.html (into RUN_B unless --html says otherwise)."})
final class EvalCompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_A", description = "The baseline run folder.")
    Path runA;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "The run folder to compare with it.")
    Path runB;

    @Option(names = "--html", paramLabel = "FILE", description = "Where to write the HTML (default: RUN_B/compare.html).")
    Path html;

    @Override
    public Integer call() {
        RunFolder a = folder(runA);
        RunFolder b = folder(runB);
        RunComparison comparison = RunComparison.of(a, b);
        Path target = html != null ? html : b.dir().resolve("compare.html");
        RunFolder.writeAtomically(target.toAbsolutePath(), ComparePage.html(comparison));
        PrintWriter out = spec.commandLine().getOut();
        out.print(ComparisonText.of(comparison));
        out.println("html: " + target);
        out.flush();
        return 0;
    }

    private static RunFolder folder(Path dir) {
        RunFolder folder = new RunFolder(dir);
        if (!Files.isRegularFile(folder.results())) {
            throw LoupeException.badInput(dir + " is not a run folder (no results.jsonl)");
        }
        return folder;
    }
}
