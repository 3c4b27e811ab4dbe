//! The app's state in plain Rust: the game in play, a game waiting to replace a save, the
//! personal bests and the Play tab's messages, and every intent on them.
//!
//! No web dependency: storage comes in as a [`Shelf`], randomness as arguments, so each intent
//! is tested natively over the test shelf. `ui::Store` holds a `Table` in a signal and writes
//! the saves from one effect that calls [`Table::persist`] whenever the table changes.

use crate::session::{Notice, Screen, Session};
use crate::storage::{Saver, Shelf, Slot, BESTS_KEY};
use molscrab_engine::computer::Level;
use molscrab_engine::game::{Game, Loaded};
use molscrab_engine::markup::Html;
use molscrab_engine::players::SOLITAIRE_PLAYER;
use molscrab_engine::record::{GameRecord, Kind, RecordError};
use molscrab_engine::referee::Mode;
use molscrab_engine::turn::Turn;
use molscrab_engine::variants::Variants;

mod bests;
mod import;
mod links;
mod notices;
mod persist;
mod substances;
mod two_tabs;

pub use bests::{BestsAsk, SolitaireEnd};
pub use import::ImportRefused;
pub use links::ASIDE_REFUSED;
pub use notices::TableNotice;
pub use persist::SaveProblem;
pub use substances::{SubstancesLoad, Waiting, LOADING};
pub use two_tabs::{FOLLOWED, FOLLOWED_NEW};

/// A new or imported game held back until the player says it may replace the saved game of
/// its kind ("Replace your saved game?").
#[derive(Clone, Debug)]
pub struct Replacing {
    pub session: Session,
    /// It came from a file (asked beside Import), or else it is new (asked beside Start).
    pub from_file: bool,
    /// The saved game it would replace is one against the computer (a person alone with
    /// computer players), which shares Pass and Play's slot: the question names it so.
    pub saved_against_computer: bool,
}

/// Everything on this device's table.
#[derive(Clone, Debug, Default)]
pub struct Table {
    session: Option<Session>,
    replacing: Option<Replacing>,
    /// The personal bests' text: as stored, or as the engine's worker last raised it.
    bests: Option<String>,
    /// A question about them is due (at start, to read them; after a Solitaire move).
    bests_due: Option<BestsAsk>,
    /// The Solitaire game (seed, mode, variants) and its best play that counts, when the
    /// worker was last asked to record them: a move that raises neither asks nothing.
    bests_asked: Option<(u64, Mode, Variants, Option<i32>)>,
    /// Messages for the Play tab: unreadable saves.
    notices: Vec<TableNotice>,
    solitaire_end: Option<SolitaireEnd>,
    /// Why the last file chosen for import was refused.
    import_error: Option<ImportRefused>,
    saver: Saver,
    /// The game in play changed in another tab since this one last saw it: this tab stops
    /// (no move, no save) until the player continues from the latest.
    moved_on: bool,
    /// What the last link opened on this device did, shown with its table (own-device tables).
    link_news: Option<Notice>,
    /// Links from the page's address asked about and not yet answered: the Play tab says a
    /// link is opening instead of offering games to start (a tap there would make a game the
    /// player did not mean, which the link's table would then replace). 0 once the player
    /// chose the Play tab anyway: the answers still on their way are then dropped.
    links_opening: u32,
    /// What the engine's worker said that the page shows (cards, hindsight, names).
    pub from_worker: FromWorker,
    /// The table variants ticked on the Play tab, for the next new game: each is played where
    /// it fits the game's kind and mode and left out where it does not (Speed Lab in
    /// Solitaire, Organic Chemistry Mode in Standard Mode). A rematch keeps its game's own.
    pub variants: Variants,
    /// The brief of the game's save last written or found already there: a tap that leaves it
    /// the same reads and writes nothing (no copy of the record, no JSON, no storage read).
    saved_brief: Option<crate::session::SaveBrief>,
    /// The save's text up to its `ui` part, as last written ([`Session::save_text`]).
    saved_head: crate::session::SaveHead,
    /// The table of documented substances on this page (`table/substances.rs`).
    substances: SubstancesLoad,
    /// What opens once it is installed.
    waiting: Option<Waiting>,
}

/// What the engine's worker has answered that the page shows beside the game. Kept in the
/// table (one signal for the app) rather than in signals of their own: each signal type costs
/// the wasm its own copy of the reactive code.
#[derive(Clone, Debug, Default)]
pub struct FromWorker {
    /// The formula card showing (the markup the worker wrote), if one is open.
    pub card: Option<Html>,
    /// Hindsight for the finished game of this seed, while the notebook shows it.
    pub hindsight: Option<(u64, crate::session::Hindsight)>,
}

/// Whether a game was refused only because the table of documented substances is not
/// installed on this page yet (a game under the chemist's referee).
pub(super) fn needs_substances(e: &molscrab_engine::error::LoadError) -> bool {
    use molscrab_engine::error::LoadError;
    matches!(e, LoadError::Record(RecordError::NoSubstanceTable))
}

/// Whether a table's save (as the engine's worker wrote it) waits for that table: its record
/// read (no replay) says so.
pub(super) fn needs_table_text(text: &str) -> bool {
    matches!(GameRecord::parse(text), Err(RecordError::NoSubstanceTable))
}

impl Table {
    /// The table as this device left it: bests read, unreadable saves moved aside and named.
    pub fn open(shelf: &mut dyn Shelf) -> Table {
        // read by the engine's worker, which says if they can't be (asked only when there are
        // bests: a first visit starts no worker)
        let bests = shelf.get(BESTS_KEY);
        let mut table = Table {
            bests_due: bests.as_ref().map(|_| BestsAsk::default()),
            bests,
            ..Table::default()
        };
        table.saver.note_bests(table.bests.as_deref());
        for kind in [Kind::Solitaire, Kind::PassAndPlay] {
            match table.saver.read_slot(shelf, kind) {
                Slot::Unreadable(why) => table.notices.push(TableNotice::SaveUnreadable(why)),
                Slot::WaitsForTable => table.need_substances(false),
                Slot::Empty | Slot::Saved(_) => {}
            }
        }
        table
    }

    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The session's game record as JSON text, without its `ui` part: the text the save
    /// keeps between moves (`Session::record_text`), not written out again.
    pub fn record_text(&mut self) -> Option<String> {
        let session = self.session.as_ref()?;
        Some(session.record_text(&mut self.saved_head))
    }

    pub fn replacing(&self) -> Option<&Replacing> {
        self.replacing.as_ref()
    }

    pub fn notices(&self) -> &[TableNotice] {
        &self.notices
    }

    pub fn dismiss_notices(&mut self) {
        self.notices.clear();
    }

    /// The saved game of this kind, if its slot holds a readable one; an unreadable one is
    /// moved aside and named on the Play tab.
    pub fn saved(&mut self, shelf: &mut dyn Shelf, kind: Kind) -> Option<Loaded> {
        match self.saver.read_slot(shelf, kind) {
            Slot::Saved(saved) => Some(*saved),
            Slot::Empty => None,
            // a game under the chemist's referee: offered once the table is installed
            Slot::WaitsForTable => {
                self.need_substances(false);
                None
            }
            Slot::Unreadable(why) => {
                self.notices.push(TableNotice::SaveUnreadable(why));
                None
            }
        }
    }

    /// Whether the slot of this kind holds a game, and whether it is one against the computer:
    /// a game waiting for the table of documented substances counts (it is asked about before
    /// a new game replaces it, like any other).
    fn slot_holds(&mut self, shelf: &mut dyn Shelf, kind: Kind) -> Option<bool> {
        match self.saver.read_slot(shelf, kind) {
            Slot::Saved(saved) => Some(crate::session::against_computer(&saved.game)),
            Slot::WaitsForTable => {
                self.need_substances(false);
                Some(false)
            }
            Slot::Empty => None,
            Slot::Unreadable(why) => {
                self.notices.push(TableNotice::SaveUnreadable(why));
                None
            }
        }
    }

    /// A new Solitaire game from `seed` (53 bits, so any JSON reader keeps it exact).
    pub fn start_solitaire(&mut self, shelf: &mut dyn Shelf, mode: Mode, seed: u64) {
        let players = vec![SOLITAIRE_PLAYER.into()];
        let record = GameRecord::new_game(Kind::Solitaire, mode, players, 0, seed);
        self.start(shelf, record);
    }

    /// A new Pass and Play game; `first` is any number, taken modulo the players. `computers`
    /// gives each seat's computer level (`None`: a person); a game of people only records none.
    pub fn start_pass_and_play(
        &mut self,
        shelf: &mut dyn Shelf,
        mode: Mode,
        names: Vec<String>,
        computers: Vec<Option<Level>>,
        first: u64,
        seed: u64,
    ) {
        let first = (first % names.len().max(1) as u64) as usize;
        let mut record = GameRecord::new_game(Kind::PassAndPlay, mode, names, first, seed);
        if computers.iter().any(Option::is_some) {
            record.computers = Some(computers);
        }
        self.start(shelf, record);
    }

    /// Rematch: the same players and mode, a new bag and a new first player. With another game
    /// of its kind saved, the results stay and ask first ([`Table::replacing`]).
    pub fn rematch(&mut self, shelf: &mut dyn Shelf, first: u64, seed: u64) {
        let Some(game) = self.session.as_ref().map(Session::game) else {
            return;
        };
        let (mode, players) = (game.mode(), game.players().to_vec());
        let computers = (0..players.len()).map(|seat| game.computer(seat)).collect();
        self.variants = game.variants();
        match game.kind() {
            Kind::Solitaire => self.start_solitaire(shelf, mode, seed),
            Kind::PassAndPlay => {
                self.start_pass_and_play(shelf, mode, players, computers, first, seed)
            }
        }
    }

    /// A Daily Bench game (RULES §10), from the save the engine's worker wrote: the day's
    /// record, its day and whether it is practice in the "ui" part (kept for the game's end).
    /// `false`, changing nothing, when the text is not a game (the worker wrote it).
    pub fn start_daily(&mut self, shelf: &mut dyn Shelf, save: &str) -> bool {
        match Game::load(save) {
            Ok(loaded) => self.begin(shelf, loaded, false),
            Err(e) if needs_substances(&e) => {
                self.wait_for_substances(Waiting::Daily(save.to_string()))
            }
            Err(_) => return false,
        }
        true
    }

    /// A new game from its start record, with the variants chosen that fit it.
    fn start(&mut self, shelf: &mut dyn Shelf, mut record: GameRecord) {
        record.variants = self.variants.fitting(record.kind, record.mode());
        if record.mode().needs_lexicon() && molscrab_engine::referee::chemist::installed().is_none()
        {
            return self.wait_for_substances(Waiting::Start(record));
        }
        match Game::replay(&record) {
            Ok(game) => self.begin(shelf, Loaded { game, ui: None }, false),
            Err(e) => self.notices.push(TableNotice::CouldNotOpen(e)),
        }
    }

    /// Opens a new or imported game, which becomes the saved game of its kind. If a game of
    /// that kind is saved, nothing changes before the player agrees: the Play tab asks, or a
    /// finished game's results for its rematch (they stay on screen until the answer). A
    /// finished imported game is only shown; it leaves the save alone.
    pub(super) fn begin(&mut self, shelf: &mut dyn Shelf, loaded: Loaded, from_file: bool) {
        let mut session = Session::open(loaded.game, loaded.ui.as_ref());
        if from_file {
            session.mark_imported();
        }
        let kind = session.game().kind();
        let saved = session
            .in_slot()
            .then(|| self.slot_holds(shelf, kind))
            .flatten();
        if let Some(saved_against_computer) = saved {
            self.replacing = Some(Replacing {
                session,
                from_file,
                saved_against_computer,
            });
            if !self
                .session
                .as_ref()
                .is_some_and(|s| s.screen() == Screen::Results)
            {
                self.session = None;
            }
        } else {
            self.show(session);
        }
    }

    /// Puts a game in play as it is (the component tests mount screens around one).
    pub fn show(&mut self, session: Session) {
        self.moved_on = false;
        self.link_news = None;
        self.replacing = None;
        self.import_error = None;
        self.solitaire_end = None;
        self.session = Some(session);
    }

    /// "Start new game" / "Open imported game": the waiting game replaces the save.
    pub fn confirm_replace(&mut self) {
        if let Some(waiting) = self.replacing.take() {
            self.show(waiting.session);
        }
    }

    /// "Keep it": the saved game stays, the waiting one is dropped (a rematch's results are
    /// still on screen).
    pub fn keep_save(&mut self) {
        self.replacing = None;
    }

    /// Resume: the saved game of this kind, exactly where it was left.
    pub fn resume(&mut self, shelf: &mut dyn Shelf, kind: Kind) {
        if let Some(saved) = self.saved(shelf, kind) {
            // a save that holds a finished game (left by an older version, or written by
            // hand) opens on its results, and its slot is cleared as for any finished game
            let mut session = Session::open(saved.game, saved.ui.as_ref());
            session.claim_slot();
            self.solitaire_end = None;
            self.moved_on = false;
            self.session = Some(session);
            self.ask_bests(true);
        }
    }

    /// Save and leave, or leave a finished game's results: back to the Play tab, which
    /// offers Resume for a game still in its slot.
    pub fn leave(&mut self) {
        self.moved_on = false;
        self.session = None;
        self.solitaire_end = None;
        self.link_news = None;
    }

    /// Runs an intent on the session; after a move, the engine's worker may be asked to keep
    /// the personal bests (Solitaire only: [`Table::ask_bests`]).
    pub fn act(&mut self, intent: &mut dyn FnMut(&mut Session) -> Option<Turn>) {
        let Some(session) = self.session.as_mut().filter(|_| !self.moved_on) else {
            return;
        };
        if intent(session).is_none() {
            return;
        }
        // a move made: the news of the link that led to it is old
        self.link_news = None;
        self.ask_bests(false);
    }

    /// Tells the player something about the game in play (an export that failed).
    pub fn tell(&mut self, notice: crate::session::Notice) {
        if let Some(s) = self.session.as_mut() {
            s.tell(notice);
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod own_tables;

#[cfg(test)]
mod tests;
