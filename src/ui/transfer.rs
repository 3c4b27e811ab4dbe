//! Export and import in the browser: the download of an exported game and the reading of a
//! chosen file. What they hold and how an import is judged is plain Rust, in `crate::transfer`.

use crate::transfer::{data_url, export_text, file_name, ImportError, MAX_IMPORT_BYTES};
use molscrab_engine::game::Game;

/// Today's local date: (year, month 1–12, day 1–31).
fn today() -> (u32, u32, u32) {
    let now = js_sys::Date::new_0();
    (now.get_full_year(), now.get_month() + 1, now.get_date())
}

/// Offers the game's record as a download named after its kind and today's date.
pub fn download(game: &Game) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let (y, m, d) = today();
    let document = super::dom::document().ok_or("no page to download from")?;
    let link = document
        .create_element("a")
        .map_err(|_| "the browser refused to make a link")?;
    let name = file_name(game.kind(), y, m, d);
    let set = |k, v: &str| link.set_attribute(k, v).map_err(|_| "the link was refused");
    set("href", &data_url(&export_text(game)))?;
    set("download", &name)?;
    link.unchecked_into::<web_sys::HtmlElement>().click();
    Ok(())
}

/// Reads the file chosen in a file input, then calls `done` with its name and its text or
/// why it can't be read. The input is emptied, so choosing the same file again reads it again.
pub fn read_chosen_file(
    input: &web_sys::HtmlInputElement,
    done: impl FnOnce(String, Result<String, ImportError>) + 'static,
) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsValue;
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    input.set_value("");
    let name = file.name();
    if file.size() > MAX_IMPORT_BYTES as f64 {
        return done(name, Err(ImportError::TooLarge));
    }
    // one callback for both outcomes: the text, or (rejected) an error that is no string
    let read = Closure::once(move |text: JsValue| {
        let text = text.as_string().ok_or(ImportError::NotRead);
        done(name, text)
    });
    let _ = file.text().then2(&read, &read);
    // the closure must outlive this call; it is called once, by the browser
    read.forget();
}
