package dev.loupe.tool.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTPS site on a loopback address for {@code web_fetch} tests, with a certificate for
 * {@value #HOST} made by the JDK's keytool; the client trusts exactly that certificate.
 */
final class LocalHttpsSite implements AutoCloseable {

    static final String HOST = "public.example";
    private static final char[] PASSWORD = "changeit".toCharArray();

    final HttpsServer server;
    final SSLContext clientTls;
    final AtomicInteger requests = new AtomicInteger();

    LocalHttpsSite(Path dir, InetAddress address) throws Exception {
        Path keystore = dir.resolve("site.p12");
        if (!Files.exists(keystore)) {
            Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                    "-genkeypair", "-alias", "site", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + HOST,
                    "-ext", "SAN=dns:" + HOST, "-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                    "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
            String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
                throw new IllegalStateException("keytool failed: " + output);
            }
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            keys.load(in, PASSWORD);
        }
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, PASSWORD);
        SSLContext serverTls = SSLContext.getInstance("TLS");
        serverTls.init(keyManagers.getKeyManagers(), null, null);
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(keys);
        clientTls = SSLContext.getInstance("TLS");
        clientTls.init(null, trust.getTrustManagers(), null);

        server = HttpsServer.create(new InetSocketAddress(address, 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serverTls));
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    String url(String path) {
        return "https://" + HOST + ":" + port() + path;
    }

    /** Serves {@code body} as {@code type} at {@code path}, counting requests. */
    void page(String path, String type, String body) {
        handle(path, exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
        });
    }

    void redirect(String path, String location) {
        handle(path, exchange -> {
            exchange.getResponseHeaders().set("Location", location);
            exchange.sendResponseHeaders(302, -1);
        });
    }

    void handle(String path, HttpHandler handler) {
        server.createContext(path, exchange -> {
            requests.incrementAndGet();
            try (HttpExchange closing = exchange) {
                handler.handle(closing);
            } catch (IOException e) {
                exchange.close();
            }
        });
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
