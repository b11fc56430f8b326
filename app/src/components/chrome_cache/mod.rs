//! The header and footer, rendered once per language and page and copied
//! into every later render of that page: building them was about a fifth
//! of a page rendered per request (callgrind, release). A member's header
//! is kept with holes for what names them (their e-mail and count of new
//! updates, [`member`]). An address with campaign pairs (carried on every
//! link) gets its chrome rendered afresh. The footer's cookie settings link
//! returns to the very address: the one hole in the kept footer, filled per
//! render. Only the server renders the chrome (islands hydrate, the chrome
//! never does), so the browser build keeps nothing.
use crate::components::{Footer, Header};
use crate::routes::Page;
use leptos::either::Either;
use leptos::prelude::*;
use leptos::tachys::html::InertElement;

/// The site header of `page`.
pub fn header(page: Page) -> impl IntoView {
    match kept::header(page) {
        Some(html) => Either::Left(html),
        None => Either::Right(view! { <Header page=page/> }),
    }
}

/// The site footer of `page`.
pub fn footer(page: Page) -> impl IntoView {
    match kept::footer(page) {
        Some(html) => Either::Left(html),
        None => Either::Right(view! { <Footer/> }),
    }
}

#[cfg(feature = "hydrate")]
mod kept {
    use super::{InertElement, Page};

    pub fn header(_page: Page) -> Option<InertElement> {
        None
    }

    pub fn footer(_page: Page) -> Option<InertElement> {
        None
    }
}

#[cfg(not(feature = "hydrate"))]
mod kept;
#[cfg(not(feature = "hydrate"))]
mod member;

#[cfg(all(test, feature = "ssr"))]
mod tests;
