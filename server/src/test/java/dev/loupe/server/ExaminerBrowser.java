package dev.loupe.server;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.AnalysisGraph;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The browser tests' set-up: headless Chromium on the examiner page of a real server with a token,
 * whose graphs share one SQLite store (as {@code loupe serve} opens it) and write their pictures
 * under the work folder; signing in, scripts and screenshot pairs; and closing it all.
 */
final class ExaminerBrowser implements AutoCloseable {

    static final int DESKTOP = 1280;
    static final int PHONE = 390;

    private final ChromeDriver browser;
    private final WebDriverWait wait;
    private final LoupeStore store;
    private final List<Loupe> loupes;
    private final LoupeServer server;

    private ExaminerBrowser(ChromeDriver browser, WebDriverWait wait, LoupeStore store, List<Loupe> loupes, LoupeServer server) {
        this.browser = browser;
        this.wait = wait;
        this.store = store;
        this.loupes = loupes;
        this.server = server;
    }

    /**
     * Starts the browser (or skips the test where there is none), the graphs and the server, and
     * opens the page; {@code config} adds to a server on a free port with {@code token} and a
     * five-minute request timeout.
     */
    static ExaminerBrowser open(Path work, String token, UnaryOperator<ServerConfig> config, Duration patience,
                                String... graphs) throws IOException {
        ChromeDriver browser = HeadlessChromium.start(Files.createDirectories(work.resolve("profile")));
        Path pictures = Files.createDirectories(work.resolve("pictures"));
        LoupeStore store = LoupeStore.open(new StoreLocation.Sqlite(work.resolve("loupe.db")), AnalysisGraph.serializer());
        List<Loupe> loupes = java.util.Arrays.stream(graphs)
                .map(graph -> Loupe.builder().graph(graph).store(store).outputDir(pictures).build()).toList();
        LoupeServer server = LoupeServer.start(config.apply(ServerConfig.defaults().withPort(0).withApiToken(token)
                .withRequestTimeout(Duration.ofMinutes(5))), loupes);
        browser.get("http://127.0.0.1:" + server.port() + "/");
        return new ExaminerBrowser(browser, new WebDriverWait(browser, patience), store, loupes, server);
    }

    ChromeDriver browser() {
        return browser;
    }

    WebDriverWait waiting() {
        return wait;
    }

    /** An HTTP client of the same server with the same token, to check what the page did. */
    ServerClient client(String token) {
        return new ServerClient(server, token);
    }

    /** The store the served graphs share, for analyses a test adds behind the page's back. */
    LoupeStore store() {
        return store;
    }

    /** Types {@code token} into the sign-in form and waits for the analyse view. */
    void signIn(String token) {
        browser.findElement(By.id("token")).sendKeys(token);
        browser.findElement(By.cssSelector("#login-form button")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("analyse")));
    }

    Object script(String js) {
        return ((JavascriptExecutor) browser).executeScript(js);
    }

    /** {@code target/screenshots/NAME-desktop.png} and {@code NAME-phone.png}. */
    void screenshots(String name) throws IOException {
        HeadlessChromium.screenshot(browser, name + "-desktop", DESKTOP);
        HeadlessChromium.screenshot(browser, name + "-phone", PHONE);
    }

    @Override
    public void close() {
        browser.quit();
        server.close();
        loupes.forEach(Loupe::close);
        store.close();
    }
}
