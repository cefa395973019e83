package dev.loupe.server;

import jakarta.servlet.http.HttpServletRequest;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Same-origin by default: the guard against pages in the examiner's own browser. A service on
 * loopback is in reach of every page that browser shows: a page elsewhere can send it a form, and a
 * page whose name the attacker points at 127.0.0.1 (DNS rebinding) can read its answers. So:
 * <ul>
 *   <li>a request whose {@code Host} is not one of the server's names ({@link OriginPolicy}) is refused
 *       (403 {@code unknown-host}); the health check is left to the caller, since probes send whatever
 *       address they used;</li>
 *   <li>a request that changes something ({@code POST}, {@code PUT}, {@code PATCH}, {@code DELETE}), and
 *       any request to {@code /mcp}, is refused (403 {@code cross-origin}) when its {@code Origin} is a
 *       page at another name or port, is {@code null}, or is missing while the browser marks the request
 *       cross-site ({@code Sec-Fetch-Site}).</li>
 * </ul>
 * Clients that are not browsers send no {@code Origin} and are not concerned; the page the server
 * serves is at one of its names. Behind a reverse proxy, the operator may turn both checks off.
 */
final class SameOrigin {

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]");
    private static final Set<String> ANY_ADDRESS = Set.of("", "0.0.0.0", "[::]", "[0:0:0:0:0:0:0:0]");
    private static final Set<String> CHANGING = Set.of("POST", "PUT", "PATCH", "DELETE");
    private static final int SHOWN = 100;

    private final boolean off;
    private final List<Authority> names = new ArrayList<>();

    /**
     * @param policy    the listed names, or the checks turned off
     * @param boundHost the address the server listens on; a name of its own unless it is every address.
     *                  Its own names are answered on the port a request came in on.
     */
    SameOrigin(OriginPolicy policy, String boundHost) {
        this.off = policy.anyOrigin();
        Authority bound = Authority.parse(boundHost.toLowerCase(Locale.ROOT));
        if (bound != null && !ANY_ADDRESS.contains(bound.host())) {
            names.add(new Authority(bound.host(), Authority.OWN_PORT));
        }
        LOOPBACK.forEach(host -> names.add(new Authority(host, Authority.OWN_PORT)));
        policy.allowedHosts().forEach(host -> names.add(Authority.parse(host)));
    }

    /** Refuses a request to a name that is not this server's, and one that changes something from a page elsewhere. */
    void check(HttpServletRequest request) {
        checkHost(request);
        if (CHANGING.contains(request.getMethod().toUpperCase(Locale.ROOT))) {
            checkOrigin(request);
        }
    }

    /** As {@link #check}, with the {@code Origin} checked whatever the method (the MCP endpoint). */
    void checkEveryMethod(HttpServletRequest request) {
        checkHost(request);
        checkOrigin(request);
    }

    private void checkHost(HttpServletRequest request) {
        String host = request.getHeader("Host");
        if (off || host == null) {
            return;
        }
        Authority given = Authority.parse(host.strip().toLowerCase(Locale.ROOT));
        if (given == null || !answersTo(given, request.getLocalPort())) {
            throw new HttpProblem(ProblemType.UNKNOWN_HOST, "this server does not answer to Host '" + shown(host)
                    + "' (a guard against DNS rebinding); reach it as localhost or 127.0.0.1, or start it with --allowed-host "
                    + (given == null ? "NAME" : given.host()));
        }
    }

    private void checkOrigin(HttpServletRequest request) {
        String origin = request.getHeader("Origin");
        if (off) {
            return;
        }
        if (origin == null) {
            String site = request.getHeader("Sec-Fetch-Site");
            if ("cross-site".equalsIgnoreCase(site) || "same-site".equalsIgnoreCase(site)) {
                throw new HttpProblem(ProblemType.CROSS_ORIGIN, "the browser marks this request " + site.toLowerCase(Locale.ROOT)
                        + " (a guard against cross-site requests); use the page this server serves");
            }
            return;
        }
        Authority page = Authority.ofOrigin(origin.strip().toLowerCase(Locale.ROOT));
        if (page == null || !answersTo(page, request.getLocalPort())) {
            throw new HttpProblem(ProblemType.CROSS_ORIGIN, "requests from a page at '" + shown(origin)
                    + "' are refused (a guard against cross-site requests); use the page this server serves"
                    + (page == null ? "" : ", or start it with --allowed-host " + page.host()));
        }
    }

    private boolean answersTo(Authority given, int own) {
        for (Authority name : names) {
            if (name.host().equals(given.host())) {
                int wanted = name.port() == Authority.OWN_PORT ? own : name.port();
                if (wanted == Authority.ANY_PORT || given.port() == Authority.ANY_PORT || given.port() == wanted) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String shown(String header) {
        String cut = header.length() > SHOWN ? header.substring(0, SHOWN) + "…" : header;
        return cut.replaceAll("\\p{Cntrl}", "?");
    }

    /**
     * A host and port as a {@code Host} header, an origin or {@code --allowed-host} names them; IPv6
     * addresses in brackets.
     *
     * @param port the port, or {@link #ANY_PORT} when none was named (a {@code Host} header without one,
     *             a listed name on any port), or {@link #OWN_PORT} for the server's own
     */
    record Authority(String host, int port) {

        static final int ANY_PORT = -1;
        static final int OWN_PORT = -2;
        private static final Pattern NAME = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*");
        private static final Pattern IPV6 = Pattern.compile("\\[[0-9a-f:.]+]");

        /** {@code host}, {@code host:port}, {@code [v6]}, {@code [v6]:port} or a bare IPv6 address; null when it is none of them. */
        static Authority parse(String text) {
            String host;
            String port = null;
            if (text.startsWith("[")) {
                int end = text.indexOf(']');
                if (end < 0) {
                    return null;
                }
                host = text.substring(0, end + 1);
                String rest = text.substring(end + 1);
                if (!rest.isEmpty()) {
                    if (!rest.startsWith(":")) {
                        return null;
                    }
                    port = rest.substring(1);
                }
            } else if (text.indexOf(':') != text.lastIndexOf(':')) {
                host = "[" + text + "]";
            } else {
                int colon = text.indexOf(':');
                host = colon < 0 ? text : text.substring(0, colon);
                port = colon < 0 ? null : text.substring(colon + 1);
            }
            if (!(NAME.matcher(host).matches() || IPV6.matcher(host).matches())) {
                return null;
            }
            if (port == null) {
                return new Authority(host, ANY_PORT);
            }
            if (!port.matches("[0-9]{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
                return null;
            }
            return new Authority(host, Integer.parseInt(port));
        }

        /** The host and port of an {@code Origin} header ({@code http://host[:port]}), the scheme's port when none is named. */
        static Authority ofOrigin(String origin) {
            try {
                URI uri = new URI(origin);
                boolean http = "http".equals(uri.getScheme());
                if (!(http || "https".equals(uri.getScheme())) || uri.getHost() == null || uri.getRawUserInfo() != null
                        || !(uri.getRawPath() == null || uri.getRawPath().isEmpty())) {
                    return null;
                }
                Authority host = parse(uri.getHost());
                int port = uri.getPort() >= 0 ? uri.getPort() : http ? 80 : 443;
                return host == null ? null : new Authority(host.host(), port);
            } catch (URISyntaxException e) {
                return null;
            }
        }
    }
}
