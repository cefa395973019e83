package dev.loupe;

import dev.loupe.tool.forensic.ForensicVerdict;

import dev.loupe.core.LoupeException;

import dev.loupe.graph.AnalysisEvent;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.testing.MarkedImages;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An analysis' events: a listener sees them in order and the result last; a publisher streams them. */
class AnalysisEventsTest {

    @AutoClose
    private static final Loupe loupe = Loupe.builder().graph("forensic").build();
    private static final byte[] MARKED = MarkedImages.withPngText(MarkedImages.png(64, 48), "Software", "NovelAI");

    @Test
    void a_listener_sees_vision_first_and_a_final_event_with_the_returned_result_last() {
        List<AnalysisEvent> events = new CopyOnWriteArrayList<>();

        AnalysisResult result = loupe.analyze(MARKED, "novelai.png", AnalysisOptions.defaults().withListener(events::add));

        assertEquals(new AnalysisEvent("node_start", "vision", null), events.get(0));
        AnalysisEvent last = events.get(events.size() - 1);
        assertEquals(AnalysisEvent.FINAL, last.type());
        assertSame(result, last.result());
        assertEquals(1, events.stream().filter(AnalysisEvent::isFinal).count());
    }

    @Test
    void a_publisher_delivers_the_same_events_then_completes() throws Exception {
        Recorder recorder = new Recorder();

        loupe.analyzeEvents(MARKED, "novelai.png", AnalysisOptions.defaults()).subscribe(recorder);

        assertEquals("completed", recorder.end.get(2, TimeUnit.MINUTES));
        List<String> types = recorder.events.stream().map(AnalysisEvent::type).toList();
        assertEquals("node_start", types.get(0));
        assertEquals("final", types.get(types.size() - 1));
        assertTrue(types.contains("tool_call") && types.contains("tool_result"), types.toString());
        assertEquals("fake", ForensicVerdict.of(recorder.events.get(types.size() - 1).result().output()).verdict());
    }

    @Test
    void a_publisher_of_a_file_runs_on_the_given_executor_and_names_the_file(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("novelai.png"), MARKED);
        Recorder recorder = new Recorder();
        List<String> runners = new CopyOnWriteArrayList<>();

        loupe.analyzeEvents(file, AnalysisOptions.defaults(), task -> new Thread(() -> {
            runners.add(Thread.currentThread().getName());
            task.run();
        }, "caller-chosen-runner").start()).subscribe(recorder);

        assertEquals("completed", recorder.end.get(2, TimeUnit.MINUTES));
        assertEquals(List.of("caller-chosen-runner"), runners);
        AnalysisResult result = recorder.events.get(recorder.events.size() - 1).result();
        assertEquals("novelai.png", result.image().name());
    }

    @Test
    void a_publisher_of_a_bad_image_ends_with_a_loupe_exception_and_no_events() throws Exception {
        Recorder recorder = new Recorder();

        loupe.analyzeEvents(new byte[] {1, 2, 3}, "junk.bin", AnalysisOptions.defaults()).subscribe(recorder);

        Throwable error = recorder.error.get(2, TimeUnit.MINUTES);
        LoupeException loupeError = assertInstanceOf(LoupeException.class, error);
        assertEquals(LoupeException.Kind.BAD_INPUT, loupeError.kind());
        assertTrue(loupeError.getMessage().startsWith("junk.bin: "), loupeError.getMessage());
        assertEquals(List.of(), recorder.events);
    }

    @Test
    void a_publisher_refuses_a_second_subscriber() throws Exception {
        Flow.Publisher<AnalysisEvent> publisher = loupe.analyzeEvents(MARKED, "novelai.png", AnalysisOptions.defaults());
        Recorder first = new Recorder();
        Recorder second = new Recorder();

        publisher.subscribe(first);
        publisher.subscribe(second);

        assertInstanceOf(IllegalStateException.class, second.error.get(1, TimeUnit.MINUTES));
        assertEquals("completed", first.end.get(2, TimeUnit.MINUTES));
    }

    /** Asks for everything and records what arrives. */
    private static final class Recorder implements Flow.Subscriber<AnalysisEvent> {
        final List<AnalysisEvent> events = new CopyOnWriteArrayList<>();
        final CompletableFuture<String> end = new CompletableFuture<>();
        final CompletableFuture<Throwable> error = new CompletableFuture<>();

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(AnalysisEvent item) {
            events.add(item);
        }

        @Override
        public void onError(Throwable throwable) {
            error.complete(throwable);
            end.complete("failed");
        }

        @Override
        public void onComplete() {
            end.complete("completed");
        }
    }
}
