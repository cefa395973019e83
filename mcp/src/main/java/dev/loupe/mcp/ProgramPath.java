package dev.loupe.mcp;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Checks that a stdio server's command names a program that can run, before it is started: the SDK
 * reports a missing program only as an initialisation that never ends.
 */
final class ProgramPath {

    private ProgramPath() {
    }

    /** Why {@code command} cannot be run, or empty when it can: a path must be an executable file, a bare name must be on PATH. */
    static Optional<String> check(String command) {
        if (command.contains(File.separator)) {
            Path program = Path.of(command);
            return Files.isRegularFile(program) && Files.isExecutable(program) ? Optional.empty()
                    : Optional.of("no executable program at " + command);
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String folder : path.split(File.pathSeparator)) {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, command))) {
                return Optional.empty();
            }
        }
        return Optional.of("'" + command + "' is not a program on PATH");
    }
}
