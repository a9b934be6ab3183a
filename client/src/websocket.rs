//! The WebSocket handshake over the client's transport; the channel framing the API server's streaming subresources speak (`exec`, `attach`, `portforward`) is `kapi-http`'s, re-exported here.

use bytes::Bytes;
use http::header::{
    CONNECTION, SEC_WEBSOCKET_ACCEPT, SEC_WEBSOCKET_KEY, SEC_WEBSOCKET_PROTOCOL, SEC_WEBSOCKET_VERSION, UPGRADE,
};
use hyper_util::rt::TokioIo;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;

pub use kapi_http::channel::*;

use crate::transport::Upgrade;
use crate::{Client, Error, StatusError, StatusErrorExt, body};

/// Opens a WebSocket to `url` (an `http(s)://` URL of the API server) offering `protocols` in
/// order of preference; returns the socket and the protocol the server chose. A response other
/// than `101 Switching Protocols` is the server's error (`Error::Api` with its `Status`).
pub async fn connect(client: &Client, url: &str, protocols: &[&str]) -> Result<(Socket, String), Error> {
    let context = format!("GET {url}");
    let key = tokio_tungstenite::tungstenite::handshake::client::generate_key();
    let request = http::Request::builder()
        .method(http::Method::GET)
        .uri(url)
        .header(CONNECTION, "Upgrade")
        .header(UPGRADE, "websocket")
        .header(SEC_WEBSOCKET_VERSION, "13")
        .header(SEC_WEBSOCKET_KEY, &key)
        .header(SEC_WEBSOCKET_PROTOCOL, protocols.join(", "))
        .extension(Upgrade)
        .body(Bytes::new())
        .map_err(|e| Error::InvalidRequest(format!("{context}: {e}")))?;
    let response = client.service().call(request).await?;
    client.deliver_warnings(response.headers(), &mut Vec::new());
    if response.status() != http::StatusCode::SWITCHING_PROTOCOLS {
        let (parts, body) = response.into_parts();
        let data = body::collect(body).await.map_err(|e| Error::from_body(&context, e))?;
        return Err(Error::Api(Box::new(StatusError::from_response(parts.status.as_u16(), &parts.headers, &data))));
    }
    let header = |name| response.headers().get(name).and_then(|v: &http::HeaderValue| v.to_str().ok());
    if header(SEC_WEBSOCKET_ACCEPT) != Some(derive_accept_key(key.as_bytes()).as_str()) {
        return Err(Error::Transport(format!(
            "{context}: the server's Sec-WebSocket-Accept does not match the key sent"
        )));
    }
    let protocol = header(SEC_WEBSOCKET_PROTOCOL).unwrap_or_default().trim().to_owned();
    if !protocols.contains(&protocol.as_str()) {
        return Err(Error::Transport(format!(
            "{context}: the server chose the subprotocol {protocol:?}; this client speaks {}",
            protocols.join(", ")
        )));
    }
    let upgraded = hyper::upgrade::on(response)
        .await
        .map_err(|e| Error::Transport(format!("{context}: upgrading the connection: {e}")))?;
    let socket = WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Client, Some(socket_config())).await;
    Ok((socket, protocol))
}
