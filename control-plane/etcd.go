package main

import (
	"fmt"
	"math/rand"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.etcd.io/etcd/client/pkg/v3/logutil"
	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

type runningEtcd struct {
	server    *embed.Etcd
	clientURL string
	closing   *atomic.Bool
}

func (e runningEtcd) stop() {
	e.closing.Store(true)
	e.server.Close()
}

// closedServing is what etcd's serving goroutines log, at error level, when Close shuts their
// listeners: four lines at every clean stop that read as failures. Dropped once closing.
const closedServing = "setting up serving from embedded etcd failed."

type quietOnClose struct {
	zapcore.Core
	closing *atomic.Bool
}

func (q quietOnClose) With(fields []zapcore.Field) zapcore.Core {
	return quietOnClose{q.Core.With(fields), q.closing}
}

func (q quietOnClose) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if q.closing.Load() && e.Message == closedServing {
		return ce
	}
	return q.Core.Check(e, ce)
}

// etcdLogger logs errors to stderr, as LogLevel "error" did, without the closing noise.
func etcdLogger(closing *atomic.Bool) (*zap.Logger, error) {
	cfg := logutil.DefaultZapLoggerConfig
	cfg.Level = zap.NewAtomicLevelAt(zap.ErrorLevel)
	cfg.OutputPaths = []string{"stderr"}
	cfg.ErrorOutputPaths = []string{"stderr"}
	return cfg.Build(zap.WrapCore(func(c zapcore.Core) zapcore.Core {
		return quietOnClose{c, closing}
	}))
}

// startEtcd runs a single-member etcd on two loopback ports, kept in the state dir so that a
// restart on the same data finds the member where it was. A port is probed free and then bound by
// etcd a moment later; another process can take it in between (CI runs several control planes and
// hundreds of clients side by side), so a bind collision is retried on fresh ports.
func startEtcd(dir string, fsync bool) (runningEtcd, error) {
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		clientPort, peerPort, err := etcdPorts(dir, attempt > 0)
		if err != nil {
			return runningEtcd{}, err
		}
		e, err := startEtcdOn(dir, fsync, clientPort, peerPort)
		if err == nil || !strings.Contains(err.Error(), "address already in use") {
			return e, err
		}
		lastErr = err
	}
	return runningEtcd{}, lastErr
}

func startEtcdOn(dir string, fsync bool, clientPort, peerPort int) (runningEtcd, error) {
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
	closing := &atomic.Bool{}
	lg, err := etcdLogger(closing)
	if err != nil {
		return runningEtcd{}, err
	}
	cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(lg)
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
	return runningEtcd{server: server, clientURL: client.String(), closing: closing}, nil
}

func etcdPorts(dir string, fresh bool) (int, int, error) {
	path := filepath.Join(dir, "etcd-ports")
	if b, err := os.ReadFile(path); err == nil && !fresh {
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

// freePort picks a free port below the kernel's ephemeral range (32768 and up on Linux), where
// the source ports of outgoing connections never land: a port from 127.0.0.1:0 is an ephemeral
// one, and any client's next connection may take it before etcd binds it.
func freePort() (int, error) {
	for i := 0; i < 200; i++ {
		port := 20000 + rand.Intn(12000)
		if free(port) {
			return port, nil
		}
	}
	return 0, fmt.Errorf("no free port in 20000-31999 on 127.0.0.1")
}
