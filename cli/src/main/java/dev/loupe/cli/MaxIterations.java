package dev.loupe.cli;

import dev.loupe.core.LoupeException;
import dev.loupe.graph.AgentSpec;

import java.util.Locale;

/** Reads {@code --max-iterations}: a number of model turns, or {@code none} for no limit of the graph's own. */
final class MaxIterations {

    private MaxIterations() {
    }

    static int parse(String value) {
        if (value.trim().toLowerCase(Locale.ROOT).equals("none")) {
            return AgentSpec.NO_LIMIT;
        }
        try {
            int turns = Integer.parseInt(value.trim());
            if (turns >= 1) {
                return turns;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw LoupeException.badInput("--max-iterations takes a number of model turns (1 or more) or none, not '" + value + "'");
    }
}
