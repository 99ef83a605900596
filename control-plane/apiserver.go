package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/spf13/pflag"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
	"k8s.io/kubernetes/cmd/kube-apiserver/app/options"
)

// apiServerFlags configure kube-apiserver as a cluster's would be: TLS with the generated CA,
// client certificates and service-account tokens for authentication, RBAC, the default admission
// plugins (ValidatingAdmissionPolicy among them).
func apiServerFlags(p pki, etcdURL string) []string {
	return []string{
		"--etcd-servers=" + etcdURL,
		"--bind-address=127.0.0.1",
		"--advertise-address=127.0.0.1",
		"--tls-cert-file=" + p.path("apiserver.crt"),
		"--tls-private-key-file=" + p.path("apiserver.key"),
		"--client-ca-file=" + p.path("ca.crt"),
		"--service-account-issuer=https://kubernetes.default.svc.cluster.local",
		"--service-account-key-file=" + p.path("sa.pub"),
		"--service-account-signing-key-file=" + p.path("sa.key"),
		"--service-cluster-ip-range=10.96.0.0/16",
		"--authorization-mode=RBAC",
		"--allow-privileged=true",
		// Endpoints may not hold loopback addresses; nothing here reaches the API server through
		// the kubernetes Service anyway.
		"--endpoint-reconciler-type=none",
		// /debug/pprof, as on a cluster: only the admin may read it (RBAC), and it costs nothing
		// until read (docs/control-plane.md says how to profile a benchmark with it).
		"--profiling=true",
		// Simulated fleets: a thousand daemons, each a client of its own.
		"--max-requests-inflight=1600",
		"--max-mutating-requests-inflight=800",
		// The sim's daemons share a few HTTP/2 connections, a watch each; kube-apiserver's default
		// (100 streams per connection) would refuse the rest. 1000 is the generic API server's.
		"--http2-max-streams-per-connection=1000",
		"--enable-priority-and-fairness=false",
		"--event-ttl=1h",
		// `kubectl logs` reaches a node's kubelet at the first of these addresses it has: the
		// simulator's nodes name their kubelet API (Ocelot's, on 127.0.0.1) as InternalDNS
		// localhost; other nodes are asked in the kube-apiserver's own order.
		"--kubelet-preferred-address-types=InternalDNS,Hostname,InternalIP,ExternalDNS,ExternalIP",
	}
}

func runAPIServer(ctx context.Context, listener net.Listener, p pki, etcdURL string) error {
	s := options.NewServerRunOptions()
	fs := pflag.NewFlagSet("kube-apiserver", pflag.ContinueOnError)
	for _, f := range s.Flags().FlagSets {
		fs.AddFlagSet(f)
	}
	if err := fs.Parse(apiServerFlags(p, etcdURL)); err != nil {
		return err
	}
	if err := s.GenericServerRunOptions.ComponentGlobalsRegistry.Set(); err != nil {
		return err
	}
	s.SecureServing.Listener = listener
	s.SecureServing.BindPort = listener.Addr().(*net.TCPAddr).Port
	completed, err := s.Complete(ctx)
	if err != nil {
		return err
	}
	if errs := completed.Validate(); len(errs) != 0 {
		return utilerrors.NewAggregate(errs)
	}
	return app.Run(ctx, completed)
}

// waitReady polls /readyz with the admin's certificate until the API server answers 200.
func waitReady(ctx context.Context, p pki, server string, failed <-chan error) error {
	client, err := adminHTTPClient(p)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-failed:
			if err == nil {
				err = errors.New("stopped before it was ready")
			}
			return err
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		resp, err := client.Get(server + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("not ready within 120 s")
}

func adminHTTPClient(p pki) (*http.Client, error) {
	ca, err := os.ReadFile(p.path("ca.crt"))
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca)
	cert, err := tls.LoadX509KeyPair(p.path("admin.crt"), p.path("admin.key"))
	if err != nil {
		return nil, err
	}
	return &http.Client{
		Timeout: 5 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{
			RootCAs: pool, Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12,
		}},
	}, nil
}
