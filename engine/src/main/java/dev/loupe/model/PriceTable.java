package dev.loupe.model;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What tokens cost, per model, from a price file ({@code graphs/prices.yaml} bundled, or
 * {@code --prices FILE}): USD per million input and output tokens. A reported model id takes the
 * price of the longest listed name it starts with, so dated ids ({@code gpt-4o-mini-2024-07-18})
 * need no entry of their own.
 */
public final class PriceTable {

    /** USD per million tokens. */
    public record Price(double input, double output) {
        public double cost(Tokens tokens) {
            return (tokens.input() * input + tokens.output() * output) / 1_000_000.0;
        }
    }

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    static final String BUNDLED = "graphs/prices.yaml";

    private final Map<String, Price> prices;

    private PriceTable(Map<String, Price> prices) {
        this.prices = Map.copyOf(prices);
    }

    public static PriceTable bundled() {
        try (var in = PriceTable.class.getClassLoader().getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new LoupeException(LoupeException.Kind.INTERNAL, "the bundled price table " + BUNDLED + " is missing from the jar");
            }
            return parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), "bundled:" + BUNDLED);
        } catch (java.io.IOException e) {
            throw new LoupeException(LoupeException.Kind.INTERNAL, "the bundled price table cannot be read", e);
        }
    }

    public static PriceTable file(Path path) {
        try {
            return parse(Files.readString(path), path.toString());
        } catch (IOException e) {
            throw LoupeException.badInput(path + ": cannot read the price file (" + dev.loupe.core.Causes.of(e) + ")");
        }
    }

    public static PriceTable parse(String yaml, String where) {
        Map<String, Object> root;
        try {
            root = YAML.readValue(yaml, new TypeReference<>() { });
        } catch (IOException e) {
            throw LoupeException.badInput(where + ": not a valid price file");
        }
        if (root == null || !(root.get("prices") instanceof Map<?, ?> entries)) {
            throw LoupeException.badInput(where + ": a price file needs a 'prices' mapping of model: {input, output}");
        }
        Map<String, Price> prices = new LinkedHashMap<>();
        entries.forEach((model, value) -> {
            if (!(value instanceof Map<?, ?> price) || !(price.get("input") instanceof Number in)
                    || !(price.get("output") instanceof Number out)) {
                throw LoupeException.badInput(where + ": the price of '" + model + "' needs numbers 'input' and 'output'");
            }
            prices.put(String.valueOf(model).toLowerCase(Locale.ROOT), new Price(in.doubleValue(), out.doubleValue()));
        });
        return new PriceTable(prices);
    }

    /** The price of {@code model}, by the longest listed name it starts with. */
    public Optional<Price> priceOf(String model) {
        if (model == null) {
            return Optional.empty();
        }
        String id = model.toLowerCase(Locale.ROOT);
        id = id.startsWith("models/") ? id.substring("models/".length()) : id;
        String best = null;
        for (String name : prices.keySet()) {
            if (id.startsWith(name) && (best == null || name.length() > best.length())) {
                best = name;
            }
        }
        return Optional.ofNullable(best).map(prices::get);
    }

    /**
     * The cost per node and in total, rounded to micro-dollars. A node whose model has no price is
     * left out, and so is the total when any node is.
     *
     * @param usage      node → token counts ({@code input}, {@code output})
     * @param reported   node → the model id the server reported, priced first
     * @param configured node → the model name asked for, priced when the reported id is not listed
     */
    public Map<String, Double> costs(Usage usage, Map<NodeRole, String> reported, Map<NodeRole, String> configured) {
        Map<String, Double> costs = new LinkedHashMap<>();
        double total = 0;
        boolean complete = true;
        for (var entry : usage.nodes().entrySet()) {
            Optional<Price> price = priceOf(reported.get(entry.getKey())).or(() -> priceOf(configured.get(entry.getKey())));
            if (price.isEmpty()) {
                complete = false;
                continue;
            }
            double cost = price.get().cost(entry.getValue());
            costs.put(entry.getKey().id(), round(cost));
            total += cost;
        }
        if (complete) {
            costs.put("total", round(total));
        }
        return costs;
    }

    private static double round(double usd) {
        return Math.round(usd * 1_000_000) / 1_000_000.0;
    }
}
