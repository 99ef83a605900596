#!/usr/bin/env python3
"""Writes the hostile-input corpus: one file per case and expected.tsv (file, exit code, the text the
output must contain). Run it from this directory after adding a case; commit what it writes.
HostileCorpusTest runs every case through `ocelot validate` and `ocelot host apply`."""
import base64, gzip, hashlib, json, os

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = []

def mc(spec_yaml, name="99-hostile", extra_meta=""):
    return ("apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineConfig\nmetadata:\n"
            f"  name: {name}\n  labels: {{machineconfiguration.openshift.io/role: worker}}\n{extra_meta}"
            f"spec:\n{spec_yaml}")

def ign(sections, version="3.5.0"):
    cfg = {"ignition": {"version": version}}
    cfg.update(sections)
    return "  config: " + json.dumps(cfg) + "\n"

def case(name, text, expect, code=1, ext="yaml"):
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    CASES.append((f"{len(CASES) + 1:03d}-{name}.{ext}", data, code, expect))

def file_entry(path="/etc/x", **kw):
    e = {"path": path, "contents": {"source": "data:,x"}}
    e.update(kw)
    return e

def files(*entries):
    return ign({"storage": {"files": list(entries)}})

def units(*entries):
    return ign({"systemd": {"units": list(entries)}})

def core(**kw):
    u = {"name": "core"}
    u.update(kw)
    return ign({"passwd": {"users": [u]}})

# --- passwordHash: a hash, one line, never a shadow field separator -----------------------------
for slug, h in [("newline", "$6$x$y\nroot::0:0::/:/bin/sh"), ("colon", "$6$x:y"),
                ("cr", "$6$x$y\r"), ("space", "$6$x y"), ("tab", "$6$x\ty"),
                ("plain-text", "hunter2"), ("unknown-id", "$9$salt$hash"), ("nul", "$6$x\u0000y"),
                ("only-dollar", "$"), ("shifted-fields", "x:0:0:99999:7:::")]:
    case(f"password-{slug}", mc(core(passwordHash=h)), "spec.config.passwd.users[0].passwordHash:")
case("password-not-string", mc(core(passwordHash=5)), "passwordHash: must be a string")
# --- ssh keys ------------------------------------------------------------------------------------
case("sshkey-newline", mc(core(sshAuthorizedKeys=["ssh-ed25519 AAAA a\nssh-rsa BBBB evil"])),
     "sshAuthorizedKeys[0]: must be a single line")
case("sshkey-empty", mc(core(sshAuthorizedKeys=["  "])), "sshAuthorizedKeys[0]: empty SSH key")
case("sshkey-number", mc(core(sshAuthorizedKeys=[7])), "sshAuthorizedKeys[0]: must be a string")
case("user-no-name", mc(ign({"passwd": {"users": [{"sshAuthorizedKeys": ["ssh-rsa A"]}]}})),
     "passwd.users[0].name: missing")
case("user-twice", mc(ign({"passwd": {"users": [{"name": "core"}, {"name": "core"}]}})),
     "duplicate user")
# --- paths -----------------------------------------------------------------------------------------
for slug, p, why in [("relative", "etc/x", "must be absolute and normalized"),
                     ("dotdot", "/etc/../../x", "must be absolute and normalized"),
                     ("dot", "/etc/./x", "must be absolute and normalized"),
                     ("double-slash", "/etc//x", "must be absolute and normalized"),
                     ("trailing-slash", "/etc/x/", "must be absolute and normalized"),
                     ("root", "/", "must be absolute and normalized"),
                     ("empty", "", "must be absolute and normalized"),
                     ("nul", "/etc/a\u0000b", "must be absolute and normalized"),
                     ("newline", "/etc/a\n  2. remove file /etc/passwd", "contains a control character"),
                     ("cr", "/etc/a\rb", "contains a control character"),
                     ("tab", "/etc/a\tb", "contains a control character"),
                     ("escape", "/etc/\u001b[2Ja", "contains a control character"),
                     ("del", "/etc/a\u007fb", "contains a control character"),
                     ("c1", "/etc/a\u0085b", "contains a control character"),
                     ("line-separator", "/etc/a\u2028b", "contains a control character"),
                     ("name-max", "/etc/" + "n" * 256, "(NAME_MAX)"),
                     ("name-max-utf8", "/etc/" + "\u00e9" * 128, "(NAME_MAX)"),
                     ("path-max", "/x" * 2048, "(PATH_MAX"),
                     ("path-100k", "/abc" * 25000, "(PATH_MAX")]:
    case(f"path-{slug}", mc(files(file_entry(p))), "storage.files[0].path: " if slug != "empty"
         else "storage.files[0].path:", 1)
    CASES[-1] = CASES[-1][:3] + (why,)
case("path-number", mc(files(file_entry(5))), "storage.files[0].path: must be a string")
case("path-missing", mc(files({"contents": {"source": "data:,x"}})), "storage.files[0].path: missing")
case("dir-relative", mc(ign({"storage": {"directories": [{"path": "var/x"}]}})),
     "storage.directories[0].path: \"var/x\" must be absolute and normalized")
case("dir-newline", mc(ign({"storage": {"directories": [{"path": "/var/x\ny"}]}})),
     "storage.directories[0].path: \"/var/x\\ny\" contains a control character")
case("link-dotdot", mc(ign({"storage": {"links": [{"path": "/etc/../l", "target": "/etc/x"}]}})),
     "storage.links[0].path: \"/etc/../l\" must be absolute and normalized")
case("dup-file", mc(files(file_entry("/etc/x"), file_entry("/etc/x"))), "duplicate path \"/etc/x\"")
case("dup-file-dir", mc(ign({"storage": {"directories": [{"path": "/var/d"}],
                                         "files": [file_entry("/var/d")]}})), "duplicate path \"/var/d\"")
case("dup-file-link", mc(ign({"storage": {"links": [{"path": "/etc/l", "target": "/etc/x"}],
                                          "files": [file_entry("/etc/l")]}})), "duplicate path \"/etc/l\"")
# --- modes and owners ----------------------------------------------------------------------------
case("mode-too-big", mc(files(file_entry(mode=0o1777))), "cannot exceed 0777")
case("mode-negative", mc(files(file_entry(mode=-1))), "storage.files[0].mode:")
case("mode-string", mc(files(file_entry(mode="0644"))), "storage.files[0].mode: must be an integer")
case("mode-float", mc(files(file_entry(mode=420.5))), "storage.files[0].mode: must be an integer")
case("owner-negative", mc(files(file_entry(user={"id": -1}))), "storage.files[0].user.id:")
case("owner-both", mc(files(file_entry(user={"id": 0, "name": "root"}))), "storage.files[0].user:")
# --- contents --------------------------------------------------------------------------------------
for scheme in ["http", "https", "s3", "tftp", "gs", "arn"]:
    case(f"remote-{scheme}", mc(files(file_entry(contents={"source": f"{scheme}://example.com/x"}))),
         "the daemon never fetches file contents")
case("source-file-scheme", mc(files(file_entry(contents={"source": "file:///etc/shadow"}))),
     "unsupported source \"file:///etc/shadow\"")
case("dataurl-bad-base64", mc(files(file_entry(contents={"source": "data:;base64,@@@@"}))),
     "data URL does not decode: invalid base64")
case("dataurl-bad-percent", mc(files(file_entry(contents={"source": "data:,%zz"}))),
     "data URL does not decode: invalid percent-encoding")
case("dataurl-no-comma", mc(files(file_entry(contents={"source": "data:text/plain"}))),
     "data URL does not decode: missing ','")
case("compression-xz", mc(files(file_entry(contents={"source": "data:,x", "compression": "xz"}))),
     "unsupported compression type \"xz\"")
case("gzip-garbage", mc(files(file_entry(contents={"source": "data:,notgzip", "compression": "gzip"}))),
     "gzip data does not inflate")
bomb = base64.b64encode(gzip.compress(b"\0" * (5 * 1024 * 1024), 9, mtime=0)).decode()
case("gzip-bomb", mc(files(file_entry(contents={"source": "data:;base64," + bomb, "compression": "gzip"}))),
     "gzip contents inflate to over 4 MiB per file")
case("hash-mismatch", mc(files(file_entry(contents={"source": "data:,x", "verification":
     {"hash": "sha256-" + "0" * 64}}))), "sha256 mismatch")
case("hash-md5", mc(files(file_entry(contents={"source": "data:,x", "verification": {"hash": "md5-00"}}))),
     "unrecognized hash function: \"md5-00\"")
case("append-not-object", mc(files(file_entry(append=["x"]))), "storage.files[0].append[0]: must be an object")
case("contents-not-object", mc(files(file_entry(contents="data:,x"))), "storage.files[0].contents:")
# --- units ---------------------------------------------------------------------------------------------
for slug, n in [("no-suffix", "hello"), ("slash", "../../etc/passwd.service"), ("space", "a b.service"),
                ("newline", "a\n.service"), ("unknown-type", "a.exe"), ("too-long", "a" * 250 + ".service"),
                ("empty", ""), ("escape", "a\u001b.service")]:
    case(f"unit-name-{slug}", mc(units({"name": n})), "systemd.units[0].name:")
case("unit-name-number", mc(units({"name": 3})), "systemd.units[0].name: must be a string")
case("unit-twice", mc(units({"name": "a.service"}, {"name": "a.service"})), "duplicate unit \"a.service\"")
case("unit-enabled-string", mc(units({"name": "a.service", "enabled": "yes"})),
     "systemd.units[0].enabled: must be true or false")
for slug, n in [("no-conf", "10-x"), ("slash", "a/b.conf"), ("dotdot", "../x.conf"),
                ("only-conf", ".conf"), ("newline", "x\n.conf"), ("long", "x" * 260 + ".conf")]:
    case(f"dropin-{slug}", mc(units({"name": "a.service", "dropins": [{"name": n, "contents": "x"}]})),
         "systemd.units[0].dropins[0].name:")
case("dropin-twice", mc(units({"name": "a.service", "dropins": [{"name": "x.conf"}, {"name": "x.conf"}]})),
     "duplicate dropin \"x.conf\"")
# --- image references ------------------------------------------------------------------------------------
for slug, img, why in [("space", "quay.io/os:latest --rm", "whitespace at position 17"),
                       ("newline", "quay.io/os\nx", "whitespace at position 10"),
                       ("tab", "quay.io/os\tx", "whitespace at position 10"),
                       ("escape", "quay.io/os\u001bx", "character U+001B"),
                       ("non-ascii", "quay.io/\u00f6s", "character U+00F6"),
                       ("short-digest", "quay.io/os@sha256:abc", "64 lowercase hex digits, got 3"),
                       ("upper-digest", "quay.io/os@sha256:" + "A" * 64, "64 lowercase hex digits"),
                       ("long-digest", "quay.io/os@sha256:" + "a" * 65, "got 65 characters"),
                       ("md5-digest", "quay.io/os@md5:" + "a" * 32, "sha256:<64 hex digits>"),
                       ("bad-tag", "quay.io/os:-x", "the tag after ':'"),
                       ("upper-path", "quay.io/OS:1", "path component \"OS\""),
                       ("bad-port", "quay.io:port/os", "must be a number"),
                       ("bad-host", "-quay.io/os", "is not a host name"),
                       ("empty-component", "quay.io//os", "path component \"\""),
                       ("long-name", "quay.io/" + "a" * 300, "over the limit of 255")]:
    case(f"image-{slug}", mc(f"  osImageURL: {json.dumps(img)}\n" + ign({})), why)
case("image-number", mc("  osImageURL: 5\n" + ign({})), "spec.osImageURL: must be a string")
case("extensions-image-space", mc(f"  baseOSExtensionsContainerImage: \"quay.io/ext x\"\n" + ign({})),
     "spec.baseOSExtensionsContainerImage:")
# --- other MachineConfig fields ------------------------------------------------------------------------
case("kernel-type", mc("  kernelType: turbo\n" + ign({})), "kernelType=turbo is invalid")
case("extensions", mc("  extensions: [emacs]\n" + ign({})), "invalid extensions found: [emacs]")
case("karg-empty", mc("  kernelArguments: [\"\"]\n" + ign({})), "spec.kernelArguments[0]: empty kernel argument")
case("karg-number", mc("  kernelArguments: [3]\n" + ign({})), "spec.kernelArguments[0]: must be a string")
case("karg-not-list", mc("  kernelArguments: nosmt\n" + ign({})), "spec.kernelArguments: must be a list")
case("fips-string", mc("  fips: \"yes\"\n" + ign({})), "spec.fips: must be true or false")
case("spec-list", mc("  - a\n").replace("spec:\n  - a\n", "spec: [a]\n"), "spec: must be an object")
case("ign-version-missing", mc("  config: {ignition: {}}\n"), "ignition.version:")
case("ign-version-bad", mc("  config: {ignition: {version: 9.9.9}}\n"), "ignition.version:")
case("ign-version-number", mc("  config: {ignition: {version: 3}}\n"), "ignition.version: must be a string")
case("ign-not-object", mc("  config: {ignition: \"3.5.0\"}\n"), "ignition: must be an object")
case("config-list", mc("  config: [1, 2]\n"), "must be a JSON object")
case("storage-list", mc(ign({"storage": []})), "storage: must be an object")
case("files-object", mc(ign({"storage": {"files": {}}})), "storage.files: must be a list")
case("file-string", mc(ign({"storage": {"files": ["x"]}})), "storage.files[0]: must be an object")
case("networkd", mc(ign({"networkd": {"units": [{"name": "x.network"}]}}, "2.2.0")), "networkd: not supported")
case("filesystem-oem", mc(ign({"storage": {"files": [dict(file_entry(), filesystem="oem")]}}, "2.2.0")),
     "only the \"root\" filesystem is supported")
case("kargs-old-spec", mc(ign({"kernelArguments": {"shouldExist": ["a"]}}, "3.2.0")), "kernelArguments")
# --- metadata ----------------------------------------------------------------------------------------------
case("name-upper", mc(ign({}), name="Bad_Name"), "metadata.name: \"Bad_Name\" is not a valid name")
case("name-long", mc(ign({}), name="a" * 254), "metadata.name:")
case("namespaced", mc(ign({}), extra_meta="  namespace: default\n"), "metadata.namespace: MachineConfig is cluster-scoped")
case("api-version", mc(ign({})).replace("machineconfiguration.openshift.io/v1", "v1", 1),
     "apiVersion: must be machineconfiguration.openshift.io/v1")
case("kind-missing", "metadata: {name: x}\nspec: {}\n", "kind: missing")
case("kind-pod", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n", "is not checked by ocelot")
case("mosc-empty", "apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineOSConfig\n"
     "metadata: {name: layered}\nspec: {}\n", "MachineOSConfig \"layered\"")
case("mosc-builder", "apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineOSConfig\n"
     "metadata: {name: layered}\nspec:\n  machineConfigPool: {name: worker}\n"
     "  imageBuilder: {imageBuilderType: Docker}\n  renderedImagePushSecret: {name: s}\n"
     "  renderedImagePushSpec: registry/x:latest\n", "spec.imageBuilder.imageBuilderType: must be Job")
# --- YAML structure --------------------------------------------------------------------------------------
base_ok = mc(ign({}))
case("yaml-dup-top", base_ok + "kind: MachineConfig\n", "duplicate key \"kind\"", 2)
case("yaml-dup-metadata", base_ok.replace("  name: 99-hostile\n", "  name: 99-hostile\n  name: 99-other\n"),
     "duplicate key \"name\" at line 5", 2)
case("yaml-dup-spec", mc("  fips: false\n  fips: true\n" + ign({})), "duplicate key \"fips\"", 2)
case("yaml-dup-flow", mc("  config: {ignition: {version: 3.5.0, version: 3.4.0}}\n"),
     "duplicate key \"version\"", 2)
case("yaml-merge-key", "base: &b {apiVersion: machineconfiguration.openshift.io/v1}\n<<: *b\nkind: MachineConfig\n",
     "merge keys (<<) are not supported", 2)
case("yaml-self-alias", "kind: MachineConfig\nmetadata: &m {name: x, self: *m}\n",
     "malformed YAML: alias *m refers to a node that contains it", 2)
laughs = "kind: MachineConfig\nmetadata: {name: lol}\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"l{i}: &l{i} [*l{i-1}, *l{i-1}, *l{i-1}, *l{i-1}]\n" for i in range(1, 12))
case("yaml-billion-laughs", laughs, "the document expands to more than 250000 nodes", 2)
wide = "kind: MachineConfig\nmetadata: {name: lol}\na: &a [x]\nb: [" + ", ".join(["*a"] * 150) + "]\n"
case("yaml-many-aliases", wide, "Number of aliases for non-scalar nodes exceeds the specified max=100", 2)
case("yaml-tab-indent", "kind: MachineConfig\nmetadata:\n\tname: x\n", "malformed YAML:", 2)
case("yaml-unclosed-flow", "kind: [MachineConfig\n", "malformed YAML:", 2)
case("yaml-unclosed-quote", "kind: \"MachineConfig\n", "malformed YAML:", 2)
case("yaml-bad-int-tag", mc("  fips: !!int seven\n" + ign({})), "\"seven\" is not a valid tag:yaml.org,2002:int", 2)
case("yaml-bad-bool-tag", mc("  fips: !!bool maybe\n" + ign({})), "is not a valid tag:yaml.org,2002:bool", 2)
case("yaml-key-mapping", "? {a: 1}\n: b\nkind: MachineConfig\n", "a mapping key must be a scalar", 2)
case("yaml-scalar-doc", "just a string\n", "not a Kubernetes object", 2)
case("yaml-list-doc", "- a\n- b\n", "not a Kubernetes object", 2)
case("yaml-empty", "", "no objects found", 2)
case("yaml-only-comments", "# nothing\n---\n# still nothing\n", "no objects found", 2)
case("yaml-second-doc-bad", base_ok + "---\n- not an object\n", "document 2: not a Kubernetes object", 2)
case("yaml-second-doc-invalid", base_ok + "---\n" + mc(files(file_entry("etc/rel")), name="99-two"),
     "(document 2): MachineConfig \"99-two\": spec.config.storage.files[0].path", 1)
case("yaml-list-non-object", "apiVersion: v1\nkind: List\nitems: [1]\n", "not a Kubernetes object", 2)
case("yaml-alias-kernel-arg", mc("  kernelArguments: [&k \"\", *k]\n" + ign({})),
     "spec.kernelArguments[1]: empty kernel argument")
case("yaml-alias-contents-bad-path", mc("  config:\n    ignition: {version: 3.5.0}\n    storage:\n      files:\n"
     "      - &f {path: /etc/a, contents: {source: \"data:,x\"}}\n      - *f\n"), "duplicate path \"/etc/a\"")
# --- JSON ---------------------------------------------------------------------------------------------------
mcj = {"apiVersion": "machineconfiguration.openshift.io/v1", "kind": "MachineConfig",
       "metadata": {"name": "99-json"}, "spec": {"config": {"ignition": {"version": "3.5.0"}}}}
case("json-dup-kind", '{"kind": "MachineConfig", "kind": "Pod"}', "Duplicate field 'kind'", 2, "json")
case("json-dup-nested", json.dumps(mcj)[:-2] + ', "config": {}}}', "Duplicate field 'config'", 2, "json")
case("json-trailing-comma", '{"kind": "MachineConfig",}', "malformed JSON:", 2, "json")
case("json-truncated", json.dumps(mcj)[:40], "malformed JSON:", 2, "json")
case("json-nan", '{"kind": "MachineConfig", "spec": {"fips": NaN}}', "malformed JSON:", 2, "json")
case("json-comment", '{"kind": "MachineConfig" /* x */}', "malformed JSON:", 2, "json")
case("json-single-quotes", "{'kind': 'MachineConfig'}", "malformed JSON:", 2, "json")
case("json-array-top", "[1, 2]", "not a Kubernetes object", 2, "json")
case("json-invalid-path", json.dumps({**mcj, "spec": {"config": {"ignition": {"version": "3.5.0"},
     "storage": {"files": [file_entry("/etc/a\nb")]}}}}), "contains a control character", 1, "json")
case("json-password-colon", json.dumps({**mcj, "spec": {"config": {"ignition": {"version": "3.5.0"},
     "passwd": {"users": [{"name": "core", "passwordHash": "$6$a:b"}]}}}}), "passwordHash:", 1, "json")
# --- encodings ---------------------------------------------------------------------------------------------
case("utf8-invalid", base_ok.encode() + b"# \xc3\x28\n", "not valid UTF-8 at byte", 2)
case("utf8-latin1", base_ok.replace("99-hostile", "caf\u00e9").encode("latin-1"), "not valid UTF-8 at byte", 2)
case("utf8-overlong", base_ok.encode() + b"# \xc0\xaf\n", "not valid UTF-8 at byte", 2)
case("utf8-surrogate", base_ok.encode() + b"# \xed\xa0\x80\n", "not valid UTF-8 at byte", 2)
case("utf16", base_ok.encode("utf-16"), "not valid UTF-8 at byte", 2)
case("nul-bytes", b"kind: MachineConfig\n\x00\x00\n", "malformed YAML: character U+0000 at position 20 is not allowed in YAML", 2)

# --- issue 37, round two: printable and bounded, nothing fetched, nothing written twice ---------------
case("sshkey-nul", mc(core(sshAuthorizedKeys=["ssh-ed25519 AAAA\u0000evil"])),
     "sshAuthorizedKeys[0]: contains a control character at position 16")
case("sshkey-escape", mc(core(sshAuthorizedKeys=["ssh-ed25519 AAAA \u001b[2Jx"])),
     "sshAuthorizedKeys[0]: contains a control character")
case("sshkey-huge", mc(core(sshAuthorizedKeys=["ssh-rsa " + "A" * 20000])),
     "an SSH public key line is far shorter (limit 16384)")
case("password-huge", mc(core(passwordHash="$6$" + "a" * 100000)),
     "longer than any crypt(5) hash (limit 512)")
case("ignition-config-merge", mc(ign({"ignition": {"version": "3.5.0", "config": {"merge": [
     {"source": "https://example.com/x.ign"}]}}})), "ignition.config.merge[0].source: is not applied")
case("ignition-config-replace", mc(ign({"ignition": {"version": "3.5.0", "config": {"replace":
     {"source": "data:,%7B%7D"}}}})), "ignition.config.replace.source: is not applied")
case("shadow-beside-hash", mc(ign({"storage": {"files": [file_entry("/etc/shadow")]},
     "passwd": {"users": [{"name": "core", "passwordHash": "$6$s$h"}]}})),
     "ignition file /etc/shadow collides with passwd.users' passwordHash")
case("file-below-file", mc(files(file_entry("/etc/x"), file_entry("/etc/x/y"))),
     "ignition file /etc/x/y is below ignition file /etc/x")
case("engine-state-file", mc(files(file_entry("/var/lib/ocelot/marker.json"))),
     "is in /var/lib/ocelot, the node agent's own state")
case("yaml-deep-flow", mc("  x: " + "[" * 10000 + "]" * 10000 + "\n"), "nests too deeply to read", 2)
case("yaml-deep-block", mc("  x:\n" + "".join("  " * (i + 2) + "- \n" for i in range(250))),
     "nests deeper than 200 levels", 2)
case("path-lone-surrogate", json.dumps({**mcj, "spec": {"config": {"ignition": {"version": "3.5.0"},
     "storage": {"files": [file_entry("/etc/a\ud800b")]}}}}), "contains an unpaired UTF-16 surrogate",
     1, "json")
case("label-key-long", mc("  config: {}\n", extra_meta="  annotations: {}\n").replace(
     "labels: {", 'labels: {"' + "k" * 100 + '": v, '), "key name", 1)
case("label-value-bad", mc("  config: {}\n").replace("labels: {", 'labels: {tier: "a b", '),
     "is not a label value", 1)
case("annotation-key-bad", mc("  config: {}\n", extra_meta='  annotations: {"bad key!": x}\n'),
     "metadata.annotations[\"bad key!\"]: key name", 1)
# --- kernel arguments, read as the kernel reads its command line -------------------------------------
def kargs_mc(*args):
    return mc("  kernelArguments: " + json.dumps(list(args)) + "\n")
case("karg-escape", kargs_mc("quiet\u001b[2J"), "contains a control character at position 5")
case("karg-newline", kargs_mc("a=1\nb=2"), "contains a control character at position 3")
case("karg-equals-alone", kargs_mc("="), "is a value without a parameter name")
case("karg-unterminated-quote", kargs_mc('foo="bar baz'), "has an unterminated double quote")
case("karg-huge", kargs_mc("x=" + "a" * 5000), "more than a kernel command line holds")
case("karg-many", kargs_mc(*[f"a{i}=1" for i in range(1000)]), "more than a kernel command line holds")
case("path-max-with-root", mc(files(file_entry("/etc" + "/x" * 1998))),
     "over the limit of 3839 (PATH_MAX, less 256 for the host root")

# --- sizes a node can hold: entries and decoded bytes per config (docs/engine.md) ------------------
case("entries-too-many", mc(ign({"storage": {"directories": [{"path": f"/d/{i}"} for i in range(10001)]}})),
     "the config has 10001 files, directories, links, units and dropins; a node applies at most 10000")
case("contents-over-8mib", mc(files(*[file_entry(f"/etc/z{i}", contents={
        "compression": "gzip",
        "source": "data:;base64," + base64.b64encode(gzip.compress(bytes(4 << 20), 9, mtime=0)).decode()})
        for i in range(3)])),
     "file contents add up to 12582912 bytes, over the limit of 8 MiB per config")

# --- Ignition's own rules (coreos/ignition config/v3_5/types) ------------------------------------
case("overwrite-without-source", mc(ign({"storage": {"files": [{"path": "/etc/x", "overwrite": True}]}})),
     "overwrite must be false if source is unspecified")
case("verification-without-source", mc(ign({"storage": {"files": [{"path": "/etc/x",
        "contents": {"verification": {"hash": "sha512-00"}}}]}})),
     "source must be specified if verification is specified")
case("karg-exists-and-not", mc(ign({"kernelArguments": {"shouldExist": ["nosmt"],
        "shouldNotExist": ["nosmt"]}})),
     "kernelArguments.shouldNotExist[0]: duplicate entry defined")

# --- storage a running node never applies, and the ignition section (issue 38) ---------------------
case("partitions-too-many", mc(ign({"storage": {"disks": [{"device": "/dev/sda", "partitions":
        [{"number": i + 1, "startMiB": i + 1, "sizeMiB": 1} for i in range(10001)]}]}})),
     "at most 10000 are checked in one config")
case("partitions-overflow", mc(ign({"storage": {"disks": [{"device": "/dev/sda", "partitions": [
        {"number": 1, "startMiB": 2147483647, "sizeMiB": 2147483647},
        {"number": 2, "startMiB": 1, "sizeMiB": 2147483647}]}]}})),
     "storage.disks[0].partitions[1]: partitions overlap")
case("partition-number-huge", mc(ign({"storage": {"disks": [{"device": "/dev/sda", "partitions": [
        {"number": 99999999999999999999}]}]}})),
     "storage.disks[0].partitions[0].number: must be an integer")
case("filesystem-label-unicode", mc(ign({"storage": {"filesystems": [{"device": "/dev/sda1",
        "format": "vfat", "label": "\u00e9" * 6}]}})),
     "filesystem labels cannot be longer than 11 characters when using vfat")
case("ca-source-control-char", mc(ign({"ignition": {"version": "3.5.0", "security": {"tls": {
        "certificateAuthorities": [{"source": "https://ca.example/\u0007"}]}}}})),
     "certificateAuthorities[0].source: unable to parse url")
case("tang-advertisement-trailing", mc(ign({"storage": {"luks": [{"name": "d", "device": "/dev/sdb",
        "clevis": {"tang": [{"url": "https://t", "thumbprint": "x", "advertisement": "{} {}"}]}}]}})),
     "advertisement is not valid JSON")
case("proxy-not-http", mc(ign({"ignition": {"version": "3.5.0", "proxy": {"httpsProxy": "socks5://p:1080"}}})),
     "ignition.proxy.httpsProxy: proxies must be http(s)")

def main():
    for name in os.listdir(HERE):
        if name[:3].isdigit():
            os.remove(os.path.join(HERE, name))
    with open(os.path.join(HERE, "expected.tsv"), "w") as index:
        index.write("# file\texit code\ttext the output must contain (validate and host apply)\n")
        for name, data, code, expect in CASES:
            with open(os.path.join(HERE, name), "wb") as f:
                f.write(data)
            index.write(f"{name}\t{code}\t{expect}\n")
    print(f"{len(CASES)} cases")

main()
