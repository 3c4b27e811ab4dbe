//! Own-device tables on this device (RULES §10.4), the plain part: a table's save (its
//! game record plus `"table": {"id", "seat"}`, one localStorage key each), where a table stands
//! for this device, and the words for what a link did.
//!
//! The links themselves are written and read by the engine's worker (`crates/worker/src/
//! tables.rs`, on `molscrab_engine::table_link`): the page only keeps the saves and asks, so
//! none of the link code weighs on its first load.

use molscrab_engine::game::{Game, Loaded};
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_json::Value;

use crate::storage::NotASave;

/// Every table's save is under this prefix and its 11-character id.
pub const KEY_PREFIX: &str = "molscrab.table.";

/// The table a game belongs to, and the one seat this device plays at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtTable {
    /// The table id as saves write it: 11 base64url characters.
    pub id: String,
    pub seat: usize,
}

/// The localStorage key of the table `id`.
pub fn key(id: &str) -> String {
    format!("{KEY_PREFIX}{id}")
}

// the table id's text: its 8 bytes as 11 base64url characters, the last one's 2 unused bits 0
// (the one spelling the engine reads)
fn is_id(id: &str) -> bool {
    let bytes = id.as_bytes();
    bytes.len() == 11
        && bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && b"AEIMQUYcgkosw048".contains(&bytes[10])
}

/// The table id in `key`, when it is a table's key (not one kept aside, say).
pub fn id_of_key(key: &str) -> Option<&str> {
    key.strip_prefix(KEY_PREFIX).filter(|id| is_id(id))
}

/// A table's save: its game record (with the app's `"ui"`) plus `"table": {"id", "seat"}`,
/// as `TableState::to_json` writes it, so the engine's worker reads it back as a table.
pub fn save_text(record: &GameRecord, at: &AtTable) -> String {
    let mut value = record.to_value();
    if let Value::Object(map) = &mut value {
        let table = Value::object([("id", at.id.as_str().into()), ("seat", at.seat.into())]);
        map.insert("table".into(), table);
    }
    value.to_string()
}

/// A table read from its save.
#[derive(Clone, Debug)]
pub struct SavedTable {
    pub at: AtTable,
    pub loaded: Loaded,
}

/// Reads a table's save: the game (every check of a record, replayed) and its `"table"` part.
/// Never panics.
pub fn read_save(text: &str) -> Result<SavedTable, NotASave> {
    let loaded = Game::load(text).map_err(NotASave::NotAGame)?;
    if loaded.game.kind() != Kind::PassAndPlay {
        return Err(NotASave::OtherKind);
    }
    // it read as a record, so it is JSON within the reader's caps
    let value = molscrab_json::parse(text).ok();
    let part = value.as_ref().and_then(|v| v.get("table"));
    let id = part
        .and_then(|t| t.get("id"))
        .and_then(Value::as_str)
        .filter(|id| is_id(id))
        .ok_or(NotASave::NotATable(
            "its table id is not 11 letters and digits",
        ))?;
    let seat = part
        .and_then(|t| t.get("seat"))
        .and_then(Value::as_u64)
        .and_then(|s| usize::try_from(s).ok())
        .filter(|&s| s < loaded.game.players().len())
        .ok_or(NotASave::NotATable("its seat is not one of its game's"))?;
    let at = AtTable {
        id: id.to_string(),
        seat,
    };
    Ok(SavedTable { at, loaded })
}

/// The engine's worker's answer to a link opened on this device ("table-open").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkAnswer {
    /// An invitation joined, or new moves applied: the table's save, and what happened in
    /// words; `aside`, when the table's history replaced a move this device made: the key to
    /// keep the table as this device had it under (`molscrab.table.<id>.aside.<its moves'
    /// check>`), a line break, and its save (the page keeps it before it saves the table).
    Table {
        text: String,
        news: String,
        aside: Option<String>,
    },
    /// Every move of the link was here already: the table's id, and that in words.
    NothingNew { id: String, news: String },
    /// Not a table link at all: why, said only about text the player pasted (another `#`
    /// fragment in the address is none of the game's business).
    Ignored(String),
}

impl LinkAnswer {
    /// Reads the worker's answer; `None` for anything else.
    pub fn from_value(answer: &Value) -> Option<LinkAnswer> {
        // a save may be longer than one JSON string: `Value::long_string`
        let text = |key| answer.get(key).and_then(Value::as_long_str);
        let aside = text("aside");
        Some(match (text("table"), text("nothing_new"), text("news")) {
            (Some(text), _, Some(news)) => LinkAnswer::Table { text, news, aside },
            (_, Some(id), Some(news)) => LinkAnswer::NothingNew { id, news },
            _ => LinkAnswer::Ignored(text("ignored")?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::record::Move;

    fn record(players: &[&str]) -> GameRecord {
        let players = players.iter().map(|p| p.to_string()).collect();
        GameRecord::new_game(
            Kind::PassAndPlay,
            molscrab_engine::referee::Mode::Theory,
            players,
            0,
            5,
        )
    }

    fn at(seat: usize) -> AtTable {
        AtTable {
            id: "AbCdEfGh-_0".into(),
            seat,
        }
    }

    #[test]
    fn a_save_reads_back_with_its_table_and_seat() {
        let mut record = record(&["Ada", "Bo", "Cy"]);
        record.moves.push(Move::Pass);
        let saved = read_save(&save_text(&record, &at(2))).expect("reads");
        assert_eq!(saved.at, at(2));
        assert_eq!(saved.loaded.game.moves(), [Move::Pass]);
        assert_eq!(saved.loaded.game.to_move(), 1);
    }

    #[test]
    fn a_save_without_a_good_table_part_is_not_a_table() {
        let text = record(&["Ada", "Bo"]).to_json();
        assert!(matches!(read_save(&text), Err(NotASave::NotATable(_))));
        let bad_seat = save_text(&record(&["Ada", "Bo"]), &at(2));
        assert!(matches!(read_save(&bad_seat), Err(NotASave::NotATable(_))));
        let mut bad_id = at(0);
        bad_id.id = "short".into();
        let bad_id = save_text(&record(&["Ada", "Bo"]), &bad_id);
        assert!(matches!(read_save(&bad_id), Err(NotASave::NotATable(_))));
        let solo = GameRecord::new_game(
            Kind::Solitaire,
            molscrab_engine::referee::Mode::Theory,
            vec!["You".into()],
            0,
            1,
        );
        assert_eq!(
            read_save(&save_text(&solo, &at(0))).unwrap_err(),
            NotASave::OtherKind
        );
        assert!(matches!(read_save("{"), Err(NotASave::NotAGame(_))));
    }

    #[test]
    fn every_id_the_engine_writes_names_a_table_key() {
        use molscrab_engine::table_link::TableId;
        for n in [0, 1, 3, u64::MAX, 0x0123_4567_89ab_cdef, 1 << 63] {
            let id = TableId(n).text();
            assert_eq!(id_of_key(&key(&id)), Some(id.as_str()));
        }
    }

    #[test]
    fn only_a_tables_own_key_names_a_table() {
        assert_eq!(id_of_key("molscrab.table.AbCdEfGh-_0"), Some("AbCdEfGh-_0"));
        for other in [
            "molscrab.table.AbCdEfGh-_1",
            "molscrab.table.AbCdEfGh-_0.unreadable",
            "molscrab.table.AbCdEfGh-_",
            "molscrab.save.solitaire",
            "molscrab.table.AbCdEfGh+/0",
        ] {
            assert_eq!(id_of_key(other), None, "{other}");
        }
    }

    #[test]
    fn the_workers_answers_are_read_and_anything_else_is_not() {
        let read = |text: &str| LinkAnswer::from_value(&molscrab_json::parse(text).unwrap());
        assert_eq!(
            read(r#"{"table": "{}", "news": "2 new moves applied"}"#),
            Some(LinkAnswer::Table {
                text: "{}".into(),
                news: "2 new moves applied".into(),
                aside: None,
            })
        );
        assert_eq!(
            read(r#"{"table": "{}", "news": "n", "aside": ["k\n{\"a", "\"}"]}"#),
            Some(LinkAnswer::Table {
                text: "{}".into(),
                news: "n".into(),
                aside: Some("k\n{\"a\"}".into()),
            })
        );
        assert_eq!(
            read(r#"{"nothing_new": "x", "news": "n"}"#),
            Some(LinkAnswer::NothingNew {
                id: "x".into(),
                news: "n".into()
            })
        );
        assert_eq!(
            read(r#"{"ignored": "why"}"#),
            Some(LinkAnswer::Ignored("why".into()))
        );
        for odd in [r#"{"table": "{}"}"#, "{}", "[1]", r#"{"ignored": 1}"#] {
            assert_eq!(read(odd), None, "{odd}");
        }
    }
}
