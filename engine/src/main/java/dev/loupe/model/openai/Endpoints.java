package dev.loupe.model.openai;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Tells a remote endpoint (a hosted API that needs a key) from a local server (vLLM, Ollama, LM
 * Studio on this machine or the local network, which need none) from the URL alone, without a DNS
 * lookup: the check runs before any network call.
 */
final class Endpoints {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private Endpoints() {
    }

    /** True for loopback, private and link-local addresses, {@code localhost}, {@code *.local} and one-label names. */
    static boolean isLocal(String baseUrl) {
        String host;
        try {
            host = URI.create(baseUrl).getHost();
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (host == null || host.isBlank()) {
            return false;
        }
        host = host.toLowerCase(Locale.ROOT);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (IPV4.matcher(host).matches() || host.contains(":")) {
            try {
                InetAddress address = InetAddress.getByName(host); // a literal: parsed, never looked up
                return address.isLoopbackAddress() || address.isSiteLocalAddress() || address.isLinkLocalAddress()
                        || host.startsWith("fc") || host.startsWith("fd");
            } catch (UnknownHostException e) {
                return false;
            }
        }
        return host.equals("localhost") || host.endsWith(".localhost") || host.endsWith(".local")
                || host.endsWith(".internal") || !host.contains(".");
    }
}
