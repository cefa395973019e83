package dev.loupe.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The server's working folder: the project's {@code graphs/} and {@code prompts/}, with the forensic
 * graph's models pointed at the stub — a short timeout, three attempts — as an operator would
 * configure a local model server.
 */
final class SoakHome {

    private static final String OFFLINE_DEFAULT = "  default: {provider: offline}";

    private SoakHome() {
    }

    static void write(Path work, String baseUrl, long timeoutMillis) throws IOException {
        for (String folder : List.of("graphs", "prompts")) {
            Path source = Path.of(folder);
            try (var files = Files.walk(source)) {
                for (Path file : files.toList()) {
                    Path target = work.resolve(source.relativize(file).toString().isEmpty() ? folder
                            : folder + "/" + source.relativize(file));
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(file, target);
                    }
                }
            }
        }
        Path graph = work.resolve("graphs/forensic.yaml");
        String yaml = Files.readString(graph);
        if (!yaml.contains(OFFLINE_DEFAULT)) {
            throw new IOException("graphs/forensic.yaml no longer has the line '" + OFFLINE_DEFAULT.strip() + "' to replace");
        }
        Files.writeString(graph, yaml.replace(OFFLINE_DEFAULT, "  default: {provider: openai, model: stub-model, base_url: '"
                + baseUrl + "', timeout_seconds: " + timeoutMillis / 1000.0 + ", max_attempts: 3}"));
    }
}
