//! A cluster-scoped resource has no namespaced constructor.

use kapi_api::core::v1::Node;
use kapi_client::{Api, Client};

fn nodes_in_a_namespace(client: Client) -> Api<Node> {
    Api::<Node>::namespaced(client, "default")
}

fn main() {}
