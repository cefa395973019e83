package dev.loupe.eval.run;

import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.model.ModelSpec;
import dev.loupe.tool.forensic.policy.FileHistory;

import java.util.Collection;
import java.util.function.Predicate;

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

    /**
     * Whether a result's finding codes say the camera's own encoding survives, as the graph's policy lists
     * them under {@code history.camera_original} (never, for a graph without one): what the content bar on
     * processed photos called real reads.
     */
    public static Predicate<Collection<String>> cameraEvidence(Loupe loupe) {
        return FileHistory.fromConfig(loupe.graph().spec().policy().settings())::cameraEvidence;
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
