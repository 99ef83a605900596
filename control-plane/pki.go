package main

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// pki holds the paths of the certificates and keys in <state-dir>/control-plane/pki. They are
// made once and kept, so kubeconfigs and service-account tokens stay valid across restarts.
type pki struct {
	dir string
}

func (p pki) path(name string) string { return filepath.Join(p.dir, name) }

type identity struct {
	name   string // file name stem
	cn     string
	groups []string
}

var (
	adminIdentity             = identity{"admin", "ocelot-admin", []string{"system:masters"}}
	controllerManagerIdentity = identity{"controller-manager", "system:kube-controller-manager", nil}
)

func ensurePKI(dir string) (pki, error) {
	p := pki{dir: filepath.Join(dir, "pki")}
	if _, err := os.Stat(p.path("complete")); err == nil {
		return p, nil
	}
	if err := os.MkdirAll(p.dir, 0o700); err != nil {
		return p, err
	}
	caKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return p, err
	}
	now := time.Now().Add(-time.Hour)
	caTemplate := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "ocelot-control-plane-ca"},
		NotBefore:             now,
		NotAfter:              now.Add(10 * 365 * 24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTemplate, caTemplate, &caKey.PublicKey, caKey)
	if err != nil {
		return p, err
	}
	ca, _ := x509.ParseCertificate(caDER)
	if err := writePEM(p.path("ca.crt"), "CERTIFICATE", caDER); err != nil {
		return p, err
	}
	if err := writePEM(p.path("ca.key"), "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(caKey)); err != nil {
		return p, err
	}
	serial := int64(2)
	issue := func(stem string, template *x509.Certificate) error {
		key, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			return err
		}
		template.SerialNumber = big.NewInt(serial)
		serial++
		template.NotBefore = now
		template.NotAfter = now.Add(10 * 365 * 24 * time.Hour)
		template.KeyUsage = x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment
		der, err := x509.CreateCertificate(rand.Reader, template, ca, &key.PublicKey, caKey)
		if err != nil {
			return err
		}
		if err := writePEM(p.path(stem+".crt"), "CERTIFICATE", der); err != nil {
			return err
		}
		return writePEM(p.path(stem+".key"), "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(key))
	}
	if err := issue("apiserver", &x509.Certificate{
		Subject:     pkix.Name{CommonName: "kube-apiserver"},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:    []string{"localhost", "kubernetes", "kubernetes.default", "kubernetes.default.svc"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
	}); err != nil {
		return p, err
	}
	for _, id := range []identity{adminIdentity, controllerManagerIdentity} {
		if err := issue(id.name, &x509.Certificate{
			Subject:     pkix.Name{CommonName: id.cn, Organization: id.groups},
			ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
		}); err != nil {
			return p, err
		}
	}
	saKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return p, err
	}
	if err := writePEM(p.path("sa.key"), "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(saKey)); err != nil {
		return p, err
	}
	pub, err := x509.MarshalPKIXPublicKey(&saKey.PublicKey)
	if err != nil {
		return p, err
	}
	if err := writePEM(p.path("sa.pub"), "PUBLIC KEY", pub); err != nil {
		return p, err
	}
	return p, os.WriteFile(p.path("complete"), nil, 0o600)
}

func writePEM(path, kind string, der []byte) error {
	data := pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der})
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
