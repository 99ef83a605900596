# Queues the rollback deployment for the next boot, as rpm-ostree rollback does: the first two
# deployments swap places (run again, they swap back). ostree 2022.7 has no command for it
# (set-default came later), so this uses ostree's API through GObject introspection (python3-gi,
# gir1.2-ostree-1.0). Argument: the sysroot. Run by the ostree-backed rpm-ostree inside a machine,
# and by the simulator from outside (the boot loader's side).
import sys

import gi

gi.require_version("OSTree", "1.0")
from gi.repository import Gio, OSTree  # noqa: E402

sysroot = OSTree.Sysroot.new(Gio.File.new_for_path(sys.argv[1]))
sysroot.lock()
try:
    sysroot.load(None)
    deployments = sysroot.get_deployments()
    if len(deployments) < 2:
        sys.exit("error: No rollback deployment found")
    sysroot.write_deployments([deployments[1], deployments[0]] + list(deployments[2:]), None)
    print("Moving '%s.%d' to be first deployment"
          % (deployments[1].get_csum(), deployments[1].get_deployserial()))
finally:
    sysroot.unlock()
