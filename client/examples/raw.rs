//! Raw HTTP requests through the client's configured transport (its TLS, credentials, proxy and retries), for paths no typed API covers.
//!
//! ```text
//! cargo run -p kapi-client --example raw
//! cargo run -p kapi-client --example raw -- /apis/apps/v1
//! ```

mod common;

use bytes::Bytes;
use clap::Parser;
use kapi_api::core::v1::PodList;
use kapi_client::{ListResource, StatusErrorExt};
use kapi_machinery::json::Value;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// Another path to GET and print.
    path: Option<String>,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

/// What came back: the status code, the headers and the whole body.
type Answer = (u16, http::HeaderMap, Bytes);

/// Sends a GET through the client's service and reads the whole answer.
async fn get(client: &kapi_client::Client, path: &str, accept: &str) -> Result<Answer, Box<dyn std::error::Error>> {
    let request = http::Request::get(format!("{}{path}", client.base_url()))
        .header(http::header::ACCEPT, accept)
        .body(Bytes::new())?;
    let response = client.service().call(request).await?;
    let (parts, body) = response.into_parts();
    let body = kapi_client::body::collect(body).await?;
    Ok((parts.status.as_u16(), parts.headers, body))
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let namespace = args.connection.namespace_of(&client);

    // An untyped answer, read as a JSON value.
    let (status, _, body) = get(&client, "/version", "application/json").await?;
    let version = kapi_machinery::json::value::parse(&body)?;
    let git_version = version.get("gitVersion").and_then(Value::as_str).unwrap_or_default();
    println!("GET /version: {status} gitVersion={git_version}");

    // A typed answer: the API types decode from the bytes of any request.
    let path = format!("/api/v1/namespaces/{namespace}/pods?limit=5");
    let (status, _, body) = get(&client, &path, "application/json").await?;
    if status != 200 {
        return Err(format!("GET {path}: {status} {}", String::from_utf8_lossy(&body)).into());
    }
    let pods: PodList = kapi_machinery::json::from_slice(&body)?;
    println!("GET {path}: {status}, {} pods, resourceVersion {}", pods.items().len(), pods.metadata.resource_version);

    // A failure is the API's Status object, which the client's error type reads.
    let (status, headers, body) =
        get(&client, &format!("/api/v1/namespaces/{namespace}/pods/no-such-pod"), "application/json").await?;
    let error = kapi_client::StatusError::from_response(status, &headers, &body);
    println!("GET a missing pod: {status} {}", error.status.message);

    if let Some(path) = args.path {
        let (status, _, body) = get(&client, &path, "application/json").await?;
        println!("GET {path}: {status}\n{}", String::from_utf8_lossy(&body));
    }
    Ok(())
}
