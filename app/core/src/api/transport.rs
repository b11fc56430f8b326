//! How an API request travels: the only place where the two sides differ.

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::{ApiRequest, ApiResponse};
    use std::{future::Future, pin::Pin, sync::Arc};

    /// Executes API calls in-process; implemented by the server over its router.
    pub trait ApiTransport: Send + Sync {
        /// Runs the call and returns the raw response.
        fn send(&self, request: ApiRequest) -> Pin<Box<dyn Future<Output = ApiResponse> + Send>>;
    }

    /// The transport the server provides as Leptos context.
    pub type SharedTransport = Arc<dyn ApiTransport>;
    pub(crate) type Transport = SharedTransport;

    pub(crate) fn current() -> Transport {
        leptos::prelude::expect_context::<SharedTransport>()
    }

    pub(crate) async fn send(
        transport: &Transport,
        request: ApiRequest,
    ) -> Result<ApiResponse, ()> {
        Ok(transport.send(request).await)
    }
}

#[cfg(all(feature = "browser", not(feature = "ssr")))]
mod imp {
    use crate::api::{ApiRequest, ApiResponse};
    use send_wrapper::SendWrapper;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{Request, RequestInit, Response};

    #[derive(Clone, Copy)]
    pub(crate) struct Transport;

    pub(crate) fn current() -> Transport {
        Transport
    }

    /// fetch() futures are not `Send`; the browser is single-threaded, so the
    /// wrapper only satisfies the `Resource` bound shared with the server.
    pub(crate) async fn send(_: &Transport, request: ApiRequest) -> Result<ApiResponse, ()> {
        SendWrapper::new(fetch(request)).await.map_err(|_| ())
    }

    async fn fetch(request: ApiRequest) -> Result<ApiResponse, wasm_bindgen::JsValue> {
        let init = RequestInit::new();
        init.set_method(request.method);
        if let Some(form) = &request.form {
            init.set_body(&form.into());
        }
        let req = Request::new_with_str_and_init(&request.path_and_query, &init)?;
        let headers = req.headers();
        headers.set("accept-language", request.locale.code())?;
        // The server accepts the session cookie only with this header (CSRF defence).
        headers.set(super::WEBSITE_TYPE_HEADER, super::WEBSITE_TYPE_WEB)?;
        if request.form.is_some() {
            headers.set("content-type", "application/x-www-form-urlencoded")?;
        }
        if let Some(token) = &request.token {
            headers.set("token", token)?;
        }
        let window = web_sys::window().ok_or("no window")?;
        let response: Response = JsFuture::from(window.fetch_with_request(&req))
            .await?
            .dyn_into()?;
        let token = response.headers().get("token")?;
        let body = JsFuture::from(response.text()?)
            .await?
            .as_string()
            .unwrap_or_default();
        if crate::api::is_invalid_session(response.status()) {
            forget_user();
        }
        Ok(ApiResponse {
            status: response.status(),
            body,
            token,
        })
    }

    /// The session is invalid: the client clears its user state,
    /// i.e. the script-readable `userInfo` cookie. The server's localized
    /// message still reaches the caller in the envelope.
    fn forget_user() {
        use wasm_bindgen::JsCast;
        let document = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.dyn_into::<web_sys::HtmlDocument>().ok());
        if let Some(document) = document {
            let _ = document.set_cookie(&crate::account::user_info::clear_user_info_cookie());
        }
    }
}

/// Header every browser call carries; with it the server accepts the
/// HttpOnly session cookie as credentials (a cross-site form cannot set it).
pub const WEBSITE_TYPE_HEADER: &str = "website_type";
/// The value of [`WEBSITE_TYPE_HEADER`].
pub const WEBSITE_TYPE_WEB: &str = "web";

pub(crate) use imp::{current, send, Transport};
#[cfg(feature = "ssr")]
pub use imp::{ApiTransport, SharedTransport};

#[cfg(not(any(feature = "ssr", feature = "browser")))]
compile_error!("enable the `ssr`, `hydrate` or `gallery` feature of the app crate");
