//! The save: its `ui` part as a type ([`SaveUi`], with the version of its form), the save's
//! text and its brief.
//!
//! A save is the game record's JSON plus a top-level `"ui"` key the engine keeps as written.
//! The record is the engine's and is read by it; the `ui` part is the page's, and reading it
//! never fails: a field that doesn't read is dropped, never the save, so a `ui` part of any
//! older form, or of a newer one, still opens its game.

use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::record::GameRecord;
use molscrab_json::{Map, Value};

use super::{Screen, Session, Tentative};

/// The save's `ui` part: what of a game in play is the page's own, beside its record.
///
/// Its forms, oldest first (none before this build's wrote `"version"`, and all read as
/// version 0): `tentative` and `screen`; then `rack` (the player to move's order) or
/// `imported`, and both; `daily` (written first by the engine's worker, alone); `racks` (each
/// seat's order, beside `rack`); and version 1, this build's, the same keys with `"version"`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveUi {
    /// The form it was read from: 0 for one written before the forms were numbered (or whose
    /// version doesn't read as a number), [`SaveUi::VERSION`] for this build's. A newer one's
    /// fields are read as this build knows them, and whatever doesn't read is dropped.
    pub version: u32,
    /// This turn's unsubmitted tiles, each as saved (whether it still fits the board and rack
    /// is the session's to check).
    pub tentative: Vec<Tentative>,
    /// The screen showing when it was saved (a game reopens on the screen its state calls for).
    pub screen: Option<Screen>,
    /// The rack order of the player to move: the only one an older save has.
    pub rack: Vec<Tile>,
    /// Each seat's rack order, in a game of two seats or more.
    pub racks: Option<Vec<Vec<Tile>>>,
    /// Opened from an imported file: it counts towards no personal best.
    pub imported: bool,
    /// A Daily Bench game's day.
    pub daily: Option<Daily>,
}

/// A Daily Bench game's day and whether it is practice, as the engine's worker writes them at
/// its start (`{"date": "2026-11-30", "practice": false}`) and reads them back at its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Daily {
    pub date: String,
    pub practice: bool,
}

impl Daily {
    /// A saved day; `None` without a date, a practice flag that doesn't read is no practice.
    fn read(value: &Value) -> Option<Daily> {
        Some(Daily {
            date: value.get("date")?.as_str()?.to_string(),
            practice: value.get("practice").and_then(Value::as_bool) == Some(true),
        })
    }

    fn to_value(&self) -> Value {
        Value::object([
            ("date", self.date.as_str().into()),
            ("practice", self.practice.into()),
        ])
    }
}

impl SaveUi {
    /// The version of the form this build writes.
    pub const VERSION: u32 = 1;

    /// Reads a save's `ui` part of any form, never failing: a field that doesn't read is
    /// dropped (anything but an object reads as no field at all).
    pub fn read(ui: &Value) -> SaveUi {
        let version = ui.get("version").and_then(Value::as_u64);
        let tentative = ui.get("tentative").and_then(Value::as_array);
        let racks = ui.get("racks").and_then(Value::as_array);
        SaveUi {
            version: version.and_then(|v| u32::try_from(v).ok()).unwrap_or(0),
            tentative: tentative
                .into_iter()
                .flatten()
                .filter_map(Tentative::from_value)
                .collect(),
            screen: ui
                .get("screen")
                .and_then(Value::as_str)
                .and_then(Screen::from_code),
            rack: crate::arrange::from_value(ui.get("rack")),
            racks: racks.map(|racks| {
                let each = racks.iter().map(|r| crate::arrange::from_value(Some(r)));
                each.collect()
            }),
            imported: ui.get("imported").and_then(Value::as_bool) == Some(true),
            daily: ui.get("daily").and_then(Daily::read),
        }
    }

    /// This build's form: `{"version": 1, "tentative": [...], "screen": "turn", "rack": [...]}`,
    /// with `"racks"`, `"imported": true` and `"daily"` when there are.
    pub fn to_value(&self) -> Value {
        let tentative = self.tentative.iter().map(|t| t.to_value()).collect();
        let mut ui = Map::new();
        ui.insert("version".into(), SaveUi::VERSION.into());
        ui.insert("tentative".into(), Value::Array(tentative));
        if let Some(screen) = self.screen {
            ui.insert("screen".into(), screen.code().into());
        }
        ui.insert("rack".into(), crate::arrange::to_value(&self.rack));
        if let Some(racks) = &self.racks {
            let racks = racks.iter().map(|o| crate::arrange::to_value(o));
            ui.insert("racks".into(), Value::Array(racks.collect()));
        }
        if self.imported {
            ui.insert("imported".into(), true.into());
        }
        if let Some(daily) = &self.daily {
            ui.insert("daily".into(), daily.to_value());
        }
        Value::Object(ui)
    }
}

impl Tentative {
    /// As saved: `{"slot":0,"row":7,"col":7,"el":"H","wild":false}`.
    fn to_value(self) -> Value {
        Value::object([
            ("slot", self.slot.into()),
            ("row", self.row.into()),
            ("col", self.col.into()),
            ("el", self.el.symbol().into()),
            ("wild", self.wild.into()),
        ])
    }

    /// A saved tentative tile; `None` for anything that doesn't read as one.
    fn from_value(value: &Value) -> Option<Tentative> {
        let small = |key: &str| value.get(key).and_then(Value::as_u64);
        Some(Tentative {
            slot: usize::try_from(small("slot")?).ok()?,
            row: u8::try_from(small("row")?).ok()?,
            col: u8::try_from(small("col")?).ok()?,
            el: Element::from_symbol(value.get("el")?.as_str()?)?,
            wild: match value.get("wild") {
                None | Some(Value::Null) => false,
                Some(v) => v.as_bool()?,
            },
        })
    }
}

/// What a session's save holds, in brief, to tell a change to save from a tap that changes none
/// of it (a tile lifted, the cursor moved): the session, its number of moves (a session's game
/// only ever gains moves), and a 64-bit hash (FNV-1a) of the rest that can change: this turn's
/// tiles, the rack's order, the screen and the import flag.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SaveBrief(u32, usize, u64);

/// The start of a save's text (before its `"ui"` part) and the game it was written from: its
/// session, its number of moves, and whether a hint was asked before the move to come.
pub type SaveHead = Option<((u32, usize, bool), String)>;

impl Session {
    /// The save's brief ([`SaveBrief`]): equal to an earlier one, the save would be the same.
    pub fn save_brief(&self) -> SaveBrief {
        let mut hash = 0xcbf2_9ce4_8422_2325_u64;
        let mut add = |x: u64| hash = (hash ^ x).wrapping_mul(0x100_0000_01b3);
        for t in &self.tentative {
            let el = t.el.index() as u64;
            add(t.slot as u64 | u64::from(t.row) << 8 | u64::from(t.col) << 16 | el << 24);
            add(u64::from(t.wild));
        }
        // the rack's order after this turn's tiles: a Wild Isotope counts as 255
        add(u64::MAX);
        for order in &self.orders {
            add(u64::MAX - 1);
            for tile in order {
                add(match tile {
                    Tile::Element(e) => e.index() as u64,
                    Tile::Wild => 255,
                });
            }
        }
        add(self.screen() as u64);
        add(u64::from(self.imported));
        SaveBrief(self.opened, self.game.moves().len(), hash)
    }

    /// The record to save: start, moves, and the UI part (tentative tiles, screen).
    pub fn to_record(&self) -> GameRecord {
        let mut record = self.game.record();
        record.ui = Some(self.ui());
        record
    }

    /// The save's text, `to_record().to_json()`, with the part before `"ui"` (start and moves)
    /// taken from `head` while this game's record is the one it was written from: a tap that
    /// only moves this turn's tiles writes the small `ui` part alone (the whole record was
    /// ~40 % of a placed tile's script late in a long game).
    pub fn save_text(&self, head: &mut SaveHead) -> String {
        format!("{},\"ui\":{}}}", self.record_head(head), self.ui())
    }

    /// The game's record as JSON text without a `ui` part (what the engine's worker is asked
    /// about), from `head` while it is this game's, as [`Session::save_text`]: a Submit wrote
    /// the record out twice, once for the save and once for the worker's question.
    pub fn record_text(&self, head: &mut SaveHead) -> String {
        let mut text = self.record_head(head).to_string();
        text.push('}');
        text
    }

    /// The record's text without `ui` and without its closing brace, kept in `head` with the
    /// game it was written from.
    fn record_head<'a>(&self, head: &'a mut SaveHead) -> &'a str {
        // the record changes with a move, and with a hint asked (noted before the move to come)
        let moves = self.game.moves().len();
        let key = (self.opened, moves, self.game.hinted_before(moves));
        if !matches!(head, Some((at, _)) if *at == key) {
            // (the game's start keeps the `ui` part of the save it was opened from)
            let mut record = self.game.record();
            record.ui = None;
            let mut text = record.to_json();
            // its closing brace: the `ui` part goes before it
            text.pop();
            *head = Some((key, text));
        }
        head.as_ref().map_or("", |(_, text)| text.as_str())
    }

    /// The save's `ui` part as written: this turn's tiles, the screen, the racks' orders, the
    /// import flag and the Daily Bench's day.
    pub fn save_ui(&self) -> SaveUi {
        SaveUi {
            version: SaveUi::VERSION,
            tentative: self.tentative.clone(),
            screen: Some(self.screen()),
            rack: self.order().to_vec(),
            racks: (self.game.players().len() > 1).then(|| self.orders.clone()),
            imported: self.imported,
            daily: self.daily.clone(),
        }
    }

    fn ui(&self) -> Value {
        self.save_ui().to_value()
    }

    /// Puts a save's `ui` part back on a session just opened: the unsubmitted tiles that still
    /// fit its board and rack, each seat's rack order, the import flag and the Daily Bench's day.
    pub(super) fn restore(&mut self, ui: SaveUi) {
        self.imported = ui.imported;
        self.daily = ui.daily;
        // each seat's arrangement; a save from before they were kept apart has the one of the
        // player to move
        match ui.racks {
            Some(racks) => {
                let seats = self.game.players().len();
                self.orders = racks.into_iter().take(seats).collect();
            }
            None => self.arrange(ui.rack),
        }
        for t in ui.tentative {
            if self.can_hold(t) {
                self.tentative.push(t);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testing::*;
    use molscrab_engine::board::Placement;
    use molscrab_engine::elements::Element::*;
    use molscrab_engine::elements::Tile;
    use molscrab_engine::record::GameRecord;

    #[test]
    fn the_save_text_kept_between_moves_is_always_the_whole_record() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H N N K K");
        let mut head: SaveHead = None;
        let mut check = |s: &Session, what: &str| {
            assert_eq!(s.save_text(&mut head), s.to_record().to_json(), "{what}");
            // and the record the worker is asked about: the same, without `ui`
            let mut record = s.to_record();
            record.ui = None;
            assert_eq!(s.record_text(&mut head), record.to_json(), "{what}");
        };
        check(&s, "a new game");
        place(&mut s, Tile::Element(H), 7, 6);
        check(&s, "a tile placed");
        place(&mut s, Tile::Element(H), 7, 7);
        place(&mut s, Tile::Element(O), 7, 8);
        check(&s, "three tiles placed");
        assert!(s.submit().is_some(), "water");
        check(&s, "a move made");
        let mut order = s.order().to_vec();
        order.reverse();
        s.arrange(order);
        check(&s, "the rack arranged");
        // a hint asked before the move to come is in the record, not in `ui`
        let hint = [Placement::new(6, 8, C)];
        assert!(s.show_hint(1, &hint, "A hint."));
        check(&s, "a hint asked");
        s.recall();
        check(&s, "recalled");
        // a save opened again, its `ui` part in the game's start: written once, not twice
        let mut again = open(GameRecord::parse(&s.save_text(&mut None)).expect("reads"));
        check(&again, "opened from its save");
        place(&mut again, Tile::Element(Cl), 6, 8);
        check(&again, "a tile placed after opening");
        // another game, with as many moves: its own head
        let other = solitaire(true, "O O H C C Na Cl O O O H H N N K K");
        check(&other, "another game");
    }

    #[test]
    fn resuming_restores_unsubmitted_tiles_exactly() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        place(&mut s, Tile::Element(H), 7, 6);
        place(&mut s, Tile::Element(O), 7, 7);
        let saved = GameRecord::parse(&s.to_record().to_json()).unwrap();
        let back = open(saved);
        assert_eq!(back.tentative(), s.tentative());
        assert_eq!(back.screen(), Screen::Turn);
    }

    #[test]
    fn tentative_tiles_that_no_longer_fit_are_dropped_on_resume() {
        let s = solitaire(true, "H H O C C Na Cl O O O H H");
        let mut record = s.to_record();
        record.ui = molscrab_json::parse(
            r#"{"tentative": [
                {"slot": 0, "row": 7, "col": 7, "el": "U"},
                {"slot": 99, "row": 7, "col": 8, "el": "H"},
                {"slot": 1, "row": 40, "col": 8, "el": "H"}
            ]}"#,
        )
        .ok();
        assert!(record.ui.is_some());
        let back = open(record);
        assert!(back.tentative().is_empty());
    }

    #[test]
    fn an_imported_game_stays_imported_when_saved_and_resumed() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        assert!(!s.imported());
        s.mark_imported();
        let back = open(s.to_record());
        assert!(back.imported(), "kept in the save's ui part");
    }

    fn tile(slot: usize, row: u8, col: u8, el: Element, wild: bool) -> Tentative {
        Tentative {
            slot,
            row,
            col,
            el,
            wild,
        }
    }

    fn read(text: &str) -> SaveUi {
        SaveUi::read(&molscrab_json::parse(text).expect("JSON"))
    }

    /// One `ui` part of each form earlier builds wrote, none with a version, each read exactly.
    #[test]
    fn every_older_form_of_the_ui_part_reads_exactly() {
        let tiles = super::super::testing::tiles;
        let forms = [
            (
                "this turn's tiles and the screen (the first builds)",
                r#"{"tentative":[{"slot":0,"row":7,"col":7,"el":"H","wild":false}],"screen":"handoff"}"#,
                SaveUi {
                    tentative: vec![tile(0, 7, 7, H, false)],
                    screen: Some(Screen::Handoff),
                    ..SaveUi::default()
                },
            ),
            (
                "the rack's one order beside them (the first drag and drop)",
                r#"{"tentative":[{"slot":2,"row":7,"col":8,"el":"O","wild":false}],"screen":"turn","rack":["O","H","H","C"]}"#,
                SaveUi {
                    tentative: vec![tile(2, 7, 8, O, false)],
                    screen: Some(Screen::Turn),
                    rack: tiles("O H H C"),
                    ..SaveUi::default()
                },
            ),
            (
                "an own-device table waiting for another device, without the rack's order",
                r#"{"tentative":[],"screen":"waiting"}"#,
                SaveUi {
                    screen: Some(Screen::Waiting),
                    ..SaveUi::default()
                },
            ),
            (
                "an imported game, a Wild Isotope placed",
                r#"{"tentative":[{"slot":1,"row":6,"col":7,"el":"C","wild":true}],"screen":"turn","imported":true}"#,
                SaveUi {
                    tentative: vec![tile(1, 6, 7, C, true)],
                    screen: Some(Screen::Turn),
                    imported: true,
                    ..SaveUi::default()
                },
            ),
            (
                "a Daily Bench game as the engine's worker starts it",
                r#"{"daily":{"date":"2026-11-30","practice":true}}"#,
                SaveUi {
                    daily: Some(Daily {
                        date: "2026-11-30".into(),
                        practice: true,
                    }),
                    ..SaveUi::default()
                },
            ),
            (
                "a Daily Bench game as the page saves it, with the rack's order and the import flag",
                r#"{"tentative":[],"screen":"results","rack":["H"],"imported":true,"daily":{"date":"2026-11-30","practice":false}}"#,
                SaveUi {
                    screen: Some(Screen::Results),
                    rack: tiles("H"),
                    imported: true,
                    daily: Some(Daily {
                        date: "2026-11-30".into(),
                        practice: false,
                    }),
                    ..SaveUi::default()
                },
            ),
            (
                "each seat's rack order beside the one of the player to move",
                r#"{"tentative":[],"screen":"handoff","rack":["K","N"],"racks":[["N","K"],["?","O"]]}"#,
                SaveUi {
                    screen: Some(Screen::Handoff),
                    rack: tiles("K N"),
                    racks: Some(vec![tiles("N K"), tiles("? O")]),
                    ..SaveUi::default()
                },
            ),
            (
                "a computer's turn, no seat's order arranged yet",
                r#"{"tentative":[],"screen":"computer","rack":[],"racks":[[],[]]}"#,
                SaveUi {
                    screen: Some(Screen::Computer),
                    racks: Some(vec![Vec::new(), Vec::new()]),
                    ..SaveUi::default()
                },
            ),
        ];
        for (what, text, expected) in forms {
            let ui = read(text);
            assert_eq!(ui, expected, "{what}");
            assert_eq!(ui.version, 0, "{what}: no version is version 0");
        }
    }

    #[test]
    fn a_field_that_does_not_read_is_dropped_not_the_rest() {
        let ui = read(
            r#"{"version":"two","tentative":[{"slot":-1,"row":7,"col":7,"el":"H"},"H",
                {"slot":0,"row":7,"col":7,"el":"Xx"},{"slot":0,"row":300,"col":7,"el":"H"},
                {"slot":0,"row":7,"col":7,"el":"H","wild":"no"},{"slot":3,"row":8,"col":7,"el":"N"}],
                "screen":"elsewhere","rack":"H O","racks":{"0":["H"]},"imported":"yes",
                "daily":{"date":20261130,"practice":true}}"#,
        );
        assert_eq!(
            ui,
            SaveUi {
                tentative: vec![tile(3, 8, 7, N, false)],
                ..SaveUi::default()
            }
        );
        // a daily whose practice flag doesn't read is no practice; racks that aren't tiles are
        // empty orders, and a rack's order holds at most a rack of tiles
        let ui = read(
            r#"{"daily":{"date":"2026-12-01","practice":1},"racks":[5,["H","Zz","O"]],
                "rack":["H","H","H","H","H","H","H","H","H"]}"#,
        );
        assert_eq!(
            ui.daily,
            Some(Daily {
                date: "2026-12-01".into(),
                practice: false,
            })
        );
        assert_eq!(
            ui.racks,
            Some(vec![Vec::new(), super::super::testing::tiles("H O")])
        );
        assert_eq!(ui.rack.len(), molscrab_engine::elements::RACK_SIZE);
        // anything but an object reads as no field at all
        for text in ["null", "[1, 2]", r#""ui""#, "7", "true"] {
            assert_eq!(read(text), SaveUi::default(), "{text}");
        }
    }

    #[test]
    fn a_ui_part_written_by_this_build_reads_back_identically() {
        let mut record = GameRecord::new_game(
            molscrab_engine::record::Kind::Solitaire,
            molscrab_engine::referee::Mode::Theory,
            vec!["You".into()],
            0,
            1,
        );
        record.bag = Some(super::super::testing::tiles("? H O C C Na Cl O O O H H"));
        record.ui = molscrab_json::parse(r#"{"daily":{"date":"2026-12-02","practice":true}}"#).ok();
        let mut s = open(record);
        s.mark_imported();
        place(&mut s, Tile::Element(H), 7, 6);
        s.tap_rack(slot_of(&s, Tile::Wild));
        s.choose_wild(O);
        s.tap_square(7, 7);
        s.arrange(crate::arrange::tiles(s.rack(), &[6, 5, 4, 3, 2, 1, 0]));
        let written = s.save_ui();
        assert_eq!(written.version, SaveUi::VERSION);
        assert_eq!(
            written.tentative,
            vec![tile(1, 7, 6, H, false), tile(0, 7, 7, O, true)]
        );
        assert!(written.imported);
        assert_eq!(written.racks, None, "one seat: its order is the rack's");
        let value = written.to_value();
        assert_eq!(value.get("version"), Some(&Value::from(SaveUi::VERSION)));
        assert_eq!(SaveUi::read(&value), written);
        assert_eq!(SaveUi::read(&value).to_value(), value);
        // and through the save's text: the session opened again writes the same `ui` part
        let back = open(GameRecord::parse(&s.save_text(&mut None)).expect("reads"));
        assert_eq!(back.save_ui(), written);
        assert_eq!(back.daily(), written.daily.as_ref());
        // each seat's order, in a game of two
        let mut p = pass_and_play(true, "H H O C C Na Cl O O O H H N N K K");
        p.arrange(crate::arrange::tiles(p.rack(), &[1, 0, 2, 3, 4, 5, 6]));
        p.ask_pass();
        p.confirm_pass().expect("passed");
        let written = p.save_ui();
        assert_eq!(written.racks.as_ref().map(Vec::len), Some(1));
        assert_eq!(SaveUi::read(&written.to_value()), written);
    }

    /// A `ui` part of a newer version than this build's: its game opens as it was, the fields
    /// this build reads come back, the others are dropped (and written over at the next save).
    #[test]
    fn a_newer_ui_version_still_opens_its_game() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        place(&mut s, Tile::Element(H), 7, 6);
        place(&mut s, Tile::Element(H), 7, 7);
        place(&mut s, Tile::Element(O), 7, 8);
        s.submit().expect("water");
        let mut record = s.to_record();
        record.ui = None;
        let game_part = record.to_json();
        let na = slot_of(&s, Tile::Element(Na));
        let newer =
            r#"{"version":99,"tentative":[{"slot":NA,"row":6,"col":7,"el":"Na","wild":false}],
            "screen":"a screen to come","rack":{"seat":0,"order":["H"]},"sparkle":[1,2,3],
            "imported":true}"#
                .replace("NA", &na.to_string());
        let text = format!(
            "{},\"ui\":{}}}",
            game_part.strip_suffix('}').unwrap(),
            newer.replace('\n', "")
        );
        let loaded = molscrab_engine::game::Game::load(&text).expect("the game reads");
        let ui = SaveUi::read(loaded.ui.as_ref().expect("a ui part"));
        assert_eq!(
            ui,
            SaveUi {
                version: 99,
                tentative: vec![tile(na, 6, 7, Na, false)],
                imported: true,
                ..SaveUi::default()
            }
        );
        let back = Session::open(loaded.game, loaded.ui.as_ref());
        assert_eq!(back.game().moves(), s.game().moves());
        assert_eq!(back.game().scores(), vec![6]);
        assert_eq!(back.tentative(), [tile(na, 6, 7, Na, false)]);
        assert!(back.imported());
        // saved again: the same game, this build's form
        let mut again = back.to_record();
        let written = again.ui.take().expect("a ui part");
        assert_eq!(again.to_json(), game_part);
        assert_eq!(written.get("version"), Some(&Value::from(SaveUi::VERSION)));
        assert_eq!(written.get("sparkle"), None);
    }

    /// The engine's worker starts a Daily Bench game with a `ui` part of its own (no version),
    /// and reads the day back from the page's save at the game's end.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_daily_bench_game_keeps_its_day_for_the_worker() {
        let ask = |fields: Vec<(&str, Value)>| {
            let mut question = molscrab_json::Map::new();
            question.insert("op".into(), "daily".into());
            for (key, value) in fields {
                question.insert(key.into(), value);
            }
            let answer = molscrab_worker::answer(&Value::Object(question).to_string());
            let answer = molscrab_json::parse(&answer).expect("JSON");
            answer
                .get("ok")
                .cloned()
                .unwrap_or_else(|| panic!("{answer}"))
        };
        let long = |v: &Value, key: &str| v.get(key).and_then(Value::as_long_str).unwrap();
        let begun = ask(vec![
            ("date", "2026-11-30".into()),
            ("mode", "theory".into()),
            ("step", "begin".into()),
        ]);
        let loaded = molscrab_engine::game::Game::load(&long(&begun, "save")).expect("a game");
        let ui = SaveUi::read(loaded.ui.as_ref().expect("a ui part"));
        let day = Daily {
            date: "2026-11-30".into(),
            practice: false,
        };
        assert_eq!(
            ui,
            SaveUi {
                daily: Some(day.clone()),
                ..SaveUi::default()
            }
        );
        let mut s = Session::open(loaded.game, loaded.ui.as_ref());
        assert_eq!(s.daily(), Some(&day));
        s.ask_end();
        s.confirm_end().expect("ended");
        // the day comes from the save alone
        let finished = ask(vec![
            ("step", "finish".into()),
            ("history", long(&begun, "history").into()),
            ("save", Value::long_string(&s.to_record().to_json())),
        ]);
        assert!(
            long(&finished, "share").starts_with("Molecular Scrabble Daily Bench 2026-11-30"),
            "{finished}"
        );
    }
}
