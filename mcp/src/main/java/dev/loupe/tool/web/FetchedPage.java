package dev.loupe.tool.web;

import java.util.List;

/**
 * A page as fetched: where it ended up, what it is, its text, and the redirects on the way.
 *
 * @param url         the final URL, after redirects
 * @param status      the HTTP status
 * @param contentType the media type, without parameters
 * @param body        the decoded body (at most the size limit)
 * @param truncated   whether the body was longer than the limit
 * @param redirects   the URLs redirected from, in order
 */
record FetchedPage(String url, int status, String contentType, String body, boolean truncated, List<String> redirects) {
}
