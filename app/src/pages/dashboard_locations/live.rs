//! The dashboard kept live: `GET /spyContent/stream` says "changed" when one
//! of the member's requests changed (on any server instance); the page then
//! reads its requests again, and the positions of the located ones whose
//! sharing is live or not read yet. Reconnects after the server ends a
//! stream or the network drops it.
use crate::api::{ApiClient, API_BASE, LOCATE_PAGE_SIZE, WEBSITE_TYPE_HEADER, WEBSITE_TYPE_WEB};
use crate::i18n::Locale;
use crate::model::locate::{GpsTrace, LocateRequestView};
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// Between a stream ending and the next one.
const RECONNECT: Duration = Duration::from_secs(3);
/// Changes arriving together are read once.
const SETTLE: Duration = Duration::from_millis(250);

#[wasm_bindgen(inline_js = r#"
    export async function read_stream(url, headerName, headerValue, locale, onChanged) {
      const res = await fetch(url, {
        credentials: "same-origin",
        headers: { [headerName]: headerValue, "accept-language": locale, accept: "text/event-stream" },
      });
      if (!res.ok || !res.body) return;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.split("\n").some((l) => l === "event: changed" || l === "event:changed")) onChanged();
        }
      }
    }
"#)]
extern "C" {
    #[wasm_bindgen(catch)]
    async fn read_stream(
        url: &str,
        header_name: &str,
        header_value: &str,
        locale: &str,
        on_changed: &Closure<dyn FnMut()>,
    ) -> Result<JsValue, JsValue>;
}

/// Listens for as long as the page lives.
pub(super) fn listen(
    locale: Locale,
    rows: RwSignal<Vec<LocateRequestView>>,
    traces: RwSignal<Vec<GpsTrace>>,
) {
    let waiting = StoredValue::new(false);
    leptos::task::spawn_local(async move {
        let on_changed = Closure::<dyn FnMut()>::new(move || {
            if waiting.get_value() {
                return;
            }
            waiting.set_value(true);
            set_timeout(
                move || {
                    waiting.set_value(false);
                    leptos::task::spawn_local(refresh(locale, rows, traces));
                },
                SETTLE,
            );
        });
        let url = format!("{API_BASE}/spyContent/stream");
        loop {
            let _ = read_stream(
                &url,
                WEBSITE_TYPE_HEADER,
                WEBSITE_TYPE_WEB,
                locale.code(),
                &on_changed,
            )
            .await;
            if rows.try_with_untracked(|_| ()).is_none() {
                return;
            }
            sleep(RECONNECT).await;
        }
    });
}

async fn sleep(wait: Duration) {
    let ms = i32::try_from(wait.as_millis()).unwrap_or(i32::MAX);
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Reads the requests again, then the positions worth reading.
async fn refresh(
    locale: Locale,
    rows: RwSignal<Vec<LocateRequestView>>,
    traces: RwSignal<Vec<GpsTrace>>,
) {
    let client = ApiClient::new();
    let Ok(list) = client.locate_list(locale, 1, LOCATE_PAGE_SIZE).await else {
        return;
    };
    let wanted: Vec<i64> = traces.with_untracked(|traces| {
        list.items
            .iter()
            .filter(|r| r.has_location)
            .filter(|r| {
                traces
                    .iter()
                    .find(|t| t.request_id == r.id)
                    .is_none_or(|t| t.live_until.is_some() || t.points.is_empty())
            })
            .map(|r| r.id)
            .collect()
    });
    let located: Vec<i64> = list
        .items
        .iter()
        .filter(|r| r.has_location)
        .map(|r| r.id)
        .collect();
    // A deleted position leaves the map at once.
    traces.update(|t| t.retain(|x| located.contains(&x.request_id)));
    if rows
        .try_with_untracked(|r| *r != list.items)
        .unwrap_or(false)
    {
        rows.set(list.items);
    }
    for id in wanted {
        if let Ok(trace) = client.gps_trace(locale, id).await {
            traces.update(|t| {
                t.retain(|x| x.request_id != id);
                t.push(trace);
            });
        }
    }
}
