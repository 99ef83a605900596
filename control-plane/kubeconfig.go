package main

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
)

// writeKubeconfigs writes the admin's kubeconfig (for kubectl and the simulator) and the
// controller manager's, each with its client certificate inline so the file works on its own.
func writeKubeconfigs(p pki, server, adminPath, dir string) error {
	if err := writeKubeconfig(p, server, adminIdentity, adminPath); err != nil {
		return err
	}
	return writeKubeconfig(p, server, controllerManagerIdentity, filepath.Join(dir, "controller-manager.kubeconfig"))
}

func writeKubeconfig(p pki, server string, id identity, path string) error {
	read := func(name string) (string, error) {
		b, err := os.ReadFile(p.path(name))
		return base64.StdEncoding.EncodeToString(b), err
	}
	ca, err := read("ca.crt")
	if err != nil {
		return err
	}
	crt, err := read(id.name + ".crt")
	if err != nil {
		return err
	}
	key, err := read(id.name + ".key")
	if err != nil {
		return err
	}
	content := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: ocelot-sim
  cluster:
    server: %s
    certificate-authority-data: %s
users:
- name: %s
  user:
    client-certificate-data: %s
    client-key-data: %s
contexts:
- name: ocelot-sim
  context:
    cluster: ocelot-sim
    user: %s
current-context: ocelot-sim
`, server, ca, id.cn, crt, key, id.cn)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(content), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
