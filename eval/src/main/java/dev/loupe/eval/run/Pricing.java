package dev.loupe.eval.run;

import dev.loupe.core.LoupeException;

/**
 * Token prices in US dollars per million tokens, for the cost column. Without prices, an item that
 * spent no tokens (the offline model) costs 0 and any other has an unknown (null) cost.
 */
public record Pricing(Double inputPerMillion, Double outputPerMillion) {

    public static final Pricing NONE = new Pricing(null, null);

    /** Parses {@code IN,OUT}, e.g. {@code 2.5,10}. */
    public static Pricing parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        String[] parts = text.split(",");
        try {
            if (parts.length == 2) {
                double in = Double.parseDouble(parts[0].strip());
                double out = Double.parseDouble(parts[1].strip());
                if (in >= 0 && out >= 0) {
                    return new Pricing(in, out);
                }
            }
        } catch (NumberFormatException ignored) {
            // reported below, with the expected form
        }
        throw LoupeException.badInput("--price takes IN,OUT in dollars per million tokens (e.g. 2.5,10), not " + text);
    }

    public Double cost(long inputTokens, long outputTokens) {
        if (inputPerMillion == null) {
            return inputTokens + outputTokens == 0 ? 0.0 : null;
        }
        return (inputTokens * inputPerMillion + outputTokens * outputPerMillion) / 1_000_000.0;
    }
}
