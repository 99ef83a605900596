#!/bin/sh
# Turns a Debian minbase root into the base of the simulator's machine nodes: what a node image
# has beyond Debian. Run once, inside the new root (chroot), when the base is built.
set -eu
# Homes under /var, as on Fedora CoreOS and RHCOS (/home -> var/home), and their admin user.
mkdir -p /var/home
rmdir /home
ln -s var/home /home
useradd --create-home --home-dir /var/home/core --uid 1000 --user-group \
  --comment 'CoreOS Admin' --shell /bin/bash core
# A persistent journal: the daemon reads earlier boots (journalctl --list-boots, -b -1).
mkdir -p /var/log/journal
# No login prompt on the console.
systemctl mask console-getty.service
# Each machine gets its name and machine id from the simulator (debootstrap copied the builder's).
: > /etc/machine-id
rm -f /etc/hostname
# The daemon's pod: started at every boot, as the DaemonSet's pod would be after a reboot (a
# static unit, wanted by the vendor's multi-user.target: no link under /etc for configs to touch).
mkdir -p /usr/lib/systemd/system/multi-user.target.wants /opt/ocelot /rootfs
ln -s ../ocelot-daemon.service /usr/lib/systemd/system/multi-user.target.wants/ocelot-daemon.service
apt-get clean
rm -rf /var/lib/apt/lists/*
