package dev.loupe.checkpoint;

import dev.loupe.core.LogSecrets;
import dev.loupe.core.LoupeException;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Where Loupe keeps its threads, parsed from the {@code --store} value: a SQLite file, {@code memory}
 * (nothing persisted), or a PostgreSQL JDBC URL whose credentials come from the environment; or, for
 * a service that embeds Loupe, its own PostgreSQL connection pool ({@link #of(DataSource)}).
 */
public sealed interface StoreLocation {

    /** The environment variable that overrides the default SQLite file. */
    String STORE_ENV = "LOUPE_STORE";

    /** A SQLite database file; artefacts live in the folder {@code <file>.artifacts} beside it. */
    record Sqlite(Path file) implements StoreLocation {
        public Sqlite {
            Objects.requireNonNull(file, "file");
            file = file.toAbsolutePath().normalize();
        }

        /** The folder of content-addressed artefacts beside the database file. */
        public Path artifactFolder() {
            return file.resolveSibling(file.getFileName() + ".artifacts");
        }
    }

    /** Nothing persisted: a MemorySaver and in-memory tables that vanish with the process. */
    record Memory() implements StoreLocation {
    }

    /**
     * A PostgreSQL database. The password is held for the driver only: {@link #toString()} and
     * {@link #redactedUrl()} never show it.
     */
    record Postgres(String url, Optional<String> user, Optional<String> password) implements StoreLocation {
        public Postgres {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(password, "password");
            password.ifPresent(LogSecrets::register);
        }

        /** The URL with any credentials in it (user-info or a password parameter) masked. */
        public String redactedUrl() {
            return Redaction.maskUrl(url);
        }

        @Override
        public String toString() {
            return "Postgres[url=" + redactedUrl() + ", user=" + user.orElse("(default)")
                    + ", password=" + (password.isPresent() ? "***" : "(none)") + "]";
        }
    }

    /**
     * A PostgreSQL database reached through the host's own connection pool. Loupe creates and
     * migrates its tables there, takes a connection for each unit of work and gives it straight back,
     * and never closes the pool: the host does.
     */
    record Hosted(DataSource dataSource) implements StoreLocation {
        public Hosted {
            Objects.requireNonNull(dataSource, "dataSource");
        }

        @Override
        public String toString() {
            return "Hosted[" + dataSource.getClass().getSimpleName() + "]";
        }
    }

    /** The host's PostgreSQL connection pool as the store ({@link Hosted}). */
    static StoreLocation of(DataSource dataSource) {
        return new Hosted(dataSource);
    }

    /** Parses a {@code --store} value with the process environment and home folder. */
    static StoreLocation parse(String value) {
        return parse(value, System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /**
     * Parses a {@code --store} value. A null or blank value means {@code $LOUPE_STORE}, else
     * {@code ~/.loupe/loupe.db}.
     *
     * @throws LoupeException BAD_INPUT for a JDBC URL of a database Loupe cannot use
     */
    static StoreLocation parse(String value, Map<String, String> env, Path home) {
        String chosen = value;
        if (chosen == null || chosen.isBlank()) {
            chosen = env.get(STORE_ENV);
        }
        if (chosen == null || chosen.isBlank()) {
            return new Sqlite(home.resolve(".loupe").resolve("loupe.db"));
        }
        chosen = chosen.strip();
        if (chosen.equalsIgnoreCase("memory")) {
            return new Memory();
        }
        if (chosen.startsWith("jdbc:postgresql:")) {
            return new Postgres(chosen,
                    firstPresent(env, "LOUPE_DB_USER", "PGUSER"),
                    firstPresent(env, "LOUPE_DB_PASSWORD", "PGPASSWORD"));
        }
        if (chosen.startsWith("jdbc:sqlite:")) {
            return new Sqlite(Path.of(chosen.substring("jdbc:sqlite:".length())));
        }
        if (chosen.startsWith("jdbc:")) {
            throw LoupeException.badInput("Unsupported store " + Redaction.maskUrl(chosen)
                    + ": use a SQLite file path, 'memory' or jdbc:postgresql://host/db");
        }
        if (chosen.equals("~") || chosen.startsWith("~/")) {
            return new Sqlite(home.resolve(chosen.substring(Math.min(2, chosen.length()))));
        }
        return new Sqlite(Path.of(chosen));
    }

    private static Optional<String> firstPresent(Map<String, String> env, String... names) {
        for (String name : names) {
            String found = env.get(name);
            if (found != null && !found.isEmpty()) {
                return Optional.of(found);
            }
        }
        return Optional.empty();
    }
}
