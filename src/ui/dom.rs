//! The page's own HTML, found and written directly. No field is read back from here: forms
//! feed signals as they are typed in (`ui/seats.rs`, `ui/tables.rs`, `ui/daily.rs`).

pub fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// The page's first element matching `selector`, if there is one.
pub fn find(selector: &str) -> Option<web_sys::Element> {
    document()?.query_selector(selector).ok()?
}
