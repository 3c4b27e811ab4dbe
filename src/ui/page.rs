//! The How to play and Reference card tabs: their pages are files in lazy/ (written from the
//! engine by `crate::pages`), fetched the first time their tab opens.

use super::markup::{self, html, Html};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

const FAILED: &str = "<p role=\"alert\">This page could not be loaded: it has not been saved on \
this device yet and the network did not answer. Connect to the internet, then open this tab \
again.</p>";

/// Fills the article `id` with the file its `data-src` names. After a success the attribute
/// goes, so later openings do nothing; after a failure it stays, so the next opening tries again.
/// Promise callbacks rather than `async`: an executor would cost more wasm than these two.
pub fn open(id: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(article) = window.document().and_then(|d| d.get_element_by_id(id)) else {
        return;
    };
    let Some(src) = article.get_attribute("data-src") else {
        return;
    };
    // one callback for both outcomes of the fetch, as in `transfer::read_chosen_file`
    let read = Closure::once(move |response: JsValue| {
        let text = response
            .dyn_into::<web_sys::Response>()
            .ok()
            .filter(|r| r.ok())
            .and_then(|r| r.text().ok());
        let Some(text) = text else {
            return markup::set(&article, &html!(FAILED));
        };
        let fill = Closure::once(move |html: JsValue| match html.as_string() {
            Some(page) => {
                markup::set(&article, &shipped_page(page));
                let _ = article.remove_attribute("data-src");
            }
            None => markup::set(&article, &html!(FAILED)),
        });
        let _ = text.then2(&fill, &fill);
        fill.forget();
    });
    let _ = window.fetch_with_str(&src).then2(&read, &read);
    // called once, by the browser, after this returns
    read.forget();
}

/// A page of this build, fetched from the page's own origin: `lazy/rules.html` or
/// `lazy/card.html`, written as [`Html`] by `crate::pages`.
#[expect(
    clippy::disallowed_methods,
    reason = "this build's own page, written as `Html` from the engine's constants"
)]
fn shipped_page(page: String) -> Html {
    Html::from_shipped_page(page)
}
