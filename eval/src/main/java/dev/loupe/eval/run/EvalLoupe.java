package dev.loupe.eval.run;

import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.model.ModelSpec;

/**
 * How an evaluation sets up Loupe from its {@link RunSettings}, shared by {@code loupe eval}, its
 * restructure command and the Spark job, so that every runner analyses with the same graph and models.
 */
public final class EvalLoupe {

    private EvalLoupe() {
    }

    /** A builder for the settings' graph, with the {@code --model} override applied to every node. */
    public static LoupeBuilder builder(RunSettings settings) {
        LoupeBuilder builder = Loupe.builder().graph(settings.graph());
        if (settings.model() != null) {
            builder.model(ModelSpec.OFFLINE.equals(settings.model()) ? ModelSpec.offline()
                    : ModelSpec.offline().withProvider("openai").withName(settings.model()));
        }
        return builder;
    }

    /** The store as a {@code --store} value for {@code run.json}, with any password masked. */
    public static String storeValue(StoreLocation location) {
        if (location instanceof StoreLocation.Sqlite sqlite) {
            return sqlite.file().toString();
        }
        if (location instanceof StoreLocation.Postgres postgres) {
            return postgres.redactedUrl();
        }
        return "memory";
    }
}
