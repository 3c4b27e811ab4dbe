//! The game record of RULES §8 ("molscrab-game/1"): a game's start plus its moves, read with full validation.

use std::fmt;

use crate::board::{on_board, Placement};
use crate::elements::{Element, Tile};
use crate::level::Level;
use crate::referee::{Edition, Mode};
use crate::variants::{Variant, Variants};
use molscrab_json::{Map, Reason, Value};

// a record's kind, from the layer below (docs/ARCHITECTURE.md, "Layers"); other crates read
// it here too
pub use crate::kind::Kind;

/// The one format this build reads and writes.
pub const FORMAT: &str = "molscrab-game/1";

/// A record with more moves than this is refused. A real game has far fewer (~120 at most: the
/// bag holds 116 tiles, a solitaire game allows 3 exchanges and no passes, and 2 × players passes
/// in a row end a Pass and Play game); the cap keeps a hostile import's replay short.
pub const MAX_MOVES: usize = 1_000;

/// One move as recorded: `{"play": [...]}`, `{"exchange": [...]}`, `{"pass": true}`,
/// `{"end": true}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Play(Vec<Placement>),
    Exchange(Vec<Tile>),
    Pass,
    /// Solitaire: End game.
    End,
}

fn tiles_value(tiles: &[Tile]) -> Value {
    Value::Array(tiles.iter().map(|t| t.symbol().into()).collect())
}

impl Move {
    /// A move as written in a record (the engine's worker answers with one), checked as a
    /// record's moves are.
    pub fn from_value(value: &Value) -> Result<Move, RecordError> {
        read_move(value, 0)
    }

    /// The move as it is written in a record.
    pub fn to_value(&self) -> Value {
        match self {
            Move::Play(placements) => Value::object([(
                "play",
                Value::Array(placements.iter().map(Placement::to_value).collect()),
            )]),
            Move::Exchange(exchanged) => Value::object([("exchange", tiles_value(exchanged))]),
            Move::Pass => Value::object([("pass", true.into())]),
            Move::End => Value::object([("end", true.into())]),
        }
    }
}

/// A game: its start (kind, mode, players, first seat, seed or explicit bag) and its moves.
/// Every state of the game is a replay of this; saves, export and tests all use it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub format: String,
    pub kind: Kind,
    /// The referee: stored as `"theory"` (Standard or Theory Mode) and, for the chemist's
    /// referee, `"referee": "chemist"` (RULES §8, §11), read and written only through
    /// [`Mode::code`] and its `FromStr`.
    pub mode: Mode,
    /// The edition of the chemist's rules the game is played under (RULES §11): stored as
    /// `"chemist_rules"` in a chemist's game, whose record without it is played under
    /// [`Edition::Atoms`] ([`stored_rules`]); under the other referees it is always
    /// [`Edition::Atoms`], and neither read nor written.
    pub edition: Edition,
    pub players: Vec<String>,
    pub first: usize,
    pub seed: u64,
    /// An explicit draw order; without it the full bag is shuffled by `seed`.
    pub bag: Option<Vec<Tile>>,
    /// The table variants (RULES §10); written as `"variants"` only when there are some.
    pub variants: Variants,
    pub moves: Vec<Move>,
    /// Which seats a computer plays, and at what level (`None`: a person); `None` when the
    /// record doesn't say, so every seat is a person (RULES §10).
    pub computers: Option<Vec<Option<Level>>>,
    /// The moves (0-based; the number of moves for the move still to come) before which the
    /// player to move asked for a hint, in increasing order; empty when none was asked for.
    pub hints: Vec<usize>,
    /// The app's screen state beside the record (RULES §9 "Saves"); replay ignores it.
    pub ui: Option<Value>,
}

/// Why a record can't be read; `Display` is a message for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    NotJson(String),
    /// JSON, but beyond one of the reader's caps (`molscrab_json::MAX_KEYS`, …): says which.
    TooLarge(String),
    /// The same key twice in one object, so which value is meant is unclear: says which key.
    RepeatedKey(String),
    /// More than [`MAX_MOVES`] moves.
    TooManyMoves(usize),
    NotAnObject,
    Missing(&'static str),
    WrongType {
        field: String,
        expected: &'static str,
    },
    UnknownFormat(String),
    UnknownKind(String),
    PlayerCount {
        kind: Kind,
        count: usize,
    },
    FirstOutOfRange {
        first: i128,
        players: usize,
    },
    OffBoard {
        field: String,
        row: i128,
        col: i128,
    },
    UnknownSymbol {
        field: String,
        symbol: String,
    },
    /// A move with no kind or several (`play`, `exchange`, `pass`, `end`).
    MoveKinds {
        move_index: usize,
        found: usize,
    },
    /// A variant code this build does not know (it can't play the game as its table did).
    UnknownVariant(String),
    RepeatedVariant(Variant),
    /// A variant that does not fit the game's kind or mode (Organic in Standard Mode, Speed
    /// Lab in Solitaire).
    VariantMisfit(Variant),
    /// A `"referee"` this build does not know (it can't judge the game as it was played).
    UnknownReferee(String),
    /// A `"chemist_rules"` edition this build does not know (a later build's rules, which it
    /// can't judge the game by).
    UnknownRules(u64),
    /// A chemist's game, and the table of documented substances is not installed.
    NoSubstanceTable,
}

/// With `worker-says-why` (the app's page, which asks the engine's worker for these
/// sentences), one stand-in for every refusal.
#[cfg(feature = "worker-says-why")]
impl fmt::Display for RecordError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("This is not a game record this version can read.")
    }
}

#[cfg(not(feature = "worker-says-why"))]
impl fmt::Display for RecordError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotJson(why) => {
                write!(out, "This is not a game record: not JSON ({why}).")
            }
            RecordError::TooLarge(why) => {
                write!(out, "This game record is too large to read: {why}.")
            }
            RecordError::RepeatedKey(why) => {
                write!(out, "This game record is ambiguous: {why}.")
            }
            RecordError::TooManyMoves(count) => write!(
                out,
                "The game record has {count} moves; a game record may have at most {MAX_MOVES}."
            ),
            RecordError::NotAnObject => {
                out.write_str("This is not a game record: expected a JSON object.")
            }
            RecordError::Missing(field) => {
                write!(out, "The game record has no \"{field}\".")
            }
            RecordError::WrongType { field, expected } => {
                write!(out, "In the game record, \"{field}\" should be {expected}.")
            }
            RecordError::UnknownFormat(format) => write!(
                out,
                "Unknown record format \"{format}\": this version reads \"{FORMAT}\"."
            ),
            RecordError::UnknownKind(kind) => write!(
                out,
                "Unknown game kind \"{kind}\": use \"solitaire\" or \"pass-and-play\"."
            ),
            RecordError::PlayerCount { kind, count } => {
                let seats = kind.seats();
                if seats.start() == seats.end() {
                    write!(
                        out,
                        "A {} game has {} player, not {count}.",
                        kind.code(),
                        seats.start()
                    )
                } else {
                    write!(
                        out,
                        "A {} game has {} to {} players, not {count}.",
                        kind.code(),
                        seats.start(),
                        seats.end()
                    )
                }
            }
            RecordError::FirstOutOfRange { first, players } => write!(
                out,
                "\"first\" is {first}, but the seats are numbered 0 to {}.",
                players.saturating_sub(1)
            ),
            RecordError::OffBoard { field, row, col } => write!(
                out,
                "In the game record, {field} puts a tile at row {row}, column {col}, off the \
                 board (rows and columns run 0 to 14)."
            ),
            RecordError::UnknownSymbol { field, symbol } => write!(
                out,
                "In the game record, {field} is \"{symbol}\", which is not one of the {} \
                 element symbols (case-sensitive) or \"?\".",
                Element::COUNT
            ),
            RecordError::MoveKinds { move_index, found } => {
                // for people, moves count from 1
                let move_index = move_index + 1;
                if *found == 0 {
                    write!(
                        out,
                        "Move {move_index} of the game record has no kind: give one of \
                         \"play\", \"exchange\", \"pass\" or \"end\"."
                    )
                } else {
                    write!(
                        out,
                        "Move {move_index} of the game record has {found} kinds: give only one \
                         of \"play\", \"exchange\", \"pass\" or \"end\"."
                    )
                }
            }
            RecordError::UnknownVariant(code) => {
                // the known codes written out: a loop over them costs the app's wasm more
                write!(
                    out,
                    "This game is played with the table variant \"{code}\", which this version \
                     does not know (it knows \"biology-bonus\", \"ion-rules\", \"junior\", \
                     \"organic\", \"speed-lab\")."
                )
            }
            RecordError::RepeatedVariant(v) => write!(
                out,
                "In the game record, the variant \"{}\" is listed twice.",
                v.code()
            ),
            RecordError::VariantMisfit(v) => out.write_str(v.misfit()),
            RecordError::UnknownReferee(name) => write!(
                out,
                "This game was played under the referee \"{name}\", which this version of the \
                 game does not know (it knows \"chemist\"): update the game to read it."
            ),
            RecordError::UnknownRules(number) => write!(
                out,
                "This game was played under edition {number} of the chemist's rules, which this \
                 version of the game does not know (it knows editions 1 to {}): update the game \
                 to read it.",
                Edition::CURRENT.number()
            ),
            RecordError::NoSubstanceTable => out.write_str(
                "This game is played under the chemist's referee, which needs the table of \
                 documented substances, and the table has not loaded.",
            ),
        }
    }
}

impl std::error::Error for RecordError {}

fn wrong(field: impl Into<String>, expected: &'static str) -> RecordError {
    RecordError::WrongType {
        field: field.into(),
        expected,
    }
}

/// A value of the record read from JSON, or refused naming its field ("moves[2].play[0].el").
trait FromValue: Sized {
    /// How a list of these is described in a refusal.
    const LIST: &'static str = "a list";
    fn read(value: &Value, field: &str) -> Result<Self, RecordError>;
}

/// An optional field: missing or null is `None`.
fn optional<T: FromValue>(object: &Map, key: &str, at: &str) -> Result<Option<T>, RecordError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => T::read(v, &path(at, key)).map(Some),
    }
}

/// A top-level field the record must have; null is there, so it is the wrong type, not missing.
fn required<T: FromValue>(object: &Map, key: &'static str) -> Result<T, RecordError> {
    T::read(object.get(key).ok_or(RecordError::Missing(key))?, key)
}

/// A field inside a move that must be there; missing is refused like the wrong type.
fn present<T: FromValue>(object: &Map, key: &str, at: &str) -> Result<T, RecordError> {
    T::read(object.get(key).unwrap_or(&Value::Null), &path(at, key))
}

fn path(at: &str, key: &str) -> String {
    if at.is_empty() {
        key.to_string()
    } else {
        format!("{at}.{key}")
    }
}

impl<T: FromValue> FromValue for Vec<T> {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        let items = value.as_array().ok_or_else(|| wrong(field, T::LIST))?;
        items
            .iter()
            .enumerate()
            .map(|(i, v)| T::read(v, &format!("{field}[{i}]")))
            .collect()
    }
}

impl FromValue for bool {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        value.as_bool().ok_or_else(|| wrong(field, "true or false"))
    }
}

impl FromValue for u64 {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        value
            .as_u64()
            .ok_or_else(|| wrong(field, "a whole number from 0 to 18446744073709551615"))
    }
}

// the record's only text fields, bar the format and kind, are the players' names
impl FromValue for String {
    const LIST: &'static str = "a list of names";
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        value
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| wrong(field, "a name (text)"))
    }
}

/// `"format"`: only this build's format is read.
struct Format(String);

impl FromValue for Format {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        match value.as_str() {
            Some(s) if s == FORMAT => Ok(Format(s.to_string())),
            Some(s) => Err(RecordError::UnknownFormat(s.to_string())),
            None => Err(wrong(field, "the text \"molscrab-game/1\"")),
        }
    }
}

impl FromValue for Kind {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        match value.as_str() {
            Some("solitaire") => Ok(Kind::Solitaire),
            Some("pass-and-play") => Ok(Kind::PassAndPlay),
            Some(s) => Err(RecordError::UnknownKind(s.to_string())),
            None => Err(wrong(field, "\"solitaire\" or \"pass-and-play\"")),
        }
    }
}

impl FromValue for Tile {
    const LIST: &'static str = "a list of tile symbols";
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        let symbol = value
            .as_str()
            .ok_or_else(|| wrong(field, "a tile symbol such as \"H\" or \"?\""))?;
        Tile::from_symbol(symbol).ok_or_else(|| RecordError::UnknownSymbol {
            field: field.to_string(),
            symbol: symbol.to_string(),
        })
    }
}

impl FromValue for Element {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        let symbol = value
            .as_str()
            .ok_or_else(|| wrong(field, "an element symbol such as \"Na\""))?;
        Element::from_symbol(symbol).ok_or_else(|| RecordError::UnknownSymbol {
            field: field.to_string(),
            symbol: symbol.to_string(),
        })
    }
}

// a whole number as written, so that -1 and 300 can be reported as out of range
fn whole(value: &Value) -> Option<i128> {
    value
        .as_u64()
        .map(i128::from)
        .or_else(|| value.as_i64().map(i128::from))
}

/// `"first"` as written, checked against the seats once they are known.
struct Seat(i128);

impl FromValue for Seat {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        whole(value)
            .map(Seat)
            .ok_or_else(|| wrong(field, "a seat number"))
    }
}

/// A row or column as written, checked against the board by the placement.
struct Coordinate(i128);

impl FromValue for Coordinate {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        whole(value)
            .map(Coordinate)
            .ok_or_else(|| wrong(field, "a whole number (0 to 14)"))
    }
}

impl FromValue for Placement {
    const LIST: &'static str = "a list of tile placements";
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        let object = value.as_object().ok_or_else(|| {
            wrong(
                field,
                "a tile placement such as {\"row\": 7, \"col\": 7, \"el\": \"H\"}",
            )
        })?;
        let Coordinate(row) = present(object, "row", field)?;
        let Coordinate(col) = present(object, "col", field)?;
        let off_board = || RecordError::OffBoard {
            field: field.to_string(),
            row,
            col,
        };
        let (Ok(r), Ok(c)) = (usize::try_from(row), usize::try_from(col)) else {
            return Err(off_board());
        };
        if !on_board(r, c) {
            return Err(off_board());
        }
        let el = present(object, "el", field)?;
        let wild = optional(object, "wild", field)?.unwrap_or(false);
        // r, c < 15 so these fit a u8
        Ok(Placement {
            row: r as u8,
            col: c as u8,
            el,
            wild,
        })
    }
}

impl FromValue for Variants {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        let expected = "a list of variant codes such as [\"biology-bonus\"]";
        let items = value.as_array().ok_or_else(|| wrong(field, expected))?;
        let mut set = Variants::NONE;
        for item in items {
            let code = item.as_str().ok_or_else(|| wrong(field, expected))?;
            let variant = Variant::from_code(code)
                .ok_or_else(|| RecordError::UnknownVariant(code.to_string()))?;
            if set.contains(variant) {
                return Err(RecordError::RepeatedVariant(variant));
            }
            set = set.with(variant);
        }
        Ok(set)
    }
}

/// `"moves"`: each move is read knowing its number, which a refusal names.
struct Moves(Vec<Move>);

impl FromValue for Moves {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        let items = value
            .as_array()
            .ok_or_else(|| wrong(field, "a list of moves"))?;
        // refused before reading any, so a hostile record costs no more than a long one
        if items.len() > MAX_MOVES {
            return Err(RecordError::TooManyMoves(items.len()));
        }
        items
            .iter()
            .enumerate()
            .map(|(i, v)| read_move(v, i))
            .collect::<Result<Vec<_>, _>>()
            .map(Moves)
    }
}

fn read_move(value: &Value, index: usize) -> Result<Move, RecordError> {
    let field = format!("moves[{index}]");
    let object = value.as_object().ok_or_else(|| {
        wrong(
            field.clone(),
            "an object such as {\"play\": [...]}, {\"exchange\": [...]}, {\"pass\": true} or {\"end\": true}",
        )
    })?;
    let kinds: Vec<&str> = ["play", "exchange", "pass", "end"]
        .into_iter()
        .filter(|k| object.contains_key(k))
        .collect();
    let [kind] = kinds.as_slice() else {
        return Err(RecordError::MoveKinds {
            move_index: index,
            found: kinds.len(),
        });
    };
    let body = object.get(kind).unwrap_or(&Value::Null);
    match *kind {
        "play" => present(object, "play", &field).map(Move::Play),
        "exchange" => present(object, "exchange", &field).map(Move::Exchange),
        "pass" if body == &Value::Bool(true) => Ok(Move::Pass),
        "end" if body == &Value::Bool(true) => Ok(Move::End),
        other => Err(wrong(format!("{field}.{other}"), "true")),
    }
}

// what `computers` and `hints` should be, as a refusal says it. Both are read by hand, and a
// refusal names the list, not the entry: the app reads every record, and a generic list reader
// or a formatted field name for each would cost its code in the wasm
const COMPUTERS: &str = "a list with one entry per player: null for a person, or the level \
                         of a computer, \"novice\", \"greedy\" or \"expert\"";
const HINTS: &str = "a list of move numbers in increasing order, none above the number of moves";

/// `"computers"`: one entry per seat, null or a level's code (the count is checked with the
/// players, by [`GameRecord::validate`]).
#[inline(never)]
fn read_computers(value: Option<&Value>) -> Result<Option<Vec<Option<Level>>>, RecordError> {
    let Some(value) = value.filter(|v| !matches!(v, Value::Null)) else {
        return Ok(None);
    };
    let seats = value.as_array().and_then(|items| {
        let mut seats = Vec::with_capacity(items.len());
        for item in items {
            seats.push(match item {
                Value::Null => None,
                code => Some(Level::parse(code.as_str()?)?),
            });
        }
        Some(seats)
    });
    seats.map(Some).ok_or_else(|| wrong("computers", COMPUTERS))
}

/// `"hints"`: move numbers in increasing order, none past the move still to come (so the list
/// is never longer than the moves plus one).
#[inline(never)]
fn read_hints(value: Option<&Value>, moves: usize) -> Result<Vec<usize>, RecordError> {
    let Some(value) = value.filter(|v| !matches!(v, Value::Null)) else {
        return Ok(Vec::new());
    };
    let hints = value.as_array().and_then(|items| {
        let mut hints: Vec<usize> = Vec::with_capacity(items.len().min(moves + 1));
        for item in items {
            let hint = usize::try_from(item.as_u64()?).ok()?;
            if hint > moves || hints.last().is_some_and(|&before| hint <= before) {
                return None;
            }
            hints.push(hint);
        }
        Some(hints)
    });
    hints.ok_or_else(|| wrong("hints", HINTS))
}

/// `"chemist_rules"`: an edition of the chemist's rules this build knows.
struct Rules(Edition);

impl FromValue for Rules {
    fn read(value: &Value, field: &str) -> Result<Self, RecordError> {
        let number = value.as_u64().ok_or_else(|| {
            wrong(
                field,
                "the edition of the chemist's rules, a number such as 2",
            )
        })?;
        Edition::from_number(number)
            .map(Rules)
            .ok_or(RecordError::UnknownRules(number))
    }
}

/// The edition of the chemist's rules a record, a Daily result or a table link stores for a
/// game under `mode` (as `"chemist_rules"`): its number under the chemist's referee, but
/// nothing for the first rules, which a text from before the editions names by saying nothing
/// (so it is written back byte for byte); nothing under the other referees, which have one set
/// of rules.
pub fn stored_rules(mode: Mode, edition: Edition) -> Option<u8> {
    match (mode, edition) {
        (Mode::Chemist, Edition::Atoms) => None,
        (Mode::Chemist, Edition::Structures) => Some(edition.number()),
        (Mode::Standard | Mode::Theory, _) => None,
    }
}

/// The edition a game under `mode` stored with `stored` (the `"chemist_rules"` it carries, if
/// any) is played under: the one stored, [`Edition::Atoms`] when none is (a game from before
/// the chemist's rules had editions), and [`Edition::Atoms`] under the other referees, which
/// read none.
pub fn read_rules(mode: Mode, stored: Option<Edition>) -> Edition {
    match mode {
        Mode::Chemist => stored.unwrap_or(Edition::Atoms),
        Mode::Standard | Mode::Theory => Edition::Atoms,
    }
}

/// The edition a new game under `mode` is played under: the chemist's current rules
/// ([`Edition::CURRENT`]); [`Edition::Atoms`], read by none, under the other referees.
pub fn new_rules(mode: Mode) -> Edition {
    match mode {
        Mode::Chemist => Edition::CURRENT,
        Mode::Standard | Mode::Theory => Edition::Atoms,
    }
}

/// A referee as records store it (RULES §8, §11): the `"theory"` flag, and `"referee"`'s code
/// for a referee beyond the two the flag tells apart. A table link's start stores it the same.
pub fn stored_referee(mode: Mode) -> (bool, Option<&'static str>) {
    match mode {
        Mode::Standard => (false, None),
        Mode::Theory => (true, None),
        Mode::Chemist => (false, Some(mode.code())),
    }
}

impl GameRecord {
    /// A new game's record, no moves yet; without `bag` the full 116 tiles are shuffled by
    /// `seed`.
    pub fn new_game(
        kind: Kind,
        mode: Mode,
        players: Vec<String>,
        first: usize,
        seed: u64,
    ) -> GameRecord {
        GameRecord {
            format: FORMAT.to_string(),
            kind,
            mode,
            edition: new_rules(mode),
            players,
            first,
            seed,
            bag: None,
            variants: Variants::NONE,
            moves: Vec::new(),
            computers: None,
            hints: Vec::new(),
            ui: None,
        }
    }

    /// Reads a record, checking everything a replay relies on. Unknown keys are ignored;
    /// a top-level "ui" is kept. Never panics.
    pub fn parse(json: &str) -> Result<GameRecord, RecordError> {
        // the reader's words, for the sentence (which the app's page leaves to its worker)
        #[cfg(not(feature = "worker-says-why"))]
        let words = |e: &molscrab_json::ParseError| e.to_string();
        #[cfg(feature = "worker-says-why")]
        let words = |_: &molscrab_json::ParseError| String::new();
        let value = molscrab_json::parse(json).map_err(|e| match e.reason {
            Reason::Syntax(_) => RecordError::NotJson(words(&e)),
            Reason::RepeatedKey(_) => RecordError::RepeatedKey(words(&e)),
            _ => RecordError::TooLarge(words(&e)),
        })?;
        GameRecord::from_value(&value)
    }

    /// [`GameRecord::parse`] from an already parsed JSON value.
    pub fn from_value(value: &Value) -> Result<GameRecord, RecordError> {
        let object = value.as_object().ok_or(RecordError::NotAnObject)?;
        let Format(format) = required(object, "format")?;
        let kind = required(object, "kind")?;
        // the Public Edition's default is Theory Mode on
        let theory = optional(object, "theory", "")?.unwrap_or(true);
        // RULES §11: a game played under the chemist's referee says so; a record without the
        // key is Theory or Standard, by its `theory` key, and a referee this build does not
        // know is refused
        let mode = match object.get("referee") {
            None => crate::referee::theory_or_standard(theory),
            Some(Value::String(code)) => code
                .parse::<Mode>()
                .map_err(|_| RecordError::UnknownReferee(code.chars().take(40).collect()))?,
            Some(_) => return Err(wrong("referee", "the referee's name, \"chemist\"")),
        };
        // a chemist's game names the edition of the rules it is played under: without it, the
        // first; one this build does not know is refused. The other referees read none.
        let stored = match mode {
            Mode::Chemist => optional(object, "chemist_rules", "")?.map(|Rules(e)| e),
            Mode::Standard | Mode::Theory => None,
        };
        let edition = read_rules(mode, stored);
        let players: Vec<String> = required(object, "players")?;
        let first = match optional(object, "first", "")? {
            None => 0,
            Some(Seat(n)) => usize::try_from(n)
                .ok()
                .filter(|&f| f < players.len())
                .ok_or(RecordError::FirstOutOfRange {
                    first: n,
                    players: players.len(),
                })?,
        };
        let seed = optional(object, "seed", "")?.unwrap_or(0);
        let bag = optional(object, "bag", "")?;
        let variants = optional(object, "variants", "")?.unwrap_or_default();
        let Moves(moves) = optional(object, "moves", "")?.unwrap_or(Moves(Vec::new()));
        let mut record = GameRecord {
            format,
            kind,
            mode,
            edition,
            players,
            first,
            seed,
            bag,
            variants,
            moves,
            computers: None,
            hints: Vec::new(),
            ui: object.get("ui").cloned(),
        };
        // read into the record built, so that a refusal drops one value, not each field
        record.computers = read_computers(object.get("computers"))?;
        record.hints = read_hints(object.get("hints"), record.moves.len())?;
        record.validate()?;
        Ok(record)
    }

    /// Checks what the types alone don't: the format, the number of players for the kind,
    /// `first` among the seats, the variants fit the kind and mode, every square on the board.
    pub fn validate(&self) -> Result<(), RecordError> {
        if self.format != FORMAT {
            return Err(RecordError::UnknownFormat(self.format.clone()));
        }
        if !self.kind.seats().contains(&self.players.len()) {
            return Err(RecordError::PlayerCount {
                kind: self.kind,
                count: self.players.len(),
            });
        }
        if self.moves.len() > MAX_MOVES {
            return Err(RecordError::TooManyMoves(self.moves.len()));
        }
        if self
            .computers
            .as_ref()
            .is_some_and(|c| c.len() != self.players.len())
        {
            return Err(wrong("computers", COMPUTERS));
        }
        if self.first >= self.players.len() {
            return Err(RecordError::FirstOutOfRange {
                first: self.first as i128,
                players: self.players.len(),
            });
        }
        if let Some(v) = self.variants.misfit(self.kind, self.mode()) {
            return Err(RecordError::VariantMisfit(v));
        }
        if self.mode.needs_lexicon() && crate::referee::chemist::installed().is_none() {
            return Err(RecordError::NoSubstanceTable);
        }
        for (m, mv) in self.moves.iter().enumerate() {
            if let Move::Play(tiles) = mv {
                for (i, p) in tiles.iter().enumerate() {
                    if !on_board(usize::from(p.row), usize::from(p.col)) {
                        return Err(RecordError::OffBoard {
                            field: format!("moves[{m}].play[{i}]"),
                            row: i128::from(p.row),
                            col: i128::from(p.col),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// Standard Mode, Theory Mode or the chemist's referee.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The edition of the chemist's rules the game is played under ([`Edition::Atoms`] under
    /// the other referees).
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// Sets the referee; a new referee's game is played under its current rules
    /// ([`new_rules`]).
    pub fn set_mode(&mut self, mode: Mode) {
        if self.mode != mode {
            self.edition = new_rules(mode);
        }
        self.mode = mode;
    }

    /// The record as a JSON value, its keys in the order of RULES §8.
    pub fn to_value(&self) -> Value {
        let mut map = Map::new();
        let mut put = |key: &str, value: Value| map.insert(key.to_string(), value);
        put("format", self.format.as_str().into());
        put("kind", self.kind.code().into());
        let (theory, referee) = stored_referee(self.mode);
        put("theory", theory.into());
        if let Some(code) = referee {
            put("referee", code.into());
        }
        if let Some(number) = stored_rules(self.mode, self.edition) {
            put("chemist_rules", number.into());
        }
        put("players", self.players.clone().into());
        put("first", self.first.into());
        put("seed", self.seed.into());
        if let Some(bag) = &self.bag {
            put("bag", tiles_value(bag));
        }
        if !self.variants.is_empty() {
            put("variants", self.variants.to_value());
        }
        put(
            "moves",
            Value::Array(self.moves.iter().map(Move::to_value).collect()),
        );
        if let Some(computers) = &self.computers {
            let mut seats = Vec::with_capacity(computers.len());
            for c in computers {
                seats.push(c.map_or(Value::Null, |level| level.code().into()));
            }
            put("computers", Value::Array(seats));
        }
        if !self.hints.is_empty() {
            let mut hints = Vec::with_capacity(self.hints.len());
            for &h in &self.hints {
                hints.push(h.into());
            }
            put("hints", Value::Array(hints));
        }
        if let Some(ui) = &self.ui {
            put("ui", ui.clone());
        }
        Value::Object(map)
    }

    /// The record as compact JSON.
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    /// The record as indented JSON, for export.
    pub fn to_json_pretty(&self) -> String {
        self.to_value().to_pretty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elements::Element::*;

    const EXAMPLE: &str = r#"{ "format": "molscrab-game/1",
      "kind": "solitaire", "theory": true, "players": ["Ada"], "first": 0, "seed": 42,
      "bag": ["H","O","?","Na"],
      "moves": [
        {"play": [{"row": 7, "col": 6, "el": "H"}, {"row": 7, "col": 7, "el": "H"},
                  {"row": 7, "col": 8, "el": "O", "wild": true}]},
        {"exchange": ["H", "O"]},
        {"pass": true},
        {"end": true}
      ] }"#;

    #[test]
    fn the_spec_example_reads() {
        let record = GameRecord::parse(EXAMPLE);
        let Ok(record) = record else {
            panic!("{record:?}");
        };
        assert_eq!(record.kind, Kind::Solitaire);
        assert_eq!(record.players, vec!["Ada".to_string()]);
        assert_eq!(
            record.bag,
            Some(vec![
                Tile::Element(H),
                Tile::Element(O),
                Tile::Wild,
                Tile::Element(Na)
            ])
        );
        assert_eq!(
            record.moves,
            vec![
                Move::Play(vec![
                    Placement::new(7, 6, H),
                    Placement::new(7, 7, H),
                    Placement::wild(7, 8, O)
                ]),
                Move::Exchange(vec![Tile::Element(H), Tile::Element(O)]),
                Move::Pass,
                Move::End,
            ]
        );
    }

    #[test]
    fn json_round_trips() {
        let Ok(record) = GameRecord::parse(EXAMPLE) else {
            panic!("example");
        };
        let json = record.to_json();
        assert!(json.contains(r#"{"row":7,"col":6,"el":"H"}"#), "{json}");
        assert!(json.contains(r#""wild":true"#));
        assert!(json.contains(r#"{"pass":true}"#));
        assert_eq!(GameRecord::parse(&json), Ok(record));
    }

    #[test]
    fn the_ui_key_is_kept_and_other_keys_ignored() {
        let json = r#"{"format":"molscrab-game/1","kind":"pass-and-play","theory":false,
            "players":["A","B"],"first":1,"seed":3,"moves":[],"ui":{"screen":"handoff"},
            "extra":[1,2,3]}"#;
        let Ok(record) = GameRecord::parse(json) else {
            panic!("record");
        };
        assert_eq!(
            record.ui,
            molscrab_json::parse(r#"{"screen": "handoff"}"#).ok()
        );
        assert!(record.to_json().contains(r#""ui":{"screen":"handoff"}"#));
        assert!(!record.to_json().contains("extra"));
    }

    fn error_of(json: &str) -> RecordError {
        match GameRecord::parse(json) {
            Ok(record) => panic!("accepted {record:?}"),
            Err(e) => e,
        }
    }

    fn with(fields: &str) -> String {
        format!(
            r#"{{"format":"molscrab-game/1","kind":"solitaire","theory":true,"players":["Ada"],"first":0,"seed":1,{fields}}}"#
        )
    }

    #[test]
    fn bad_records_are_refused_with_a_reason() {
        assert!(matches!(error_of("not json"), RecordError::NotJson(_)));
        assert!(matches!(error_of("[1,2]"), RecordError::NotAnObject));
        assert!(matches!(
            error_of(r#"{"format":"molscrab-game/2","kind":"solitaire","players":["A"]}"#),
            RecordError::UnknownFormat(_)
        ));
        assert!(matches!(
            error_of(r#"{"format":"molscrab-game/1","kind":"solitaire","players":["A","B"]}"#),
            RecordError::PlayerCount { count: 2, .. }
        ));
        assert!(matches!(
            error_of(
                r#"{"format":"molscrab-game/1","kind":"pass-and-play","players":["A","B","C","D","E"]}"#
            ),
            RecordError::PlayerCount { count: 5, .. }
        ));
        assert!(matches!(
            error_of(
                r#"{"format":"molscrab-game/1","kind":"pass-and-play","players":["A","B"],"first":2}"#
            ),
            RecordError::FirstOutOfRange { first: 2, .. }
        ));
        assert!(matches!(
            error_of(
                r#"{"format":"molscrab-game/1","kind":"pass-and-play","players":["A","B"],"first":-1}"#
            ),
            RecordError::FirstOutOfRange { first: -1, .. }
        ));
        assert!(matches!(
            error_of(&with(r#""moves":[{"play":[{"row":7,"col":15,"el":"H"}]}]"#)),
            RecordError::OffBoard {
                row: 7,
                col: 15,
                ..
            }
        ));
        assert!(matches!(
            error_of(&with(r#""moves":[{"play":[{"row":-1,"col":3,"el":"H"}]}]"#)),
            RecordError::OffBoard { row: -1, .. }
        ));
        assert!(matches!(
            error_of(&with(r#""moves":[{"play":[{"row":7,"col":7,"el":"Xx"}]}]"#)),
            RecordError::UnknownSymbol { .. }
        ));
        assert!(matches!(
            error_of(&with(r#""moves":[{"play":[{"row":7,"col":7,"el":"?"}]}]"#)),
            RecordError::UnknownSymbol { .. }
        ));
        assert!(matches!(
            error_of(&with(r#""moves":[{"exchange":["na"]}]"#)),
            RecordError::UnknownSymbol { .. }
        ));
        assert!(matches!(
            error_of(&with(r#""bag":["H","Q"]"#)),
            RecordError::UnknownSymbol { .. }
        ));
        assert!(matches!(
            error_of(&with(r#""moves":[{}]"#)),
            RecordError::MoveKinds { found: 0, .. }
        ));
        assert!(matches!(
            error_of(&with(r#""moves":[{"pass":true,"end":true}]"#)),
            RecordError::MoveKinds { found: 2, .. }
        ));
        assert!(matches!(
            error_of(&with("\"moves\":[]").replace("\"seed\":1", "\"seed\":\"x\"")),
            RecordError::WrongType { .. }
        ));
        // a key given twice is refused, not read as its last value
        assert!(matches!(
            error_of(&with(r#""seed":2"#)),
            RecordError::RepeatedKey(_)
        ));
    }

    #[test]
    fn error_messages_are_sentences() {
        let e = error_of(&with(r#""moves":[{"pass":true,"end":true}]"#));
        assert!(e.to_string().contains("Move 1 of the game record"), "{e}");
        let e = error_of(&with(r#""bag":["H","Q"]"#));
        assert_eq!(
            e.to_string(),
            "In the game record, bag[1] is \"Q\", which is not one of the 33 element symbols \
             (case-sensitive) or \"?\"."
        );
        let e = error_of("{");
        assert!(
            e.to_string().starts_with("This is not a game record"),
            "{e}"
        );
    }

    #[test]
    fn computers_and_hints_round_trip_and_are_absent_when_never_given() {
        let json = with(
            r#""players":["Ada","Bo","Cy"],"moves":[{"pass":true},{"pass":true}],"computers":[null,"expert","novice"],"hints":[0,2]"#,
        )
        .replace(r#""kind":"solitaire""#, r#""kind":"pass-and-play""#)
        .replace(r#""players":["Ada"],"#, "");
        let record = GameRecord::parse(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_eq!(
            record.computers,
            Some(vec![None, Some(Level::Professor), Some(Level::Apprentice)])
        );
        assert_eq!(record.hints, vec![0, 2]);
        let written = record.to_json();
        assert!(
            written.contains(r#""computers":[null,"expert","novice"]"#),
            "{written}"
        );
        assert!(written.contains(r#""hints":[0,2]"#), "{written}");
        assert_eq!(GameRecord::parse(&written), Ok(record));
        let plain = GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec!["You".into()], 0, 1);
        let written = plain.to_json();
        assert!(
            !written.contains("computers") && !written.contains("hints"),
            "{written}"
        );
        let read = GameRecord::parse(&with(r#""moves":[]"#)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((read.computers, read.hints), (None, Vec::new()));
    }

    #[test]
    fn computers_must_name_every_seat_with_a_known_level() {
        let e = error_of(&with(r#""computers":[null,"expert"]"#));
        assert_eq!(
            e.to_string(),
            "In the game record, \"computers\" should be a list with one entry per player: \
             null for a person, or the level of a computer, \"novice\", \"greedy\" or \"expert\"."
        );
        for refused in [
            r#"["hard"]"#,
            "[3]",
            r#"["Expert"]"#,
            r#""expert""#,
            "[]",
            "{}",
        ] {
            let e = error_of(&with(&format!("\"computers\":{refused}")));
            assert!(
                matches!(&e, RecordError::WrongType { field, .. } if field == "computers"),
                "{refused}: {e:?}"
            );
        }
        // a person playing Solitaire, said in so many words
        let read = GameRecord::parse(&with(r#""computers":[null]"#));
        assert_eq!(read.map(|r| r.computers), Ok(Some(vec![None])));
        let read = GameRecord::parse(&with(r#""computers":null"#));
        assert_eq!(read.map(|r| r.computers), Ok(None));
    }

    #[test]
    fn hints_are_increasing_move_numbers_up_to_the_move_to_come() {
        let moves = r#""moves":[{"exchange":["H"]},{"exchange":["H"]}]"#;
        let ok = |hints: &str| GameRecord::parse(&with(&format!("{moves},\"hints\":{hints}")));
        assert_eq!(ok("[0,1,2]").map(|r| r.hints), Ok(vec![0, 1, 2]));
        assert_eq!(ok("[2]").map(|r| r.hints), Ok(vec![2]));
        assert_eq!(ok("[]").map(|r| r.hints), Ok(Vec::new()));
        // listed twice, out of order, past the move to come, not a move number, not a list;
        // and a long list is refused at its first entry past the game, whatever its length
        let many: Vec<String> = (0..5000).map(|n| n.to_string()).collect();
        let many = format!("[{}]", many.join(","));
        for refused in ["[1,1]", "[2,0]", "[0,3]", "[-1]", "[0.5]", "{}", "3", &many] {
            match ok(refused) {
                Err(RecordError::WrongType { field, .. }) if field == "hints" => {}
                other => panic!("{refused}: {other:?}"),
            }
        }
        assert_eq!(
            ok("[3]").map_err(|e| e.to_string()),
            Err(
                "In the game record, \"hints\" should be a list of move numbers in increasing \
                 order, none above the number of moves."
                    .to_string()
            )
        );
    }
}
