//! A namespaced resource has no cluster-scoped accessor, nor an all-namespaces one for a
//! cluster-scoped resource.

use kapi_api::core::v1::{Node, Pod};
use kapi_client::{Api, Client};

fn pods_of_the_cluster(client: &Client) -> Api<Pod> {
    client.api::<Pod>()
}

fn nodes_in_all_namespaces(client: &Client) -> Api<Node> {
    client.all_namespaces::<Node>()
}

fn main() {}
