package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	etcdversion "go.etcd.io/etcd/api/v3/version"
)

// kubernetesVersion is the release of k8s.io/kubernetes in go.mod; the build stamps the same
// value into the API server's /version.
const kubernetesVersion = "v1.36.3"

// dataVersion names what wrote the etcd data: another release may not read it.
func dataVersion() string {
	return "kubernetes " + kubernetesVersion + " etcd " + etcdversion.Version
}

// lockStateDir takes an exclusive lock so that two control planes never share one etcd data dir.
func lockStateDir(dir string) (func(), error) {
	path := filepath.Join(dir, "lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		owner, _ := os.ReadFile(path)
		f.Close()
		return nil, fmt.Errorf("state dir %s is in use by another control plane (pid %s)",
			filepath.Dir(dir), strings.TrimSpace(string(owner)))
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() { f.Close() }, nil
}

// checkDataVersion refuses etcd data written by another release instead of letting the API server
// fail later on objects it cannot decode.
func checkDataVersion(dir string) error {
	path := filepath.Join(dir, "data-version")
	want := dataVersion()
	got, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		if _, statErr := os.Stat(filepath.Join(dir, "etcd")); statErr == nil {
			return fmt.Errorf("etcd data in %s has no %s: it was not written by this control plane; remove %s or use another state dir",
				filepath.Join(dir, "etcd"), path, dir)
		}
		return os.WriteFile(path, []byte(want+"\n"), 0o600)
	}
	if err != nil {
		return err
	}
	if strings.TrimSpace(string(got)) != want {
		return fmt.Errorf("etcd data in %s was written by %q, this is %q; remove %s or use another state dir",
			filepath.Join(dir, "etcd"), strings.TrimSpace(string(got)), want, dir)
	}
	return nil
}
