package dev.loupe.tool.web;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Turns a host name into addresses: the system's DNS by default, a table in tests. */
@FunctionalInterface
public interface HostResolver {

    /** The system resolver. */
    HostResolver SYSTEM = InetAddress::getAllByName;

    InetAddress[] resolve(String host) throws UnknownHostException;
}
