package dev.loupe.server;

import dev.loupe.core.LogFields;
import io.javalin.http.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Every request's id: the client's {@code X-Request-Id} when it is a plain token, else a new one,
 * echoed in the response and put in the log context for as long as the request and its analysis
 * run, so every log line of a request carries it. The request's end is one log line with its
 * method, route, status and duration.
 */
final class RequestIds {

    static final String HEADER = "X-Request-Id";
    private static final Logger LOG = LoggerFactory.getLogger(RequestIds.class);
    /** What a client may choose as an id: short, and nothing that could forge a log field. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    private RequestIds() {
    }

    static void begin(Context ctx) {
        String given = ctx.header(HEADER);
        String id = given != null && PLAIN.matcher(given).matches() ? given : UUID.randomUUID().toString();
        MDC.put(LogFields.REQUEST_ID, id);
        ctx.header(HEADER, id);
    }

    static void end(Context ctx, double seconds) {
        LOG.atInfo().addKeyValue("method", ctx.method().name()).addKeyValue("path", ctx.path())
                .addKeyValue("status", ctx.statusCode()).addKeyValue(LogFields.DURATION_MS, Math.round(seconds * 1000))
                .log("{} {} {}", ctx.method().name(), ctx.path(), ctx.statusCode());
        MDC.remove(LogFields.REQUEST_ID);
    }
}
