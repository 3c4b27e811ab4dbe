//! The page's own HTML, read directly: forms written as HTML strings (the Pass and Play names,
//! the tables' form) keep their fields to themselves until a button reads them.

use wasm_bindgen::JsCast;

pub fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

fn input(id: &str) -> Option<web_sys::HtmlInputElement> {
    document()?.get_element_by_id(id)?.dyn_into().ok()
}

fn input_at(selector: &str) -> Option<web_sys::HtmlInputElement> {
    document()?.query_selector(selector).ok()??.dyn_into().ok()
}

/// The text in the field `id` ("" if there is none); emptied when `clear`.
pub fn take_field(id: &str, clear: bool) -> String {
    let Some(field) = input(id) else {
        return String::new();
    };
    let text = field.value();
    if clear {
        field.set_value("");
    }
    text
}

/// Whether the checkbox at `selector` is ticked (`true` if it is missing: the default shown).
pub fn ticked(selector: &str) -> bool {
    input_at(selector).is_none_or(|i| i.checked())
}
