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

    @Test
    void accepting_any_origin_without_a_token_is_refused_with_exit_code_2() {
        CliRun run = CliRun.of("serve", "--store", "memory", "--allow-any-origin");

        assertEquals(2, run.exitCode());
        assertEquals(List.of("loupe: --allow-any-origin needs a token (LOUPE_API_TOKEN): without one, any page in a browser "
                + "that reaches the server could use it"), run.errLines());
    }

    @Test
    void an_allowed_host_that_is_not_a_name_is_refused_with_exit_code_2() {
        CliRun run = CliRun.of("serve", "--store", "memory", "--allowed-host", "http://evil.example/");

        assertEquals(2, run.exitCode());
        assertEquals(List.of("loupe: --allowed-host http://evil.example/ is not a host name, address or name:port"), run.errLines());
    }
}
