package dev.loupe.server;

import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Debian's system Chromium driven through its own chromedriver — nothing downloaded (no Selenium
 * Manager): both binaries are named. Tests skip, saying why, where the two packages are missing.
 */
final class HeadlessChromium {

    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private HeadlessChromium() {
    }

    /** A fresh headless browser with its own profile folder, or a skipped test when there is none. */
    static ChromeDriver start(Path profile) {
        assumeTrue(Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER),
                "no browser: install Debian's chromium and chromium-driver (" + BROWSER + ", " + DRIVER + ") to run the page's browser tests");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        // Chromium as root needs --no-sandbox; the rest keep it from calling home or updating itself.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-extensions", "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=1280,900");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** Saves the whole page (the window grown to the page's height) at {@code width} pixels as {@code target/screenshots/NAME.png}. */
    static Path screenshot(ChromeDriver browser, String name, int width) throws IOException {
        browser.manage().window().setSize(new Dimension(width, 900));
        long height = (Long) ((JavascriptExecutor) browser).executeScript(
                "return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)");
        browser.manage().window().setSize(new Dimension(width, (int) Math.min(Math.max(height + 120, 600), 6000)));
        File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Path target = Path.of("target", "screenshots", name + ".png");
        Files.createDirectories(target.getParent());
        Files.copy(shot.toPath(), target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        browser.manage().window().setSize(new Dimension(1280, 900));
        return target;
    }
}
