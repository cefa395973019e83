package dev.loupe.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.core.ComputeBudget;
import dev.loupe.core.LogContext;
import dev.loupe.core.LogFields;
import dev.loupe.structure.JsonSchema;
import dev.loupe.trace.RunTrace;
import dev.loupe.trace.Step;
import io.opentelemetry.context.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the tool calls of one model turn so that none of them can hurt the run: in parallel on a
 * bounded pool, each with a timeout, arguments validated against the tool's schema first, unknown
 * names and exceptions turned into error results the model can read and correct. A call that fails
 * with a {@link RetryableToolException} is tried again as its {@link RetryPolicy} allows, waiting
 * with jittered backoff, all attempts within the call's timeout; bad arguments never are. Every call
 * is a {@code tool} step of the current run's trace, on whichever pool thread runs it.
 */
public final class ToolExecutor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ToolExecutor.class);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_REPORTED_ERRORS = 3;

    private final ToolRegistry registry;
    private final Duration timeout;
    private final ExecutorService pool;
    private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();
    private final RetryPolicies retries;
    private final ToolResources resources;

    public ToolExecutor(ToolRegistry registry, Duration timeout, int parallelism) {
        this(registry, timeout, parallelism, RetryPolicies.DEFAULT);
    }

    /** As {@link #ToolExecutor(ToolRegistry, Duration, int)}, retrying as {@code retries} says; {@code timeout} bounds all attempts. */
    public ToolExecutor(ToolRegistry registry, Duration timeout, int parallelism, RetryPolicies retries) {
        this(registry, timeout, parallelism, retries, ToolResources.none());
    }

    /**
     * As {@link #ToolExecutor(ToolRegistry, Duration, int, RetryPolicies)}, handing {@code resources}
     * (those of the Loupe instance the tools run for) to every call whose context brings none.
     */
    public ToolExecutor(ToolRegistry registry, Duration timeout, int parallelism, RetryPolicies retries, ToolResources resources) {
        this.resources = resources == null ? ToolResources.none() : resources;
        this.registry = registry;
        this.timeout = timeout;
        this.retries = retries;
        this.pool = Executors.newFixedThreadPool(Math.max(1, parallelism), daemonThreads());
    }

    public ToolRegistry registry() {
        return registry;
    }

    /** Runs {@code calls} in parallel and returns their outcomes in the order of the calls. */
    public List<ToolOutcome> runAll(ToolContext context, List<ToolCall> calls) {
        List<Future<ToolOutcome>> futures = new ArrayList<>();
        for (ToolCall call : calls) {
            // The log fields and the run's trace (its current span) go with the call to the pool's thread.
            futures.add(pool.submit(Context.current().wrap(LogContext.carried(() -> run(context, call)))));
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

    /** Runs one call on the calling thread, retrying retryable failures within the timeout. */
    public ToolOutcome run(ToolContext context, ToolCall call) {
        try (LogContext.Scope tool = LogContext.with(LogFields.TOOL, call.name())) {
            Step step = RunTrace.current().tool(call.name(), call.id());
            ToolOutcome outcome;
            try {
                outcome = attempts(context, call);
            } catch (RuntimeException | Error e) {
                step.fail(e);
                throw e;
            }
            ToolResult result = outcome.result();
            step.endTool(call.arguments(), summary(result), result.status().wireName(), result.error());
            LOG.atInfo().addKeyValue(LogFields.DURATION_MS, Math.round(outcome.seconds() * 1000))
                    .addKeyValue("status", result.status().wireName())
                    .log("tool {} ran", call.name());
            return outcome;
        }
    }

    private ToolOutcome attempts(ToolContext context, ToolCall call) {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        RetryPolicy policy = retries.of(call.name());
        List<ToolAttempt> attempts = new ArrayList<>();
        for (int number = 1; ; number++) {
            long attemptStart = System.nanoTime();
            Attempt attempt = execute(context, call);
            attempts.add(new ToolAttempt(number, attempt.result().status().wireName(), attempt.result().error(),
                    (System.nanoTime() - attemptStart) / 1e9));
            long wait = policy.delayBefore(number + 1, ThreadLocalRandom.current()).toNanos();
            boolean again = attempt.retryable() && number <= policy.retries() && System.nanoTime() + wait < deadline;
            if (!again) {
                return new ToolOutcome(call, attempt.result(), (System.nanoTime() - start) / 1e9, false,
                        attempts.size() > 1 ? attempts : List.of());
            }
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new ToolOutcome(call, attempt.result(), (System.nanoTime() - start) / 1e9, false, attempts);
            }
        }
    }

    /** One attempt's result, and whether another attempt may do better. */
    private record Attempt(ToolResult result, boolean retryable) {
        static Attempt finalResult(ToolResult result) {
            return new Attempt(result, false);
        }
    }

    private Attempt execute(ToolContext context, ToolCall call) {
        Tool tool = registry.find(call.name()).orElse(null);
        if (tool == null) {
            return Attempt.finalResult(ToolResult.error("unknown tool '" + call.name() + "'; the available tools are: "
                    + String.join(", ", registry.names())));
        }
        JsonNode arguments;
        try {
            String text = call.arguments() == null || call.arguments().isBlank() ? "{}" : call.arguments();
            arguments = JSON.readTree(text);
            if (arguments == null || arguments.isNull()) {
                arguments = JsonNodeFactory.instance.objectNode();
            }
        } catch (Exception e) {
            return Attempt.finalResult(ToolResult.error("the arguments are not valid JSON: " + firstLine(e.getMessage())));
        }
        List<String> violations = schemas.computeIfAbsent(tool.name(), n -> JsonSchema.parse(tool.definition().argumentSchema()))
                .validate(arguments, MAX_REPORTED_ERRORS);
        if (!violations.isEmpty()) {
            return Attempt.finalResult(ToolResult.error("invalid arguments for " + tool.name() + ": " + String.join("; ", violations)));
        }
        try {
            ToolContext runContext = context.resources() == ToolResources.none() ? context.withResources(resources) : context;
            JsonNode checked = arguments;
            ToolResult result = ComputeBudget.run(() -> tool.run(runContext, checked));
            return Attempt.finalResult(result == null ? ToolResult.error(tool.name() + " returned nothing") : result);
        } catch (RetryableToolException e) {
            return new Attempt(ToolResult.error(tool.name() + " failed: " + firstLine(e.getMessage())), true);
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            return Attempt.finalResult(ToolResult.error(tool.name() + " failed: " + describe(e)));
        }
    }

    /** What a trace says a call returned: the codes of its findings, else the start of its data. */
    private static String summary(ToolResult result) {
        if (!result.findings().isEmpty()) {
            return "findings: " + String.join(", ", result.findings().stream().map(Finding::code).toList());
        }
        return result.data() == null || result.data().isEmpty() ? null : result.data().toString();
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
