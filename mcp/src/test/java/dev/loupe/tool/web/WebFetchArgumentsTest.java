package dev.loupe.tool.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code web_fetch} run directly, without the registry's schema check (as {@code ToolsetBenchmark} runs every tool). */
class WebFetchArgumentsTest {

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"url\": null}", "{\"url\": \"  \"}", "{\"url\": 42}"})
    void a_missing_url_is_an_error_result_that_says_what_to_give(String arguments) throws Exception {
        ToolResult result = new WebFetchTool().run(ToolContext.of(TestImages.resource(TestImages.OREGON_SMALL)),
                new ObjectMapper().readTree(arguments));

        assertEquals(ToolStatus.ERROR, result.status());
        assertEquals("url is missing or not text: give the https:// URL of the page to read", result.error());
    }
}
