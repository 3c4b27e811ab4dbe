//! Personal bests for the page: read, raised and written here, so the page carries none of
//! their reading, checking or writing (it keeps their text in `molscrab.bests`, shows the
//! Play tab's six numbers and the results' best line).
//!
//! `{"op": "bests", "bests": the stored text or null, "record": a Solitaire game just moved
//! (not imported) or null}` answers `{"bests": the text to store, "unreadable": why the stored
//! text could not be fully read (the page keeps it aside and says so) or null, "end": {"new_best":
//! bool, "previous_best": n|null} once the game is over, else null}`. What could not be read is
//! treated as "no best yet"; every play of the record is counted (as after each move), so
//! answers crossing lose nothing.

use molscrab_engine::bests::Bests;
use molscrab_engine::game::Game;
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_json::Value;

pub fn bests(request: &Value) -> Result<Value, String> {
    let stored = request.get("bests").and_then(Value::as_long_str);
    let (mut bests, unreadable) = match &stored {
        None => (Bests::default(), None),
        Some(text) => match Bests::parse(text) {
            Ok(bests) => (bests, None),
            Err(why) => (Bests::parse_lenient(text), Some(why)),
        },
    };
    let mut end = Value::Null;
    if let Some(record) = request.get("record").filter(|r| !matches!(r, Value::Null)) {
        let record = GameRecord::from_value(record).map_err(|e| e.to_string())?;
        let game = Game::replay(&record).map_err(|e| e.to_string())?;
        if game.kind() == Kind::Solitaire {
            bests.record_plays(&game);
            if game.is_over() {
                let previous_best = bests.get(game.mode()).score;
                let new_best = bests.record_finished(&game);
                end = Value::object([
                    ("new_best", Value::Bool(new_best)),
                    ("previous_best", previous_best.into()),
                ]);
            }
        }
    }
    Ok(Value::object([
        ("bests", Value::long_string(&bests.to_json())),
        ("unreadable", unreadable.map_or(Value::Null, Value::String)),
        ("end", end),
    ]))
}
