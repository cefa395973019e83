package dev.loupe.tool.web;

import dev.loupe.core.LoupeVersion;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.util.Timeout;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Fetches one HTTPS URL under {@code web_fetch}'s rules. Redirects are followed here, not by the
 * client, so that each one is counted and its URL checked (HTTPS, no credentials); the client's
 * resolver checks every host's addresses before it connects. TLS verifies the certificate against
 * the URL's host name (and sends it as SNI) while the socket goes to the checked address.
 */
final class WebFetcher implements AutoCloseable {

    /** Media types read as text; everything else is refused before its body is read. */
    private static final Set<String> TEXT_TYPES = Set.of("application/xhtml+xml", "application/xml", "application/json");

    private final CloseableHttpClient client;
    private final FetchLimits limits;

    WebFetcher(HostResolver resolver, AddressPolicy policy, SSLContext tls, FetchLimits limits) {
        this.limits = limits;
        Timeout timeout = Timeout.of(limits.timeout());
        this.client = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(new CheckedDnsResolver(resolver, policy))
                        .setTlsSocketStrategy(new DefaultClientTlsStrategy(tls))
                        .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(timeout).setSocketTimeout(timeout).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setRedirectsEnabled(false).setResponseTimeout(timeout).build())
                .disableAutomaticRetries()
                .disableCookieManagement()
                .setUserAgent("Loupe/" + LoupeVersion.get() + " (web_fetch)")
                .build();
    }

    /** The page at {@code url}; refusals and HTTP errors as {@link FetchException}, I/O failures as {@link IOException}. */
    FetchedPage fetch(String url) throws IOException, FetchException {
        long deadline = System.nanoTime() + limits.timeout().toNanos();
        URI current = checked(url);
        List<String> redirects = new ArrayList<>();
        while (true) {
            if (System.nanoTime() > deadline) {
                throw new java.net.SocketTimeoutException("the fetch took longer than " + limits.timeout().toSeconds() + " s");
            }
            HttpGet get = new HttpGet(current);
            get.setHeader("Accept", "text/html, application/xhtml+xml, text/plain;q=0.9, */*;q=0.1");
            URI from = current;
            FetchedPage page = client.execute(get, response -> {
                int status = response.getCode();
                if (status >= 300 && status < 400 && response.getFirstHeader("Location") != null) {
                    return new FetchedPage(response.getFirstHeader("Location").getValue(), status, null, null, false, List.of());
                }
                if (status >= 400) {
                    throw new FetchException("HTTP " + status + " from " + from, status >= 500 || status == 429);
                }
                return read(from, status, response.getEntity());
            });
            if (page.body() != null) {
                return new FetchedPage(page.url(), page.status(), page.contentType(), page.body(), page.truncated(), redirects);
            }
            if (redirects.size() >= limits.maxRedirects()) {
                throw new FetchException("more than " + limits.maxRedirects() + " redirects from " + url, false);
            }
            redirects.add(current.toString());
            current = checked(current.resolve(page.url()).toString());
        }
    }

    private FetchedPage read(URI url, int status, HttpEntity entity) throws IOException {
        ContentType type = entity == null ? ContentType.TEXT_PLAIN : ContentType.parseLenient(entity.getContentType());
        String mime = type == null ? "application/octet-stream" : type.getMimeType().toLowerCase(Locale.ROOT);
        if (!mime.startsWith("text/") && !TEXT_TYPES.contains(mime)) {
            throw new FetchException(url + " is " + mime + ", not text; web_fetch reads text and HTML only", false);
        }
        byte[] bytes;
        boolean truncated;
        try (InputStream in = entity == null ? InputStream.nullInputStream() : entity.getContent()) {
            bytes = in.readNBytes((int) limits.maxBytes());
            truncated = in.read() >= 0;
        }
        Charset charset = type != null && type.getCharset() != null ? type.getCharset() : StandardCharsets.UTF_8;
        return new FetchedPage(url.toString(), status, mime, new String(bytes, charset), truncated, List.of());
    }

    /** {@code url} if it is an absolute HTTPS URL with a host and no credentials. */
    static URI checked(String url) throws FetchException {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new FetchException("not a URL: " + url, false);
        }
        if (!"https".equalsIgnoreCase(uri.getScheme())) {
            throw new FetchException("only https:// URLs are fetched, not " + url, false);
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new FetchException("the URL has no host: " + url, false);
        }
        if (uri.getRawUserInfo() != null) {
            throw new FetchException("URLs with credentials are not fetched", false);
        }
        return uri;
    }

    @Override
    public void close() throws IOException {
        client.close();
    }

    /** A fetch that cannot succeed as asked (refused, not text, HTTP error); {@code retryable} for 5xx and 429. */
    static final class FetchException extends IOException {
        private final boolean retryable;

        FetchException(String message, boolean retryable) {
            super(message);
            this.retryable = retryable;
        }

        boolean retryable() {
            return retryable;
        }
    }
}
