//! The only place that talks to the widget bundle's `mount()` (JS side:
//! `react-widgets/src/index.ts`). The bundle is imported lazily, so React is
//! downloaded only by pages that actually show a widget.
#[cfg(feature = "browser")]
mod imp {
    use crate::config::Assets;
    use leptos::prelude::*;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::JsFuture;

    #[wasm_bindgen(inline_js = r#"
        let bundle = null;
        export function load_widgets(jsUrl, cssUrl) {
          if (!bundle) {
            if (cssUrl) {
              const link = document.createElement("link");
              link.rel = "stylesheet";
              link.href = cssUrl;
              document.head.appendChild(link);
            }
            bundle = import(jsUrl);
          }
          return bundle;
        }
        export async function mount_widget(jsUrl, cssUrl, name, el, props) {
          const widgets = await load_widgets(jsUrl, cssUrl);
          return widgets.mount(name, el, props);
        }
    "#)]
    extern "C" {
        #[wasm_bindgen(catch)]
        fn mount_widget(
            js_url: &str,
            css_url: &str,
            name: &str,
            el: &web_sys::HtmlElement,
            props: JsValue,
        ) -> Result<js_sys::Promise, JsValue>;

        /// `{update, unmount}` returned by the bundle's `mount`.
        type WidgetHandle;
        #[wasm_bindgen(method, catch)]
        fn update(this: &WidgetHandle, props: JsValue) -> Result<(), JsValue>;
        #[wasm_bindgen(method, catch)]
        fn unmount(this: &WidgetHandle) -> Result<(), JsValue>;
    }

    enum State {
        Idle,
        Mounting { latest: JsValue },
        Mounted(WidgetHandle),
        Gone,
    }

    /// One widget instance: mounts once, then forwards updates. Lives in a
    /// local (non-`Send`) arena slot because JS handles cannot cross threads.
    #[derive(Clone, Copy)]
    pub struct WidgetSlot(StoredValue<State, LocalStorage>);

    impl WidgetSlot {
        pub fn new() -> Self {
            WidgetSlot(StoredValue::new_local(State::Idle))
        }

        pub fn mount_or_update<P: serde::Serialize>(
            &self,
            assets: &Assets,
            name: &'static str,
            el: web_sys::HtmlDivElement,
            props: &P,
        ) {
            // json_compatible: maps become plain objects and None becomes null.
            let serializer = serde_wasm_bindgen::Serializer::json_compatible();
            let Ok(js_props) = props.serialize(&serializer) else {
                return;
            };
            let slot = self.0;
            let pending = slot.try_update_value(|state| match state {
                State::Idle => {
                    *state = State::Mounting {
                        latest: js_props.clone(),
                    };
                    true
                }
                State::Mounting { latest } => {
                    *latest = js_props.clone();
                    false
                }
                State::Mounted(handle) => {
                    log_error(handle.update(js_props.clone()));
                    false
                }
                State::Gone => false,
            });
            if pending != Some(true) {
                return;
            }
            let (Some(js_url), css_url) = (
                assets.widgets_js.clone(),
                assets.widgets_css.clone().unwrap_or_default(),
            ) else {
                leptos::logging::error!("widget bundle URL missing: cannot mount {name}");
                return;
            };
            wasm_bindgen_futures::spawn_local(async move {
                let promise = match mount_widget(&js_url, &css_url, name, &el, js_props) {
                    Ok(p) => p,
                    Err(e) => return leptos::logging::error!("mount {name}: {e:?}"),
                };
                let handle: WidgetHandle = match JsFuture::from(promise).await {
                    Ok(h) => h.unchecked_into(),
                    Err(e) => return leptos::logging::error!("mount {name}: {e:?}"),
                };
                slot.try_update_value(|state| match std::mem::replace(state, State::Gone) {
                    State::Mounting { latest } => {
                        log_error(handle.update(latest));
                        *state = State::Mounted(handle);
                    }
                    // Unmounted while the bundle was loading.
                    _ => log_error(handle.unmount()),
                });
            });
        }

        pub fn unmount(&self) {
            self.0.try_update_value(|state| {
                if let State::Mounted(handle) = std::mem::replace(state, State::Gone) {
                    log_error(handle.unmount());
                }
            });
        }
    }

    fn log_error(result: Result<(), JsValue>) {
        if let Err(e) = result {
            leptos::logging::error!("widget: {e:?}");
        }
    }
}

#[cfg(not(feature = "browser"))]
mod imp {
    //! The server never mounts widgets: effects do not run during SSR.
    use crate::config::Assets;
    use leptos::web_sys;

    #[derive(Clone, Copy)]
    pub struct WidgetSlot;

    impl WidgetSlot {
        pub fn new() -> Self {
            WidgetSlot
        }
        pub fn mount_or_update<P>(
            &self,
            _: &Assets,
            _: &'static str,
            _: web_sys::HtmlDivElement,
            _: &P,
        ) {
        }
        pub fn unmount(&self) {}
    }
}

pub use imp::WidgetSlot;
