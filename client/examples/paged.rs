//! Pagination by hand: lists config maps a few at a time, following the `continue` token the server returns with each page.
//!
//! ```text
//! cargo run -p kapi-client --example paged -- --page-size 2
//! ```

mod common;

use clap::Parser;
use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, ListOptions, ObjectMeta};
use kapi_client::ListResource;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// Items per page (`limit`).
    #[arg(long, default_value_t = 3)]
    page_size: i64,
    /// Config maps to create first (labelled `example=paged`), so there is something to page through.
    #[arg(long, default_value_t = 7)]
    create: usize,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let config_maps = client.namespaced::<ConfigMap>(&args.connection.namespace_of(&client));
    for i in 0..args.create {
        let cm = ConfigMap {
            metadata: ObjectMeta {
                name: format!("paged-{i}"),
                labels: [("example".to_string(), "paged".to_string())].into(),
                ..Default::default()
            },
            ..Default::default()
        };
        match config_maps.create(&cm, &CreateOptions::default()).await {
            Err(e) if e.is_already_exists() => {}
            Err(e) => return Err(e.into()),
            Ok(_) => {}
        }
    }

    // Each page is one request; the token says where the next starts, and all pages are read
    // from the same snapshot of the first (the server's resourceVersion of page 1).
    let mut options = ListOptions::default().labels("example=paged").limit(args.page_size);
    let (mut pages, mut total) = (0, 0);
    loop {
        let page = config_maps.list(&options).await?;
        pages += 1;
        total += page.items().len();
        let names: Vec<&str> = page.items().iter().map(|c| c.metadata.name.as_str()).collect();
        println!("page {pages}: {} (remaining: {:?})", names.join(" "), page.metadata.remaining_item_count);
        if page.metadata.continue_.is_empty() {
            break;
        }
        options.continue_ = page.metadata.continue_.clone();
    }
    println!("listed {total} config maps in {pages} pages of at most {}", args.page_size);
    // `Api::list_all` follows the tokens itself and returns one list.
    let all = config_maps.list_all(&ListOptions::default().labels("example=paged").limit(args.page_size)).await?;
    println!("list_all: {} config maps", all.items().len());
    Ok(())
}
