package dev.loupe.server;

import dev.loupe.Loupe;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pool's limits, with an analysis held in flight by a gated tool: a full pool answers 429 with
 * Retry-After, and an analysis past the request timeout answers 504 while still holding its slot.
 */
class ServerLimitsTest {

    private GatedTool gated;
    private Loupe loupe;
    private LoupeServer server;

    private ServerClient start(ServerConfig config) {
        List<Tool> tools = new ArrayList<>();
        for (Tool tool : ToolRegistry.discover().all()) {
            if (tool.name().equals("metadata")) {
                gated = new GatedTool(tool);
                tools.add(gated);
            } else {
                tools.add(tool);
            }
        }
        loupe = Loupe.builder().graph("forensic").tools(ToolRegistry.of(tools)).build();
        server = LoupeServer.start(config.withPort(0), List.of(loupe));
        return new ServerClient(server, null);
    }

    @AfterEach
    void stop() {
        gated.gate.countDown();
        server.close();
        loupe.close();
    }

    @Test
    void a_full_pool_answers_429_with_retry_after_and_the_running_analysis_still_succeeds() throws Exception {
        ServerClient client = start(ServerConfig.defaults().withPool(1, 0));
        CompletableFuture<HttpResponse<String>> first = CompletableFuture.supplyAsync(
                () -> client.upload("", "first.png", ServerImages.aiMarked(40, 30)));
        assertTrue(gated.started.await(60, TimeUnit.SECONDS), "the first analysis never reached its tools");

        HttpResponse<String> second = client.upload("", "second.png", ServerImages.aiMarked(41, 30));

        assertEquals(429, second.statusCode());
        assertTrue(Long.parseLong(second.headers().firstValue("Retry-After").orElse("0")) >= 1, second.headers().toString());
        assertEquals("urn:loupe:problem:busy", LoupeServerTest.problem(second).path("type").asText());
        gated.gate.countDown();
        assertEquals(200, first.get(60, TimeUnit.SECONDS).statusCode());
    }

    @Test
    void an_analysis_past_the_request_timeout_answers_504_and_keeps_its_slot_until_it_ends() throws Exception {
        ServerClient client = start(ServerConfig.defaults().withPool(1, 0).withRequestTimeout(Duration.ofSeconds(1)));

        HttpResponse<String> late = client.upload("", "late.png", ServerImages.aiMarked(40, 30));

        assertEquals(504, late.statusCode());
        assertEquals("the analysis did not finish within 1 s", LoupeServerTest.problem(late).path("detail").asText());
        // The timed-out analysis is still held at the gate, so it still occupies the only slot.
        assertEquals(429, client.upload("", "next.png", ServerImages.aiMarked(41, 30)).statusCode());
    }

    @Test
    void a_streamed_analysis_past_the_request_timeout_ends_its_stream_with_an_error_event() throws Exception {
        // Generous, so the first event is surely out before it; the gate holds the analysis past it anyway.
        ServerClient client = start(ServerConfig.defaults().withPool(1, 0).withRequestTimeout(Duration.ofSeconds(5)));

        HttpResponse<String> response = client.upload("?stream=true", "late.png", ServerImages.aiMarked(40, 30));

        assertEquals(200, response.statusCode());
        List<ServerEventsAndMetricsTest.Event> events = ServerEventsAndMetricsTest.parse(response.body());
        ServerEventsAndMetricsTest.Event last = events.get(events.size() - 1);
        assertEquals("error", last.name());
        assertEquals(504, last.data().path("status").asInt());
        assertEquals("node_start", events.get(0).name());
    }
}
