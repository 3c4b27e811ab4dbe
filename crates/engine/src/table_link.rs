//! Own-device tables (RULES §10): a table this device plays one seat of, the links its moves travel as, and the rules for applying a link.

mod codec;
mod error;
mod format;

pub use error::{LinkError, TableError, TurnError};
pub use format::{moves_check, payload, LinkKind, TableId, TableLink, MAX_LINK_BYTES, VERSION};

use crate::game::Game;
use crate::kind::Kind;
use crate::record::{GameRecord, Move, RecordError};
use molscrab_json::{Map, Reason, Value};

use format::{moves_crc, put_move, result_check, start_bytes};

/// One table as this device keeps it: its id, the game (start and moves, replayed) and the seat
/// this device plays. Its game only ever holds moves the engine accepted.
#[derive(Clone, Debug)]
pub struct TableState {
    id: TableId,
    seat: usize,
    game: Game,
    /// The app's screen state for this table (unsubmitted tiles), saved beside it.
    ui: Option<Value>,
}

/// What applying a link to one table did. (A table is ~1 KB, so it travels boxed.)
#[derive(Clone, Debug)]
pub enum Applied {
    /// `added` new moves, each replayed through the engine: the table as it is now, to save.
    /// `set_aside` is empty unless the link carries the table's history (a catch-up link, or
    /// an invitation to this device's seat) and this device had made its own move where the
    /// history has another for the same seat (played on another device of that seat): the
    /// history is taken, and these are this device's moves it replaced, from move
    /// `table.game().moves().len() - added` on, for the caller to keep aside.
    Advanced {
        table: Box<TableState>,
        added: usize,
        set_aside: Vec<Move>,
    },
    /// The link's moves were all here already: nothing changes.
    NothingNew,
}

/// What opening a link did to this device's tables (see [`open_link`]).
#[derive(Clone, Debug)]
pub enum Opened {
    /// An invitation to a table this device did not have: the new table, to add and save.
    Joined(Box<TableState>),
    /// The table at `index` of the list moved on by `added` moves: replace it with `table`.
    /// `set_aside` as in [`Applied::Advanced`]: this device's own moves the table's history
    /// replaced, to keep aside (the table at `index` holds them).
    Advanced {
        index: usize,
        table: Box<TableState>,
        added: usize,
        set_aside: Vec<Move>,
    },
    /// The table at `index` already had every move of the link: nothing changes.
    NothingNew { index: usize },
}

/// Opens a link's text (what follows `#`) against every table this device keeps: an
/// invitation to an unknown table joins it; any link to a known table is applied to it; any
/// other is refused. Pure: the caller saves what comes back, so a refusal changes nothing.
pub fn open_link(tables: &[TableState], text: &str) -> Result<Opened, LinkError> {
    let link = TableLink::decode(text)?;
    let Some(index) = tables.iter().position(|t| t.id == link.table) else {
        return match link.kind {
            LinkKind::Invitation { .. } => {
                TableState::join(&link).map(|t| Opened::Joined(Box::new(t)))
            }
            _ => Err(LinkError::UnknownTable),
        };
    };
    Ok(match tables[index].apply(&link)? {
        Applied::Advanced {
            table,
            added,
            set_aside,
        } => Opened::Advanced {
            index,
            table,
            added,
            set_aside,
        },
        Applied::NothingNew => Opened::NothingNew { index },
    })
}

fn start_of(game: &Game) -> GameRecord {
    let mut start = game.record();
    start.moves.clear();
    start.ui = None;
    start
}

impl TableState {
    /// Opens a new table: `record` is its game (pass and play, 2 to 4 players, usually no moves
    /// yet), `seat` the one this device plays, `nonce` a random number from the app that makes
    /// the id unique.
    pub fn create(record: GameRecord, seat: usize, nonce: u64) -> Result<TableState, TableError> {
        let mut record = record;
        let ui = record.ui.take();
        if record.kind != Kind::PassAndPlay {
            return Err(TableError::NotPassAndPlay);
        }
        if seat >= record.players.len() {
            return Err(TableError::SeatOutOfRange {
                seat,
                players: record.players.len(),
            });
        }
        let game = Game::replay(&record).map_err(TableError::Replay)?;
        Ok(TableState {
            id: TableId::derive(&record, nonce),
            seat,
            game,
            ui,
        })
    }

    /// The table an invitation makes on a device that did not have it: the invited seat, the
    /// moves so far replayed (the sender's result check must agree).
    pub fn join(link: &TableLink) -> Result<TableState, LinkError> {
        let (LinkKind::Invitation { seat }, Some(start)) = (link.kind, &link.start) else {
            return Err(LinkError::UnknownTable);
        };
        if start.kind != Kind::PassAndPlay {
            return Err(LinkError::Malformed(
                "a game that is not for 2 to 4 players",
            ));
        }
        if seat >= start.players.len() {
            return Err(LinkError::Malformed(
                "an invitation to a seat the table lacks",
            ));
        }
        let game = Game::start(start.clone()).map_err(LinkError::Record)?;
        let empty = TableState {
            id: link.table,
            seat,
            game,
            ui: None,
        };
        match empty.advance(link, true)? {
            Applied::Advanced { table, .. } => Ok(*table),
            Applied::NothingNew => Ok(empty),
        }
    }

    pub fn id(&self) -> TableId {
        self.id
    }

    /// The seat this device plays.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The game as it stands: board, scores, whose turn; only [`TableState::seat`]'s rack is
    /// this device's to show.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game record (start and moves), without the app's screen state.
    pub fn record(&self) -> GameRecord {
        let mut record = self.game.record();
        record.ui = None;
        record
    }

    pub fn ui(&self) -> Option<&Value> {
        self.ui.as_ref()
    }

    pub fn set_ui(&mut self, ui: Option<Value>) {
        self.ui = ui;
    }

    /// Whether the game waits for this device's seat.
    pub fn is_my_turn(&self) -> bool {
        !self.game.is_over() && self.game.to_move() == self.seat
    }

    /// This device's move. Refused, changing nothing, when it is another seat's turn or the
    /// rules forbid it.
    pub fn play(&mut self, mv: &Move) -> Result<(), TurnError> {
        if !self.game.is_over() && self.game.to_move() != self.seat {
            let to_move = self.name(self.game.to_move());
            return Err(TurnError::NotYourTurn { to_move });
        }
        self.game.apply(mv).map(|_| ()).map_err(TurnError::Move)
    }

    fn name(&self, seat: usize) -> String {
        self.game
            .players()
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", seat + 1))
    }

    fn link(&self, kind: LinkKind, first: usize) -> String {
        let moves = self.game.moves();
        let first = first.min(moves.len());
        let base = moves_crc(self.id, &moves[..first]);
        let mut carried = Vec::new();
        for mv in &moves[first..] {
            put_move(&mut carried, mv);
        }
        let after = base.update(&carried);
        let start = match kind {
            LinkKind::Moves => None,
            _ => Some(start_of(&self.game)),
        };
        TableLink {
            kind,
            table: self.id,
            start,
            first,
            moves: moves[first..].to_vec(),
            base_check: base.finish(),
            result_check: result_check(after, &self.game.scores(), self.game.bag_len()),
        }
        .encode()
    }

    /// The invitation for `seat`: the table, its start and every move so far.
    pub fn invitation(&self, seat: usize) -> Result<String, TableError> {
        let players = self.game.players().len();
        if seat >= players {
            return Err(TableError::SeatOutOfRange { seat, players });
        }
        Ok(self.link(LinkKind::Invitation { seat }, 0))
    }

    /// "Send this to the table": the moves since this seat's move before its latest one, up
    /// to the last. Each device missed at most that since its own last move, so whoever opens
    /// the latest link catches up.
    pub fn move_link(&self) -> String {
        let mut own = self
            .game
            .turns()
            .iter()
            .enumerate()
            .filter(|(_, t)| t.seat == self.seat)
            .map(|(i, _)| i)
            .rev();
        let _latest = own.next();
        let first = own.next().map_or(0, |before| before + 1);
        self.link(LinkKind::Moves, first)
    }

    /// A move link carrying the moves from `first` (0-based; clamped to the game's length).
    pub fn link_from(&self, first: usize) -> String {
        self.link(LinkKind::Moves, first)
    }

    /// The whole game, for a player who lost track.
    pub fn catch_up_link(&self) -> String {
        self.link(LinkKind::CatchUp, 0)
    }

    /// Applies a link's text to this table. See [`TableState::apply`].
    pub fn apply_text(&self, text: &str) -> Result<Applied, LinkError> {
        self.apply(&TableLink::decode(text)?)
    }

    /// Applies a link: refused if it is another table's, starts another game, invites another
    /// seat, skips a move, builds on other moves than this device's, differs from a move here,
    /// or holds a move the rules forbid; nothing new if every move is here. Moves for this
    /// device's own seat are taken like any other (the seat may play on another device too).
    /// A link carrying the table's history (a catch-up link, or an invitation to this seat)
    /// that differs from this device only where this device made its own moves replaces them:
    /// they come back in `set_aside`. Never changes `self`: the table that comes back is the
    /// one to save.
    pub fn apply(&self, link: &TableLink) -> Result<Applied, LinkError> {
        if link.table != self.id {
            return Err(LinkError::OtherTable);
        }
        if let Some(start) = &link.start {
            if start_bytes(start) != start_bytes(&start_of(&self.game)) {
                return Err(LinkError::DifferentStart);
            }
        }
        if let LinkKind::Invitation { seat } = link.kind {
            if seat != self.seat {
                return Err(LinkError::OtherSeat {
                    invited: self.name(seat),
                    yours: self.name(self.seat),
                });
            }
        }
        // an invitation to this seat, like a catch-up link, is the sender's whole game
        self.advance(link, link.kind != LinkKind::Moves)
    }

    // whether every move from `at` on was made by this device's seat (and there is one)
    fn own_moves_from(&self, at: usize) -> bool {
        let turns = self.game.turns().get(at..).unwrap_or_default();
        !turns.is_empty() && turns.iter().all(|t| t.seat == self.seat)
    }

    // the moves part of applying: state check, overlap (a history may replace this device's
    // own moves where it differs), new moves replayed, result check
    fn advance(&self, link: &TableLink, history: bool) -> Result<Applied, LinkError> {
        let have = self.game.moves();
        let first = link.first;
        if first > have.len() {
            return Err(LinkError::SkipsMoves {
                have: have.len(),
                first,
            });
        }
        let base = moves_crc(self.id, &have[..first]);
        if base.finish() != link.base_check {
            return Err(LinkError::DoesNotFollow { first });
        }
        let differs = have[first..]
            .iter()
            .zip(&link.moves)
            .position(|(ours, theirs)| ours != theirs)
            .map(|k| first + k);
        // the moves of this device that stay: all of them, or those before the history differs
        let kept = match differs {
            None if first + link.moves.len() <= have.len() => return Ok(Applied::NothingNew),
            None => have.len(),
            Some(at) if !self.own_moves_from(at) => return Err(LinkError::Conflict { at }),
            Some(at) if history => at,
            Some(at) => {
                return Err(LinkError::YourMoveDiffers {
                    at,
                    name: self.name(self.seat),
                })
            }
        };
        let mut game = if kept == have.len() {
            self.game.clone()
        } else {
            // the start and the moves this device replayed before: they replay again
            let mut game = Game::start(start_of(&self.game)).map_err(LinkError::Record)?;
            for (at, mv) in have[..kept].iter().enumerate() {
                game.apply(mv)
                    .map_err(|reason| LinkError::Illegal { at, reason })?;
            }
            game
        };
        let new = &link.moves[kept - first..];
        for (k, mv) in new.iter().enumerate() {
            game.apply(mv).map_err(|reason| LinkError::Illegal {
                at: kept + k,
                reason,
            })?;
        }
        let mut carried = Vec::new();
        for mv in &link.moves {
            put_move(&mut carried, mv);
        }
        let result = result_check(base.update(&carried), &game.scores(), game.bag_len());
        if result != link.result_check {
            return Err(LinkError::DifferentResult);
        }
        Ok(Applied::Advanced {
            table: Box::new(TableState {
                id: self.id,
                seat: self.seat,
                game,
                ui: self.ui.clone(),
            }),
            added: new.len(),
            set_aside: have[kept..].to_vec(),
        })
    }

    /// The table as a save: its game record (which `molscrab replay` reads as it is) plus
    /// `"table": {"id": "<11 characters>", "seat": n}` and the app's `"ui"`.
    pub fn to_value(&self) -> Value {
        let mut record = self.record();
        record.ui = self.ui.clone();
        let mut value = record.to_value();
        if let Value::Object(map) = &mut value {
            let mut table = Map::new();
            table.insert("id".into(), self.id.text().into());
            table.insert("seat".into(), self.seat.into());
            map.insert("table".into(), Value::Object(table));
        }
        value
    }

    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    /// Reads a saved table: the record (every check of a game record), its `"table"` part, and
    /// a replay of its moves. Never panics.
    pub fn from_value(value: &Value) -> Result<TableState, TableError> {
        let mut record = GameRecord::from_value(value).map_err(TableError::Record)?;
        let table = value
            .get("table")
            .and_then(Value::as_object)
            .ok_or(TableError::NotATable("it has no \"table\" part"))?;
        let id = table
            .get("id")
            .and_then(Value::as_str)
            .and_then(TableId::from_text)
            .ok_or(TableError::NotATable(
                "its table id is not 11 letters and digits",
            ))?;
        let seat = table
            .get("seat")
            .and_then(Value::as_u64)
            .ok_or(TableError::NotATable("its seat is not a number"))?;
        if record.kind != Kind::PassAndPlay {
            return Err(TableError::NotPassAndPlay);
        }
        let players = record.players.len();
        let seat = usize::try_from(seat).ok().filter(|&s| s < players).ok_or(
            TableError::SeatOutOfRange {
                seat: usize::try_from(seat).unwrap_or(usize::MAX),
                players,
            },
        )?;
        let ui = record.ui.take();
        let game = Game::replay(&record).map_err(TableError::Replay)?;
        Ok(TableState { id, seat, game, ui })
    }

    /// [`TableState::from_value`] from text, with the JSON reader's caps.
    pub fn parse(text: &str) -> Result<TableState, TableError> {
        let value = molscrab_json::parse(text).map_err(|e| {
            TableError::Record(match e.reason {
                Reason::Syntax(_) => RecordError::NotJson(e.to_string()),
                Reason::RepeatedKey(_) => RecordError::RepeatedKey(e.to_string()),
                _ => RecordError::TooLarge(e.to_string()),
            })
        })?;
        TableState::from_value(&value)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
