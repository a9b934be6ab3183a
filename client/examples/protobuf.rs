//! Protobuf on the wire: shows the typed client asking for and decoding protobuf (and JSON when told to), then decodes a raw protobuf response with the scheme's serializer.
//!
//! ```text
//! cargo run -p kapi-client --example protobuf
//! ```

mod common;

use std::sync::Arc;

use bytes::Bytes;
use clap::Parser;
use kapi_api::core::v1::{Pod, PodList};
use kapi_api::meta::v1::ListOptions;
use kapi_client::{Client, ContentType, ListResource, ResponseFuture, Service};
use kapi_machinery::serializer::{MEDIA_TYPE_JSON, MEDIA_TYPE_PROTOBUF};
use kapi_machinery::{Options, Serializer};

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
}

/// A service in front of the client's transport that prints the content type of each answer:
/// how a program adds its own middleware (kube-rs puts tower layers there; `service::Tower`
/// adapts those too).
struct ShowContentType(Arc<dyn Service>);

impl Service for ShowContentType {
    fn call(&self, request: http::Request<Bytes>) -> ResponseFuture<'_> {
        Box::pin(async move {
            let what = format!("{} {}", request.method(), request.uri().path());
            let response = self.0.call(request).await?;
            let content_type = response.headers().get(http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok());
            println!("  {what} -> {}", content_type.unwrap_or("(none)"));
            Ok(response)
        })
    }
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let namespace = args.connection.namespace_of(&client);
    let shown = Client::new(Arc::new(ShowContentType(client.service().clone())), client.base_url())?;

    // Built-in kinds speak protobuf, and the client prefers it: smaller and faster to decode.
    println!("typed client, default content type:");
    let pods = shown.namespaced::<Pod>(&namespace).list(&ListOptions::default()).await?;
    println!("  {} pods", pods.items().len());
    println!("typed client, ContentType::Json:");
    let json_client = shown.with_content_type(ContentType::Json);
    json_client.namespaced::<Pod>(&namespace).list(&ListOptions::default()).await?;

    // The same list asked for by hand in each encoding, and the protobuf one decoded with the
    // serializer: the `k8s\0` magic, then a runtime.Unknown naming the kind around the message.
    let scheme = kapi_api::scheme()?;
    let path = format!("{}/api/v1/namespaces/{namespace}/pods", client.base_url());
    let mut sizes = Vec::new();
    for accept in [MEDIA_TYPE_PROTOBUF, MEDIA_TYPE_JSON] {
        let request = http::Request::get(&path).header(http::header::ACCEPT, accept).body(Bytes::new())?;
        let (parts, body) = client.service().call(request).await?.into_parts();
        let body = kapi_client::body::collect(body).await?;
        let content_type = parts.headers.get(http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        let decoded = Serializer::for_media_type(&scheme, content_type, Options::default())?.decode(&body, None)?;
        let list = decoded.object.downcast_ref::<PodList>().ok_or("the answer is not a PodList")?;
        println!(
            "raw {content_type}: {} bytes, starts {:?}, {} {} with {} items",
            body.len(),
            String::from_utf8_lossy(&body[..body.len().min(4)]),
            decoded.gvk.api_version(),
            decoded.gvk.kind,
            list.items().len()
        );
        sizes.push(body.len());
    }
    if let [protobuf, json] = sizes[..] {
        println!("protobuf is {protobuf} bytes where JSON is {json}");
    }
    Ok(())
}
