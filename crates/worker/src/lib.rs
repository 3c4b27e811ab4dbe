//! The engine's long questions — a computer's move, a hint, hindsight, a formula's chemistry —
//! answered off the page's thread: a request is one JSON text in, one JSON text out.
//!
//! The browser runs this crate as its own wasm in a Web Worker (`public/lazy/engine-worker.js`),
//! fetched after the game is on screen, so none of it weighs on the first load and no answer,
//! however slow, can freeze a tap. Requests come from the app, but are still checked like any
//! outside text: a bad one gets `{"error": …}`, never a panic.

pub mod card;
pub mod tables;

use molscrab_engine::game::Game;
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::record::GameRecord;
use molscrab_json::Value;

/// A request longer than this is refused before it is read (a record is capped at 1 MB on
/// import; the app's requests are a record plus a few fields).
pub const MAX_REQUEST_BYTES: usize = 2_000_000;

/// Answers one request, `{"op": …, …}`, with `{"ok": …}` or `{"error": "what went wrong"}`.
/// `id`, when the request has one, is echoed so the page can match answers to questions.
pub fn answer(request: &str) -> String {
    let parsed = if request.len() > MAX_REQUEST_BYTES {
        Err(format!(
            "the request is {} bytes long, more than the {MAX_REQUEST_BYTES} this reads",
            request.len()
        ))
    } else {
        molscrab_json::parse(request).map_err(|e| e.to_string())
    };
    let (id, result) = match parsed {
        Ok(value) => (value.get("id").cloned(), dispatch(&value)),
        Err(e) => (None, Err(e)),
    };
    let mut out = molscrab_json::Map::new();
    if let Some(id) = id {
        out.insert("id".into(), id);
    }
    match result {
        Ok(value) => out.insert("ok".into(), value),
        Err(message) => out.insert("error".into(), Value::String(message)),
    }
    Value::Object(out).to_string()
}

fn dispatch(request: &Value) -> Result<Value, String> {
    match request.get("op").and_then(Value::as_str) {
        Some("best") => best(request),
        Some("can-play") => can_play(request),
        Some("hint") => hint(request),
        Some("show-hint") => show_hint(request),
        Some("table-create") => tables::create(request),
        Some("table-list") => tables::list(request),
        Some("table-open") => tables::open(request),
        Some("table-screen") => tables::screen(request),
        Some(other) => Err(format!("no such question: {other:?}")),
        None => Err("the request has no \"op\"".into()),
    }
}

/// The game a request is about: its `record`, replayed.
fn game_of(request: &Value) -> Result<Game, String> {
    let record = request
        .get("record")
        .ok_or_else(|| "the request has no \"record\"".to_string())?;
    let record = GameRecord::from_value(record).map_err(|e| e.to_string())?;
    Game::replay(&record).map_err(|e| e.to_string())
}

/// The highest-scoring play for the player to move: `{"play": [...], "score": n}`, or `null`
/// when there is none.
fn best(request: &Value) -> Result<Value, String> {
    let game = game_of(request)?;
    Ok(match MoveGenerator::new().best_play(&game) {
        Some(candidate) => Value::object([
            ("play", candidate.to_move().to_value()),
            ("score", i64::from(candidate.score).into()),
        ]),
        None => Value::Null,
    })
}

/// The best play for the player to move, as `molscrab hint` prints it (SPEC §10):
/// `{"plays": [{"play": [...], "score": n, "formulas": ["H H O", …]}]}`.
fn hint(request: &Value) -> Result<Value, String> {
    let game = game_of(request)?;
    let plays = MoveGenerator::new().best_play(&game).into_iter().map(|c| {
        let formulas = c.formulas.iter().map(|f| {
            let symbols: Vec<&str> = f.tiles.iter().map(|e| e.symbol()).collect();
            Value::String(symbols.join(" "))
        });
        Value::object([
            (
                "play",
                Value::Array(c.tiles.iter().map(|p| p.to_value()).collect()),
            ),
            ("score", i64::from(c.score).into()),
            ("formulas", Value::Array(formulas.collect())),
        ])
    });
    Ok(Value::object([("plays", Value::Array(plays.collect()))]))
}

/// The hint as the game screen shows it: `{"move": {"play": [...]}, "said": "Hint: H·H·O for
/// 11 points. …"}`, or `null` when no play exists. The page reads the move with the record's
/// own reader and shows the sentence as it is, so it needs no reader of its own.
fn show_hint(request: &Value) -> Result<Value, String> {
    let game = game_of(request)?;
    Ok(match MoveGenerator::new().best_play(&game) {
        Some(best) => {
            let main = best.formulas.first().map_or(String::new(), |f| {
                let symbols: Vec<&str> = f.tiles.iter().map(|e| e.symbol()).collect();
                symbols.join("·")
            });
            let points = if best.score == 1 { "point" } else { "points" };
            let said = format!(
                "Hint: {main} for {} {points}. Submit it, move its tiles, or recall them.",
                best.score
            );
            Value::object([("move", best.to_move().to_value()), ("said", said.into())])
        }
        None => Value::Null,
    })
}

/// Whether the player to move has any legal play (`true`/`false`): the move generator stops
/// at the first one it finds.
fn can_play(request: &Value) -> Result<Value, String> {
    let game = game_of(request)?;
    Ok(Value::Bool(MoveGenerator::new().has_play(&game)))
}

/// The worker's side of the exchange: the page's script writes the request's UTF-8 into the
/// buffer `input(len)` returns, calls `call()`, and reads `call()`'s answer length from
/// `output()`. Three plain exports, no wasm-bindgen: the worker's script is ten lines.
#[cfg(target_arch = "wasm32")]
mod exports {
    use std::cell::RefCell;

    thread_local! {
        static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
        static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
    }

    /// Room for a request of `len` bytes; the script copies it there.
    #[no_mangle]
    pub extern "C" fn input(len: usize) -> *mut u8 {
        INPUT.with(|input| {
            let mut input = input.borrow_mut();
            input.clear();
            input.resize(len, 0);
            input.as_mut_ptr()
        })
    }

    /// Answers the request in the input buffer; returns the answer's length in bytes.
    #[no_mangle]
    pub extern "C" fn call() -> usize {
        let answer = INPUT.with(|input| match std::str::from_utf8(&input.borrow()) {
            Ok(text) => super::answer(text),
            Err(_) => super::answer("not UTF-8"),
        });
        OUTPUT.with(|output| {
            let mut output = output.borrow_mut();
            *output = answer;
            output.len()
        })
    }

    /// Where the last answer's bytes are.
    #[no_mangle]
    pub extern "C" fn output() -> *const u8 {
        OUTPUT.with(|output| output.borrow().as_ptr())
    }
}

#[cfg(test)]
mod tests;
