//! A clientset for a test server over loopback HTTP that does not retry, for tests that look at each answer.

use std::sync::Arc;

use kapi_client::clientset::Clientset;
use kapi_client::{Client, Config, Transport};
use kapi_testing::{ApiServer, Controllers, TestServer};

/// A clientset for `test`, with retries off so a refusal comes back as it was given.
pub fn clientset(test: &TestServer) -> Clientset {
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    Clientset::new(Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap())
}

/// A server of the built-in kinds without controllers (nothing but the test writes), and a
/// clientset for it.
pub async fn quiet_cluster() -> (Clientset, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    server.set_controllers(Controllers::none());
    let test = TestServer::start(server, None).await.unwrap();
    (clientset(&test), test)
}
