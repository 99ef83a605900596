package main

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

type runningEtcd struct {
	server    *embed.Etcd
	clientURL string
}

func (e runningEtcd) stop() { e.server.Close() }

// startEtcd runs a single-member etcd on two loopback ports, kept in the state dir so that a
// restart on the same data finds the member where it was.
func startEtcd(dir string, fsync bool) (runningEtcd, error) {
	clientPort, peerPort, err := etcdPorts(dir)
	if err != nil {
		return runningEtcd{}, err
	}
	cfg := embed.NewConfig()
	cfg.Name = "ocelot"
	cfg.Dir = filepath.Join(dir, "etcd")
	client := url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", clientPort)}
	peer := url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", peerPort)}
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{client}, []url.URL{client}
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{peer}, []url.URL{peer}
	cfg.InitialCluster = "ocelot=" + peer.String()
	cfg.UnsafeNoFsync = !fsync
	cfg.LogLevel = "error"
	cfg.LogOutputs = []string{"stderr"}
	cfg.AutoCompactionMode = "periodic"
	cfg.AutoCompactionRetention = "5m"
	cfg.QuotaBackendBytes = 8 << 30
	server, err := embed.StartEtcd(cfg)
	if err != nil {
		return runningEtcd{}, err
	}
	select {
	case <-server.Server.ReadyNotify():
	case err := <-server.Err():
		server.Close()
		return runningEtcd{}, err
	case <-time.After(60 * time.Second):
		server.Close()
		return runningEtcd{}, fmt.Errorf("not ready within 60 s")
	}
	return runningEtcd{server: server, clientURL: client.String()}, nil
}

func etcdPorts(dir string) (int, int, error) {
	path := filepath.Join(dir, "etcd-ports")
	if b, err := os.ReadFile(path); err == nil {
		parts := strings.Fields(string(b))
		if len(parts) == 2 {
			c, err1 := strconv.Atoi(parts[0])
			p, err2 := strconv.Atoi(parts[1])
			if err1 == nil && err2 == nil && free(c) && free(p) {
				return c, p, nil
			}
		}
	}
	c, err := freePort()
	if err != nil {
		return 0, 0, err
	}
	p, err := freePort()
	if err != nil {
		return 0, 0, err
	}
	return c, p, os.WriteFile(path, []byte(fmt.Sprintf("%d %d\n", c, p)), 0o600)
}

func free(port int) bool {
	l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		return false
	}
	l.Close()
	return true
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
