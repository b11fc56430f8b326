//! The yardstick of `scripts/measure.sh --ssr`: a bare axum handler that
//! answers "Hello, World!" on the same runtime settings as the server, so
//! page figures can be given as a ratio of what this machine serves at all
//! while the client shares its cores. A separate binary: the real server
//! never has such a route.
//! Usage: hello-bench ADDRESS (e.g. 127.0.0.1:3998)
use axum::{routing::get, Router};

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:3998".to_owned());
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    let router = Router::new().route("/", get(|| async { "Hello, World!" }));
    axum::serve(listener, router).await
}
