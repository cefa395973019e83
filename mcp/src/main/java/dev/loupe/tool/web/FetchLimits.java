package dev.loupe.tool.web;

import java.time.Duration;

/**
 * How much {@code web_fetch} reads and waits.
 *
 * @param maxBytes     the most body bytes read per page; the rest is left unread and the page marked truncated
 * @param timeout      the whole fetch, redirects included
 * @param maxRedirects redirects followed before giving up
 */
public record FetchLimits(long maxBytes, Duration timeout, int maxRedirects) {

    /** 2 MB, 15 s, 5 redirects. */
    public static final FetchLimits DEFAULT = new FetchLimits(2L * 1024 * 1024, Duration.ofSeconds(15), 5);
}
