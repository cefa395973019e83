package dev.loupe.cli;

import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.core.LoupeException;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;

/** {@code --store}: where threads are kept. */
final class StoreOption {

    @Option(names = "--store", paramLabel = "PATH|memory|jdbc:postgresql://…",
            description = "Where threads are kept: a SQLite file (default $LOUPE_STORE, else ~/.loupe/loupe.db), "
                    + "'memory' (nothing kept), or a PostgreSQL URL (user and password from LOUPE_DB_USER/LOUPE_DB_PASSWORD).")
    String store;

    /**
     * The store; a SQLite file in a folder that does not exist is refused (a typo should not create
     * folders), except the default {@code ~/.loupe}, made on first use.
     */
    StoreLocation location() {
        String value = store != null ? store : System.getProperty("loupe.store");
        StoreLocation location = StoreLocation.parse(value);
        if (location instanceof StoreLocation.Sqlite sqlite) {
            Path folder = sqlite.file().getParent();
            Path home = Path.of(System.getProperty("user.home"), ".loupe").toAbsolutePath().normalize();
            if (folder != null && !Files.isDirectory(folder) && !folder.equals(home)) {
                throw LoupeException.badInput(sqlite.file() + ": the folder " + folder + " does not exist; create it "
                        + "first or choose another store path");
            }
        }
        return location;
    }
}
