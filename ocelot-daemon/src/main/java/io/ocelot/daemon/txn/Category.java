package io.ocelot.daemon.txn;

/** What a step changes, for the rollback summary ("3 files and 1 unit restored"). */
public enum Category {
  DRAIN("drain", "drains"),
  IMAGE("staged image", "staged images"),
  KERNEL("kernel", "kernels"),
  EXTENSIONS("extension set", "extension sets"),
  FILE("file", "files"),
  UNIT("unit", "units"),
  SSH_KEYS("SSH key file", "SSH key files"),
  PASSWORD("password hash", "password hashes"),
  KERNEL_ARGUMENTS("kernel argument set", "kernel argument sets"),
  REVERT_ARTIFACTS("revert artifact set", "revert artifact sets"),
  SERVICE("service action", "service actions");

  private final String one;
  private final String many;

  Category(String one, String many) {
    this.one = one;
    this.many = many;
  }

  public String count(long n) {
    return n + " " + (n == 1 ? one : many);
  }
}
