package dev.loupe.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every {@code loupe threads} command that takes an id says the same thing about one the store lacks. */
class ThreadsMissingIdTest {

    @ParameterizedTest(name = "threads {0}")
    @ValueSource(strings = {"show", "delete", "resume", "history", "replay", "export", "fork --from agent"})
    void an_id_the_store_lacks_is_one_line_saying_where_to_look(String command) {
        List<String> words = List.of(command.split(" "));
        List<String> args = new ArrayList<>(List.of("threads", words.get(0), "no-such-thread", "--store", "memory"));
        args.addAll(words.subList(1, words.size()));

        CliRun run = CliRun.of(args.toArray(String[]::new));

        assertEquals(2, run.exitCode(), run.err());
        assertEquals("loupe: no thread no-such-thread in the store (see 'loupe threads list')", run.err().strip());
    }
}
