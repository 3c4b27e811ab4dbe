//! Export and import of game records (SPEC §8): the file's name and text, the download, the file read.
//!
//! The plain parts (name, data URL, validation) are ordinary Rust, tested natively; the browser
//! parts are the few calls at the bottom.

use molscrab_engine::error::LoadError;
use molscrab_engine::game::{Game, Loaded};
use molscrab_engine::record::Kind;

/// Files larger than this are refused before they are read: a long game's record is a few KB.
pub const MAX_IMPORT_BYTES: usize = 1_000_000;

/// `molscrab-solitaire-2026-11-30.json`: the kind and the local date of the export.
pub fn file_name(kind: Kind, year: u32, month: u32, day: u32) -> String {
    format!(
        "molscrab-{}-{year:04}-{month:02}-{day:02}.json",
        kind.code()
    )
}

/// A `data:` URL holding `text` as JSON (percent-encoded, so any text survives).
pub fn data_url(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut url = String::from("data:application/json;charset=utf-8,");
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            url.push(b as char);
        } else {
            url.push('%');
            url.push(HEX[(b >> 4) as usize] as char);
            url.push(HEX[(b & 15) as usize] as char);
        }
    }
    url
}

/// What an exported file holds: the game's start and moves, indented. The save's `"ui"` key
/// (unsubmitted tiles, screen) stays on this device: it is not part of the game.
pub fn export_text(game: &Game) -> String {
    let mut record = game.record();
    record.ui = None;
    record.to_json_pretty()
}

/// Why a file can't be imported; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Larger than any game's record could be.
    TooLarge,
    /// The browser could not read the file.
    NotRead,
    /// Its text is no game record, or a move in it breaks the rules.
    NotAGame(LoadError),
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportError::TooLarge => out.write_str("It is too large to be a game record."),
            ImportError::NotRead => out.write_str("It could not be read."),
            ImportError::NotAGame(e) => e.fmt(out),
        }
    }
}

/// An imported file's text as a game the engine replays to the end, or why not. The file's
/// own `"ui"` part (unsubmitted tiles) stays on the device that wrote it.
pub fn read_import(text: &str) -> Result<Loaded, ImportError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(ImportError::TooLarge);
    }
    let mut loaded = Game::load(text).map_err(ImportError::NotAGame)?;
    loaded.ui = None;
    Ok(loaded)
}

/// Today's local date: (year, month 1–12, day 1–31).
fn today() -> (u32, u32, u32) {
    let now = js_sys::Date::new_0();
    (now.get_full_year(), now.get_month() + 1, now.get_date())
}

/// Offers the game's record as a download named after its kind and today's date.
pub fn download(game: &Game) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let (y, m, d) = today();
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no page to download from")?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::record::GameRecord;

    #[test]
    fn an_export_is_named_after_its_kind_and_date() {
        assert_eq!(
            file_name(Kind::Solitaire, 2026, 11, 30),
            "molscrab-solitaire-2026-11-30.json"
        );
        assert_eq!(
            file_name(Kind::PassAndPlay, 2027, 1, 5),
            "molscrab-pass-and-play-2027-01-05.json"
        );
    }

    /// The inverse of `data_url`'s encoding, for the test.
    fn decode(url: &str) -> String {
        let body = url
            .strip_prefix("data:application/json;charset=utf-8,")
            .unwrap();
        let mut bytes = Vec::new();
        let mut it = body.bytes();
        while let Some(b) = it.next() {
            if b == b'%' {
                let hex = [it.next().unwrap(), it.next().unwrap()];
                bytes.push(u8::from_str_radix(std::str::from_utf8(&hex).unwrap(), 16).unwrap());
            } else {
                bytes.push(b);
            }
        }
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn the_data_url_carries_the_text_exactly() {
        let text = "{\n  \"players\": [\"Zoë 🧪\", \"a,b#c%d?e&f\"]\n}";
        let url = data_url(text);
        let body = &url["data:application/json;charset=utf-8,".len()..];
        assert!(
            body.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.~%".contains(&b)),
            "{url}"
        );
        assert_eq!(decode(&url), text);
    }

    fn played() -> GameRecord {
        let text = r#"{"format":"molscrab-game/1","kind":"solitaire","theory":true,"players":["You"],
            "first":0,"seed":1,"bag":["H","H","O","C","N","Na","Cl","O","O"],
            "moves":[{"play":[{"row":7,"col":6,"el":"H"},{"row":7,"col":7,"el":"H"},{"row":7,"col":8,"el":"O"}]}],
            "ui":{"tentative":[{"slot":0,"row":8,"col":8,"el":"C"}],"screen":"turn"}}"#;
        GameRecord::parse(text).unwrap()
    }

    #[test]
    fn an_export_is_the_game_without_the_ui_part_and_imports_back() {
        let record = played();
        let game = Game::replay(&record).unwrap();
        let text = export_text(&game);
        assert!(text.contains("\n  \"moves\""), "indented: {text}");
        assert!(!text.contains("\"ui\""), "{text}");
        let back = read_import(&text).unwrap();
        assert_eq!(back.ui, None);
        assert_eq!(back.game.scores(), game.scores());
        assert_eq!(back.game.moves(), record.moves.as_slice());
        // the file's own "ui" is left out on import too
        assert_eq!(read_import(&record.to_json()).unwrap().ui, None);
    }

    #[test]
    fn an_import_that_is_not_json_says_so() {
        let e = read_import("{\"format\": \"molscrab-game/1\", trunc").unwrap_err();
        let e = e.to_string();
        assert!(e.contains("not JSON"), "{e}");
    }

    #[test]
    fn an_import_of_an_unknown_format_names_it() {
        let text = played()
            .to_json()
            .replace("molscrab-game/1", "molscrab-game/9");
        let e = read_import(&text).unwrap_err().to_string();
        assert!(e.contains("molscrab-game/9"), "{e}");
    }

    #[test]
    fn an_import_with_an_illegal_move_names_the_move() {
        // the second play puts O on the occupied centre star
        let text = played().to_json().replace(
            "]}]",
            "]},{\"play\":[{\"row\":7,\"col\":7,\"el\":\"O\"},{\"row\":8,\"col\":7,\"el\":\"O\"}]}]",
        );
        let e = read_import(&text).unwrap_err().to_string();
        assert!(
            e.starts_with("Move 2 of this game breaks the rules: "),
            "{e}"
        );
    }
}
