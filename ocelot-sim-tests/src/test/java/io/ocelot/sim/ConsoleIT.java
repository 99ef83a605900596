package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.sim.demo.DemoSteps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in headless Chromium (Debian packages chromium and chromium-driver): break reboots on
 * a node from the page, see it turn Degraded with the reason and the alert, fix it from the page,
 * see it recover. Keeps a screenshot of the degraded node in target/console-degraded.png.
 */
class ConsoleIT {
  static final String NODE = "worker-1";
  @TempDir Path dir;
  SimCluster sim;
  WebDriver browser;

  @AfterEach
  void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (sim != null) {
      sim.close();
    }
  }

  /** For a timeout's message: the node's annotations and the pools' conditions, from the API. */
  String whereItStood() {
    try {
      String node =
          String.valueOf(sim.client().nodes().withName(NODE).get().getMetadata().getAnnotations());
      String pools =
          sim.client().resources(MachineConfigPool.class).list().getItems().stream()
              .map(
                  p ->
                      p.getMetadata().getName()
                          + "="
                          + (p.getStatus() == null
                              ? "no status"
                              : p.getStatus().getConditions().stream()
                                  .map(
                                      c -> c.getType() + ":" + c.getStatus() + " " + c.getMessage())
                                  .toList()))
              .toList()
              .toString();
      return "node " + NODE + ": " + node + "; pools: " + pools;
    } catch (RuntimeException e) {
      return "(could not read the cluster: " + e.getMessage() + ")";
    }
  }

  /**
   * Reads from the page through the wait: the page re-renders every second, so an element found may
   * be gone before it is read (stale), and the read is simply tried again.
   */
  static String read(WebDriverWait wait, java.util.function.Function<WebDriver, String> what) {
    return wait.until(what::apply);
  }

  String cell(String node, String css) {
    return browser
        .findElement(By.cssSelector("#nodes tr[data-node='" + node + "'] " + css))
        .getText();
  }

  static void click(WebDriverWait wait, String css) {
    wait.until(
        b -> {
          b.findElement(By.cssSelector(css)).click();
          return true;
        });
  }

  @Test
  void breakAndFixANodeFromThePage() throws Exception {
    sim = SmallSims.start(dir);
    browser = HeadlessChromium.open(sim.httpUrl() + "/");
    WebDriverWait wait = HeadlessChromium.await(browser, this::whereItStood);
    wait.until(b -> cell(NODE, ".state").equals("Done"));
    assertThat(
            read(
                wait,
                b -> b.findElement(By.cssSelector("#pools tr[data-pool='worker']")).getText()))
        .contains("worker");

    DemoSteps steps = new DemoSteps(sim);
    String image = steps.enableLayering();
    click(wait, "button[data-fault='break-reboot'][data-node='" + NODE + "']");
    SimNode node = sim.node(NODE);
    wait.until(b -> node.host().isBroken("systemd-run"));
    steps.moveIntoLayeredPool(NODE);

    wait.until(b -> cell(NODE, ".state").equals("Degraded"));
    wait.until(b -> cell(NODE, ".reason-text").startsWith("reboot command failed:"));
    assertThat(read(wait, b -> cell(NODE, ".reason-text"))).contains("systemd-run");
    wait.until(
        b ->
            !b.findElements(
                    By.cssSelector(
                        "#alerts tr[data-alert='MCDRebootError'][data-node='" + NODE + "']"))
                .isEmpty());
    wait.until(
        b ->
            b.findElement(By.cssSelector("#pools tr[data-pool='layered'] .conditions"))
                .getText()
                .contains("Node " + NODE + " is reporting: \"reboot command failed:"));
    // Stop-the-line: the failed node halts the pool's rollout, shown in red with the node's cause.
    By halted = By.cssSelector("#pools tr[data-pool='layered'] .condition.RolloutHalted");
    wait.until(b -> !b.findElements(halted).isEmpty());
    assertThat(read(wait, b -> b.findElement(halted).getText()))
        .startsWith("RolloutHalted: Rollout of MachineConfig ")
        .contains("halted: 1 node failed to take it (maxFailedNodes 1): " + NODE + ": ")
        .contains("ocelot rollout resume layered");
    assertThat(read(wait, b -> b.findElement(halted).getCssValue("color")))
        .isEqualTo("rgba(176, 0, 32, 1)");
    // Where the rollout stands, for an admin: the bar, who is in flight, the node's pool and the
    // MachineConfigNode's timeline, the alert's runbook, and a filter by state.
    wait.until(
        b ->
            b.findElement(By.cssSelector("#pools tr[data-pool='layered'] .rollout"))
                .getText()
                .contains("in flight: " + NODE));
    assertThat(
            read(
                wait,
                b ->
                    b.findElement(By.cssSelector("#pools tr[data-pool='layered'] .rollout"))
                        .getText()))
        .containsPattern("\\d+ of \\d+ updated");
    assertThat(read(wait, b -> cell(NODE, ".pool"))).isEqualTo("layered");
    wait.until(
        b ->
            !b.findElements(
                    By.cssSelector(
                        "#nodes tr[data-node='"
                            + NODE
                            + "'] .timeline li[data-condition='NodeDegraded']"))
                .isEmpty());
    String runbook =
        read(
            wait,
            b ->
                b.findElement(
                        By.cssSelector(
                            "#alerts tr[data-alert='MCDRebootError'][data-node='"
                                + NODE
                                + "'] a.runbook"))
                    .getAttribute("href"));
    assertThat(runbook).endsWith("/runbooks/MCDRebootError.md");
    assertThat(
            java.net.http.HttpClient.newHttpClient()
                .send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(runbook)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString())
                .body())
        .contains("MCDRebootError");
    new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("filter-state")))
        .selectByValue("Degraded");
    wait.until(b -> b.findElements(By.cssSelector("#nodes tbody tr")).size() == 1);
    assertThat(
            read(
                wait,
                b -> b.findElement(By.cssSelector("#nodes tbody tr")).getAttribute("data-node")))
        .isEqualTo(NODE);
    new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("filter-state")))
        .selectByValue("");
    wait.until(b -> b.findElements(By.cssSelector("#nodes tbody tr")).size() > 1);
    Path shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
    Files.copy(
        shot, Path.of("target", "console-degraded.png"), StandardCopyOption.REPLACE_EXISTING);

    click(wait, "button[data-fault='fix-reboot'][data-node='" + NODE + "']");
    wait.until(b -> cell(NODE, ".state").equals("Done") && cell(NODE, ".images").contains(image));
    assertThat(read(wait, b -> cell(NODE, ".reason-text"))).isEmpty();
    wait.until(
        b -> b.findElements(By.cssSelector("#alerts tr[data-node='" + NODE + "']")).isEmpty());
    wait.until(b -> b.findElements(halted).isEmpty()); // the node took the target: no halt
  }
}
