package dev.loupe.tool.web;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.Set;

/**
 * Which addresses {@code web_fetch} may connect to: public unicast only. Refused, each with the
 * reason named: loopback, private (RFC 1918, IPv6 unique-local), link-local, carrier-grade NAT
 * (100.64.0.0/10), multicast, unspecified, broadcast and reserved ranges, the cloud metadata
 * addresses (169.254.169.254, fd00:ec2::254), and any IPv4 address hidden in an IPv6 one
 * (IPv4-mapped {@code ::ffff:a.b.c.d}, IPv4-compatible, NAT64 {@code 64:ff9b::/96}, 6to4
 * {@code 2002::/16}), which is judged as the IPv4 address it carries.
 */
public final class AddressPolicy {

    private static final byte[] METADATA_V6 = literal("fd00:ec2::254");

    private final Set<InetAddress> declaredPublic;

    private AddressPolicy(Set<InetAddress> declaredPublic) {
        this.declaredPublic = Set.copyOf(declaredPublic);
    }

    /** Public unicast addresses only. */
    public static AddressPolicy publicOnly() {
        return new AddressPolicy(Set.of());
    }

    /**
     * This policy, also admitting {@code addresses}, which the operator declares public (a test
     * server on a loopback address, an egress proxy on a private one).
     */
    public AddressPolicy declaringPublic(Set<InetAddress> addresses) {
        return new AddressPolicy(addresses);
    }

    /** Why {@code address} is refused, or empty when it may be connected to. */
    public Optional<String> refusal(InetAddress address) {
        if (declaredPublic.contains(address)) {
            return Optional.empty();
        }
        byte[] bytes = address.getAddress();
        // Java already turns ::ffff:a.b.c.d into an Inet4Address; the other IPv6 forms are unwrapped below.
        if (address instanceof Inet4Address) {
            return refusalV4(bytes);
        }
        if (java.util.Arrays.equals(bytes, METADATA_V6)) {
            return Optional.of("a cloud metadata address");
        }
        if (address.isAnyLocalAddress()) {
            return Optional.of("the unspecified address");
        }
        if (address.isLoopbackAddress()) {
            return Optional.of("a loopback address");
        }
        byte[] embedded = embeddedV4(bytes);
        if (embedded != null) {
            return refusalV4(embedded).map(reason -> "an IPv6 form of " + v4(embedded) + ", " + reason);
        }
        int first = bytes[0] & 0xff;
        if (first == 0xff) {
            return Optional.of("a multicast address");
        }
        if (first == 0xfe && (bytes[1] & 0xc0) == 0x80) {
            return Optional.of("a link-local address");
        }
        if (first == 0xfe && (bytes[1] & 0xc0) == 0xc0) {
            return Optional.of("a site-local address");
        }
        if ((first & 0xfe) == 0xfc) {
            return Optional.of("a private (unique-local) address");
        }
        if (first == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0d && (bytes[3] & 0xff) == 0xb8) {
            return Optional.of("a documentation address");
        }
        return Optional.empty();
    }

    private static Optional<String> refusalV4(byte[] b) {
        int a = b[0] & 0xff;
        int second = b[1] & 0xff;
        if (a == 169 && second == 254 && (b[2] & 0xff) == 169 && (b[3] & 0xff) == 254) {
            return Optional.of("a cloud metadata address");
        }
        if (a == 0) {
            return Optional.of("the unspecified address");
        }
        if (a == 127) {
            return Optional.of("a loopback address");
        }
        if (a == 10 || (a == 172 && (second & 0xf0) == 16) || (a == 192 && second == 168)) {
            return Optional.of("a private address");
        }
        if (a == 169 && second == 254) {
            return Optional.of("a link-local address");
        }
        if (a == 100 && (second & 0xc0) == 64) {
            return Optional.of("a carrier-grade NAT address");
        }
        if (a >= 224 && a <= 239) {
            return Optional.of("a multicast address");
        }
        if (a >= 240) {
            return Optional.of(a == 255 && second == 255 ? "the broadcast address" : "a reserved address");
        }
        if ((a == 192 && second == 0 && (b[2] & 0xff) == 0) || (a == 198 && (second & 0xfe) == 18)) {
            return Optional.of("a reserved address");
        }
        return Optional.empty();
    }

    /** The IPv4 address an IPv6 address carries, or null: mapped, compatible, NAT64 and 6to4 forms. */
    private static byte[] embeddedV4(byte[] b) {
        boolean zeros80 = allZero(b, 0, 10);
        if (zeros80 && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
            return java.util.Arrays.copyOfRange(b, 12, 16);
        }
        if (zeros80 && b[10] == 0 && b[11] == 0 && !allZero(b, 12, 15)) {
            return java.util.Arrays.copyOfRange(b, 12, 16);
        }
        if (b[0] == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b && allZero(b, 4, 12)) {
            return java.util.Arrays.copyOfRange(b, 12, 16);
        }
        if (b[0] == 0x20 && b[1] == 0x02) {
            return java.util.Arrays.copyOfRange(b, 2, 6);
        }
        return null;
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static String v4(byte[] b) {
        return (b[0] & 0xff) + "." + (b[1] & 0xff) + "." + (b[2] & 0xff) + "." + (b[3] & 0xff);
    }

    private static byte[] literal(String text) {
        try {
            return InetAddress.getByName(text).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalStateException("not an address literal: " + text, e);
        }
    }
}
