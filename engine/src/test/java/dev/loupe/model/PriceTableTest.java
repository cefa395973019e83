package dev.loupe.model;

import dev.loupe.core.LoupeException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PriceTableTest {

    @Test
    void a_dated_model_id_takes_the_price_of_the_longest_listed_prefix() {
        PriceTable table = PriceTable.bundled();

        assertEquals(new PriceTable.Price(0.15, 0.60), table.priceOf("gpt-4o-mini-2024-07-18").orElseThrow());
        assertEquals(new PriceTable.Price(2.50, 10.00), table.priceOf("gpt-4o-2024-08-06").orElseThrow());
        assertEquals(new PriceTable.Price(0.30, 2.50), table.priceOf("models/gemini-2.5-flash").orElseThrow());
        assertTrue(table.priceOf("llama3.1:8b").isEmpty());
    }

    @Test
    void costs_per_node_and_total_prefer_the_reported_model_then_the_configured_one() {
        PriceTable table = PriceTable.parse("prices:\n  a: {input: 1, output: 10}\n  b: {input: 2, output: 20}\n", "test");
        Usage usage = Usage.of(Map.of(NodeRole.VISION, new Tokens(1000, 100), NodeRole.AGENT, new Tokens(2000, 200)));

        Map<String, Double> costs = table.costs(usage, Map.of(NodeRole.VISION, "a-2026", NodeRole.AGENT, "unlisted"),
                Map.of(NodeRole.AGENT, "b"));

        assertEquals(Map.of("vision", 0.002, "agent", 0.008, "total", 0.01), costs);
    }

    @Test
    void a_node_without_a_price_leaves_out_the_total() {
        PriceTable table = PriceTable.parse("prices:\n  a: {input: 1, output: 10}\n", "test");

        Map<String, Double> costs = table.costs(Usage.of(Map.of(NodeRole.AGENT, new Tokens(10, 1))), Map.of(NodeRole.AGENT, "zzz"), Map.of());

        assertEquals(Map.of(), costs);
    }

    @Test
    void a_price_without_numbers_is_bad_input_naming_the_model() {
        LoupeException error = assertThrows(LoupeException.class,
                () -> PriceTable.parse("prices:\n  gpt-x: {input: cheap}\n", "my.yaml"));

        assertEquals("my.yaml: the price of 'gpt-x' needs numbers 'input' and 'output'", error.getMessage());
    }
}
