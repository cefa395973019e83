package dev.loupe.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.IHelpCommandInitializable2;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code loupe help [COMMAND [SUBCOMMAND …]]}: the help of the command the words name, however deep
 * ({@code loupe help threads fork}); picocli's own help command reads only the first word.
 */
@Command(name = "help", helpCommand = true, description = "Show the help of a command, e.g. 'loupe help threads fork'.")
final class HelpCommand implements IHelpCommandInitializable2, Runnable {

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command and subcommands whose help to show.")
    List<String> path = new ArrayList<>();

    private CommandLine self;
    private Help.ColorScheme colours;
    private PrintWriter out;

    @Override
    public void init(CommandLine helpCommandLine, Help.ColorScheme colorScheme, PrintWriter outWriter, PrintWriter errWriter) {
        this.self = helpCommandLine;
        this.colours = colorScheme;
        this.out = outWriter;
    }

    @Override
    public void run() {
        CommandLine target = self.getParent();
        for (String name : path) {
            CommandLine sub = target.getSubcommands().get(name);
            if (sub == null) {
                throw new ParameterException(self, target.getCommandSpec().qualifiedName() + " has no command '" + name
                        + "'; see '" + target.getCommandSpec().qualifiedName() + " --help'");
            }
            target = sub;
        }
        target.usage(out, colours);
    }
}
