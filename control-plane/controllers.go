package main

import (
	"context"
	"flag"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/cmd/kube-controller-manager/app"
	"k8s.io/kubernetes/cmd/kube-controller-manager/app/options"
)

// controllers are the kube-controller-manager loops Ocelot relies on: evictions are refused
// until the disruption controller has computed a PodDisruptionBudget's status; owner references
// need the garbage collector; namespaces and service accounts need theirs. Not node-lifecycle:
// simulated nodes have no kubelet, and Ocelot's simulator renews their Leases itself.
var controllers = []string{
	"disruption", "garbagecollector", "namespace", "serviceaccount", "serviceaccount-token",
	"root-ca-certificate-publisher-controller",
}

func runControllers(ctx context.Context, kubeconfig string, p pki) error {
	s, err := options.NewKubeControllerManagerOptions()
	if err != nil {
		return err
	}
	all, disabled, aliases := app.KnownControllers(), app.ControllersDisabledByDefault(), app.ControllerAliases()
	named := s.Flags(all, disabled, aliases)
	fs := pflag.NewFlagSet("kube-controller-manager", pflag.ContinueOnError)
	for _, f := range named.FlagSets {
		fs.AddFlagSet(f)
	}
	err = fs.Parse([]string{
		"--kubeconfig=" + kubeconfig,
		"--controllers=" + strings.Join(controllers, ","),
		"--leader-elect=false",
		"--use-service-account-credentials=true",
		"--service-account-private-key-file=" + p.path("sa.key"),
		"--root-ca-file=" + p.path("ca.crt"),
		"--secure-port=0",
		"--kube-api-qps=200",
		"--kube-api-burst=400",
	})
	if err != nil {
		return err
	}
	s.ParsedFlags = &named
	if err := s.ComponentGlobalsRegistry.Set(); err != nil {
		return err
	}
	c, err := s.Config(ctx, all, disabled, aliases)
	if err != nil {
		return err
	}
	return app.Run(ctx, c.Complete())
}

// setLogLevel sets klog's verbosity for both components (they share klog's global flags).
func setLogLevel(level int) {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	_ = fs.Set("v", strconv.Itoa(level))
}
