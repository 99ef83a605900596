package io.ocelot.api.operator;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

/**
 * What a change to a file, a unit or the SSH keys needs, per path (closest parent match), per unit
 * name and for SSH keys. The same shape serves the admin's spec and the merged status.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeDisruptionPolicy(
    @Size(max = 50) List<File> files, @Size(max = 50) List<Unit> units, SshKey sshkey) {

  public NodeDisruptionPolicy {
    files = files == null ? List.of() : List.copyOf(files);
    units = units == null ? List.of() : List.copyOf(units);
  }

  /** The actions for changes at {@code path} or under it. */
  public record File(
      @Required
          @Size(min = 1, max = 4095)
          @ValidationRule(value = "self.startsWith('/')", message = "path must be an absolute path")
          String path,
      @Required
          @Size(min = 1, max = 10)
          @ValidationRule(value = STANDALONE, message = STANDALONE_MESSAGE)
          List<Action> actions) {}

  /** The actions for changes to the unit {@code name} (contents, dropins, enablement, mask). */
  public record Unit(
      @Required
          @Size(min = 1, max = 255)
          @ValidationRule(value = ServiceName.SUFFIX_RULE, message = ServiceName.SUFFIX_MESSAGE)
          @ValidationRule(value = ServiceName.NAME_RULE, message = ServiceName.NAME_MESSAGE)
          String name,
      @Required
          @Size(min = 1, max = 10)
          @ValidationRule(value = STANDALONE, message = STANDALONE_MESSAGE)
          List<Action> actions) {}

  /** The actions for a change of core's SSH keys. */
  public record SshKey(
      @Required
          @Size(min = 1, max = 10)
          @ValidationRule(value = STANDALONE, message = STANDALONE_MESSAGE)
          List<Action> actions) {}

  static final String STANDALONE =
      "self.all(a, a.type != 'Reboot' && a.type != 'None') || size(self) == 1";
  static final String STANDALONE_MESSAGE =
      "Reboot and None can only be specified standalone, as they override any other actions";
}
