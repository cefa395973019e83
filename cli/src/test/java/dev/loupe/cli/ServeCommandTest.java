package dev.loupe.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe serve}: its options are checked before anything starts, and mistakes exit with 2. */
class ServeCommandTest {

    @Test
    void a_pool_of_no_analyses_is_refused_with_exit_code_2() {
        CliRun run = CliRun.of("serve", "--store", "memory", "--max-concurrent", "0");

        assertEquals(2, run.exitCode());
        assertEquals(List.of("loupe: --max-concurrent must be at least 1 and --max-queued at least 0"), run.errLines());
    }

    @Test
    void an_allowed_root_that_does_not_exist_is_refused_with_exit_code_2() {
        CliRun run = CliRun.of("serve", "--store", "memory", "--allowed-root", "/no/such/folder/for/loupe");

        assertEquals(2, run.exitCode());
        assertEquals(List.of("loupe: --allowed-root /no/such/folder/for/loupe: no such folder"), run.errLines());
    }

    @Test
    void the_help_names_the_endpoints_and_the_limits() {
        CliRun run = CliRun.of("serve", "--help");

        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("/v1/analyze") && run.out().contains("--max-concurrent")
                && run.out().contains("--request-timeout") && run.out().contains("LOUPE_API_TOKEN"), run.out());
    }
}
