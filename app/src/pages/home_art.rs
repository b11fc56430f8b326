//! The consent flow drawn once, above "How locating works": the requester
//! types a number, the owner's phone gets the link and answers yes or no,
//! and only a yes puts the pin on the map. Decorative (the steps below say
//! it in words), inline so it costs no request, about 1.5 KB before
//! compression.
use leptos::prelude::*;

/// A phone outline at `x` (60 × 112 units), its screen drawn by the caller.
fn phone(x: u32) -> impl IntoView {
    view! {
        <rect x=x y="14" width="60" height="112" rx="10" fill="#fff" stroke="#0f766e" stroke-width="3"></rect>
        <rect x={x + 22} y="20" width="16" height="3" rx="1.5" fill="#99c7c2"></rect>
    }
}

/// An arrow from `x` to `x + 52` at the middle height.
fn arrow(x: u32) -> impl IntoView {
    let d = format!("M{x} 70h46m-8-7 8 7-8 7");
    view! { <path d=d fill="none" stroke="#4b5563" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"></path> }
}

/// The three steps side by side.
#[component]
pub fn ConsentFlowArt() -> impl IntoView {
    view! {
        <svg class="flow-art" viewBox="0 0 420 140" width="420" height="140" aria-hidden="true" focusable="false">
            {phone(10)}
            <rect x="18" y="44" width="44" height="14" rx="3" fill="#e5e7eb"></rect>
            <rect x="22" y="49" width="28" height="4" rx="2" fill="#4b5563"></rect>
            <rect x="18" y="66" width="44" height="14" rx="7" fill="#0f766e"></rect>
            {arrow(84)}
            {phone(150)}
            <rect x="157" y="36" width="46" height="30" rx="6" fill="#ccfbf1"></rect>
            <rect x="163" y="44" width="34" height="4" rx="2" fill="#0f766e"></rect>
            <rect x="163" y="53" width="24" height="4" rx="2" fill="#0f766e"></rect>
            <circle cx="167" cy="88" r="10" fill="#0f766e"></circle>
            <path d="M162 88l3.5 3.5 6.5-7" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"></path>
            <circle cx="193" cy="88" r="10" fill="#fff" stroke="#9ca3af" stroke-width="2"></circle>
            <path d="M189 84l8 8m0-8-8 8" stroke="#9ca3af" stroke-width="2.5" stroke-linecap="round"></path>
            {arrow(224)}
            <rect x="290" y="14" width="120" height="112" rx="10" fill="#f0fdfa" stroke="#0f766e" stroke-width="3"></rect>
            <path d="M290 56h120M330 14v112M370 80l40-30" fill="none" stroke="#d1e7e4" stroke-width="6"></path>
            <path d="M350 98c-9-11-15-18-15-28a15 15 0 0 1 30 0c0 10-6 17-15 28z" fill="#0f766e"></path>
            <path d="M343.5 70l4.5 4.5 8.5-9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"></path>
        </svg>
    }
}
