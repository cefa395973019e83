package dev.loupe.tool.web;

import org.apache.hc.client5.http.DnsResolver;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The HTTP client's only way to turn a host into addresses: one lookup, every address checked, and
 * the checked addresses are what the client connects to — there is no second lookup that a DNS
 * server could answer differently (DNS rebinding). One refused address refuses the host: a name
 * that resolves to a public and a private address could be steered to either.
 */
final class CheckedDnsResolver implements DnsResolver {

    private final HostResolver resolver;
    private final AddressPolicy policy;

    CheckedDnsResolver(HostResolver resolver, AddressPolicy policy) {
        this.resolver = resolver;
        this.policy = policy;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        String name = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses = literal(name) ? new InetAddress[] {InetAddress.getByName(name)} : resolver.resolve(name);
        if (addresses == null || addresses.length == 0) {
            throw new UnknownHostException(name + " has no address");
        }
        for (InetAddress address : addresses) {
            String reason = policy.refusal(address).orElse(null);
            if (reason != null) {
                String where = literal(name) ? name + " is" : name + " resolves to " + address.getHostAddress() + ",";
                throw new RefusedAddressException(where + " " + reason + "; only public addresses are fetched");
            }
        }
        return addresses;
    }

    @Override
    public String resolveCanonicalHostname(String host) {
        return host;
    }

    /** An IP address written out (IPv4 dotted, or IPv6), which needs no lookup. */
    static boolean literal(String host) {
        return host.contains(":") || host.matches("[0-9.]+");
    }
}
