package dev.loupe.structure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TolerantJsonTest {

    static Stream<Arguments> readable() {
        return Stream.of(
                Arguments.of("plain object", "{\"verdict\": \"fake\"}", "{\"verdict\":\"fake\"}"),
                Arguments.of("json fence with text around",
                        "Here is my answer:\n```json\n{\"verdict\": \"real\", \"confidence\": 0.9}\n```\nHope it helps.",
                        "{\"verdict\":\"real\",\"confidence\":0.9}"),
                Arguments.of("jsonc fence preferred to a later bare object",
                        "```jsonc\n{\"a\": 1 // why\n}\n```\nas in {\"a\": 2}", "{\"a\":1}"),
                Arguments.of("untagged fence", "```\n{\"a\": 1}\n```", "{\"a\":1}"),
                Arguments.of("json fence preferred to a later untagged one",
                        "```json\n{\"a\": 1}\n```\n```\n{\"a\": 2}\n```", "{\"a\":1}"),
                Arguments.of("two json fences: the last", "```json\n{\"a\": 1}\n```\nWait, corrected:\n```json\n{\"a\": 2}\n```",
                        "{\"a\":2}"),
                Arguments.of("two bare objects: the last", "First {\"a\": 1} then finally {\"a\": 2}.", "{\"a\":2}"),
                Arguments.of("object in prose", "My verdict is {\"verdict\": \"fake\"} as shown.", "{\"verdict\":\"fake\"}"),
                Arguments.of("trailing commas", "{\"a\": [1, 2,], \"b\": 3,}", "{\"a\":[1,2],\"b\":3}"),
                Arguments.of("line comments", "{\n\"a\": 1, // the first\n\"b\": 2\n}", "{\"a\":1,\"b\":2}"),
                Arguments.of("block comments", "{\"a\": /* why */ 1}", "{\"a\":1}"),
                Arguments.of("hash comments", "{\n\"a\": 1 # python habit\n}", "{\"a\":1}"),
                Arguments.of("single quotes", "{'verdict': 'fake', 'why': 'it\\'s \"smooth\"'}",
                        "{\"verdict\":\"fake\",\"why\":\"it's \\\"smooth\\\"\"}"),
                Arguments.of("unquoted keys", "{verdict: \"real\", confidence: 0.8}", "{\"verdict\":\"real\",\"confidence\":0.8}"),
                Arguments.of("unquoted keys and bare words", "{verdict: AI-generated}", "{\"verdict\":\"AI-generated\"}"),
                Arguments.of("python literals", "{'ok': True, 'bad': False, 'x': None}", "{\"ok\":true,\"bad\":false,\"x\":null}"),
                Arguments.of("python literal inside a string kept", "{\"note\": \"True story\", \"ok\": True}",
                        "{\"note\":\"True story\",\"ok\":true}"),
                Arguments.of("smart quotes", "{“verdict”: “fake”}", "{\"verdict\":\"fake\"}"),
                Arguments.of("smart quotes inside a real string kept", "{\"why\": \"the “lens” flare\"}",
                        "{\"why\":\"the “lens” flare\"}"),
                Arguments.of("braces inside strings", "{\"why\": \"a } and a { in text\", \"n\": {\"m\": 1}} done",
                        "{\"why\":\"a } and a { in text\",\"n\":{\"m\":1}}"),
                Arguments.of("stray brace in prose before the object", "Look at {this. Answer: {\"a\": 1}", "{\"a\":1}"),
                Arguments.of("bare percentage kept as text", "{confidence: 85%}", "{\"confidence\":\"85%\"}"),
                Arguments.of("raw line break inside a single-quoted string", "{'why': 'two\nlines',}", "{\"why\":\"two\\nlines\"}"),
                Arguments.of("later prose braces that are not JSON are skipped",
                        "{\"a\": 1}\nNote: {see above}", "{\"a\":1}"),
                Arguments.of("leading plus sign", "{\"a\": +1}", "{\"a\":1}"),
                Arguments.of("cut off inside a string", "Answer:\n```json\n{\"verdict\": \"fake\", \"rationale\": \"The noise is",
                        "{\"verdict\":\"fake\",\"rationale\":\"The noise is\"}"),
                Arguments.of("cut off inside an array", "{\"a\": [1, 2,", "{\"a\":[1,2]}"),
                Arguments.of("cut off after a key", "{\"a\": {\"b\": 1, \"c\":", "{\"a\":{\"b\":1,\"c\":null}}"),
                Arguments.of("complete object preferred to a later stray brace", "{\"a\": 1} and then {oops", "{\"a\":1}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("readable")
    void reads_the_object_the_model_meant(String name, String text, String expected) {
        Extraction extraction = TolerantJson.extract(text);
        assertNull(extraction.reason(), () -> name + ": " + extraction.reason());
        assertEquals(expected, extraction.json().toString());
    }

    static Stream<Arguments> unreadable() {
        return Stream.of(
                Arguments.of("", "the text is empty"),
                Arguments.of("   \n", "the text is empty"),
                Arguments.of("I think it is fake.", "no JSON object in the text"),
                Arguments.of("[1, 2, 3]", "no JSON object in the text"),
                Arguments.of("{\"a\": 1 \"b\"}", "the JSON cannot be read: "));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("unreadable")
    void gives_the_reason_when_there_is_no_object(String text, String reasonStart) {
        Extraction extraction = TolerantJson.extract(text);
        assertTrue(extraction.value().isEmpty());
        assertTrue(extraction.reason().startsWith(reasonStart), extraction.reason());
    }

    @Test
    void treats_a_null_text_as_empty() {
        assertEquals("the text is empty", TolerantJson.extract(null).reason());
    }

    @Test
    void reads_ten_thousand_opening_braces_without_trouble() {
        String hostile = "{".repeat(10_000) + "{\"a\": 1}";
        assertEquals("{\"a\":1}", TolerantJson.extract(hostile).json().toString());
    }

    @Test
    void reads_past_a_digit_of_another_script() {
        // U+07C4 (NKO DIGIT FOUR) is a digit to Character.isDigit; the repair of this cut-off answer once looped forever.
        Extraction found = TolerantJson.extract("{'ok': 1, 'n': \u07C4");
        assertNull(found.json());
        assertTrue(found.reason().startsWith("the JSON cannot be read"), found.reason());
        assertEquals("{\"n\":\"\u07C4\"}", TolerantJson.extract("{'n': '\u07C4'").json().toString());
    }

    @Test
    @Timeout(60) // a hang guard, not a speed check: the fence pattern once took O(n³) here
    void reads_an_unclosed_fence_before_a_long_word_in_linear_time() {
        String reply = "Here: ```json" + "N".repeat(5_000) + "\n{\"verdict\": \"real\"}";
        assertEquals("{\"verdict\":\"real\"}", TolerantJson.extract(reply).json().toString());
    }
}
