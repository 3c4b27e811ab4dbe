//! The table in front of the player: the game plus this turn's unsubmitted tiles and screen.
//!
//! Plain Rust with no web dependency, so every intent is tested natively. It holds no rule of
//! its own: legality, scores and endings all come from `engine::game::Game`.
//!
//! One concern a file: this one the [`Session`], its [`Phase`] and what it says; `turn.rs` the
//! turn's intents (tiles placed, taps, a Wild Isotope's element, submit, exchange, pass, end, a
//! hint, a computer's move); `rack.rs` each seat's rack order; `told.rs` what the engine's worker
//! told it (documented names, whether the player can play) and Hindsight's look back on the
//! board; `look_back.rs` Hindsight's look back as the worker tells it, read; `save.rs`
//! the save: its typed `ui` part ([`SaveUi`]), the save's text and brief.

mod look_back;
mod rack;
mod save;
mod told;
mod turn;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod fuzz;

use molscrab_engine::board::Placement;
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::game::Game;
use molscrab_engine::record::Kind;
use molscrab_json::Value;

use crate::tables::AtTable;

pub use look_back::{Hindsight, LookBack, Part, SeatLook, TurnLook};
pub use save::{Daily, SaveBrief, SaveHead, SaveUi};
pub use turn::Tentative;

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
    /// As saved: "turn", "handoff", "waiting", "results" or "computer".
    pub fn code(self) -> &'static str {
        match self {
            Screen::Turn => "turn",
            Screen::Handoff => "handoff",
            Screen::Waiting => "waiting",
            Screen::Results => "results",
            Screen::Computer => "computer",
        }
    }

    /// The screen saved as `code`; `None` for anything else.
    pub fn from_code(code: &str) -> Option<Screen> {
        [
            Screen::Turn,
            Screen::Handoff,
            Screen::Waiting,
            Screen::Results,
            Screen::Computer,
        ]
        .into_iter()
        .find(|s| s.code() == code)
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
/// link's, not their move's: "This link has been changed or damaged…" under the rack alone
/// would read as a refused play, and the live region would say "Not played.".
pub const LINK_REFUSED: &str = "That link was not used; your turn goes on.";

/// Speed Lab's turn ran out (said on the turn's screen, and on the hand-off that follows).
pub const TIME_UP: &str = "Time is up: the turn is passed.";

/// Session's own words, for a step of this screen that is no move the engine could refuse.
const CHOOSE_WILD_ELEMENT: &str = "Now choose the Wild Isotope's element.";
/// An empty square tapped with no tile lifted (the manual's "A tile won't go onto the board"):
/// said, not refused, since a click on a square is also how the typing cursor is put there.
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
    /// A Daily Bench game: its day and whether it is practice, kept in the save's "ui" part
    /// as the worker's `daily` question wants them back at the end.
    daily: Option<Daily>,
    /// This session's number among those opened on this page: a new game, an import or
    /// another tab's game followed is another session, whatever its seed (see [`SaveBrief`]).
    opened: u32,
    /// The formulas played off the card (symbols separated by spaces) and the documented name
    /// the engine's worker found for each ("" for none, or while it is being asked): the one
    /// source of a formula's tag (known, documented, Hypothetical) for the notebook, the
    /// bench, the turn's news, the hand-off and the live region.
    named: Vec<(String, String)>,
}

/// Sessions opened on this page so far.
static OPENED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

impl Session {
    /// A game opened at its present state, with the save's `ui` part as saved (read by
    /// [`SaveUi::read`], which drops whatever doesn't read): its unsubmitted tiles where they
    /// still fit the board and rack, each seat's rack order, the import flag and the Daily
    /// Bench's day. A Pass and Play game opens on the hand-off, so no rack shows by accident.
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
            imported: false,
            looking_back: None,
            orders: Vec::new(),
            daily: None,
            opened: OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            named: Vec::new(),
        };
        session.restore(ui.map(SaveUi::read).unwrap_or_default());
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
    pub fn daily(&self) -> Option<&Daily> {
        self.daily.as_ref()
    }

    /// Makes this game the one saved in its kind's slot (a resumed save is, even finished:
    /// its slot is then cleared as for any finished game).
    pub fn claim_slot(&mut self) {
        self.in_slot = true;
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

    /// A record opened as the app opens one: replayed, with its saved `ui` part.
    pub(crate) fn open(record: GameRecord) -> Session {
        Session::open(Game::replay(&record).expect("replays"), record.ui.as_ref())
    }

    /// A Solitaire game whose rack is, in order, the first 7 tiles of `symbols`.
    pub(crate) fn solitaire(theory: bool, symbols: &str) -> Session {
        dealt(Kind::Solitaire, theory, symbols)
    }

    /// A Pass and Play game of Ada and Ben, Ada's rack the first 7 tiles of `symbols`, past
    /// the hand-off.
    pub(crate) fn pass_and_play(theory: bool, symbols: &str) -> Session {
        let names = vec!["Ada".into(), "Ben".into()];
        let mut record = GameRecord::new_game(
            Kind::PassAndPlay,
            molscrab_engine::referee::theory_or_standard(theory),
            names,
            0,
            1,
        );
        record.bag = Some(tiles(symbols));
        let mut s = open(record);
        s.reveal();
        s
    }

    /// The first rack slot holding `tile` that is still on the rack.
    pub(crate) fn slot_of(s: &Session, tile: Tile) -> usize {
        s.rack_slots()
            .into_iter()
            .find(|(_, t)| *t == tile)
            .unwrap()
            .0
    }

    /// `tile` lifted from the rack and put on a square, as two taps.
    pub(crate) fn place(s: &mut Session, tile: Tile, row: usize, col: usize) {
        let slot = slot_of(s, tile);
        s.tap_rack(slot);
        s.tap_square(row, col);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testing::*;
    use molscrab_engine::elements::Element::*;
    use molscrab_engine::elements::Tile;
    use molscrab_engine::game::Game;
    use molscrab_engine::record::{GameRecord, Kind};
    use molscrab_engine::referee::Mode;

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
    fn at_a_table_only_this_devices_seat_gets_a_rack_and_its_tiles() {
        let names = vec!["Ada".into(), "Ben".into()];
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, names, 0, 1);
        record.bag = Some(tiles("H H O C C Na Cl O O O H H N N K K"));
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
    fn long_names_are_cut() {
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
}
