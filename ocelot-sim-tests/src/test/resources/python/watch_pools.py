"""The official Kubernetes Python client against the sim: list nodes, pools and MachineConfigs,
then watch the pools until the worker pool has been Updating and is Updated again.

usage: watch_pools.py KUBECONFIG TIMEOUT_SECONDS
"""
import sys

from kubernetes import client, config, watch

GROUP, VERSION = "machineconfiguration.openshift.io", "v1"


def conditions(obj):
    return {c["type"]: c["status"] for c in obj.get("status", {}).get("conditions", [])}


def main():
    config.load_kube_config(config_file=sys.argv[1])
    nodes = client.CoreV1Api().list_node()
    print("nodes", " ".join(sorted(n.metadata.name for n in nodes.items)))
    print("kubelets", " ".join(sorted({n.status.node_info.kubelet_version for n in nodes.items})))
    custom = client.CustomObjectsApi()
    pools = custom.list_cluster_custom_object(GROUP, VERSION, "machineconfigpools")
    print("pools", " ".join(sorted(p["metadata"]["name"] for p in pools["items"])))
    mcs = custom.list_cluster_custom_object(GROUP, VERSION, "machineconfigs")
    print("machineconfigs", len(mcs["items"]))
    print("watching", flush=True)
    updating = False
    stream = watch.Watch().stream(
        custom.list_cluster_custom_object,
        GROUP,
        VERSION,
        "machineconfigpools",
        resource_version=pools["metadata"]["resourceVersion"],
        timeout_seconds=int(sys.argv[2]),
    )
    for event in stream:
        obj = event["object"]
        c = conditions(obj)
        name = obj["metadata"]["name"]
        print("event", event["type"], name, "Updating=" + c.get("Updating", "?"),
              "Updated=" + c.get("Updated", "?"), flush=True)
        if name == "worker":
            updating = updating or c.get("Updating") == "True"
            if updating and c.get("Updated") == "True":
                print("rollout seen", flush=True)
                return 0
    print("watch ended without the rollout", flush=True)
    return 1


if __name__ == "__main__":
    sys.exit(main())
