// Command ocelot-control-plane runs a Kubernetes control plane for Ocelot's simulator, tests and
// benchmarks in one process on loopback only: embedded etcd, kube-apiserver and the
// kube-controller-manager controllers the system relies on. It is a test substrate, not product.
//
// It prints one line starting "control plane ready" on standard output when the API server
// answers /readyz, logs to standard error, and exits 0 on SIGTERM or SIGINT after stopping cleanly.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"
)

// exit codes: 2 usage, 3 the state dir or a port cannot be had, 1 anything else.
const (
	exitFailure = 1
	exitUsage   = 2
	exitInUse   = 3
)

type settings struct {
	stateDir string
	port     int
	fsync    bool
	logLevel int
	// stop when standard input ends: a parent that dies (even by SIGKILL) closes the pipe, so
	// the control plane never outlives the JVM that started it.
	watchStdin bool
}

func main() {
	s, err := parseSettings(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "ocelot-control-plane:", err)
		os.Exit(exitUsage)
	}
	os.Exit(run(s))
}

func parseSettings(args []string) (settings, error) {
	fs := flag.NewFlagSet("ocelot-control-plane", flag.ContinueOnError)
	var s settings
	fs.StringVar(&s.stateDir, "state-dir", "", "directory for etcd data, certificates and the kubeconfig (required)")
	fs.IntVar(&s.port, "port", 6443, "API server port on 127.0.0.1 (0 picks a free one)")
	fs.BoolVar(&s.fsync, "fsync", false, "fsync etcd writes (off: the simulator trades durability across power loss for speed)")
	fs.IntVar(&s.logLevel, "v", 0, "log verbosity of the Kubernetes components")
	fs.BoolVar(&s.watchStdin, "stop-on-stdin-eof", false, "stop cleanly when standard input ends (the parent went away)")
	if err := fs.Parse(args); err != nil {
		return s, err
	}
	if s.stateDir == "" {
		return s, errors.New("--state-dir is required")
	}
	abs, err := filepath.Abs(s.stateDir)
	if err != nil {
		return s, err
	}
	s.stateDir = abs
	return s, nil
}

func run(s settings) int {
	tuneGC()
	dir := filepath.Join(s.stateDir, "control-plane")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		fmt.Fprintln(os.Stderr, "ocelot-control-plane: cannot create", dir+":", err)
		return exitInUse
	}
	unlock, err := lockStateDir(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ocelot-control-plane:", err)
		return exitInUse
	}
	defer unlock()
	if err := checkDataVersion(dir); err != nil {
		fmt.Fprintln(os.Stderr, "ocelot-control-plane:", err)
		return exitFailure
	}
	listener, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", s.port))
	if err != nil {
		fmt.Fprintf(os.Stderr, "ocelot-control-plane: port %d on 127.0.0.1 is in use or cannot be bound: %v\n", s.port, err)
		return exitInUse
	}
	port := listener.Addr().(*net.TCPAddr).Port
	p, err := ensurePKI(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ocelot-control-plane: certificates:", err)
		return exitFailure
	}
	server := fmt.Sprintf("https://127.0.0.1:%d", port)
	kubeconfig := filepath.Join(s.stateDir, "kubeconfig")
	if err := writeKubeconfigs(p, server, kubeconfig, dir); err != nil {
		fmt.Fprintln(os.Stderr, "ocelot-control-plane: kubeconfig:", err)
		return exitFailure
	}

	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer cancel()
	if s.watchStdin {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			fmt.Fprintln(os.Stderr, "ocelot-control-plane: standard input ended (the parent went away); stopping")
			cancel()
		}()
	}
	setLogLevel(s.logLevel)

	etcd, err := startEtcd(dir, s.fsync)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ocelot-control-plane: etcd:", err)
		return exitFailure
	}
	defer etcd.stop()

	apiDone := make(chan error, 1)
	go func() { apiDone <- runAPIServer(ctx, listener, p, etcd.clientURL) }()
	if err := waitReady(ctx, p, server, apiDone); err != nil {
		fmt.Fprintln(os.Stderr, "ocelot-control-plane: API server:", err)
		return exitFailure
	}
	cmDone := make(chan error, 1)
	go func() { cmDone <- runControllers(ctx, filepath.Join(dir, "controller-manager.kubeconfig"), p) }()

	fmt.Printf("control plane ready: %s kubeconfig=%s version=%s\n", server, kubeconfig, kubernetesVersion)

	select {
	case <-ctx.Done():
	case err := <-apiDone:
		fmt.Fprintln(os.Stderr, "ocelot-control-plane: API server stopped:", err)
		return exitFailure
	case err := <-cmDone:
		fmt.Fprintln(os.Stderr, "ocelot-control-plane: controller manager stopped:", err)
		return exitFailure
	}
	// Stopping: the API server closes its watches and drains requests; a stuck component must not
	// keep the process alive.
	select {
	case <-apiDone:
	case <-time.After(20 * time.Second):
		fmt.Fprintln(os.Stderr, "ocelot-control-plane: API server did not stop within 20 s")
		return exitFailure
	}
	fmt.Fprintln(os.Stderr, "ocelot-control-plane: stopped")
	return 0
}
