package dev.loupe.cli;

import dev.loupe.eval.composition.RetrievalEval;
import dev.loupe.kb.KnowledgeBase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code loupe kb eval QUESTIONS.jsonl}: recall@1, recall@3 and MRR of a collection on a question set. */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = "Retrieval quality on a question set (JSON Lines: {\"question\": …, \"expected\": [positions]}).")
final class KbEvalCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "QUESTIONS", defaultValue = "evaluation/composition/retrieval.jsonl",
            description = "The question set (default: ${DEFAULT-VALUE}).")
    Path questions;

    @Mixin
    KbCommand.Common common;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (KnowledgeBase kb = common.open()) {
            RetrievalEval.Figures figures = RetrievalEval.run(kb, common.collection, questions);
            out.printf(Locale.ROOT, "%s: %d questions, recall@1 %.3f, recall@3 %.3f, MRR %.3f%n", common.collection,
                    figures.questions(), figures.recallAt1(), figures.recallAt3(), figures.mrr());
            for (RetrievalEval.Outcome miss : figures.misses()) {
                out.printf(Locale.ROOT, "  miss: %s → expected %s, top 3 %s%n", miss.question(), miss.expected(), miss.top3());
            }
        }
        return 0;
    }
}
