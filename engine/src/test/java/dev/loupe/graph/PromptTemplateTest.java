package dev.loupe.graph;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a prompt file's {@code {{name}}} rendering promises, and why it is Loupe's own rather than
 * langchain4j's {@code PromptTemplate}, which refuses a template with a missing or null value and fills
 * {@code {{current_date}}} and {@code {{current_time}}} from the clock.
 */
class PromptTemplateTest {

    @Test
    void a_placeholder_with_no_value_stays_visible_rather_than_failing_the_run() {
        PromptTemplate template = PromptTemplate.of("p.md", "Image {{image.name}}; asked: {{question}}; {{tpyo}}.");

        assertEquals("Image a.jpg; asked: ; {{tpyo}}.", template.fill(Map.of("image.name", "a.jpg", "question", "")));
    }

    @Test
    void spaces_inside_the_braces_are_allowed_and_values_are_put_in_literally() {
        PromptTemplate template = PromptTemplate.of("p.md", "{{ tools }} / {{graph}}");

        assertEquals("$1 \\d {{graph}} / forensic", template.fill(Map.of("tools", "$1 \\d {{graph}}", "graph", "forensic")));
    }

    @Test
    void the_clock_is_not_a_placeholder_so_a_prompt_renders_the_same_on_every_replay() {
        PromptTemplate template = PromptTemplate.of("p.md", "Today is {{current_date}} at {{current_time}}.");

        assertEquals("Today is {{current_date}} at {{current_time}}.", template.fill(Map.of()));
    }
}
