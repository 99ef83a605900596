package io.ocelot.api.operator;

import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** A systemd unit an action reloads or restarts, with upstream's name rules. */
public record ServiceName(
    @Required
        @Size(min = 1, max = 255)
        @ValidationRule(value = ServiceName.SUFFIX_RULE, message = ServiceName.SUFFIX_MESSAGE)
        @ValidationRule(value = ServiceName.NAME_RULE, message = ServiceName.NAME_MESSAGE)
        String serviceName) {

  static final String SUFFIX_RULE =
      "self.matches('\\\\.(service|socket|device|mount|automount|swap|target|path|timer|snapshot"
          + "|slice|scope)$')";
  static final String SUFFIX_MESSAGE =
      "Invalid ${SERVICETYPE} in service name. Expected format is ${NAME}${SERVICETYPE}, where"
          + " ${SERVICETYPE} must be one of \".service\", \".socket\", \".device\", \".mount\","
          + " \".automount\", \".swap\", \".target\", \".path\", \".timer\", \".snapshot\","
          + " \".slice\" or \".scope\".";
  static final String NAME_RULE = "self.matches('^[a-zA-Z0-9:._\\\\\\\\-]+\\\\..')";
  static final String NAME_MESSAGE =
      "Invalid ${NAME} in service name. Expected format is ${NAME}${SERVICETYPE}, where {NAME}"
          + " must be atleast 1 character long and can only consist of alphabets, digits, \":\","
          + " \"-\", \"_\", \".\", and \"\\\"";
}
