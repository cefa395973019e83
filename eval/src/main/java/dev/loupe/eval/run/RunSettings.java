package dev.loupe.eval.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;

import java.nio.file.Path;

import static dev.loupe.eval.JsonFields.text;

/**
 * What decides a run's results, fixed when it starts and read back from {@code run.json} on resume:
 * the graph, the model override, the manifest (and its hash), the item limit and the token prices.
 * How it runs (workers, rate limit) may change between sessions and is not part of it.
 *
 * @param model the {@code --model} override, or null for the graph file's models
 * @param limit the {@code --limit}, or null for every item
 */
public record RunSettings(String graph, String model, Path manifest, String manifestSha256, Integer limit,
                          Pricing pricing) {

    public void writeTo(ObjectNode run) {
        run.put("graph", graph);
        run.put("model", model);
        run.put("manifest", manifest.toString());
        run.put("manifest_sha256", manifestSha256);
        run.put("limit", limit);
        if (pricing.inputPerMillion() == null) {
            run.putNull("price");
        } else {
            run.putObject("price").put("input_per_million", pricing.inputPerMillion())
                    .put("output_per_million", pricing.outputPerMillion());
        }
    }

    public static RunSettings readFrom(ObjectNode run, Path runFile) {
        if (!run.path("graph").isTextual() || !run.path("manifest").isTextual()) {
            throw LoupeException.badInput(runFile + ": not a Loupe run description (graph and manifest missing)");
        }
        JsonNode price = run.path("price");
        Pricing pricing = price.isObject()
                ? new Pricing(price.path("input_per_million").asDouble(), price.path("output_per_million").asDouble())
                : Pricing.NONE;
        return new RunSettings(run.get("graph").asText(), text(run, "model"), Path.of(run.get("manifest").asText()),
                text(run, "manifest_sha256"), run.path("limit").isInt() ? run.get("limit").asInt() : null, pricing);
    }
}
