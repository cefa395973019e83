package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import dev.loupe.cli.Main;
import dev.loupe.eval.manifest.GeneratedImages;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.testing.TestImages;
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
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page's second round of views in real headless Chromium: several images at once (one of them
 * broken), copy-move pairs drawn with a line between source and target, the EXIF thumbnail and the
 * searchable metadata, composition measures and detected boxes drawn, thread filters, a fork with
 * another model and prompt text, two threads of one image side by side, and the eval runs with a
 * report — each with screenshots at desktop and phone widths under {@code target/screenshots/}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExaminerViewsBrowserTest {

    private static final String TOKEN = "views-test-token-7f20be";
    private static final Path SAMPLE = Path.of("evaluation", "samples", "camera-original.jpg");
    /** A photograph in commons-imaging's test jar: a woman reading, her face at the right. */
    private static final String READER = "/data/images/jpg/2/2008-07-27+-+Photo+216+-+WE+a+l'etang+de+Blodelsheim.jpg";

    @TempDir
    static Path work;
    @AutoClose
    private static ExaminerBrowser page;
    private static ChromeDriver browser;
    private static WebDriverWait wait;
    private static Path forged;

    @BeforeAll
    static void start() throws Exception {
        Path runs = Files.createDirectories(work.resolve("runs"));
        evalRun(runs);
        page = ExaminerBrowser.open(work, TOKEN, config -> config.withPool(2, 4).withRunsDir(runs), Duration.ofMinutes(3),
                "forensic", "composition", "detect");
        browser = page.browser();
        wait = page.waiting();
        forged = ForgedImages.copyMoved(SAMPLE, work.resolve("forged-copy-move.jpg"));
        page.signIn(TOKEN);
    }

    /** A real evaluation run of four generated images, written by {@code loupe eval} into the runs folder. */
    private static void evalRun(Path runs) {
        Path manifest = GeneratedImages.write(work.resolve("set"), 4, 160, 120, 7);
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(new StringWriter()));
        int code = cli.execute("eval", manifest.toString(), "--out", runs.resolve("20261124T120000Z-forensic").toString(),
                "--store", work.resolve("eval.db").toString());
        assertEquals(0, code, "loupe eval");
    }

    @Test
    @Order(1)
    void several_images_at_once_each_get_progress_and_a_result_and_a_broken_one_does_not_stop_the_rest() throws Exception {
        Path broken = Files.write(work.resolve("broken.jpg"), new byte[]{(byte) 0xFF, (byte) 0xD8, 1, 2, 3});
        browser.findElement(By.id("image")).sendKeys(String.join("\n", forged.toAbsolutePath().toString(),
                broken.toAbsolutePath().toString(), SAMPLE.toAbsolutePath().toString()));
        browser.findElement(By.id("analyse-button")).click();
        wait.until(d -> d.findElements(By.cssSelector("#batch li[data-state='done'], #batch li[data-state='failed']")).size() == 3);

        List<WebElement> rows = browser.findElements(By.cssSelector("#batch li"));
        assertEquals(List.of("done", "failed", "done"), rows.stream().map(r -> r.getAttribute("data-state")).toList());
        assertTrue(rows.get(1).getText().contains("truncated") || rows.get(1).getText().contains("broken"), rows.get(1).getText());
        assertEquals("real", rows.get(2).findElement(By.cssSelector(".outcome strong")).getText());
        assertEquals("1", rows.get(2).findElement(By.tagName("progress")).getAttribute("value"));
        page.screenshots("page-batch");
    }

    @Test
    @Order(2)
    void the_copy_move_pair_is_drawn_with_a_line_from_source_to_target() throws Exception {
        browser.findElements(By.cssSelector("#batch li")).get(0).findElement(By.cssSelector("[data-action='show']")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#marks [data-mark='pair']")));

        WebElement pair = browser.findElement(By.cssSelector("#marks [data-mark='pair']"));
        assertEquals(2, pair.findElements(By.tagName("rect")).size());
        WebElement line = pair.findElement(By.tagName("line"));
        // Source (150, 120) and target (1250, 203), 96 pixels square: the line joins their centres.
        assertEquals(198, Math.round(Double.parseDouble(line.getAttribute("x1"))), 30);
        assertEquals(1298, Math.round(Double.parseDouble(line.getAttribute("x2"))), 30);
        assertTrue(browser.findElement(By.id("marks-legend")).getText().contains("copy_move pair 1"));
        new Select(browser.findElement(By.id("overlay"))).selectByVisibleText("copy_move · copy_move.png");
        wait.until(ExpectedConditions.attributeToBe(By.id("overlay-image"), "data-drawn", "true"));
        page.screenshots("page-copymove");
    }

    @Test
    @Order(3)
    void the_exif_thumbnail_sits_beside_the_image_and_the_metadata_table_is_searchable() throws Exception {
        browser.findElements(By.cssSelector("#batch li")).get(2).findElement(By.cssSelector("[data-action='show']")).click();
        wait.until(ExpectedConditions.attributeToBe(By.id("exif-thumb"), "data-drawn", "true"));

        assertEquals(160L, script("return document.getElementById('exif-thumb').naturalWidth"));
        assertTrue(browser.findElement(By.id("thumb-caption")).getText().contains("160×120"));
        int all = browser.findElements(By.cssSelector("#metadata tbody tr")).size();
        assertTrue(all > 20, "metadata rows: " + all);
        browser.findElement(By.id("metadata-search")).sendKeys("exif model");
        List<WebElement> shown = browser.findElements(By.cssSelector("#metadata tbody tr")).stream().filter(WebElement::isDisplayed).toList();
        assertEquals(1, shown.size());
        assertEquals("exif.model DS6639", shown.get(0).getText());
        assertEquals("1 of " + all + " fields", browser.findElement(By.id("metadata-count")).getText());
        page.screenshots("page-metadata");
        browser.findElement(By.id("metadata-search")).clear();
    }

    @Test
    @Order(4)
    void a_composition_shows_the_thirds_grid_the_subject_and_says_there_is_no_horizon() throws Exception {
        new Select(browser.findElement(By.id("graph"))).selectByValue("composition");
        browser.findElement(By.id("image")).clear();
        browser.findElement(By.id("image")).sendKeys(SAMPLE.toAbsolutePath().toString());
        browser.findElement(By.id("analyse-button")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#marks [data-mark='subject']")));

        assertEquals(4, browser.findElements(By.cssSelector("#marks [data-mark='thirds'] line")).size());
        assertTrue(browser.findElements(By.cssSelector("#marks [data-mark='horizon']")).isEmpty(), "the road's edge is no horizon");
        String legend = browser.findElement(By.id("marks-legend")).getText();
        assertTrue(legend.matches("(?s).*Subject at \\(0\\.5\\d*, 0\\.4\\d*\\).*No horizon found: the strongest level line "
                + "\\(y 0\\.86\\) has as much detail above it as below: no sky.*"), legend);
        page.screenshots("page-composition");
    }

    @Test
    @Order(5)
    void detected_faces_are_drawn_as_labelled_boxes() throws Exception {
        Path reader = TestImages.copy(READER, work);
        new Select(browser.findElement(By.id("graph"))).selectByValue("detect");
        browser.findElement(By.id("question")).sendKeys("detect the faces");
        browser.findElement(By.id("image")).clear();
        browser.findElement(By.id("image")).sendKeys(reader.toAbsolutePath().toString());
        browser.findElement(By.id("analyse-button")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#marks [data-mark='box']")));

        WebElement box = browser.findElement(By.cssSelector("#marks [data-mark='box']"));
        assertTrue(box.findElement(By.tagName("text")).getAttribute("textContent").startsWith("face"));
        Long width = (Long) script("return document.getElementById('base').naturalWidth");
        double x = Double.parseDouble(box.findElement(By.tagName("rect")).getAttribute("x"));
        assertTrue(x > 0.6 * width, "the reader's face is at the right: x " + x + " of " + width);
        page.screenshots("page-detect");
        browser.findElement(By.id("question")).clear();
        new Select(browser.findElement(By.id("graph"))).selectByValue("forensic");
    }

    @Test
    @Order(6)
    void the_threads_filter_by_graph_verdict_and_date() throws Exception {
        browser.findElement(By.cssSelector("#tabs [data-tab='threads']")).click();
        wait.until(ExpectedConditions.numberOfElementsToBeMoreThan(By.cssSelector("#thread-list tbody tr"), 3));
        int all = browser.findElements(By.cssSelector("#thread-list tbody tr")).size();

        new Select(browser.findElement(By.id("filter-graph"))).selectByValue("composition");
        assertEquals(1, browser.findElements(By.cssSelector("#thread-list tbody tr")).size());
        new Select(browser.findElement(By.id("filter-graph"))).selectByValue("");
        new Select(browser.findElement(By.id("filter-verdict"))).selectByValue("real");
        List<String> graphs = browser.findElements(By.cssSelector("#thread-list tbody tr td:nth-child(3)")).stream().map(WebElement::getText).toList();
        assertEquals(List.of("forensic"), graphs.stream().distinct().toList());
        setDate("filter-from", LocalDate.now().plusDays(2));
        assertEquals(0, browser.findElements(By.cssSelector("#thread-list tbody tr")).size());
        assertEquals("0 of " + all + " threads", browser.findElement(By.id("thread-count")).getText());
        setDate("filter-from", null);
        new Select(browser.findElement(By.id("filter-verdict"))).selectByValue("");
        assertEquals(all, browser.findElements(By.cssSelector("#thread-list tbody tr")).size());
        page.screenshots("page-threads");
    }

    @Test
    @Order(7)
    void a_fork_runs_again_with_the_model_and_prompt_text_the_form_names() throws Exception {
        cameraOriginalRow().findElement(By.cssSelector("[data-action='fork']")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("fork-form")));
        new Select(browser.findElement(By.id("fork-from"))).selectByValue("vision");
        browser.findElement(By.id("fork-model")).sendKeys("offline");
        new Select(browser.findElement(By.id("fork-role"))).selectByValue("agent");
        browser.findElement(By.id("fork-prompt")).sendKeys("You are a careful examiner. Use every tool before you answer.");
        page.screenshots("page-fork-form");
        browser.findElement(By.id("fork-submit")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("fork-result")));

        String text = browser.findElement(By.id("fork-result")).getText();
        String forkId = text.substring("New thread ".length(), text.indexOf(':'));
        JsonNode fork = new ObjectMapper().readTree(page.client(TOKEN).get("/v1/threads/" + forkId).body());
        assertTrue(fork.path("result").path("prompts").path("agent").path("file").asText().startsWith("prompts/forensic/forks/"),
                fork.path("result").path("prompts").toString());
        assertEquals("offline", fork.path("result").path("models").path("agent").asText());
    }

    @Test
    @Order(8)
    void two_threads_of_one_image_are_compared_side_by_side_with_the_differing_rows_marked() throws Exception {
        // The same photograph analysed with only two of the tools: fewer evidence rows, another confidence.
        try (Loupe narrow = Loupe.builder().graph("forensic").store(page.store())
                .overrides(GraphOverrides.none().tools(List.of("metadata", "jpeg"))).build()) {
            narrow.analyze(SAMPLE);
        }
        browser.findElement(By.id("refresh-threads")).click();
        // The list is drawn anew when the refresh answers: tick both boxes in the list as it then is.
        wait.until(d -> {
            try {
                List<WebElement> rows = threadRows("camera-original.jpg", "forensic");
                if (rows.size() < 3) {
                    return false;
                }
                rows.get(0).findElement(By.cssSelector("input[type='checkbox']")).click();
                rows.get(rows.size() - 1).findElement(By.cssSelector("input[type='checkbox']")).click();
                return browser.findElements(By.cssSelector("#thread-list input:checked")).size() == 2;
            } catch (org.openqa.selenium.StaleElementReferenceException e) {
                return false;
            }
        });
        browser.findElement(By.id("compare-button")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("compare-box")));

        String fields = browser.findElement(By.id("compare-fields")).getText();
        assertTrue(fields.contains("Confidence") && fields.contains("(differs)"), fields);
        List<WebElement> evidence = browser.findElements(By.cssSelector("#compare-evidence tbody tr"));
        assertTrue(evidence.size() >= 3, "differing evidence rows: " + evidence.size());
        // A is the newest thread (the two-tool analysis), B the full one: ELA's row is B's alone.
        assertTrue(evidence.stream().anyMatch(r -> r.findElements(By.tagName("td")).get(0).getText().startsWith("ela")
                && r.findElements(By.tagName("td")).get(2).getText().equals("—")), "a row only the full analysis has");
        page.screenshots("page-compare");
    }

    @Test
    @Order(9)
    void the_runs_list_the_eval_run_with_its_metrics_and_show_its_report() throws Exception {
        browser.findElement(By.cssSelector("#tabs [data-tab='runs']")).click();
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#run-list tbody tr"), 1));

        WebElement run = browser.findElement(By.cssSelector("#run-list tbody tr"));
        assertTrue(run.getText().contains("20261124T120000Z-forensic") && run.getText().contains("Accuracy"), run.getText());
        run.findElement(By.cssSelector("[data-action='report']")).click();
        wait.until(ExpectedConditions.attributeToBe(By.id("run-report"), "data-shown", "20261124T120000Z-forensic"));
        String report = String.valueOf(script("return document.getElementById('run-report').shadowRoot.textContent"));
        assertTrue(report.contains("Accuracy") || report.contains("accuracy"), report.substring(0, Math.min(300, report.length())));
        page.screenshots("page-runs");
    }

    @Test
    @Order(10)
    void no_view_puts_the_token_in_a_url_or_the_page() {
        assertFalse(browser.getPageSource().contains(TOKEN));
        String urls = String.valueOf(script("return performance.getEntriesByType('resource').map(e => e.name).join('\\n')"));
        assertTrue(urls.contains("/v1/runs") && urls.contains("/js/marks.js"), urls);
        assertFalse(urls.contains(TOKEN), urls);
    }

    private static List<WebElement> threadRows(String image, String graph) {
        return browser.findElements(By.cssSelector("#thread-list tbody tr")).stream()
                .filter(r -> r.getText().contains(image) && r.getText().contains(graph)).toList();
    }

    private static WebElement cameraOriginalRow() {
        List<WebElement> rows = threadRows("camera-original.jpg", "forensic");
        return rows.get(rows.size() - 1);
    }

    private static void setDate(String id, LocalDate date) {
        script("const e = document.getElementById('" + id + "'); e.value = '" + (date == null ? "" : date) + "';"
                + " e.dispatchEvent(new Event('change'));");
    }

    private static Object script(String js) {
        return page.script(js);
    }
}
