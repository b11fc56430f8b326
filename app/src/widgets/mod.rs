//! The Rust half of the React bridge. `<ReactWidget/>` hosts any widget of the
//! `react-widgets` bundle; typed wrappers (`<MapView/>`) are all pages use.
//! React owns everything inside the host element: Leptos never renders there.
mod bindings;
mod help_chat;
mod map_view;
mod payment_form;

pub use help_chat::{
    ChatWindowProps, ChatWindowTexts, HelpChat, HelpChatWidget, HELP_CHAT, LAUNCHER_ID, WAKE_CHAT,
};
pub use map_view::{GeoPoint, MapView};
pub use payment_form::{
    CountryOption, FieldLimits, FieldTexts, MethodOption, PaymentEvent, PaymentFormProps,
    PaymentFormTexts, PaymentFormWidget,
};

use crate::config::use_public_config;
use leptos::{html, prelude::*};

/// Mounts the widget `name` with `props` once the page is interactive, pushes
/// prop changes to it and unmounts it when the component goes away. On the
/// server (and without JavaScript) it renders an empty host element.
#[component]
pub fn ReactWidget<P>(
    /// Widget name in the bundle's registry, e.g. `"map-view"`.
    name: &'static str,
    /// Props, serialized to a plain JS object (camelCase, as the widget's contract says).
    props: Signal<P>,
) -> impl IntoView
where
    P: serde::Serialize + Clone + Send + Sync + 'static,
{
    let host = NodeRef::<html::Div>::new();
    let assets = use_public_config().assets.clone();
    let handle = bindings::WidgetSlot::new();
    Effect::new(move |_| {
        let props = props.get();
        if let Some(el) = host.get() {
            handle.mount_or_update(&assets, name, el, &props);
        }
    });
    on_cleanup(move || handle.unmount());
    view! { <div class="widget-host" data-widget=name node_ref=host></div> }
}
