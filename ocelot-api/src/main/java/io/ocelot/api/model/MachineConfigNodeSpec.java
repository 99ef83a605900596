package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** What the controller targets a node's MachineConfigNode to: its pool, config and image. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineConfigNodeSpec {
  @Required private McoObjectReference node;
  @Required private McoObjectReference pool;
  @Required private DesiredVersion configVersion;
  private DesiredImage configImage;

  public McoObjectReference getNode() {
    return node;
  }

  public void setNode(McoObjectReference node) {
    this.node = node;
  }

  public McoObjectReference getPool() {
    return pool;
  }

  public void setPool(McoObjectReference pool) {
    this.pool = pool;
  }

  public DesiredVersion getConfigVersion() {
    return configVersion;
  }

  public void setConfigVersion(DesiredVersion configVersion) {
    this.configVersion = configVersion;
  }

  public DesiredImage getConfigImage() {
    return configImage;
  }

  public void setConfigImage(DesiredImage configImage) {
    this.configImage = configImage;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MachineConfigNodeSpec s
        && Objects.equals(node, s.node)
        && Objects.equals(pool, s.pool)
        && Objects.equals(configVersion, s.configVersion)
        && Objects.equals(configImage, s.configImage);
  }

  @Override
  public int hashCode() {
    return Objects.hash(node, pool, configVersion, configImage);
  }

  /** The rendered MachineConfig the node is to run. */
  public static class DesiredVersion {
    @Required
    @Size(max = 253)
    @ValidationRule(
        value = MachineConfigNode.DNS1123_RULE,
        message = MachineConfigNode.DNS1123_MESSAGE)
    private String desired;

    public DesiredVersion() {}

    public DesiredVersion(String desired) {
      this.desired = desired;
    }

    public String getDesired() {
      return desired;
    }

    public void setDesired(String desired) {
      this.desired = desired;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof DesiredVersion d && Objects.equals(desired, d.desired);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(desired);
    }
  }

  /** The layered image the node is to boot (image mode only). */
  public static class DesiredImage {
    @Size(max = 447)
    private String desiredImage;

    public DesiredImage() {}

    public DesiredImage(String desiredImage) {
      this.desiredImage = desiredImage;
    }

    public String getDesiredImage() {
      return desiredImage;
    }

    public void setDesiredImage(String desiredImage) {
      this.desiredImage = desiredImage;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof DesiredImage d && Objects.equals(desiredImage, d.desiredImage);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(desiredImage);
    }
  }
}
