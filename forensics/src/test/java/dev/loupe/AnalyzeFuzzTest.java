package dev.loupe;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.ParserContract;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLimits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;

import java.util.Set;

/**
 * Fuzzes the whole {@code analyze} path on bytes, as an upload reaches it: the loader's checks, the
 * vision describer, every forensic tool of the shipped graph run by the agent, structuring and the
 * checkpointed thread, with the offline provider and the memory store. The contract: an analysis
 * ends in a result whose verdict is one of the schema's, or a one-line BAD_INPUT refusal. Limits are
 * small (four megapixels) so each input stays cheap; the checks they exercise are the same.
 */
@Timeout(60)
class AnalyzeFuzzTest {

    private static final Set<String> VERDICTS = Set.of("real", "fake", "uncertain");
    /** The tools run on pool threads, whose allocations this thread does not see: the heap bounds them. */
    private static final ParserContract ANALYZE = ParserContract.refusesWithBadInput("Loupe.analyze", AllocationBudget.of(1024, 0));
    private static final Loupe LOUPE = Loupe.builder()
            .imageLimits(ImageLimits.defaults().withMaxPixels(4_000_000).withMaxBytes(4 << 20))
            .build();

    @FuzzTest(maxDuration = "10m")
    void any_upload_ends_in_a_verdict_or_a_one_line_refusal(byte[] bytes) {
        ANALYZE.assertHolds(bytes.length, () -> {
            AnalysisResult result = LOUPE.analyze(bytes, "fuzz");
            Object verdict = result.output().get("verdict");
            if (!VERDICTS.contains(verdict)) {
                throw new IllegalStateException("verdict outside the schema: " + verdict);
            }
        });
    }

    @AfterAll
    static void close() {
        LOUPE.close();
    }
}
