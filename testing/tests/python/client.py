"""The official Python client (`pip install kubernetes`) against the kapi test server.

Run by testing/tests/kubectl/python.rs with the kubeconfig path as the only argument. Prints one
`KEY value...` line per observation for the Rust test to assert on; any exception fails the run.
"""

import sys
import threading
import time

from kubernetes import client, config, watch

NS = "default"


def say(*parts):
    print(*parts, flush=True)


def main(kubeconfig):
    config.load_kube_config(config_file=kubeconfig)
    core = client.CoreV1Api()
    apps = client.AppsV1Api()

    # Discovery: the client requires `serverAddressByClientCIDRs` in `/api`.
    versions = client.CoreApi().get_api_versions()
    say("VERSIONS", ",".join(versions.versions), versions.server_address_by_client_cidrs[0].client_cidr)
    groups = client.ApisApi().get_api_versions()
    say("GROUPS", "apps" in [g.name for g in groups.groups])
    say("SERVER", client.VersionApi().get_code().git_version)

    # Create, read and list.
    cm = client.V1ConfigMap(
        metadata=client.V1ObjectMeta(name="settings", labels={"app": "demo"}),
        data={"mode": "fast"},
    )
    created = core.create_namespaced_config_map(NS, cm)
    say("CREATED", created.metadata.name, created.metadata.namespace, bool(created.metadata.uid))
    read = core.read_namespaced_config_map("settings", NS)
    say("READ", read.data["mode"], read.metadata.resource_version == created.metadata.resource_version)
    listed = core.list_namespaced_config_map(NS, label_selector="app=demo")
    say("LISTED", ",".join(sorted(i.metadata.name for i in listed.items)), bool(listed.metadata.resource_version))

    # Patches: a dict is sent as a strategic merge patch, a list as a JSON Patch, and a merge
    # patch when asked for by content type.
    patched = core.patch_namespaced_config_map("settings", NS, {"data": {"size": "large"}})
    say("STRATEGIC", patched.data["mode"], patched.data["size"])
    patched = core.patch_namespaced_config_map(
        "settings", NS, {"data": {"mode": None}}, _content_type="application/merge-patch+json"
    )
    say("MERGE", ",".join(sorted(patched.data)))
    patched = core.patch_namespaced_config_map(
        "settings", NS, [{"op": "replace", "path": "/data/size", "value": "small"}]
    )
    say("JSONPATCH", patched.data["size"])

    # A deployment: create, scale through the subresource, list across namespaces.
    deployment = client.V1Deployment(
        metadata=client.V1ObjectMeta(name="web"),
        spec=client.V1DeploymentSpec(
            replicas=2,
            selector=client.V1LabelSelector(match_labels={"app": "web"}),
            template=client.V1PodTemplateSpec(
                metadata=client.V1ObjectMeta(labels={"app": "web"}),
                spec=client.V1PodSpec(containers=[client.V1Container(name="web", image="nginx")]),
            ),
        ),
    )
    apps.create_namespaced_deployment(NS, deployment)
    patched = apps.patch_namespaced_deployment("web", NS, {"spec": {"template": {"spec": {"containers": [{"name": "web", "image": "nginx:2"}]}}}})
    say("DEPLOYMENT", patched.spec.replicas, patched.spec.template.spec.containers[0].image, len(patched.spec.template.spec.containers))
    scale = apps.patch_namespaced_deployment_scale("web", NS, {"spec": {"replicas": 5}})
    say("SCALE", scale.spec.replicas)
    say("DEPLOYMENTS", ",".join(d.metadata.name for d in apps.list_deployment_for_all_namespaces().items),
        apps.read_namespaced_deployment("web", NS).spec.replicas)

    # Watch from the list's resource version while another thread creates, changes and deletes.
    start = core.list_namespaced_config_map(NS).metadata.resource_version

    def churn():
        time.sleep(0.3)
        core.create_namespaced_config_map(
            NS, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="watched"), data={"n": "1"})
        )
        core.patch_namespaced_config_map("watched", NS, {"data": {"n": "2"}})
        core.delete_namespaced_config_map("watched", NS)

    worker = threading.Thread(target=churn)
    worker.start()
    w = watch.Watch()
    for event in w.stream(
        core.list_namespaced_config_map, NS, resource_version=start, timeout_seconds=20, allow_watch_bookmarks=True
    ):
        obj = event["object"]
        if event["type"] == "BOOKMARK":
            continue
        say("WATCH", event["type"], obj.metadata.name, (obj.data or {}).get("n", "-"))
        if event["type"] == "DELETED" and obj.metadata.name == "watched":
            w.stop()
    worker.join()

    # A watch that ends on the server's timeout, after the existing objects' ADDED events.
    names = [e["object"].metadata.name for e in watch.Watch().stream(core.list_namespaced_config_map, NS, timeout_seconds=1)]
    say("INITIAL", ",".join(sorted(names)))

    # Deletes.
    # The client returns the `Status` as a plain dict (its declared type is `object`).
    status = core.delete_namespaced_config_map("settings", NS)
    say("DELETED", status["kind"], status["status"], status["details"]["name"], status["details"]["kind"])
    apps.delete_namespaced_deployment("web", NS, body=client.V1DeleteOptions(propagation_policy="Foreground"))
    # In the foreground the deployment waits, with its finalizer, for the garbage collector.
    deadline = time.monotonic() + 10
    while apps.list_namespaced_deployment(NS).items and time.monotonic() < deadline:
        time.sleep(0.05)
    say("REMAINING", len(core.list_namespaced_config_map(NS).items), len(apps.list_namespaced_deployment(NS).items))
    try:
        core.read_namespaced_config_map("settings", NS)
    except client.exceptions.ApiException as e:
        say("MISSING", e.status, e.reason)
    say("DONE")


if __name__ == "__main__":
    main(sys.argv[1])
