//! The table in front of the player: the game plus this turn's unsubmitted tiles and screen.
//!
//! Plain Rust with no web dependency, so every intent is tested natively. It holds no rule of
//! its own: legality, scores and endings all come from `engine::game::Game`.

use molscrab_engine::board::{Placement, SIZE};
use molscrab_engine::computer::Level;
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::error::MoveError;
use molscrab_engine::game::Game;
use molscrab_engine::placement::PlacementError;
use molscrab_engine::record::{GameRecord, Kind, Move};
use molscrab_engine::referee::Mode;
use molscrab_engine::turn::Turn;
use molscrab_json::Value;

use crate::tables::AtTable;

/// A rack tile put on the board this turn but not yet submitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tentative {
    /// Index into the rack of the player to move.
    pub slot: usize,
    pub row: u8,
    pub col: u8,
    pub el: Element,
    pub wild: bool,
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

    fn placement(self) -> Placement {
        Placement {
            row: self.row,
            col: self.col,
            el: self.el,
            wild: self.wild,
        }
    }
}

/// Where the game screen stands: the one state of the turn in progress. Only [`Session`]
/// changes it, so no two states can be on at once (lifting a tile while exchanging, say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The player to move places tiles; `lifted` is the rack slot waiting for a square.
    Placing { lifted: Option<usize> },
    /// A Wild Isotope is lifted and plays as `element` once one is chosen; `at` is the square
    /// tapped (or the tile dropped on) before that, where it goes once its element is chosen.
    ChoosingWild {
        slot: usize,
        element: Option<Element>,
        at: Option<(u8, u8)>,
    },
    /// Picking the rack slots to exchange.
    Exchanging { picked: Vec<usize> },
    /// Solitaire: End game was tapped once and awaits confirmation.
    ConfirmingEnd,
    /// Pass and Play: Pass was tapped once and awaits confirmation.
    ConfirmingPass,
    /// Pass and Play: "Pass the device to …", no rack visible.
    Handoff,
    /// At an own-device table, another seat is to move on its own device: no rack visible.
    Waiting,
    /// A computer player's turn: its move is on its way from the engine's worker.
    Computer,
    /// The game is over: final scores.
    Results,
}

/// Which screen of a game is showing: the player's turn, the hand-off or the results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Turn,
    Handoff,
    Waiting,
    Results,
    /// A computer player is moving: the board, no rack.
    Computer,
}

impl Screen {
    /// As saved: "turn", "handoff", "waiting" or "results".
    pub fn code(self) -> &'static str {
        match self {
            Screen::Turn => "turn",
            Screen::Handoff => "handoff",
            Screen::Waiting => "waiting",
            Screen::Results => "results",
            Screen::Computer => "computer",
        }
    }
}

impl Phase {
    pub fn screen(&self) -> Screen {
        match self {
            Phase::Handoff => Screen::Handoff,
            Phase::Waiting => Screen::Waiting,
            Phase::Results => Screen::Results,
            Phase::Computer => Screen::Computer,
            _ => Screen::Turn,
        }
    }

    /// The rack slot lifted, waiting for a square.
    pub fn lifted(&self) -> Option<usize> {
        match *self {
            Phase::Placing { lifted } => lifted,
            Phase::ChoosingWild { slot, .. } => Some(slot),
            _ => None,
        }
    }

    /// The square a lifted Wild Isotope goes to once its element is chosen.
    pub fn wild_square(&self) -> Option<(u8, u8)> {
        match *self {
            Phase::ChoosingWild { at, .. } => at,
            _ => None,
        }
    }

    /// The element chosen for a lifted Wild Isotope.
    pub fn wild_element(&self) -> Option<Element> {
        match *self {
            Phase::ChoosingWild { element, .. } => element,
            _ => None,
        }
    }

    /// The slots picked for an exchange, while exchanging.
    pub fn picked(&self) -> Option<&[usize]> {
        match self {
            Phase::Exchanging { picked } => Some(picked),
            _ => None,
        }
    }
}

/// What the last intent said back to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A rejected play or refused move: red, one line per reason.
    Refused(Vec<String>),
    /// A short confirmation.
    Info(String),
}

/// The first line of a link's refusal said on the player's own turn: the refusal is the
/// link's, not their move's (QA: "This link has been changed or damaged…" under the rack read
/// as a refused play, and the live region said "Not played.").
pub const LINK_REFUSED: &str = "That link was not used; your turn goes on.";

/// Speed Lab's turn ran out (said on the turn's screen, and on the hand-off that follows).
pub const TIME_UP: &str = "Time is up: the turn is passed.";

/// Session's own words, for a step of this screen that is no move the engine could refuse.
const CHOOSE_WILD_ELEMENT: &str = "Now choose the Wild Isotope's element.";
/// An empty square tapped with no tile lifted (the manual's "A tile won't go onto the board"):
/// said, not refused, since a click on a square is also how the typing cursor is put there (QA).
pub const TAP_A_TILE_FIRST: &str = "Tap a tile in your rack first, then a square.";
/// A square tapped that holds a tile from an earlier turn.
pub const SQUARE_TAKEN: &str =
    "That square already holds a tile from an earlier turn; tiles stay where they are played. \
     Choose an empty square.";

/// A game against the computer: one person, the other seats computer players. It is a Pass
/// and Play game in its record and its save slot; the Play tab and its title name it apart.
pub fn against_computer(game: &Game) -> bool {
    game.kind() == Kind::PassAndPlay && Session::people(game) == 1
}

/// A seat's name as shown (the engine's rule: defaults for empty names, long ones cut).
pub fn seat_name(game: &Game, seat: usize) -> String {
    molscrab_engine::players::seat_name(game.players(), seat)
}

/// A game being played on this device.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    tentative: Vec<Tentative>,
    phase: Phase,
    notice: Option<Notice>,
    /// This game owns its kind's save slot. False for a finished game opened from a file: it
    /// is only looked at, and the save already in the slot stays.
    in_slot: bool,
    /// Whether the player to move has a legal play, once the engine's worker has answered
    /// for this turn (the move generator lives there, off the page's thread and out of its
    /// first load); every turn starts it afresh.
    can_play: Option<bool>,
    /// At an own-device table: which, and the one seat this device plays (whose rack alone
    /// it shows).
    table: Option<AtTable>,
    /// Opened from an imported file (its bag may be hand-made): it never counts towards the
    /// personal bests. Kept in the save's "ui" part, so a resumed import still doesn't.
    imported: bool,
    /// Hindsight's "Show on board": the game before one of its moves, and the best play
    /// there was, drawn instead of the final board until the player goes back.
    looking_back: Option<Box<(Game, Vec<Placement>)>>,
    /// The order each seat's player arranged their rack in (src/arrange.rs), kept in the save:
    /// in Pass and Play one player's Sort is not the next one's order.
    orders: Vec<Vec<Tile>>,
    /// A Daily Bench game: its day and whether it is practice (`{"date", "practice"}`, kept in
    /// the save's "ui" part as the worker's `daily` question wants them back at the end).
    daily: Option<Value>,
    /// This session's number among those opened on this page: a new game, an import or
    /// another tab's game followed is another session, whatever its seed (see [`SaveBrief`]).
    opened: u32,
    /// The formulas played off the card (symbols separated by spaces) and the documented name
    /// the engine's worker found for each ("" for none, or while it is being asked): the one
    /// source of a formula's tag (known, documented, Hypothetical) for the notebook, the
    /// bench, the turn's news, the hand-off and the live region.
    named: Vec<(String, String)>,
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

/// Sessions opened on this page so far.
static OPENED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

impl Session {
    /// A game opened at its present state, with the unsubmitted tiles of a save (`ui`, as
    /// saved: `{"tentative": [...], "screen": "turn"}`) where they still fit the board and rack.
    /// A Pass and Play game opens on the hand-off, so no rack shows by accident.
    pub fn open(game: Game, ui: Option<&Value>) -> Session {
        let phase = Session::phase_between_turns(&game, None);
        let mut session = Session {
            in_slot: !game.is_over(),
            game,
            tentative: Vec::new(),
            phase,
            notice: None,
            can_play: None,
            table: None,
            imported: ui
                .and_then(|ui| ui.get("imported"))
                .and_then(Value::as_bool)
                == Some(true),
            looking_back: None,
            orders: Vec::new(),
            daily: ui.and_then(|ui| ui.get("daily")).cloned(),
            opened: OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            named: Vec::new(),
        };
        // each seat's arrangement; a save from before they were kept apart has the one of the
        // player to move
        match ui.and_then(|ui| ui.get("racks")).and_then(Value::as_array) {
            Some(racks) => {
                let seats = session.game.players().len();
                let racks = racks.iter().take(seats).map(Some);
                session.orders = racks.map(crate::arrange::from_value).collect();
            }
            None => session.arrange(crate::arrange::from_value(ui.and_then(|ui| ui.get("rack")))),
        }
        let saved = ui.and_then(|ui| ui.get("tentative"));
        for t in saved.and_then(Value::as_array).into_iter().flatten() {
            if let Some(t) = Tentative::from_value(t).filter(|&t| session.can_hold(t)) {
                session.tentative.push(t);
            }
        }
        session
    }

    /// A table's game, opened for the device that plays `at.seat`: its turn with the saved
    /// tiles, or waiting for another seat's device (no rack, no tiles), or the results. The
    /// table's key is its slot, finished or not.
    pub fn at_table(game: Game, ui: Option<&Value>, at: AtTable) -> Session {
        let mut session = Session::open(game, ui);
        session.phase = Session::phase_between_turns(&session.game, Some(&at));
        if session.phase != (Phase::Placing { lifted: None }) {
            session.tentative.clear();
        }
        session.table = Some(at);
        session.in_slot = true;
        session
    }

    /// The table this game is played at, if it is one.
    pub fn table(&self) -> Option<&AtTable> {
        self.table.as_ref()
    }

    /// The phase a game opens in, or moves to after a turn: at a table, this seat's turn or
    /// waiting for another device; a computer's turn, or the hand-off when the device passes
    /// between people (never when one person plays computers).
    fn phase_between_turns(game: &Game, table: Option<&AtTable>) -> Phase {
        if game.is_over() {
            Phase::Results
        } else if let Some(at) = table {
            if game.to_move() == at.seat {
                Phase::Placing { lifted: None }
            } else {
                Phase::Waiting
            }
        } else if game.computer(game.to_move()).is_some() {
            Phase::Computer
        } else if Session::people(game) > 1 {
            Phase::Handoff
        } else {
            Phase::Placing { lifted: None }
        }
    }

    /// How many seats people play (see also [`against_computer`]).
    pub fn people(game: &Game) -> usize {
        (0..game.players().len())
            .filter(|&seat| game.computer(seat).is_none())
            .count()
    }

    /// Hints are for a person alone: in Solitaire and against the computer.
    pub fn hints_allowed(&self) -> bool {
        Session::people(&self.game) == 1
    }

    /// The computer to move and the number of moves made, while its move is awaited.
    pub fn wants_computer_move(&self) -> Option<(usize, Level)> {
        if self.phase != Phase::Computer {
            return None;
        }
        let level = self.game.computer(self.game.to_move())?;
        Some((self.game.moves().len(), level))
    }

    /// The computer's move, chosen by the engine's worker when `moves` moves had been made:
    /// played like anyone's (a stale or refused one changes nothing), and said in words.
    pub fn computer_moved(&mut self, moves: usize, mv: &Move) -> Option<Turn> {
        if self.wants_computer_move()?.0 != moves {
            return None;
        }
        let seat = self.game.to_move();
        let outcome = self.game.apply(mv).cloned();
        let turn = self.conclude(outcome)?;
        self.notice = Some(Notice::Info(self.summary(&turn, seat)));
        Some(turn)
    }

    /// `turn` (made by `seat`) in one line, its formulas tagged as the notebook tags them.
    pub fn summary(&self, turn: &Turn, seat: usize) -> String {
        turn.summary_named(&seat_name(&self.game, seat), &|tiles| {
            self.documented_name(tiles).map(str::to_string)
        })
    }

    /// The documented name found for the formula of `tiles` (off the card), if one was.
    pub fn documented_name(&self, tiles: &[molscrab_engine::elements::Element]) -> Option<&str> {
        let key = molscrab_engine::referee::spaced(tiles);
        self.named
            .iter()
            .find(|(k, n)| *k == key && !n.is_empty())
            .map(|(_, n)| n.as_str())
    }

    /// The formulas and names asked of the engine's worker, and those found.
    pub fn named(&self) -> &[(String, String)] {
        &self.named
    }

    /// The formulas played off the card whose names have not been asked for yet, noted as
    /// asked (so the next change doesn't ask again).
    pub fn names_to_ask(&mut self) -> Vec<String> {
        let mut unasked: Vec<String> = Vec::new();
        for f in self.game.turns().iter().flat_map(|t| &t.formulas) {
            let key = molscrab_engine::referee::spaced(&f.tiles);
            if !f.known && !self.named.iter().any(|(k, _)| *k == key) && !unasked.contains(&key) {
                unasked.push(key);
            }
        }
        let asked = unasked.iter().map(|k| (k.clone(), String::new()));
        self.named.extend(asked);
        unasked
    }

    /// The worker's names for formulas asked about (`(formula, name)`, "" for none): true when
    /// one was found. A turn's news that names its formulas says them afresh.
    pub fn learn_names(&mut self, found: &[(String, String)]) -> bool {
        // the computer's move, said before its formulas' names came in, is said afresh
        let last = self.game.turns().last().cloned();
        let before = last.as_ref().map(|t| self.summary(t, t.seat));
        let mut any = false;
        for (key, name) in found {
            if let Some(slot) = self.named.iter_mut().find(|(k, _)| k == key) {
                slot.1 = name.clone();
                any |= !name.is_empty();
            }
        }
        if let (Some(t), Some(before)) = (last, before) {
            let now = self.summary(&t, t.seat);
            if let Some(Notice::Info(said)) = self.notice.as_mut() {
                if *said == before {
                    *said = now;
                }
            }
        }
        any
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn screen(&self) -> Screen {
        self.phase.screen()
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// A refusal on screen is no longer the news (a tile dragged nowhere went back).
    pub fn forget_refusal(&mut self) {
        if matches!(self.notice, Some(Notice::Refused(_))) {
            self.notice = None;
        }
    }

    /// Tells the player something that happened outside the game (an export, a save).
    pub fn tell(&mut self, notice: Notice) {
        self.notice = Some(notice);
    }

    /// The unsubmitted tiles, in the order placed.
    pub fn tentative(&self) -> &[Tentative] {
        &self.tentative
    }

    /// Whether this game is the one saved in its kind's slot (a finished game opened from a
    /// file is only looked at).
    pub fn in_slot(&self) -> bool {
        self.in_slot
    }

    /// Marks the game as opened from an imported file: it counts towards no personal best.
    pub fn mark_imported(&mut self) {
        self.imported = true;
    }

    pub fn imported(&self) -> bool {
        self.imported
    }

    /// A Daily Bench game's day and practice flag, as the worker wrote them at its start.
    pub fn daily(&self) -> Option<&Value> {
        self.daily.as_ref()
    }

    /// Makes this game the one saved in its kind's slot (a resumed save is, even finished:
    /// its slot is then cleared as for any finished game).
    pub fn claim_slot(&mut self) {
        self.in_slot = true;
    }

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
    /// ~40 % of a placed tile's script late in a long game, fifteenth session).
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

    /// The save's `ui` part: this turn's tiles, the screen, the racks' orders.
    fn ui(&self) -> Value {
        let tentative = self.tentative.iter().map(|t| t.to_value()).collect();
        let mut ui = molscrab_json::Map::new();
        ui.insert("tentative".into(), Value::Array(tentative));
        ui.insert("screen".into(), self.screen().code().into());
        ui.insert("rack".into(), crate::arrange::to_value(self.order()));
        if self.game.players().len() > 1 {
            let racks = self.orders.iter().map(|o| crate::arrange::to_value(o));
            ui.insert("racks".into(), Value::Array(racks.collect()));
        }
        if self.imported {
            ui.insert("imported".into(), true.into());
        }
        if let Some(daily) = &self.daily {
            ui.insert("daily".into(), daily.clone());
        }
        Value::Object(ui)
    }

    /// The order the player arranged the rack in (src/arrange.rs).
    pub fn order(&self) -> &[Tile] {
        self.orders
            .get(self.game.to_move())
            .map_or(&[], Vec::as_slice)
    }

    /// Keeps a new arrangement of the rack (shuffle, sort, a tile dragged).
    pub fn arrange(&mut self, order: Vec<Tile>) {
        self.arrange_seat(self.game.to_move(), order);
    }

    /// The arrangement the player to move keeps once the tiles in `gone` (rack slots) leave
    /// the rack: the tiles kept in the order they show, so the tiles drawn go at the end
    /// (`arrange::display`) rather than in the place of a played tile of their element.
    fn kept_order(&self, gone: &[usize]) -> Vec<Tile> {
        let mut shown = crate::arrange::display(self.rack(), self.order());
        shown.retain(|slot| !gone.contains(slot));
        crate::arrange::tiles(self.rack(), &shown)
    }

    fn arrange_seat(&mut self, seat: usize, order: Vec<Tile>) {
        if self.orders.len() <= seat {
            self.orders.resize(seat + 1, Vec::new());
        }
        self.orders[seat] = order;
    }

    fn can_hold(&self, t: Tentative) -> bool {
        let rack = self.rack();
        let (row, col) = (t.row as usize, t.col as usize);
        row < SIZE
            && col < SIZE
            && self.game.board().get(row, col).is_none()
            && !self
                .tentative
                .iter()
                .any(|o| o.slot == t.slot || (o.row, o.col) == (t.row, t.col))
            && match rack.get(t.slot) {
                Some(Tile::Wild) => t.wild,
                Some(Tile::Element(e)) => !t.wild && *e == t.el,
                None => false,
            }
    }

    /// The rack of the player to move.
    pub fn rack(&self) -> &[Tile] {
        self.game.rack(self.game.to_move())
    }

    /// Rack slots still on the rack (not placed this turn), in rack order; none on a computer's
    /// turn, whose rack stays hidden.
    pub fn rack_slots(&self) -> Vec<(usize, Tile)> {
        if self.phase == Phase::Computer {
            return Vec::new();
        }
        self.rack()
            .iter()
            .copied()
            .enumerate()
            .filter(|(i, _)| !self.tentative.iter().any(|t| t.slot == *i))
            .collect()
    }

    /// The unsubmitted tile on a square, if any.
    pub fn tentative_at(&self, row: usize, col: usize) -> Option<Tentative> {
        self.tentative
            .iter()
            .copied()
            .find(|t| (t.row as usize, t.col as usize) == (row, col))
    }

    pub fn placements(&self) -> Vec<Placement> {
        self.tentative.iter().map(|t| t.placement()).collect()
    }

    /// The player to move is placing tiles (not exchanging, confirming, or between turns).
    pub fn is_placing(&self) -> bool {
        matches!(
            self.phase,
            Phase::Placing { .. } | Phase::ChoosingWild { .. }
        )
    }

    /// Lifts the tile in `slot` (a Wild Isotope waits for its element), or puts it down.
    fn lift(&mut self, slot: Option<usize>) {
        self.phase = match slot {
            Some(slot) if self.rack().get(slot) == Some(&Tile::Wild) => Phase::ChoosingWild {
                slot,
                element: None,
                at: None,
            },
            lifted => Phase::Placing { lifted },
        };
    }

    /// Tap on a rack tile: lift it (or put it down again); while exchanging, pick it.
    pub fn tap_rack(&mut self, slot: usize) {
        if slot >= self.rack().len() {
            return;
        }
        if let Phase::Exchanging { picked } = &mut self.phase {
            // a refusal ("Choose at least one tile") is answered by the pick
            self.notice = None;
            if let Some(at) = picked.iter().position(|s| *s == slot) {
                picked.remove(at);
            } else {
                picked.push(slot);
            }
            return;
        }
        if !self.is_placing() || self.tentative.iter().any(|t| t.slot == slot) {
            return;
        }
        self.notice = None;
        let again = self.phase.lifted() == Some(slot);
        self.lift((!again).then_some(slot));
    }

    /// The lifted tile is a Wild Isotope waiting for its element.
    pub fn needs_wild_choice(&self) -> bool {
        matches!(self.phase, Phase::ChoosingWild { .. })
    }

    pub fn choose_wild(&mut self, el: Element) {
        if let Phase::ChoosingWild { element, at, .. } = &mut self.phase {
            *element = Some(el);
            // a square was tapped before the element was chosen: the tile goes there now
            if let Some((row, col)) = at.take() {
                self.tap_square(row.into(), col.into());
            }
        }
    }

    /// Tap on a square: take back an unsubmitted tile, or put the lifted tile there.
    pub fn tap_square(&mut self, row: usize, col: usize) {
        if !self.is_placing() {
            return;
        }
        if let Some(at) = self
            .tentative
            .iter()
            .position(|t| (t.row as usize, t.col as usize) == (row, col))
        {
            let back = self.tentative.remove(at);
            self.phase = if back.wild {
                Phase::ChoosingWild {
                    slot: back.slot,
                    element: Some(back.el),
                    at: None,
                }
            } else {
                Phase::Placing {
                    lifted: Some(back.slot),
                }
            };
            self.notice = None;
            return;
        }
        if row >= SIZE || col >= SIZE {
            return;
        }
        if self.game.board().get(row, col).is_some() {
            self.notice = Some(Notice::Refused(vec![SQUARE_TAKEN.to_string()]));
            return;
        }
        let Some(slot) = self.phase.lifted() else {
            self.notice = Some(Notice::Info(TAP_A_TILE_FIRST.to_string()));
            return;
        };
        let (el, wild) = match (self.rack().get(slot).copied(), &self.phase) {
            (Some(Tile::Element(e)), _) => (e, false),
            (
                Some(Tile::Wild),
                Phase::ChoosingWild {
                    element: Some(e), ..
                },
            ) => (*e, true),
            (Some(Tile::Wild), _) => {
                if let Phase::ChoosingWild { at, .. } = &mut self.phase {
                    *at = Some((row as u8, col as u8));
                }
                self.notice = Some(Notice::Info(CHOOSE_WILD_ELEMENT.to_string()));
                return;
            }
            (None, _) => return,
        };
        self.tentative.push(Tentative {
            slot,
            row: row as u8,
            col: col as u8,
            el,
            wild,
        });
        self.phase = Phase::Placing { lifted: None };
        self.notice = None;
    }

    /// A hint on the board: the tiles of `play` (the engine's best play, asked when `moves`
    /// moves had been made) are placed as this turn's unsubmitted tiles, each from a rack slot
    /// holding it, for the player to submit, move or recall. `said` is the hint's line. False,
    /// and nothing changes, when the hint is stale or doesn't fit the rack and board.
    pub fn show_hint(&mut self, moves: usize, play: &[Placement], said: &str) -> bool {
        if moves != self.game.moves().len() || !self.is_placing() || play.is_empty() {
            return false;
        }
        let kept = std::mem::take(&mut self.tentative);
        for p in play {
            let tile = if p.wild {
                Tile::Wild
            } else {
                Tile::Element(p.el)
            };
            let slot = (0..self.rack().len()).find(|&slot| {
                self.rack()[slot] == tile && !self.tentative.iter().any(|t| t.slot == slot)
            });
            let t = slot.map(|slot| Tentative {
                slot,
                row: p.row,
                col: p.col,
                el: p.el,
                wild: p.wild,
            });
            match t.filter(|&t| self.can_hold(t)) {
                Some(t) => self.tentative.push(t),
                None => {
                    self.tentative = kept;
                    return false;
                }
            }
        }
        self.phase = Phase::Placing { lifted: None };
        self.notice = Some(Notice::Info(said.to_string()));
        // counted in the record: the notebook, the results and the bests say so
        self.game.note_hint();
        true
    }

    /// A finished game's board as it was before move `moves`, with `play` (the best play there
    /// was) on it. False, and nothing changes, while the game is on or when `moves` is past it.
    pub fn look_back(&mut self, moves: usize, play: Vec<Placement>) -> bool {
        if !self.game.is_over() || moves >= self.game.moves().len() {
            return false;
        }
        let mut record = self.game.record();
        record.moves.truncate(moves);
        record.hints.retain(|&h| h <= moves);
        record.ui = None;
        match Game::replay(&record) {
            Ok(before) => {
                self.looking_back = Some(Box::new((before, play)));
                true
            }
            Err(_) => false,
        }
    }

    /// Back to the final board.
    pub fn stop_looking_back(&mut self) {
        self.looking_back = None;
    }

    /// The game and play Hindsight is showing on the board, if any.
    pub fn looking_back(&self) -> Option<(&Game, &[Placement])> {
        self.looking_back.as_deref().map(|(g, p)| (g, p.as_slice()))
    }

    /// Recall tiles: every unsubmitted tile goes back to the rack.
    pub fn recall(&mut self) {
        if !self.is_placing() {
            return;
        }
        self.tentative.clear();
        self.phase = Phase::Placing { lifted: None };
        self.notice = None;
    }

    /// After a move: clear the turn's state and move on, or say why the move was refused.
    fn conclude(&mut self, outcome: Result<Turn, MoveError>) -> Option<Turn> {
        match outcome {
            Ok(turn) => {
                self.can_play = None;
                self.tentative.clear();
                self.phase = Session::phase_between_turns(&self.game, self.table.as_ref());
                Some(turn)
            }
            Err(e) => {
                self.refuse(&e);
                None
            }
        }
    }

    fn refuse(&mut self, error: &MoveError) {
        // one line per failing formula, so each is named on its own
        let lines = match error {
            MoveError::Formulas(rejections) => rejections.iter().map(|r| r.to_string()).collect(),
            // the engine's reason, and how this screen places a tile
            MoveError::Placement(PlacementError::NoTiles) => {
                vec![format!("{error} Tap a rack tile, then a square.")]
            }
            other => vec![other.to_string()],
        };
        self.notice = Some(Notice::Refused(lines));
    }

    /// Submit formula: the engine checks every formula made; a rejection leaves the tiles put.
    pub fn submit(&mut self) -> Option<Turn> {
        if !self.is_placing() {
            return None;
        }
        // a second tap of a double tap: the first one's "Scored 6." stays on screen
        if self.tentative.is_empty() && matches!(self.notice, Some(Notice::Info(_))) {
            return None;
        }
        let played: Vec<usize> = self.tentative.iter().map(|t| t.slot).collect();
        let (seat, kept) = (self.game.to_move(), self.kept_order(&played));
        let outcome = self.game.play(&self.placements()).cloned();
        let turn = self.conclude(outcome)?;
        self.arrange_seat(seat, kept);
        self.notice = Some(Notice::Info(format!("Scored {}.", turn.score)));
        Some(turn)
    }

    /// Exchange tiles: start picking (unsubmitted tiles go back to the rack first).
    pub fn start_exchange(&mut self) {
        if !self.is_placing() {
            return;
        }
        match self.game.can_exchange(1) {
            Ok(()) => {
                self.recall();
                self.phase = Phase::Exchanging { picked: Vec::new() };
            }
            Err(e) => self.refuse(&e),
        }
    }

    pub fn cancel_exchange(&mut self) {
        if matches!(self.phase, Phase::Exchanging { .. }) {
            self.phase = Phase::Placing { lifted: None };
            self.notice = None;
        }
    }

    /// Confirm exchange with the picked tiles.
    pub fn confirm_exchange(&mut self) -> Option<Turn> {
        let picked = self.phase.picked()?;
        let rack = self.rack();
        let tiles: Vec<Tile> = picked
            .iter()
            .filter_map(|s| rack.get(*s).copied())
            .collect();
        let (seat, kept) = (self.game.to_move(), self.kept_order(picked));
        let outcome = self.game.exchange(&tiles).cloned();
        let turn = self.conclude(outcome)?;
        self.arrange_seat(seat, kept);
        self.notice = Some(Notice::Info(match tiles.len() {
            1 => "Exchanged 1 tile.".to_string(),
            n => format!("Exchanged {n} tiles."),
        }));
        Some(turn)
    }

    /// Pass (Pass and Play only): the first tap asks, since a pass costs the turn.
    pub fn ask_pass(&mut self) {
        if self.is_placing() && self.game.can_pass() {
            self.put_down_wild();
            self.phase = Phase::ConfirmingPass;
        }
    }

    /// "Yes, pass": the turn goes to the next player.
    pub fn confirm_pass(&mut self) -> Option<Turn> {
        if self.phase != Phase::ConfirmingPass {
            return None;
        }
        let outcome = self.game.pass().cloned();
        let turn = self.conclude(outcome);
        if turn.is_none() {
            self.phase = Phase::Placing { lifted: None };
        }
        turn
    }

    /// Speed Lab (a table variant): the turn's time ran out. The tiles placed go back to the
    /// rack and the turn is passed, whatever the player was doing (placing, choosing a Wild
    /// Isotope, picking tiles to exchange, answering the Pass question). `None`, changing
    /// nothing, when it is no person's turn on screen or the game has no turn timer.
    pub fn time_out(&mut self) -> Option<Turn> {
        if self.screen() != Screen::Turn || self.phase == Phase::Computer {
            return None;
        }
        let outcome = self.game.time_out().cloned();
        if outcome.is_err() {
            return None;
        }
        let turn = self.conclude(outcome)?;
        self.notice = Some(Notice::Info(TIME_UP.to_string()));
        Some(turn)
    }

    /// Whether this turn still waits to learn if the player to move can play at all.
    pub fn wants_can_play(&self) -> bool {
        // a computer's rack, or at a table another device's: not this player's to know
        self.can_play.is_none()
            && !self.game.is_over()
            && !matches!(self.phase, Phase::Computer | Phase::Waiting)
    }

    /// The engine's answer to "can the player to move play?", asked when `moves` moves had
    /// been made: an answer about an earlier turn is dropped.
    pub fn learn_can_play(&mut self, moves: usize, can_play: bool) {
        if moves == self.game.moves().len() {
            self.can_play = Some(can_play);
        }
    }

    /// When the player to move can make no legal play with their rack, what they can do
    /// instead; `None` while a play is possible or the answer is not in yet.
    pub fn stuck(&self) -> Option<&'static str> {
        let g = &self.game;
        // said to the player to move only once their rack shows (QA: the hand-off read out the
        // next player's stuck rack before they had the device)
        if g.is_over() || self.can_play != Some(false) || self.screen() != Screen::Turn {
            return None;
        }
        let exchange = g.can_exchange(1).is_ok();
        Some(match (g.mode(), g.kind(), exchange) {
            (Mode::Standard, Kind::Solitaire, true) => {
                "No card formula fits your rack — exchange tiles or end the game."
            }
            (Mode::Standard, Kind::PassAndPlay, true) => {
                "No card formula fits your rack — exchange tiles or pass."
            }
            (Mode::Standard, Kind::Solitaire, false) => {
                "No card formula fits your rack, and no exchange can be made — end the game."
            }
            (Mode::Standard, Kind::PassAndPlay, false) => {
                "No card formula fits your rack, and the bag is empty — pass."
            }
            (Mode::Theory | Mode::Chemist, Kind::Solitaire, true) => {
                "No formula can be made from your rack here — exchange tiles or end the game."
            }
            (Mode::Theory | Mode::Chemist, Kind::PassAndPlay, true) => {
                "No formula can be made from your rack here — exchange tiles or pass."
            }
            (Mode::Theory | Mode::Chemist, Kind::Solitaire, false) => {
                "No formula can be made from your rack here, and no exchange can be made — \
                 end the game."
            }
            (Mode::Theory | Mode::Chemist, Kind::PassAndPlay, false) => {
                "No formula can be made from your rack here, and the bag is empty — pass."
            }
        })
    }

    /// End game (Solitaire): the first tap asks, the second ends.
    pub fn ask_end(&mut self) {
        if self.is_placing() {
            self.put_down_wild();
            self.phase = Phase::ConfirmingEnd;
        }
    }

    /// A Wild Isotope waiting for its element is put down by a question: the words asking for
    /// its element go with it (QA: they stayed through End game's question and after it).
    fn put_down_wild(&mut self) {
        if self.notice == Some(Notice::Info(CHOOSE_WILD_ELEMENT.to_string())) {
            self.notice = None;
        }
    }

    /// "Keep playing": End game's or Pass's question is put away.
    pub fn keep_playing(&mut self) {
        if matches!(self.phase, Phase::ConfirmingEnd | Phase::ConfirmingPass) {
            self.phase = Phase::Placing { lifted: None };
        }
    }

    pub fn confirm_end(&mut self) -> Option<Turn> {
        if self.phase != Phase::ConfirmingEnd {
            return None;
        }
        self.tentative.clear();
        let outcome = self.game.end().cloned();
        let turn = self.conclude(outcome);
        if turn.is_none() {
            self.phase = Phase::Placing { lifted: None };
        }
        turn
    }

    /// "I'm NAME — show my tiles".
    pub fn reveal(&mut self) {
        if self.phase == Phase::Handoff {
            self.phase = Phase::Placing { lifted: None };
            self.notice = None;
        }
    }
}

/// Games for the app's tests, opened as the app opens them, with a rack chosen by the test.
#[cfg(test)]
pub(crate) mod testing {
    use super::Session;
    use molscrab_engine::elements::Tile;
    use molscrab_engine::game::Game;
    use molscrab_engine::record::{GameRecord, Kind};

    /// The tiles of `symbols` ("H H O ?"), in order; anything that is no tile is left out.
    pub(crate) fn tiles(symbols: &str) -> Vec<Tile> {
        symbols
            .split_whitespace()
            .filter_map(Tile::from_symbol)
            .collect()
    }

    /// A new game of `kind` (Solitaire's "You", or Ada and Bo) whose first rack is the first 7
    /// tiles of `symbols`, opened as the app opens it.
    pub(crate) fn dealt(kind: Kind, theory: bool, symbols: &str) -> Session {
        let names = match kind {
            Kind::Solitaire => vec!["You".to_string()],
            Kind::PassAndPlay => vec!["Ada".to_string(), "Bo".to_string()],
        };
        let mut record = GameRecord::new_game(
            kind,
            molscrab_engine::referee::theory_or_standard(theory),
            names,
            0,
            1,
        );
        record.bag = Some(tiles(symbols));
        Session::open(Game::replay(&record).expect("replays"), None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::elements::Element::*;

    /// A record opened as the app opens one: replayed, with its saved unsubmitted tiles.
    pub(crate) fn open(record: GameRecord) -> Session {
        Session::open(Game::replay(&record).expect("replays"), record.ui.as_ref())
    }

    use super::testing::tiles as bag;

    /// A Solitaire game whose rack is, in order, the first 7 tiles of `symbols`.
    fn solitaire(theory: bool, symbols: &str) -> Session {
        super::testing::dealt(Kind::Solitaire, theory, symbols)
    }

    fn slot_of(s: &Session, tile: Tile) -> usize {
        s.rack_slots()
            .into_iter()
            .find(|(_, t)| *t == tile)
            .unwrap()
            .0
    }

    fn place(s: &mut Session, tile: Tile, row: usize, col: usize) {
        let slot = slot_of(s, tile);
        s.tap_rack(slot);
        s.tap_square(row, col);
    }

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
    fn a_lifted_tile_goes_to_the_tapped_square_and_back_again() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        place(&mut s, Tile::Element(H), 7, 6);
        assert_eq!(s.tentative_at(7, 6).map(|t| t.el), Some(H));
        assert_eq!(s.rack_slots().len(), 6);
        s.tap_square(7, 6);
        assert_eq!(s.tentative_at(7, 6), None);
        assert_eq!(s.rack_slots().len(), 7);
    }

    #[test]
    fn water_on_the_star_scores_6_and_the_rack_refills() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        place(&mut s, Tile::Element(H), 7, 6);
        place(&mut s, Tile::Element(H), 7, 7);
        place(&mut s, Tile::Element(O), 7, 8);
        let turn = s.submit().expect("water is a card formula");
        assert_eq!(turn.score, 6);
        assert!(s.tentative().is_empty());
        assert_eq!(s.rack().len(), 7);
        assert_eq!(s.game().board().get(7, 7).map(|t| t.el), Some(H));
        // a double tap's second Submit leaves the score on screen; later, with nothing placed
        // and no fresh news, Submit explains what to do
        assert!(s.submit().is_none());
        assert_eq!(s.notice(), Some(&Notice::Info("Scored 6.".into())));
        s.tap_rack(0);
        s.tap_rack(0);
        assert!(s.submit().is_none());
        assert_eq!(
            s.notice(),
            Some(&Notice::Refused(vec![
                "Place some tiles on the board first. Tap a rack tile, then a square.".into()
            ]))
        );
    }

    #[test]
    fn a_rejected_play_names_the_formula_and_leaves_the_tiles_put() {
        let mut s = solitaire(false, "Cl Na O C C H H O O O H H");
        place(&mut s, Tile::Element(Cl), 7, 7);
        place(&mut s, Tile::Element(Na), 7, 8);
        assert!(s.submit().is_none());
        let Some(Notice::Refused(lines)) = s.notice() else {
            panic!("a refusal was expected, got {:?}", s.notice());
        };
        assert_eq!(lines.len(), 1);
        assert!(lines[0].contains("Na · Cl"), "{}", lines[0]);
        assert_eq!(s.tentative().len(), 2);
        assert!(s.game().turns().is_empty());
    }

    #[test]
    fn a_wild_isotope_needs_its_element_and_goes_to_the_square_tapped_before() {
        let mut s = solitaire(true, "? H O C C Na Cl O O O H H");
        let wild = slot_of(&s, Tile::Wild);
        s.tap_rack(wild);
        assert!(s.needs_wild_choice());
        // a square tapped first is kept (the last one tapped), and the player asked to choose:
        // not refused, since tapping the square again once chosen would take the tile back
        s.tap_square(7, 9);
        s.tap_square(7, 7);
        assert!(matches!(s.notice(), Some(Notice::Info(n)) if n.contains("element")));
        assert!(s.tentative().is_empty());
        s.choose_wild(H);
        assert_eq!(
            s.tentative_at(7, 7).map(|t| (t.el, t.wild)),
            Some((H, true))
        );
        assert_eq!(s.notice(), None);
        assert_eq!(s.phase().lifted(), None);
        // chosen first, then a square: as before
        s.tap_square(7, 7);
        assert_eq!(
            s.phase().wild_element(),
            Some(H),
            "taken back with its element"
        );
        s.choose_wild(O);
        assert!(s.tentative().is_empty(), "no square was tapped since");
        s.tap_square(7, 7);
        assert_eq!(s.tentative_at(7, 7).map(|t| t.el), Some(O));
        s.tap_square(7, 7);
        s.choose_wild(H);
        s.tap_square(7, 7);
        place(&mut s, Tile::Element(H), 7, 8);
        let turn = s.submit().expect("H·H is hydrogen gas");
        // the wild H scores 0: (0 + 1) × 2
        assert_eq!(turn.score, 2);
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
    fn a_resumed_pass_and_play_game_opens_on_the_hand_off() {
        let record = GameRecord::new_game(
            Kind::PassAndPlay,
            Mode::Theory,
            vec!["Ada".into(), "Bo".into()],
            1,
            9,
        );
        let mut s = open(record);
        assert_eq!(s.screen(), Screen::Handoff);
        s.reveal();
        assert_eq!(s.screen(), Screen::Turn);
        let back = open(s.to_record());
        assert_eq!(back.screen(), Screen::Handoff);
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
    fn exchanging_picks_tiles_and_uses_one_of_three() {
        let mut s = solitaire(true, "He Ne H O C C Na Cl O O O H H N N");
        s.start_exchange();
        let he = slot_of(&s, Tile::Element(He));
        let ne = slot_of(&s, Tile::Element(Ne));
        s.tap_rack(he);
        s.tap_rack(ne);
        let turn = s.confirm_exchange().expect("two tiles, bag holds more");
        assert_eq!(turn.exchanged, 2);
        assert!(!s.rack().contains(&Tile::Element(He)));
        assert_eq!(s.game().exchanges_left(), Some(2));
    }

    #[test]
    fn confirming_an_exchange_with_nothing_picked_says_what_the_engine_says() {
        let mut s = solitaire(true, "He Ne H O C C Na Cl O O O H H N N");
        s.start_exchange();
        assert!(s.confirm_exchange().is_none());
        assert_eq!(
            s.notice(),
            Some(&Notice::Refused(vec![
                MoveError::NothingToExchange.to_string()
            ]))
        );
        assert!(s.phase().picked().is_some(), "still picking");
        // a tile picked answers it: the refusal goes (QA: it stayed on, above the next
        // question too); and so does Cancel
        let he = slot_of(&s, Tile::Element(He));
        s.tap_rack(he);
        assert_eq!(s.notice(), None);
        let mut s = solitaire(true, "He Ne H O C C Na Cl O O O H H N N");
        s.start_exchange();
        assert!(s.confirm_exchange().is_none());
        s.cancel_exchange();
        assert_eq!(s.notice(), None);
    }

    #[test]
    fn one_exchanged_tile_is_one_tile() {
        let mut s = solitaire(true, "He Ne H O C C Na Cl O O O H H N N");
        s.start_exchange();
        let he = slot_of(&s, Tile::Element(He));
        s.tap_rack(he);
        assert!(s.confirm_exchange().is_some());
        assert_eq!(s.notice(), Some(&Notice::Info("Exchanged 1 tile.".into())));
    }

    #[test]
    fn a_tap_that_places_nothing_says_what_to_do() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        s.tap_square(7, 7);
        assert_eq!(s.notice(), Some(&Notice::Info(TAP_A_TILE_FIRST.into())));
        place(&mut s, Tile::Element(H), 7, 6);
        place(&mut s, Tile::Element(H), 7, 7);
        place(&mut s, Tile::Element(O), 7, 8);
        s.submit().expect("water");
        // a square played on an earlier turn: said so, with a tile lifted or not
        s.tap_square(7, 7);
        assert_eq!(
            s.notice(),
            Some(&Notice::Refused(vec![SQUARE_TAKEN.into()]))
        );
        s.tap_rack(0);
        s.tap_square(7, 8);
        assert_eq!(
            s.notice(),
            Some(&Notice::Refused(vec![SQUARE_TAKEN.into()]))
        );
        assert_eq!(s.phase().lifted(), Some(0), "the tile stays lifted");
        assert!(s.tentative().is_empty());
    }

    /// A formula off the card is tagged one way everywhere: Hypothetical until the engine's
    /// worker names it, then documented by that name in the turn's news, the hand-off's line
    /// and the notebook alike (QA: the news said "(Hypothetical)" beside a documented name).
    #[test]
    fn a_documented_formula_is_tagged_alike_in_every_line() {
        let names = vec!["You".into(), "Bot".into()];
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, names, 1, 1);
        record.computers = Some(vec![None, Some(Level::Chemist)]);
        record.bag = Some(bag("C C C C C O O H Br O O O O O"));
        let mut s = open(record);
        let (moves, _) = s.wants_computer_move().expect("the computer moves first");
        let play = Move::Play(vec![Placement::new(7, 7, H), Placement::new(7, 8, Br)]);
        let turn = s.computer_moved(moves, &play).expect("HBr is played");
        let said = |s: &Session| match s.notice() {
            Some(Notice::Info(said)) => said.clone(),
            other => panic!("{other:?}"),
        };
        assert!(said(&s).contains("HBr (Hypothetical)"), "{}", said(&s));
        assert_eq!(s.names_to_ask(), vec!["H Br".to_string()]);
        assert_eq!(s.names_to_ask(), Vec::<String>::new(), "asked once");
        assert!(!s.learn_names(&[("C O".into(), "carbon monoxide".into())]));
        assert!(s.learn_names(&[("H Br".into(), "hydrogen bromide".into())]));
        assert_eq!(
            s.documented_name(&[Br, H]),
            None,
            "another order is another formula"
        );
        assert_eq!(s.documented_name(&[H, Br]), Some("hydrogen bromide"));
        for line in [said(&s), s.summary(&turn, 1)] {
            assert!(
                line.contains("HBr — hydrogen bromide") && !line.contains("Hypothetical"),
                "{line}"
            );
        }
    }

    fn pass_and_play(theory: bool, symbols: &str) -> Session {
        let names = vec!["Ada".into(), "Ben".into()];
        let mut record = GameRecord::new_game(
            Kind::PassAndPlay,
            molscrab_engine::referee::theory_or_standard(theory),
            names,
            0,
            1,
        );
        record.bag = Some(bag(symbols));
        let mut s = open(record);
        s.reveal();
        s
    }

    #[test]
    fn pass_asks_first_and_keep_playing_keeps_the_turn() {
        let mut s = pass_and_play(true, "H H O C C Na Cl O O O H H N N K K");
        place(&mut s, Tile::Element(H), 7, 7);
        assert!(s.confirm_pass().is_none(), "not asked yet");
        s.ask_pass();
        assert_eq!(*s.phase(), Phase::ConfirmingPass);
        assert!(!s.is_placing());
        s.keep_playing();
        assert!(s.is_placing());
        assert_eq!(s.tentative().len(), 1, "the tiles placed stay put");
        assert!(s.game().turns().is_empty());
        s.ask_pass();
        let turn = s.confirm_pass().expect("passed");
        assert_eq!(turn.kind, molscrab_engine::turn::TurnKind::Pass);
        assert_eq!(s.screen(), Screen::Handoff);
        assert_eq!(s.game().to_move(), 1);
        // Solitaire has no passes: nothing to ask
        let mut solo = solitaire(true, "H H O C C Na Cl O O O H H");
        solo.ask_pass();
        assert!(solo.is_placing());
    }

    #[test]
    fn each_player_keeps_their_own_rack_order_through_turns_and_the_save() {
        let mut s = pass_and_play(true, "H H O C C Na Cl O O O H H N N K K");
        let shown = |s: &Session| -> Vec<Tile> {
            let slots = crate::arrange::display(s.rack(), s.order());
            slots.into_iter().map(|i| s.rack()[i]).collect()
        };
        let sort = |s: &mut Session| {
            let order = crate::arrange::sorted(s.rack());
            s.arrange(crate::arrange::tiles(s.rack(), &order));
        };
        // Ada sorts, then passes; Ben reverses his rack, then passes
        sort(&mut s);
        let ada = shown(&s);
        s.ask_pass();
        s.confirm_pass().expect("Ada passed");
        // saved now, before Ben arranges anything (QA: Ada's order was then left out)
        let record = s.to_record();
        let mut early = Session::open(Game::replay(&record).unwrap(), record.ui.as_ref());
        early.reveal();
        early.ask_pass();
        early.confirm_pass().expect("Ben passed");
        early.reveal();
        assert_eq!(shown(&early), ada, "Ada's order kept in the save");
        s.reveal();
        let mut ben: Vec<Tile> = shown(&s);
        ben.reverse();
        s.arrange(ben.clone());
        s.ask_pass();
        s.confirm_pass().expect("Ben passed");
        s.reveal();
        assert_eq!(
            shown(&s),
            ada,
            "Ada's rack as she sorted it, not in Ben's order"
        );
        // saved and opened again (a reload): both orders come back
        let record = s.to_record();
        let mut back = Session::open(Game::replay(&record).unwrap(), record.ui.as_ref());
        back.reveal();
        assert_eq!(shown(&back), ada);
        back.ask_pass();
        back.confirm_pass().expect("Ada passed");
        back.reveal();
        assert_eq!(shown(&back), ben, "Ben's order");
        // a save from before the orders were kept apart: its one order is the player to move's
        let ui = Value::object([("rack", crate::arrange::to_value(&ada))]);
        let old = Session::open(Game::replay(&record).unwrap(), Some(&ui));
        assert_eq!(old.order(), ada.as_slice());
    }

    #[test]
    fn a_speed_lab_turn_that_times_out_is_passed_with_its_tiles_back_on_the_rack() {
        use molscrab_engine::variants::{Variant, Variants};
        let names = vec!["Ada".into(), "Ben".into()];
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, names, 0, 1);
        record.bag = Some(bag("H H O C C Na Cl O O O H H N N K K"));
        record.variants = Variants::of(&[Variant::SpeedLab]);
        let mut s = open(record);
        s.reveal();
        place(&mut s, Tile::Element(H), 7, 7);
        s.ask_pass();
        let turn = s.time_out().expect("passed");
        assert_eq!(turn.kind, molscrab_engine::turn::TurnKind::Pass);
        assert!(s.tentative().is_empty());
        assert_eq!(s.game().rack(0).len(), 7, "the H is back on Ada's rack");
        assert_eq!(s.screen(), Screen::Handoff);
        assert_eq!(
            s.notice(),
            Some(&Notice::Info("Time is up: the turn is passed.".into()))
        );
        // between turns the clock does not run: nothing happens
        assert!(s.time_out().is_none());
        assert_eq!(s.game().turns().len(), 1);
        // without Speed Lab a timeout changes nothing
        let mut plain = pass_and_play(true, "H H O C C Na Cl O O O H H N N K K");
        place(&mut plain, Tile::Element(H), 7, 7);
        assert!(plain.time_out().is_none());
        assert_eq!(plain.tentative().len(), 1);
        assert!(plain.game().turns().is_empty());
    }

    /// The session once the engine's answer to "can the player to move play?" is in, as the
    /// worker gives it in the browser.
    fn answered(mut s: Session) -> Session {
        assert!(s.wants_can_play());
        assert_eq!(s.stuck(), None, "nothing is said before the answer is in");
        let moves = s.game().moves().len();
        let can_play = s.game().has_legal_play();
        s.learn_can_play(moves, can_play);
        assert!(!s.wants_can_play());
        s
    }

    #[test]
    fn a_rack_with_no_legal_play_is_told_what_to_do_instead() {
        // Standard Mode: no card formula from He Ne U Au Pt Hg Cr
        let stuck = "He Ne U Au Pt Hg Cr H H O O C C N N";
        let s = answered(solitaire(false, stuck));
        assert_eq!(
            s.stuck(),
            Some("No card formula fits your rack — exchange tiles or end the game.")
        );
        let s = answered(pass_and_play(false, stuck));
        assert_eq!(
            s.stuck(),
            Some("No card formula fits your rack — exchange tiles or pass.")
        );
        // Theory Mode: helium and neon alone bond with nothing, and the bag is empty
        let s = answered(pass_and_play(true, "He Ne H"));
        assert_eq!(
            s.stuck(),
            Some("No formula can be made from your rack here, and the bag is empty — pass.")
        );
        // water fits
        assert_eq!(
            answered(solitaire(false, "H H O C C Na Cl O O O H H")).stuck(),
            None
        );
    }

    #[test]
    fn a_stuck_rack_is_said_once_it_shows_not_at_the_hand_off() {
        let names = vec!["Ada".into(), "Ben".into()];
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Standard, names, 0, 1);
        record.bag = Some(bag("He Ne U Au Pt Hg Cr H H O O C C N N"));
        let mut s = open(record);
        assert_eq!(s.screen(), Screen::Handoff);
        let moves = s.game().moves().len();
        s.learn_can_play(moves, false);
        assert_eq!(s.stuck(), None, "the rack is not in sight yet");
        s.reveal();
        assert_eq!(
            s.stuck(),
            Some("No card formula fits your rack — exchange tiles or pass.")
        );
    }

    #[test]
    fn a_question_puts_a_waiting_wild_isotope_down_and_its_words_with_it() {
        let mut s = solitaire(true, "? H O C C Na Cl O O O H H");
        s.tap_rack(0);
        s.tap_square(7, 7);
        assert_eq!(s.phase().wild_square(), Some((7, 7)));
        assert!(s.notice().is_some(), "asked for its element");
        s.ask_end();
        assert_eq!(s.notice(), None);
        s.keep_playing();
        assert_eq!(s.notice(), None);
        assert_eq!(s.phase().wild_square(), None);
        let mut p = pass_and_play(true, "? H O C C Na Cl O O O H H N N K K");
        p.tap_rack(0);
        p.tap_square(7, 7);
        p.ask_pass();
        assert_eq!(p.notice(), None);
    }

    #[test]
    fn a_hint_puts_the_best_play_on_the_board_as_tiles_to_submit_move_or_recall() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        // a tile already placed goes back: the hint replaces it
        place(&mut s, Tile::Element(C), 7, 7);
        let best = s.game().clone();
        let best = molscrab_engine::movegen::best_play(&best).expect("a play");
        assert!(s.show_hint(0, &best.tiles, "Hint"));
        assert_eq!(s.placements(), best.tiles);
        assert_eq!(s.notice(), Some(&Notice::Info("Hint".to_string())));
        // moved: one tile taken back and put down again elsewhere is the player's own play
        let first = best.tiles[0];
        s.tap_square(first.row.into(), first.col.into());
        assert_eq!(s.tentative().len(), best.tiles.len() - 1);
        s.recall();
        assert!(s.tentative().is_empty());
        // shown again and submitted: it scores what the engine said
        assert!(s.show_hint(0, &best.tiles, "Hint"));
        let turn = s.submit().expect("the hint is a legal play");
        assert_eq!(turn.score, best.score);
    }

    #[test]
    fn a_stale_or_impossible_hint_changes_nothing() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        place(&mut s, Tile::Element(C), 7, 7);
        let water = [(7, 6, H), (7, 7, O), (7, 8, H)].map(|(row, col, el)| Placement {
            row,
            col,
            el,
            wild: false,
        });
        assert!(!s.show_hint(1, &water, "Hint"), "about another turn");
        let three_o =
            [(7, 6, O), (7, 7, O), (7, 8, O), (7, 9, O)].map(|(row, col, el)| Placement {
                row,
                col,
                el,
                wild: false,
            });
        assert!(
            !s.show_hint(0, &three_o, "Hint"),
            "more O than the rack holds"
        );
        assert_eq!(s.tentative().len(), 1, "the player's tile stays put");
        assert!(s.show_hint(0, &water, "Hint"));
        assert_eq!(s.placements(), water);
    }

    #[test]
    fn hindsight_shows_the_board_before_a_move_with_the_best_play_on_it() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        let best = molscrab_engine::movegen::best_play(s.game()).unwrap();
        assert!(
            !s.look_back(0, best.tiles.clone()),
            "not while the game is on"
        );
        place(&mut s, Tile::Element(H), 7, 6);
        place(&mut s, Tile::Element(H), 7, 7);
        place(&mut s, Tile::Element(O), 7, 8);
        s.submit().expect("water");
        s.ask_end();
        s.confirm_end().expect("ended");
        assert!(!s.look_back(2, best.tiles.clone()), "past the last move");
        assert!(s.look_back(0, best.tiles.clone()));
        let (before, play) = s.looking_back().unwrap();
        assert!(before.moves().is_empty() && before.board().placements().next().is_none());
        assert_eq!(play, best.tiles.as_slice());
        s.stop_looking_back();
        assert!(s.looking_back().is_none());
    }

    #[test]
    fn an_imported_game_stays_imported_when_saved_and_resumed_and_long_names_are_cut() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        assert!(!s.imported());
        s.mark_imported();
        let back = open(s.to_record());
        assert!(back.imported(), "kept in the save's ui part");
        let mut record = GameRecord::new_game(
            Kind::PassAndPlay,
            Mode::Theory,
            vec!["x".repeat(5_000), "Bo".into()],
            0,
            1,
        );
        record.ui = None;
        let g = Game::replay(&record).unwrap();
        let shown = seat_name(&g, 0);
        assert_eq!(
            shown.chars().count(),
            molscrab_engine::players::MAX_NAME_SHOWN
        );
        assert!(shown.ends_with('…'));
        assert_eq!(seat_name(&g, 1), "Bo");
    }

    #[test]
    fn an_answer_about_an_earlier_turn_is_dropped() {
        let mut s = solitaire(false, "He Ne U Au Pt Hg Cr H H O O C C N N");
        s.learn_can_play(3, false);
        assert!(s.wants_can_play());
        assert_eq!(s.stuck(), None);
        // after an exchange the turn is new: the old answer is forgotten
        let mut s = answered(s);
        assert!(s.stuck().is_some());
        s.start_exchange();
        s.tap_rack(0);
        s.confirm_exchange().expect("exchanged");
        assert!(s.wants_can_play());
        s.learn_can_play(0, false);
        assert!(s.wants_can_play(), "asked before the exchange: dropped");
    }

    #[test]
    fn at_a_table_only_this_devices_seat_gets_a_rack_and_its_tiles() {
        let names = vec!["Ada".into(), "Ben".into()];
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, names, 0, 1);
        record.bag = Some(bag("H H O C C Na Cl O O O H H N N K K"));
        let at = |seat| AtTable {
            id: "AbCdEfGh-_0".into(),
            seat,
        };
        // Ben's device while Ada is to move: no rack, no hand-off, nothing to tap
        let game = Game::replay(&record).unwrap();
        let mut ben = Session::at_table(game.clone(), None, at(1));
        assert_eq!(ben.screen(), Screen::Waiting);
        ben.tap_rack(0);
        ben.tap_square(7, 7);
        assert!(ben.tentative().is_empty() && ben.submit().is_none());
        // Ada's device: her turn at once (no hand-off), and after her move it waits for Ben
        let mut ada = Session::at_table(game, None, at(0));
        assert_eq!(ada.screen(), Screen::Turn);
        place(&mut ada, Tile::Element(H), 7, 7);
        let saved = ada.to_record();
        assert_eq!(
            open(saved.clone()).screen(),
            Screen::Handoff,
            "as Pass and Play it would hand off"
        );
        let back = Session::at_table(Game::replay(&saved).unwrap(), saved.ui.as_ref(), at(0));
        assert!(back.tentative_at(7, 7).is_some(), "her tile comes back");
        ada.ask_pass();
        ada.confirm_pass().expect("passed");
        assert_eq!(ada.screen(), Screen::Waiting);
        // a save with a tile that would fit Ben's rack (an O in slot 0) shows none on Ada's
        // device while Ben is to move
        let saved = ada.to_record();
        let mut ui = saved.clone();
        ui.ui =
            molscrab_json::parse(r#"{"tentative": [{"slot": 0, "row": 7, "col": 7, "el": "O"}]}"#)
                .ok();
        let game = Game::replay(&saved).unwrap();
        assert_eq!(game.rack(1)[0], Tile::Element(O));
        assert_eq!(open(ui.clone()).tentative().len(), 1, "it would fit");
        let waiting = Session::at_table(game, ui.ui.as_ref(), at(0));
        assert!(waiting.tentative().is_empty());
    }

    #[test]
    fn end_game_asks_first() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        assert!(s.confirm_end().is_none());
        s.ask_end();
        let rack_points: i32 = s.rack().iter().map(|t| i32::from(t.points())).sum();
        s.confirm_end().expect("confirmed");
        assert_eq!(s.game().scores(), vec![-rack_points]);
        assert_eq!(s.screen(), Screen::Results);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod fuzz {
    use super::tests::open;
    use super::*;
    use proptest::prelude::*;

    /// One thing a player can do on the game screen.
    #[derive(Clone, Debug)]
    enum Intent {
        TapRack(usize),
        TapSquare(usize, usize),
        ChooseWild(usize),
        Submit,
        Recall,
        StartExchange,
        ConfirmExchange,
        CancelExchange,
        AskPass,
        ConfirmPass,
        AskEnd,
        ConfirmEnd,
        KeepPlaying,
        Reveal,
        SaveAndResume,
    }

    fn intent() -> impl Strategy<Value = Intent> {
        prop_oneof![
            6 => (0usize..9).prop_map(Intent::TapRack),
            // mostly near the centre, where plays happen; sometimes off the board
            6 => (4usize..11, 4usize..11).prop_map(|(r, c)| Intent::TapSquare(r, c)),
            1 => (0usize..20, 0usize..20).prop_map(|(r, c)| Intent::TapSquare(r, c)),
            1 => (0usize..40).prop_map(Intent::ChooseWild),
            2 => Just(Intent::Submit),
            1 => Just(Intent::Recall),
            1 => Just(Intent::StartExchange),
            1 => Just(Intent::ConfirmExchange),
            1 => Just(Intent::CancelExchange),
            1 => Just(Intent::AskPass),
            1 => Just(Intent::ConfirmPass),
            1 => Just(Intent::AskEnd),
            1 => Just(Intent::ConfirmEnd),
            1 => Just(Intent::KeepPlaying),
            2 => Just(Intent::Reveal),
            1 => Just(Intent::SaveAndResume),
        ]
    }

    fn apply(s: &mut Session, intent: &Intent) {
        match *intent {
            Intent::TapRack(i) => s.tap_rack(i),
            Intent::TapSquare(r, c) => s.tap_square(r, c),
            Intent::ChooseWild(i) => {
                if let Some(el) = Element::ALL.get(i) {
                    s.choose_wild(*el)
                }
            }
            Intent::Submit => drop(s.submit()),
            Intent::Recall => s.recall(),
            Intent::StartExchange => s.start_exchange(),
            Intent::ConfirmExchange => drop(s.confirm_exchange()),
            Intent::CancelExchange => s.cancel_exchange(),
            Intent::AskPass => s.ask_pass(),
            Intent::ConfirmPass => drop(s.confirm_pass()),
            Intent::AskEnd => s.ask_end(),
            Intent::ConfirmEnd => drop(s.confirm_end()),
            Intent::KeepPlaying => s.keep_playing(),
            Intent::Reveal => s.reveal(),
            Intent::SaveAndResume => {
                let saved = GameRecord::parse(&s.to_record().to_json()).expect("a save reads back");
                *s = open(saved);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Whatever a player taps, in any order: no panic, the engine's invariants hold, every
        /// unsubmitted tile sits on an empty square and uses a distinct rack slot, and a save
        /// resumes to the same game.
        #[test]
        fn any_sequence_of_taps_keeps_the_table_consistent(
            players in 1usize..4,
            theory in any::<bool>(),
            seed in any::<u64>(),
            intents in proptest::collection::vec(intent(), 1..120),
        ) {
            let (kind, names) = if players == 1 {
                (Kind::Solitaire, vec!["You".to_string()])
            } else {
                (Kind::PassAndPlay, (0..players).map(|i| format!("P{i}")).collect())
            };
            let record = GameRecord::new_game(kind, molscrab_engine::referee::theory_or_standard(theory), names, 0, seed);
            let mut s = open(record);
            for intent in &intents {
                apply(&mut s, intent);
                prop_assert!(s.game().check_invariants().is_ok(), "{:?}", s.game().check_invariants());
                let mut slots: Vec<usize> = s.tentative().iter().map(|t| t.slot).collect();
                slots.sort_unstable();
                slots.dedup();
                prop_assert_eq!(slots.len(), s.tentative().len());
                for t in s.tentative() {
                    prop_assert!(s.game().board().get(t.row as usize, t.col as usize).is_none());
                    prop_assert!(t.slot < s.rack().len());
                }
                if s.game().is_over() {
                    prop_assert_eq!(s.screen(), Screen::Results);
                }
            }
            let back = open(s.to_record());
            prop_assert_eq!(back.game().scores(), s.game().scores());
            prop_assert_eq!(back.game().turns().len(), s.game().turns().len());
        }
    }
}
