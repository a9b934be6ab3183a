//! Using a resource in the wrong scope is a type error; rustdoc checks each case below fails with its error code.
//!
//! These were trybuild snapshots, which built kapi-client and kapi-api again in a target of their
//! own (two minutes of every CI run); rustdoc compiles each case against the test build's crates.
//! The first example is the control: the same calls in the right scope compile.
//!
//! ```no_run
//! use kapi_api::core::v1::{Node, Pod};
//! use kapi_client::{Api, Client};
//!
//! fn right_scopes(client: Client) -> (Api<Node>, Api<Pod>, Api<Pod>, Api<Node>) {
//!     (client.api::<Node>(), client.all_namespaces::<Pod>(), Api::namespaced(client.clone(), "default"), Api::all(client))
//! }
//! ```

/// A namespaced resource has no cluster-scoped accessor:
///
/// ```compile_fail,E0271
/// use kapi_api::core::v1::Pod;
/// use kapi_client::{Api, Client};
///
/// fn pods_of_the_cluster(client: &Client) -> Api<Pod> {
///     client.api::<Pod>()
/// }
/// ```
pub struct NamespacedResourceAsCluster;

/// A cluster-scoped resource has no all-namespaces accessor:
///
/// ```compile_fail,E0271
/// use kapi_api::core::v1::Node;
/// use kapi_client::{Api, Client};
///
/// fn nodes_in_all_namespaces(client: &Client) -> Api<Node> {
///     client.all_namespaces::<Node>()
/// }
/// ```
pub struct ClusterResourceInAllNamespaces;

/// A cluster-scoped resource has no namespaced constructor:
///
/// ```compile_fail,E0599
/// use kapi_api::core::v1::Node;
/// use kapi_client::{Api, Client};
///
/// fn nodes_in_a_namespace(client: Client) -> Api<Node> {
///     Api::<Node>::namespaced(client, "default")
/// }
/// ```
pub struct ClusterResourceInANamespace;
