package dev.loupe.server;

import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The examiner page in real headless Chromium against a real server with a token: sign in, analyse
 * the sample camera original, see its verdict, evidence and an overlay drawn, open the thread's
 * timeline, replay and fork it — with screenshots at desktop and phone widths under
 * {@code target/screenshots/}. The steps build on each other, so they run in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExaminerPageBrowserTest {

    private static final String TOKEN = "browser-test-token-c41d9a";
    private static final Path SAMPLE = Path.of("evaluation", "samples", "camera-original.jpg");

    @TempDir
    static Path work;
    @AutoClose
    private static ExaminerBrowser page;
    private static ChromeDriver browser;
    private static WebDriverWait wait;

    @BeforeAll
    static void start() throws Exception {
        page = ExaminerBrowser.open(work, TOKEN, config -> config.withPool(2, 2), Duration.ofMinutes(2), "forensic", "describe");
        browser = page.browser();
        wait = page.waiting();
    }

    @Test
    @Order(1)
    void a_wrong_token_is_refused_and_the_right_one_signs_in() throws Exception {
        page.screenshots("page-login");
        browser.findElement(By.id("token")).sendKeys("not-the-token");
        browser.findElement(By.cssSelector("#login-form button")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "refused"));
        assertTrue(browser.findElement(By.id("login")).isDisplayed());

        browser.findElement(By.id("token")).sendKeys(TOKEN);
        browser.findElement(By.cssSelector("#login-form button")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("analyse")));
        List<String> graphs = browser.findElements(By.cssSelector("#graph option")).stream()
                .map(option -> option.getAttribute("value")).toList();
        assertEquals(List.of("forensic", "describe"), graphs);
    }

    @Test
    @Order(2)
    void uploading_the_sample_shows_progress_the_verdict_the_evidence_and_an_overlay() throws Exception {
        browser.findElement(By.id("image")).sendKeys(SAMPLE.toAbsolutePath().toString());
        browser.findElement(By.id("analyse-button")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("verdict")));
        wait.until(ExpectedConditions.attributeToBe(By.id("overlay-image"), "data-drawn", "true"));

        assertEquals("real", browser.findElement(By.id("verdict")).getText());
        assertTrue(browser.findElement(By.id("meaning")).getText().startsWith("Real: the content is what a camera captured"),
                browser.findElement(By.id("meaning")).getText());
        assertFalse(browser.findElements(By.cssSelector("#progress li[data-event='tool_call']")).isEmpty());
        assertFalse(browser.findElements(By.cssSelector("#progress li[data-event='node_end']")).isEmpty());
        List<WebElement> weights = browser.findElements(By.cssSelector("#evidence tbody tr td:nth-child(3)"));
        assertTrue(weights.size() >= 3, "evidence rows: " + weights.size());
        List<Double> strengths = weights.stream().map(w -> Math.abs(Double.parseDouble(w.getText()))).toList();
        assertEquals(strengths.stream().sorted(java.util.Comparator.reverseOrder()).toList(), strengths);
        // The overlay is a decoded picture with pixels, laid over the image it was computed from.
        Long overlayWidth = (Long) script("return document.getElementById('overlay-image').naturalWidth");
        Long baseWidth = (Long) script("return document.getElementById('base').naturalWidth");
        assertTrue(overlayWidth > 0 && baseWidth == 1600, overlayWidth + " / " + baseWidth);
        assertTrue(browser.findElement(By.id("overlay-image")).isDisplayed());
        assertTrue(browser.findElement(By.id("overlay-image")).getAttribute("src").startsWith("blob:"));

        page.screenshots("page-analyse");
    }

    @Test
    @Order(3)
    void a_describe_analysis_shows_its_output_fields() throws Exception {
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("graph"))).selectByValue("describe");
        browser.findElement(By.id("analyse-button")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("fields")));
        String fields = browser.findElement(By.id("fields")).getText();
        assertTrue(fields.contains("caption") && fields.contains("orientation"), fields);
        assertFalse(browser.findElement(By.id("evidence")).isDisplayed());
    }

    @Test
    @Order(4)
    void the_threads_list_opens_a_timeline_of_checkpoints() throws Exception {
        browser.findElement(By.cssSelector("#tabs [data-tab='threads']")).click();
        wait.until(ExpectedConditions.numberOfElementsToBeMoreThan(By.cssSelector("#thread-list tbody tr"), 1));
        forensicRow().findElement(By.cssSelector("[data-action='timeline']")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("timeline")));
        String timeline = browser.findElement(By.id("timeline")).getText();
        assertTrue(timeline.contains("vision") && timeline.contains("agent") && timeline.contains("structuring"), timeline);
        page.screenshots("page-timeline");
    }

    @Test
    @Order(5)
    void a_replay_of_the_offline_analysis_is_reported_identical() throws Exception {
        forensicRow().findElement(By.cssSelector("[data-action='replay']")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("replay-verdict")));
        assertTrue(browser.findElement(By.id("replay-verdict")).getText().startsWith("Identical"),
                browser.findElement(By.id("replay-report")).getText());
        HeadlessChromium.screenshot(browser, "page-replay-desktop", ExaminerBrowser.DESKTOP);
    }

    @Test
    @Order(6)
    void a_fork_after_the_agent_makes_a_new_thread() throws Exception {
        int before = browser.findElements(By.cssSelector("#thread-list tbody tr")).size();
        forensicRow().findElement(By.cssSelector("[data-action='fork']")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("fork-form")));
        browser.findElement(By.id("fork-submit")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("fork-result")));
        assertTrue(browser.findElement(By.id("fork-result")).getText().contains(": real"));
        wait.until(ExpectedConditions.numberOfElementsToBeMoreThan(By.cssSelector("#thread-list tbody tr"), before));
        page.screenshots("page-fork");
    }

    @Test
    @Order(7)
    void the_graphs_are_drawn_as_diagrams_with_their_mermaid_text_beside() throws Exception {
        browser.findElement(By.cssSelector("#tabs [data-tab='graphs']")).click();
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#graph-list img[data-drawn='true']"), 2));
        Long width = (Long) script("return document.querySelector('#graph-list img').naturalWidth");
        assertTrue(width > 100, "the forensic diagram is " + width + " pixels wide");
        assertTrue(browser.findElement(By.cssSelector("#graph-list pre")).getAttribute("textContent").contains("agent"));
        page.screenshots("page-graphs");
    }

    @Test
    @Order(8)
    void the_token_is_in_no_page_url_or_browser_log() {
        assertFalse(browser.getPageSource().contains(TOKEN), "the page source holds the token");
        assertFalse(browser.getCurrentUrl().contains(TOKEN), browser.getCurrentUrl());
        List<LogEntry> logs = browser.manage().logs().get(LogType.BROWSER).getAll();
        logs.forEach(entry -> assertFalse(entry.getMessage().contains(TOKEN), entry.getMessage()));
        // Every URL the page fetched, from the browser's own record of requests.
        String urls = String.valueOf(script("return performance.getEntriesByType('resource').map(e => e.name).join('\\n')"));
        assertTrue(urls.contains("/v1/artifacts/"), urls);
        assertFalse(urls.contains(TOKEN), urls);
    }

    @Test
    @Order(9)
    void signing_out_forgets_the_token() {
        browser.findElement(By.id("logout")).click();
        assertTrue(browser.findElement(By.id("login")).isDisplayed());
        assertEquals(null, script("return sessionStorage.getItem('loupe.token')"));
    }

    private static WebElement forensicRow() {
        return browser.findElements(By.cssSelector("#thread-list tbody tr")).stream()
                .filter(row -> row.getText().contains("forensic") && row.getText().contains("camera-original.jpg"))
                .reduce((first, second) -> second).orElseThrow();
    }

    private static Object script(String js) {
        return page.script(js);
    }
}
