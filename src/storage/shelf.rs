//! The shelves a save goes on: the browser's localStorage, and a map for tests.

use super::*;

/// The browser's localStorage; every failure (private mode, quota, disabled) is an error value.
pub struct LocalShelf(Option<web_sys::Storage>);

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// localStorage, with two of its methods bound as this page needs them.
    type RawStorage;
    /// `getItem`, its string (or null) left in the browser: not copied into the wasm.
    #[wasm_bindgen(method, js_name = getItem)]
    fn item(this: &RawStorage, key: &str) -> wasm_bindgen::JsValue;
    /// `setItem` with a string already in the browser.
    #[wasm_bindgen(method, catch, js_name = setItem)]
    fn set_value(
        this: &RawStorage,
        key: &str,
        value: &wasm_bindgen::JsValue,
    ) -> Result<(), wasm_bindgen::JsValue>;
}

fn raw(store: &web_sys::Storage) -> &RawStorage {
    wasm_bindgen::JsCast::unchecked_ref(store)
}

thread_local! {
    /// Each key's text as this page last read or wrote it, beside the same text as the
    /// browser's string: whether the key still holds it is then one comparison of two strings
    /// in the browser, where reading it out would copy and decode the whole save (~1 ms late
    /// in a long game at 4× slowdown, on every tap).
    static SEEN: std::cell::RefCell<Vec<(String, String, wasm_bindgen::JsValue)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes (or, with `None`, forgets) what `key` holds, as text and as the browser's string.
fn seen(key: &str, text: Option<(&str, wasm_bindgen::JsValue)>) {
    SEEN.with_borrow_mut(|seen| {
        seen.retain(|(k, _, _)| k != key);
        if let Some((text, value)) = text {
            seen.push((key.to_string(), text.to_string(), value));
        }
    });
}

impl LocalShelf {
    pub fn open() -> LocalShelf {
        LocalShelf(web_sys::window().and_then(|w| w.local_storage().ok().flatten()))
    }
}

impl Shelf for LocalShelf {
    fn get(&self, key: &str) -> Option<String> {
        let value = raw(self.0.as_ref()?).item(key);
        let text = value.as_string();
        seen(key, text.as_deref().map(|t| (t, value)));
        text
    }
    fn holds_exactly(&self, key: &str, text: &str) -> bool {
        let Some(store) = self.0.as_ref() else {
            return false;
        };
        let held = SEEN.with_borrow(|seen| {
            let found = seen.iter().find(|(k, t, _)| k == key && t == text);
            found.map(|(_, _, value)| raw(store).item(key) == *value)
        });
        // not seen as this text: read it out
        held.unwrap_or_else(|| self.get(key).as_deref() == Some(text))
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
        let store = self.0.as_ref().ok_or(StorageError::NoStorage)?;
        let string = wasm_bindgen::JsValue::from_str(value);
        let set = raw(store).set_value(key, &string);
        // refused (quota, private mode): what the key holds now is not known
        seen(key, set.is_ok().then_some((value, string)));
        set.map_err(|_| StorageError::Refused)
    }
    fn remove(&mut self, key: &str) {
        seen(key, None);
        if let Some(store) = self.0.as_ref() {
            let _ = store.remove_item(key);
        }
    }
    fn keys(&self) -> Vec<String> {
        let Some(store) = self.0.as_ref() else {
            return Vec::new();
        };
        let count = store.length().unwrap_or(0);
        (0..count)
            .filter_map(|i| store.key(i).ok().flatten())
            .collect()
    }
}

/// A shelf in memory: the test shelf of the app's plain-Rust tests.
#[derive(Clone, Debug, Default)]
pub struct MemoryShelf(pub std::collections::BTreeMap<String, String>);

impl Shelf for MemoryShelf {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
        self.0.insert(key.into(), value.into());
        Ok(())
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.0.keys().cloned().collect()
    }
}
