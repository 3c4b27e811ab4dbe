//! The engine's long questions — a computer's move, a hint, hindsight, a formula's chemistry —
//! answered off the page's thread: a request is one JSON text in, one JSON text out.
//!
//! The browser runs this crate as its own wasm in a Web Worker (`public/lazy/engine-worker.js`),
//! fetched after the game is on screen, so none of it weighs on the first load and no answer,
//! however slow, can freeze a tap. Requests come from the app, but are still checked like any
//! outside text: a bad one gets `{"error": …}`, never a panic.

pub mod bests;
pub mod card;
pub mod daily;
pub mod look_back;
pub mod tables;
pub mod variants;

use molscrab_engine::chemistry::{self, names::Substances};
use molscrab_engine::computer::endgame::{self, EndgameLimits};
use molscrab_engine::computer::{self, Level};
use molscrab_engine::game::Game;
use molscrab_engine::hints;
use molscrab_engine::markup::Html;
use molscrab_engine::movegen::{Candidate, MoveGenerator};
use molscrab_engine::record::GameRecord;
use molscrab_engine::referee::{Edition, Mode};
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
    // the chemist's lexicon is built when a question may first concern that referee (a game,
    // a mode or a history naming it, a table link, whose text does not spell its referee, or
    // the page asking for the lexicon), not when the table arrives: its build is the worker's
    // longest, and a game under another referee never needs it
    if request.contains("chemist")
        || request.contains("\"lexicon\"")
        || request.contains("\"table-")
    {
        install_lexicon();
    }
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
        Some("can-play") => can_play(request),
        Some("hint") => hint(request),
        Some("show-hint") => show_hint(request),
        Some("table-create") => tables::create(request),
        Some("table-list") => tables::list(request),
        Some("table-open") => tables::open(request),
        Some("table-screen") => tables::screen(request),
        Some("move") => computer_move(request),
        Some("hindsight") => hindsight(request),
        Some("explain") => explain(request),
        Some("names") => names(request),
        Some("daily") => daily::daily(request),
        Some("variants-form") => variants::variants_form(request),
        Some("why") => Ok(why(request)),
        Some("bests") => bests::bests(request),
        Some("lexicon") => lexicon(),
        Some(other) => Err(format!("no such question: {other:?}")),
        None => Err("the request has no \"op\"".into()),
    }
}

/// The chemist's lexicon as text (`{"op": "lexicon"}` → `Lexicon::to_text`, a long string),
/// for the page's thread, which judges the plays of a game under the chemist's referee and
/// has no table of its own; an error when this worker could not load the table either.
fn lexicon() -> Result<Value, String> {
    match molscrab_engine::referee::chemist::installed() {
        Some(lexicon) => Ok(Value::long_string(&lexicon.to_text())),
        None => Err("the engine's worker could not get lazy/substances.txt".into()),
    }
}

/// Why each of `texts` is no game the page can resume or import (`{"op": "why", "texts":
/// […]}`): `{"text": the engine's sentences for `Game::load`'s refusals, in order, each ending
/// in U+0001}` ("" for a text that reads). Text, not markup: a sentence may quote the refused
/// record (its format, a symbol, a key), and the page escapes it. The page carries none of the record's error
/// sentences: it asks here when a save or a file can't be read, and puts each where its
/// U+0001 stands (`src/ui/play_menu.rs`).
fn why(request: &Value) -> Value {
    let mut said = String::new();
    let texts = request
        .get("texts")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    for text in texts {
        said.push_str(&why_not_a_game(&text.as_long_str().unwrap_or_default()));
        said.push('\u{1}');
    }
    Value::object([("text", Value::long_string(&said))])
}

/// [`Game::load`]'s refusal of `text` as the player reads it, "" when it reads.
pub fn why_not_a_game(text: &str) -> String {
    Game::load(text)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

/// The game a request is about: its `record`, replayed.
fn game_of(request: &Value) -> Result<Game, String> {
    let record = request
        .get("record")
        .ok_or_else(|| "the request has no \"record\"".to_string())?;
    let record = GameRecord::from_value(record).map_err(|e| e.to_string())?;
    Game::replay(&record).map_err(|e| e.to_string())
}

/// The plays `molscrab hint` prints (RULES §10), `top` of them (1 when not given), best first:
/// `{"plays": [{"play": [...], "score": n, "formulas": ["H H O", …]}]}`.
fn hint(request: &Value) -> Result<Value, String> {
    let game = game_of(request)?;
    let top = request.get("top").and_then(Value::as_u64).unwrap_or(1);
    let plays = hints::hints(&game, usize::try_from(top).unwrap_or(usize::MAX));
    Ok(hints::hints_value(&plays))
}

/// The hint as the game screen shows it: `{"move": {"play": [...]}, "said": "Hint: H·H·O for
/// 11 points. …"}`, or `null` when no play exists. The page reads the move with the record's
/// own reader and shows the sentence as it is, so it needs no reader of its own.
///
/// The best play is the best-scoring one, but in a two-player endgame (the bag empty, so both
/// racks are known): there it is the endgame search's play (`computer::endgame`, as the
/// Professor plays), and where that is not the top score the sentence says why.
fn show_hint(request: &Value) -> Result<Value, String> {
    let game = game_of(request)?;
    let mut generator = MoveGenerator::new();
    let Some(top) = hints::hints_with(&mut generator, &game, 1)
        .into_iter()
        .next()
    else {
        return Ok(Value::Null);
    };
    let solved = endgame::solve(&mut generator, &game, EndgameLimits::default());
    let points = |n: i32| if n == 1 { "point" } else { "points" };
    let said = |play: &Candidate| {
        format!(
            "Hint: {} for {} {}.",
            spelled(play),
            play.score,
            points(play.score)
        )
    };
    let (best, why) = match solved {
        Some(solved)
            if solved
                .play
                .as_ref()
                .is_some_and(|p| p.shape() != top.shape()) =>
        {
            let outcome = match (solved.complete, solved.value) {
                (false, _) => String::new(),
                (true, 0) => ": you finish level".to_string(),
                (true, v) if v > 0 => format!(": you finish ahead by {v}"),
                (true, v) => format!(": you finish behind by {}, the least there is", -v),
            };
            let why = format!(
                " The bag is empty, and it ends the game better than the top score ({} for \
                 {}){outcome}.",
                spelled(&top),
                top.score
            );
            (solved.play.unwrap_or(top), why)
        }
        _ => (top, String::new()),
    };
    let said = format!(
        "{}{why} Submit it, move its tiles, or recall them.",
        said(&best)
    );
    Ok(Value::object([
        ("move", best.to_move().to_value()),
        ("said", said.into()),
    ]))
}

/// A play's main formula, its symbols joined by "·"; under Ion Rules an ion says its charge,
/// as the notebook will write it.
fn spelled(play: &Candidate) -> String {
    play.formulas.first().map_or(String::new(), |f| {
        let symbols: Vec<&str> = f.tiles.iter().map(|e| e.symbol()).collect();
        let spelled = symbols.join("·");
        if f.charge == 0 {
            spelled
        } else {
            let ion = molscrab_engine::display::formula(&f.tiles, f.charge);
            format!("{spelled}, the ion {ion},")
        }
    })
}

/// A computer's move at `level` for the player to move, as a record move.
fn computer_move(request: &Value) -> Result<Value, String> {
    let game = game_of(request)?;
    let level = request
        .get("level")
        .and_then(Value::as_str)
        .ok_or_else(|| "the request has no \"level\"".to_string())?;
    let level = Level::from_code(level).map_err(|e| e.to_string())?;
    computer::choose_move(&game, level)
        .map(|mv| mv.to_value())
        .ok_or_else(|| "the game is over: no one moves".to_string())
}

/// An answer that is markup: `{"html": …}`. The one member of an answer the page takes as
/// markup is `"html"` (`src/ui/engine.rs`'s `html_of`), and only [`Html`] is written there;
/// every other string in an answer is text, which the page escapes.
fn html_answer(html: Html) -> Value {
    Value::object([("html", Value::long_string(html.as_str()))])
}

/// The notebook's hindsight view of a finished game, as data the page builds its view from
/// (`look_back.rs`), its formulas named by the table of documented substances once it is in.
fn hindsight(request: &Value) -> Result<Value, String> {
    let record = request
        .get("record")
        .ok_or_else(|| "the request has no \"record\"".to_string())?;
    let record = GameRecord::from_value(record).map_err(|e| e.to_string())?;
    let looked = molscrab_engine::hindsight::hindsight(&record).map_err(|e| e.to_string())?;
    Ok(SUBSTANCES.with(|t| {
        let table = t.borrow();
        look_back::hindsight_value(&record, &looked, &|tiles| {
            documented_name(tiles, table.as_ref())
        })
    }))
}

/// The documented name of the formula of `tiles` in `table`, if it is a documented substance.
fn documented_name(
    tiles: &[molscrab_engine::elements::Element],
    table: Option<&Substances>,
) -> Option<String> {
    Some(chemistry::names::names(tiles, table))
        .filter(|n| n.kind == chemistry::names::NameKind::Documented)
        .and_then(|n| n.names.into_iter().next())
}

thread_local! {
    /// The documented substances (`lazy/substances.txt`), once the worker's script has handed
    /// them over; until then, or if they never arrive, only card formulas are documented.
    static SUBSTANCES: std::cell::RefCell<Option<Substances>> = const { std::cell::RefCell::new(None) };
}

/// Reads the substance table's text; false (and the table stays as it was) when it is not one.
pub fn load_substances(text: &str) -> bool {
    match Substances::parse(text) {
        Ok(table) => {
            SUBSTANCES.with(|t| *t.borrow_mut() = Some(table));
            true
        }
        Err(_) => false,
    }
}

/// Builds the chemist's lexicon from the table, once per process (nothing without the table).
pub fn install_lexicon() {
    SUBSTANCES.with(|t| {
        if let Some(table) = t.borrow().as_ref() {
            molscrab_engine::referee::chemist::install(table);
        }
    });
}

// the referee a question names by its code (Theory Mode, the default, when it names none)
fn mode_of(request: &Value) -> Result<Mode, String> {
    match request.get("mode").and_then(Value::as_str) {
        Some(code) => code.parse(),
        None => Ok(Mode::Theory),
    }
}

// the edition of the chemist's rules a question names by its number, `"chemist_rules"` as a
// record stores it (the current rules when it names none: a formula asked about outside a game)
fn rules_of(request: &Value) -> Result<Edition, String> {
    match request.get("chemist_rules") {
        None | Some(Value::Null) => Ok(Edition::CURRENT),
        Some(number) => number
            .as_u64()
            .and_then(Edition::from_number)
            .ok_or_else(|| "\"chemist_rules\" is no edition of the rules this build knows".into()),
    }
}

/// A formula's card as HTML (`card.rs`): `tiles` are symbols separated by spaces; a game under
/// the chemist's referee names the edition of its rules as `"chemist_rules"` (the current
/// rules when it does not).
fn explain(request: &Value) -> Result<Value, String> {
    let tiles = request
        .get("tiles")
        .and_then(Value::as_str)
        .ok_or_else(|| "the request has no \"tiles\"".to_string())?;
    // a game played with Ion Rules asks with `"ions": true`
    let ions = request.get("ions").and_then(Value::as_bool) == Some(true);
    let mode = mode_of(request)?;
    let edition = rules_of(request)?;
    let (explained, picture) = SUBSTANCES
        .with(|t| chemistry::explanation_text(tiles, mode, edition, ions, t.borrow().as_ref()));
    Ok(html_answer(card::card_dialog(&explained, picture.as_ref())))
}

/// The documented name of each formula in `formulas` (symbols separated by spaces), or ""
/// when it has none: `[["C C H H H H H H O", "ethanol"], …]`, in the order asked.
fn names(request: &Value) -> Result<Value, String> {
    let asked = request
        .get("formulas")
        .and_then(Value::as_array)
        .ok_or_else(|| "the request has no \"formulas\"".to_string())?;
    SUBSTANCES.with(|t| {
        let table = t.borrow();
        let named = asked
            .iter()
            .take(2_000)
            .filter_map(Value::as_str)
            .map(|tiles| {
                let name = molscrab_engine::referee::parse_spaced(tiles)
                    .ok()
                    .filter(|t| t.len() <= 15)
                    .and_then(|t| documented_name(&t, table.as_ref()))
                    .unwrap_or_default();
                Value::Array(vec![tiles.into(), name.into()])
            });
        Ok(Value::Array(named.collect()))
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

    /// Reads the input buffer as the substance table's text; 1 when it was one, else 0.
    #[no_mangle]
    pub extern "C" fn table() -> u32 {
        INPUT.with(|input| match std::str::from_utf8(&input.borrow()) {
            Ok(text) => u32::from(super::load_substances(text)),
            Err(_) => 0,
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
