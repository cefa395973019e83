package dev.loupe.soak;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code loupe serve} in a process of its own, started from this JVM's class path in a working
 * folder whose {@code graphs/} point the model at the stub, so that it can be killed with
 * {@code SIGKILL} as an operator's machine would kill it. Its output goes to {@code serve.log} there.
 */
final class ServerProcess implements AutoCloseable {

    private final Process process;
    private final int port;

    private ServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts a server on {@code port} (of 127.0.0.1) over the store {@code store} and waits until it answers. */
    static ServerProcess start(Path workDir, Path store, int port, List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx768m", "-cp", absoluteClassPath(), "dev.loupe.cli.Main", "serve",
                "--port", String.valueOf(port), "--store", store.toString()));
        command.addAll(options);
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(workDir.resolve("serve.log").toFile())).start();
        ServerProcess server = new ServerProcess(process, port);
        server.awaitHealthy();
        return server;
    }

    /** This JVM's class path with every entry absolute: the server runs in another folder. */
    private static String absoluteClassPath() {
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            entries.add(Path.of(entry).toAbsolutePath().toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** A port of the loopback interface that nothing listens on now. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    /** {@code kill -9}: no shutdown hook runs, nothing is flushed, in-flight analyses stop mid-node. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** {@code SIGTERM}, as a service manager stops it: the shutdown hook closes the server and the store. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    private void awaitHealthy() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("loupe serve exited with " + process.exitValue() + "; see serve.log");
            }
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                socket.getOutputStream().write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                String status = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
                if (status != null && status.contains(" 200")) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(250);
        }
        throw new IOException("loupe serve did not answer /healthz within two minutes");
    }
}
