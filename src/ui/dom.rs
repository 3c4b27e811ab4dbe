//! The page's own HTML, read and written directly: forms written as HTML strings (the tables'
//! form, the variants' boxes) keep their fields to themselves until a button reads them. The
//! Play tab's seats feed signals as they are typed in instead (`ui/seats.rs`).

use js_sys::Reflect;
use wasm_bindgen::JsValue;

pub fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// The page's first element matching `selector`, if there is one.
pub fn find(selector: &str) -> Option<web_sys::Element> {
    document()?.query_selector(selector).ok()?
}

// a field's property (its "value", a box's "checked") read like any object's: no binding of
// its own for each kind of field
fn property(selector: &str, name: &str) -> Option<(web_sys::Element, JsValue)> {
    let field = find(selector)?;
    let value = Reflect::get(&field, &name.into()).ok()?;
    Some((field, value))
}

/// The text in the field `#id` ("" if there is none), left there: a refused link can be
/// mended where it was pasted, so the box is not emptied.
pub fn take_field(id: &str) -> String {
    let Some((_, value)) = property(&format!("#{id}"), "value") else {
        return String::new();
    };
    value.as_string().unwrap_or_default()
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
