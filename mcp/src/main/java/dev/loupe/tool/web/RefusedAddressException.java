package dev.loupe.tool.web;

import java.net.UnknownHostException;

/**
 * A host that resolves to an address {@code web_fetch} may not connect to. An
 * {@link UnknownHostException}, so that it passes through the HTTP client's resolver contract and
 * the connection is never opened.
 */
final class RefusedAddressException extends UnknownHostException {

    RefusedAddressException(String message) {
        super(message);
    }
}
