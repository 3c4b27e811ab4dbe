//! Export and import of game records (RULES §8), the plain part: the file's name, its text as a
//! `data:` URL, what an export holds, and an imported file read as a game or refused with why.
//! No web dependency, so the app state (`src/table/`) uses it and it is tested natively; the
//! browser calls (the download, reading a chosen file) are in `ui/transfer.rs`.

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
            // the engine's sentence is its worker's to write (`ImportRefused::refused`)
            ImportError::NotAGame(_) => {
                std::fmt::Write::write_char(out, crate::storage::ENGINE_SENTENCE)
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{put_why, with_worker_why};
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
        let text = "{\"format\": \"molscrab-game/1\", trunc";
        let e = read_import(text).unwrap_err();
        // the engine's worker says why (the page asks it); a stand-in until it does
        let waiting = put_why(&e.to_string(), &mut std::iter::empty(), true);
        assert_eq!(waiting, "It is not a game record this version can read.");
        let e = with_worker_why(&e.to_string(), &[text], true);
        assert!(e.contains("not JSON"), "{e}");
    }

    #[test]
    fn an_import_of_an_unknown_format_names_it() {
        let text = played()
            .to_json()
            .replace("molscrab-game/1", "molscrab-game/9");
        let e = read_import(&text).unwrap_err().to_string();
        let e = with_worker_why(&e, &[&text], true);
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
        let e = with_worker_why(&e, &[&text], true);
        assert!(
            e.starts_with("Move 2 of this game breaks the rules: "),
            "{e}"
        );
    }
}
