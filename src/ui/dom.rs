//! The page's own HTML, read and written directly: forms written as HTML strings (the Play
//! tab's seats, the tables' form) keep their fields to themselves until a button reads them.

use wasm_bindgen::JsCast;

pub fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

fn input_at(selector: &str) -> Option<web_sys::HtmlInputElement> {
    document()?.query_selector(selector).ok()??.dyn_into().ok()
}

/// The text in the field `#id` ("" if there is none); emptied when `clear`.
pub fn take_field(id: &str, clear: bool) -> String {
    let Some(field) = input_at(&format!("#{id}")) else {
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

/// The values of the page's form fields matching `selector`, in page order.
pub fn field_values(selector: &str) -> Vec<String> {
    let Some(found) = document().and_then(|d| d.query_selector_all(selector).ok()) else {
        return Vec::new();
    };
    (0..found.length())
        .filter_map(|i| found.item(i))
        .filter_map(|node| {
            js_sys::Reflect::get(&node, &"value".into())
                .ok()?
                .as_string()
        })
        .collect()
}

/// Sets the HTML inside the element at `selector` (a form's refusal beside its fields).
pub fn set_html(selector: &str, html: &str) {
    if let Some(element) = document().and_then(|d| d.query_selector(selector).ok().flatten()) {
        element.set_inner_html(html);
    }
}
