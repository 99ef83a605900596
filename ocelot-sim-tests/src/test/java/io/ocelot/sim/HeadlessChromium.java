package io.ocelot.sim;

import java.time.Duration;
import java.util.function.Supplier;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Headless Chromium (Debian packages chromium and chromium-driver) for the console's tests. */
final class HeadlessChromium {
  private HeadlessChromium() {}

  static WebDriver open(String url) {
    ChromeOptions options = new ChromeOptions();
    options.setBinary("/usr/bin/chromium");
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--window-size=1600,1200");
    WebDriver browser =
        new ChromeDriver(
            new ChromeDriverService.Builder()
                .usingDriverExecutable(new java.io.File("/usr/bin/chromedriver"))
                .build(),
            options);
    browser.get(url);
    return browser;
  }

  /**
   * A wait for the console's page, which re-renders every second (an element found may be replaced
   * before it is read); generous, since a CI machine under load is slow, and a stall still fails
   * and says where things stood.
   */
  static WebDriverWait await(WebDriver browser, Supplier<String> whereItStood) {
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(120));
    wait.ignoring(StaleElementReferenceException.class);
    wait.withMessage(whereItStood);
    return wait;
  }
}
