package dev.loupe.server;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Which names a {@link LoupeServer} answers to, and whether it checks them at all. By default it
 * answers to the address it is bound to, {@code localhost}, {@code 127.0.0.1} and {@code [::1]} on its
 * port, and to the names listed here; browsers' requests that change something must come from a page
 * at one of those names ({@link SameOrigin}).
 *
 * @param allowedHosts more names the server answers to ({@code --allowed-host}): {@code name} on any
 *                     port, or {@code name:port}
 * @param anyOrigin    accept any {@code Host} and {@code Origin} ({@code --allow-any-origin}), for a
 *                     reverse proxy that checks them itself; only together with a bearer token
 */
public record OriginPolicy(List<String> allowedHosts, boolean anyOrigin) {

    public OriginPolicy {
        allowedHosts = allowedHosts == null ? List.of()
                : allowedHosts.stream().map(host -> Objects.requireNonNull(host, "host").strip().toLowerCase(Locale.ROOT)).toList();
        for (String host : allowedHosts) {
            if (SameOrigin.Authority.parse(host) == null) {
                throw new IllegalArgumentException("--allowed-host " + host + " is not a host name, address or name:port");
            }
        }
    }

    /** The loopback names and the bound address only, checked. */
    public static OriginPolicy defaults() {
        return new OriginPolicy(List.of(), false);
    }

    public OriginPolicy withAllowedHosts(List<String> value) {
        return new OriginPolicy(value, anyOrigin);
    }

    public OriginPolicy withAnyOrigin(boolean value) {
        return new OriginPolicy(allowedHosts, value);
    }
}
