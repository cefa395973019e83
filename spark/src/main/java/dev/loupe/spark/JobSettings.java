package dev.loupe.spark;

import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.eval.run.Pricing;
import dev.loupe.eval.run.RunSettings;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What every executor needs to build the same Loupe as the driver: the run's graph, model override
 * and prices, and the thread store. The store's credentials travel inside Spark's task (never in a
 * log or the Spark UI); {@link #toString()} masks them.
 *
 * @param storeUrl a PostgreSQL JDBC URL, a SQLite file, or {@code memory}
 */
public record JobSettings(String graph, String model, Double inputPerMillion, Double outputPerMillion,
                          String storeUrl, String storeUser, String storePassword) implements Serializable {

    public static JobSettings of(RunSettings settings, StoreLocation store) {
        String url;
        String user = null;
        String password = null;
        if (store instanceof StoreLocation.Postgres postgres) {
            url = postgres.url();
            user = postgres.user().orElse(null);
            password = postgres.password().orElse(null);
        } else if (store instanceof StoreLocation.Sqlite sqlite) {
            url = sqlite.file().toString();
        } else {
            url = "memory";
        }
        return new JobSettings(settings.graph(), settings.model(), settings.pricing().inputPerMillion(),
                settings.pricing().outputPerMillion(), url, user, password);
    }

    /** The store, as the driver parsed it. */
    public StoreLocation store() {
        if (storeUrl.startsWith("jdbc:postgresql:")) {
            return new StoreLocation.Postgres(storeUrl, Optional.ofNullable(storeUser), Optional.ofNullable(storePassword));
        }
        return storeUrl.equals("memory") ? new StoreLocation.Memory() : new StoreLocation.Sqlite(Path.of(storeUrl));
    }

    /** The settings an executor's Loupe is built from; the manifest plays no part there. */
    public RunSettings runSettings() {
        return new RunSettings(graph, model, Path.of("manifest"), null, null, pricing());
    }

    public Pricing pricing() {
        return new Pricing(inputPerMillion, outputPerMillion);
    }

    @Override
    public String toString() {
        return "JobSettings[graph=" + graph + ", model=" + model + ", store=" + store() + "]";
    }
}
