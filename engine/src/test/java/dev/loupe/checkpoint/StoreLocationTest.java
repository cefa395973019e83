package dev.loupe.checkpoint;

import dev.loupe.core.LoupeException;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class StoreLocationTest {

    private static final Path HOME = Path.of("/home/ada");
    private static final String SECRET = "s3cret-Pa55word";

    @Test
    void no_value_and_no_environment_means_the_sqlite_file_in_the_home_folder() {
        assertEquals(new StoreLocation.Sqlite(Path.of("/home/ada/.loupe/loupe.db")),
                StoreLocation.parse(null, Map.of(), HOME));
        assertEquals(new StoreLocation.Sqlite(Path.of("/home/ada/.loupe/loupe.db")),
                StoreLocation.parse("  ", Map.of(), HOME));
    }

    @Test
    void the_environment_variable_overrides_the_default_but_not_an_explicit_value() {
        Map<String, String> env = Map.of("LOUPE_STORE", "/var/lib/loupe/threads.db");

        assertEquals(new StoreLocation.Sqlite(Path.of("/var/lib/loupe/threads.db")),
                StoreLocation.parse(null, env, HOME));
        assertEquals(new StoreLocation.Memory(), StoreLocation.parse("memory", env, HOME));
    }

    @Test
    void a_path_is_a_sqlite_file_with_its_artefacts_beside_it() {
        StoreLocation.Sqlite location = (StoreLocation.Sqlite) StoreLocation.parse("~/runs/a.db", Map.of(), HOME);

        assertEquals(Path.of("/home/ada/runs/a.db"), location.file());
        assertEquals(Path.of("/home/ada/runs/a.db.artifacts"), location.artifactFolder());
        assertEquals(new StoreLocation.Sqlite(Path.of("/tmp/x.db")),
                StoreLocation.parse("jdbc:sqlite:/tmp/x.db", Map.of(), HOME));
    }

    @Test
    void a_postgres_url_takes_loupe_credentials_before_the_libpq_ones() {
        Map<String, String> env = Map.of("LOUPE_DB_USER", "loupe", "LOUPE_DB_PASSWORD", SECRET,
                "PGUSER", "pg", "PGPASSWORD", "other");

        assertEquals(new StoreLocation.Postgres("jdbc:postgresql://db/loupe", Optional.of("loupe"), Optional.of(SECRET)),
                StoreLocation.parse("jdbc:postgresql://db/loupe", env, HOME));
        assertEquals(new StoreLocation.Postgres("jdbc:postgresql://db/loupe", Optional.of("pg"), Optional.of("other")),
                StoreLocation.parse("jdbc:postgresql://db/loupe", Map.of("PGUSER", "pg", "PGPASSWORD", "other"), HOME));
    }

    @Test
    void the_password_never_appears_in_the_description() {
        StoreLocation location = StoreLocation.parse("jdbc:postgresql://db/loupe?password=" + SECRET + "&ssl=true",
                Map.of("PGPASSWORD", SECRET), HOME);

        assertEquals("Postgres[url=jdbc:postgresql://db/loupe?password=***&ssl=true, user=(default), password=***]",
                location.toString());
    }

    @Test
    void another_jdbc_database_is_bad_input_whose_message_hides_the_password() {
        LoupeException error = assertThrows(LoupeException.class,
                () -> StoreLocation.parse("jdbc:mysql://u:" + SECRET + "@db/loupe", Map.of(), HOME));

        assertEquals(LoupeException.Kind.BAD_INPUT, error.kind());
        assertFalse(error.getMessage().contains(SECRET), error.getMessage());
    }

    @Test
    void a_postgres_server_that_cannot_be_reached_is_unavailable_and_the_password_appears_nowhere() {
        StoreLocation location = new StoreLocation.Postgres("jdbc:postgresql://127.0.0.1:1/loupe?connectTimeout=2",
                Optional.of("loupe"), Optional.of(SECRET));

        LoupeException error = assertThrows(LoupeException.class,
                () -> LoupeStore.open(location, StateFixtures.serializer()));

        assertEquals(LoupeException.Kind.UNAVAILABLE, error.kind());
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        assertFalse(trace.toString().contains(SECRET), trace.toString());
    }
}
