package dev.loupe.tool.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.RetryableToolException;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code web_fetch}: reads a public HTTPS page and returns its main content as text. Off unless a
 * graph lists it in {@code tools:}. The safety rules live in {@link WebFetcher} and
 * {@link AddressPolicy}; this class adds the arguments, the per-thread cache and the mapping of
 * failures: refusals and HTTP client errors are answered at once, I/O failures, timeouts and HTTP
 * 5xx/429 are retryable.
 */
public final class WebFetchTool extends DefinedTool implements AutoCloseable {

    private static final int CACHE_ENTRIES = 128;
    private static final int MAX_CHARS = 20_000;

    private static final ToolDefinition DEFINITION = ToolDefinition.builder("web_fetch", "1")
            .description("Fetches a public web page over HTTPS and returns its main text (navigation, scripts and styles removed). "
                + "Use it to read a page a URL points to, e.g. the source an image claims to come from.")
            .arguments("""
                {"type":"object","properties":{
                  "url":{"type":"string","description":"the https:// URL to read"},
                  "extract":{"type":"boolean","description":"main content only (default true); false returns the page's whole text"},
                  "max_chars":{"type":"integer","minimum":100,"maximum":20000,"description":"the most characters of text returned (default 8000)"}
                },"required":["url"],"additionalProperties":false}""")
            .build();

    /** Makes the fetcher on the first fetch: its HTTP client and TLS context cost every command that lists tools a start-up. */
    private final Supplier<WebFetcher> makeFetcher;
    private WebFetcher fetcher;
    private final Map<String, ToolResult> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ToolResult> eldest) {
            return size() > CACHE_ENTRIES;
        }
    };

    /** The tool as the class path finds it: the system's DNS, public addresses only, the JVM's trusted certificates. */
    public WebFetchTool() {
        this(() -> new WebFetcher(HostResolver.SYSTEM, AddressPolicy.publicOnly(), defaultTls(), FetchLimits.DEFAULT));
    }

    /** A tool with its resolver, policy, TLS trust and limits given, for tests and embedding. */
    public WebFetchTool(HostResolver resolver, AddressPolicy policy, SSLContext tls, FetchLimits limits) {
        this(() -> new WebFetcher(resolver, policy, tls, limits));
    }

    private WebFetchTool(Supplier<WebFetcher> makeFetcher) {
        super(DEFINITION);
        this.makeFetcher = makeFetcher;
    }

    private synchronized WebFetcher fetcher() {
        if (fetcher == null) {
            fetcher = makeFetcher.get();
        }
        return fetcher;
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws RetryableToolException {
        // The registry validates arguments against the schema; a caller that runs the tool directly may not.
        if (!arguments.path("url").isTextual() || arguments.get("url").asText().isBlank()) {
            return ToolResult.error("url is missing or not text: give the https:// URL of the page to read");
        }
        String url = arguments.get("url").asText();
        boolean extract = arguments.path("extract").asBoolean(true);
        int maxChars = arguments.path("max_chars").asInt(8000);
        String key = context.threadId() + " " + extract + " " + maxChars + " " + url;
        synchronized (cache) {
            ToolResult cached = cache.get(key);
            if (cached != null) {
                return cached;
            }
        }
        ToolResult result = fetch(url, extract, Math.min(maxChars, MAX_CHARS));
        if (context.threadId() != null) {
            synchronized (cache) {
                cache.put(key, result);
            }
        }
        return result;
    }

    private ToolResult fetch(String url, boolean extract, int maxChars) throws RetryableToolException {
        FetchedPage page;
        try {
            page = fetcher().fetch(url);
        } catch (RefusedAddressException e) {
            return ToolResult.error("refused: " + e.getMessage());
        } catch (WebFetcher.FetchException e) {
            if (e.retryable()) {
                throw new RetryableToolException(e.getMessage(), e);
            }
            return ToolResult.error(e.getMessage());
        } catch (IOException e) {
            throw new RetryableToolException("could not fetch " + url + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"), e);
        }
        boolean html = page.contentType().contains("html");
        MainContent.Extract content = html ? MainContent.of(page.body(), page.url()) : new MainContent.Extract("", page.body());
        String text = html && !extract ? org.jsoup.Jsoup.parse(page.body()).text() : content.text();
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("url", page.url());
        data.put("status", page.status());
        data.put("content_type", page.contentType());
        data.put("title", content.title());
        data.put("text", text.length() <= maxChars ? text : text.substring(0, maxChars));
        data.put("truncated", page.truncated() || text.length() > maxChars);
        data.set("redirects", JsonNodeFactory.instance.arrayNode().addAll(
                page.redirects().stream().map(JsonNodeFactory.instance::textNode).toList()));
        return ToolResult.ok(data, List.of());
    }

    private static SSLContext defaultTls() {
        try {
            return SSLContext.getDefault();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java runtime has no TLS", e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (fetcher != null) {
            fetcher.close();
        }
    }
}
