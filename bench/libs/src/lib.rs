//! One function per feature, the same work each way: read a JSON text and write it back, or
//! keep a text in localStorage and read it again.

use wasm_bindgen::prelude::*;

#[cfg(feature = "none")]
#[wasm_bindgen]
pub fn run(text: &str) -> String {
    text.to_string()
}

#[cfg(feature = "json-own")]
#[wasm_bindgen]
pub fn run(text: &str) -> String {
    match molscrab_json::parse(text) {
        Ok(value) => value.to_string(),
        Err(e) => e.to_string(),
    }
}

#[cfg(feature = "json-serde")]
#[wasm_bindgen]
pub fn run(text: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(value) => value.to_string(),
        Err(e) => e.to_string(),
    }
}

#[cfg(feature = "storage-own")]
#[wasm_bindgen]
pub fn run(text: &str) -> String {
    let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else {
        return "no storage".into();
    };
    if storage.set_item("k", text).is_err() {
        return "refused".into();
    }
    storage.get_item("k").ok().flatten().unwrap_or_default()
}

#[cfg(feature = "storage-gloo")]
#[wasm_bindgen]
pub fn run(text: &str) -> String {
    use gloo_storage::{LocalStorage, Storage};
    if LocalStorage::set("k", text).is_err() {
        return "refused".into();
    }
    LocalStorage::get::<String>("k").unwrap_or_default()
}
