//! The product's mark: a location pin with a tick inside a circle ("a
//! position, only with a yes"). One inline SVG of a few hundred bytes, the
//! same drawing as `public/favicon.svg` and the app icons.
use leptos::prelude::*;

/// The mark, decorative (the site name always stands next to it).
#[component]
pub fn BrandMark(
    /// Width and height in CSS pixels.
    #[prop(default = 28)]
    size: u32,
) -> impl IntoView {
    view! {
        <svg
            class="brand-mark"
            width=size
            height=size
            viewBox="0 0 32 32"
            aria-hidden="true"
            focusable="false"
        >
            <circle cx="16" cy="16" r="16" fill="#0f766e"></circle>
            <path d="M16 27.5c-4.3-5.6-7.5-9-7.5-14.3a7.5 7.5 0 0 1 15 0c0 5.3-3.2 8.7-7.5 14.3z" fill="#fff"></path>
            <path
                d="M12.7 13.4l2.3 2.3 4.4-4.6"
                fill="none"
                stroke="#0f766e"
                stroke-width="2.2"
                stroke-linecap="round"
                stroke-linejoin="round"
            ></path>
        </svg>
    }
}
