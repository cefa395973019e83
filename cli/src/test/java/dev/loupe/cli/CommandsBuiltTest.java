package dev.loupe.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe COMMAND …} builds the model of the command it runs only; everything else sees every command. */
class CommandsBuiltTest {

    @Test
    void a_command_named_first_is_the_only_one_built() {
        CommandLine cli = Main.commandLine(new String[]{"analyze", "photo.jpg"});

        assertEquals(List.of("analyze"), List.copyOf(cli.getSubcommands().keySet()));
    }

    @Test
    void a_command_built_alone_keeps_the_options_every_command_inherits() {
        CommandLine cli = Main.commandLine(new String[]{"analyze", "--log-format", "json", "photo.jpg"});

        CommandLine.ParseResult parsed = cli.parseArgs("analyze", "--log-format", "json", "photo.jpg");

        assertTrue(parsed.subcommand().hasMatchedOption("--log-format"));
    }

    @Test
    void help_an_option_first_or_a_mistake_gets_every_command() {
        List<String> every = List.copyOf(Main.commandLine().getSubcommands().keySet());

        assertEquals(every, List.copyOf(Main.commandLine(new String[]{"help"}).getSubcommands().keySet()));
        assertEquals(every, List.copyOf(Main.commandLine(new String[]{"--log-format", "json", "analyze"}).getSubcommands().keySet()));
        assertEquals(every, List.copyOf(Main.commandLine(new String[]{"analyse"}).getSubcommands().keySet()));
        assertEquals(every, List.copyOf(Main.commandLine(new String[0]).getSubcommands().keySet()));
        assertEquals(Main.COMMANDS.size(), every.size());
    }

    @Test
    void the_root_help_lists_every_command() {
        StringWriter out = new StringWriter();
        CommandLine cli = Main.commandLine(new String[]{"--help"});
        cli.setOut(new PrintWriter(out));

        assertEquals(0, cli.execute("--help"));
        for (String command : List.of("analyze", "run", "chat", "eval", "threads", "graph", "serve", "mcp", "kb", "help")) {
            assertTrue(out.toString().contains("  " + command + " "), command + " listed in:\n" + out);
        }
    }
}
