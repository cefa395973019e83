package dev.loupe.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.structure.JsonSchema;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the tool calls of one model turn so that none of them can hurt the run: in parallel on a
 * bounded pool, each with a timeout, arguments validated against the tool's schema first, unknown
 * names and exceptions turned into error results the model can read and correct.
 */
public final class ToolExecutor implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_REPORTED_ERRORS = 3;

    private final ToolRegistry registry;
    private final Duration timeout;
    private final ExecutorService pool;
    private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();

    public ToolExecutor(ToolRegistry registry, Duration timeout, int parallelism) {
        this.registry = registry;
        this.timeout = timeout;
        this.pool = Executors.newFixedThreadPool(Math.max(1, parallelism), daemonThreads());
    }

    public ToolRegistry registry() {
        return registry;
    }

    /** Runs {@code calls} in parallel and returns their outcomes in the order of the calls. */
    public List<ToolOutcome> runAll(ToolContext context, List<ToolCall> calls) {
        List<Future<ToolOutcome>> futures = new ArrayList<>();
        for (ToolCall call : calls) {
            futures.add(pool.submit(() -> run(context, call)));
        }
        List<ToolOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            outcomes.add(await(futures.get(i), calls.get(i)));
        }
        return outcomes;
    }

    private ToolOutcome await(Future<ToolOutcome> future, ToolCall call) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            return new ToolOutcome(call, ToolResult.error("the tool did not finish within " + seconds(timeout)),
                    timeout.toMillis() / 1000.0, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ToolOutcome(call, ToolResult.error("the run was interrupted"), 0, false);
        } catch (ExecutionException e) {
            return new ToolOutcome(call, ToolResult.error("the tool failed: " + describe(e.getCause())), 0, false);
        }
    }

    /** Runs one call on the calling thread. */
    public ToolOutcome run(ToolContext context, ToolCall call) {
        long start = System.nanoTime();
        ToolResult result = execute(context, call);
        return new ToolOutcome(call, result, (System.nanoTime() - start) / 1e9, false);
    }

    private ToolResult execute(ToolContext context, ToolCall call) {
        Tool tool = registry.find(call.name()).orElse(null);
        if (tool == null) {
            return ToolResult.error("unknown tool '" + call.name() + "'; the available tools are: "
                    + String.join(", ", registry.names()));
        }
        JsonNode arguments;
        try {
            String text = call.arguments() == null || call.arguments().isBlank() ? "{}" : call.arguments();
            arguments = JSON.readTree(text);
            if (arguments == null || arguments.isNull()) {
                arguments = JsonNodeFactory.instance.objectNode();
            }
        } catch (Exception e) {
            return ToolResult.error("the arguments are not valid JSON: " + firstLine(e.getMessage()));
        }
        List<String> violations = schemas.computeIfAbsent(tool.name(), n -> JsonSchema.parse(tool.argumentSchema()))
                .validate(arguments, MAX_REPORTED_ERRORS);
        if (!violations.isEmpty()) {
            return ToolResult.error("invalid arguments for " + tool.name() + ": " + String.join("; ", violations));
        }
        try {
            ToolResult result = tool.run(context, arguments);
            return result == null ? ToolResult.error(tool.name() + " returned nothing") : result;
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            return ToolResult.error(tool.name() + " failed: " + describe(e));
        }
    }

    private static String seconds(Duration duration) {
        double seconds = duration.toMillis() / 1000.0;
        return (seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.valueOf(seconds)) + " s";
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + firstLine(message));
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, "loupe-tool-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
