//! The app's state in plain Rust: the game in play, a game waiting to replace a save, the
//! personal bests and the Play tab's messages, and every intent on them.
//!
//! No web dependency: storage comes in as a [`Shelf`], randomness as arguments, so each intent
//! is tested natively over the test shelf. `ui::Store` holds a `Table` in a signal and writes
//! the saves from one effect that calls [`Table::persist`] whenever the table changes.

use molscrab_engine::computer::Level;
use molscrab_engine::game::{Game, Loaded};
use molscrab_engine::markup::Html;
use molscrab_engine::players::SOLITAIRE_PLAYER;
use molscrab_engine::record::{GameRecord, Kind, RecordError};
use molscrab_engine::referee::Mode;
use molscrab_engine::turn::Turn;
use molscrab_engine::variants::Variants;

use crate::session::Notice;
use crate::session::{Screen, Session};
use crate::storage::{
    keep_bests_aside, slot_key, table_ids, BestsUnreadable, Saver, Shelf, Slot, StorageError,
    TableSlot, Unreadable, BESTS_KEY,
};
use crate::tables::{self, LinkAnswer, SavedTable};
use crate::transfer::{read_import, ImportError};
use molscrab_engine::error::ReplayError;
use molscrab_json::Value;

mod substances;
pub use substances::{SubstancesLoad, Waiting, LOADING};

/// How the last Solitaire game ended, for its end screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolitaireEnd {
    pub new_best: bool,
    pub previous_best: Option<i32>,
}

/// A question for the engine's worker about the personal bests (`crates/worker`'s `bests`),
/// which reads, raises and writes them: the page keeps only their text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BestsAsk {
    /// The bests' text as stored when asked (`None`: none yet).
    pub stored: Option<String>,
    /// The Solitaire game just moved (not imported): its record, seed and number of moves.
    pub game: Option<(Value, u64, usize)>,
}

impl BestsAsk {
    /// The question, `{"op": "bests", "bests": …, "record": …}`.
    pub fn question(&self) -> Value {
        Value::object([
            ("op", "bests".into()),
            (
                "bests",
                self.stored.as_deref().map(Value::long_string).into(),
            ),
            ("record", self.game.as_ref().map(|g| g.0.clone()).into()),
        ])
    }
}

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

/// A message for the Play tab about what this device holds; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableNotice {
    SaveUnreadable(Unreadable),
    BestsUnreadable(BestsUnreadable),
    /// A new game's start could not be replayed (a bag that can't deal the racks, say).
    CouldNotOpen(ReplayError),
    /// The game in play was finished or removed in another tab.
    GoneElsewhere(Kind),
    /// The table in play was removed in another tab.
    TableGone,
    /// A table link opened on this device was refused, and nothing changed: why.
    LinkRefused(String),
}

impl TableNotice {
    /// What it means for the player; [`TableNotice::detail`] holds the reader's words.
    pub fn headline(&self) -> String {
        match self {
            TableNotice::SaveUnreadable(e) => e.headline(),
            TableNotice::BestsUnreadable(e) => e.headline(),
            TableNotice::CouldNotOpen(_) => "Could not open the game.".to_string(),
            TableNotice::GoneElsewhere(_) | TableNotice::TableGone => self.to_string(),
            TableNotice::LinkRefused(why) => why.clone(),
        }
    }

    /// The text the engine refused as a game, if that is what the notice is about: the detail
    /// has [`crate::storage::WHY`] where the engine's worker's sentence for it goes.
    pub fn refused_text(&self) -> Option<&str> {
        match self {
            TableNotice::SaveUnreadable(e) => e.refused_text(),
            _ => None,
        }
    }

    /// The technical detail behind [`TableNotice::headline`], if any ("" for none).
    pub fn detail(&self) -> String {
        match self {
            TableNotice::SaveUnreadable(e) => e.detail(),
            TableNotice::BestsUnreadable(e) => e.detail(),
            TableNotice::CouldNotOpen(e) => e.to_string(),
            TableNotice::GoneElsewhere(_) | TableNotice::TableGone => String::new(),
            TableNotice::LinkRefused(_) => String::new(),
        }
    }
}

impl std::fmt::Display for TableNotice {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableNotice::SaveUnreadable(e) => e.fmt(out),
            TableNotice::BestsUnreadable(e) => e.fmt(out),
            TableNotice::CouldNotOpen(e) => write!(out, "Could not open the game: {e}"),
            TableNotice::GoneElsewhere(kind) => write!(
                out,
                "Your {} game was finished or replaced in another tab.",
                match kind {
                    Kind::Solitaire => "Solitaire",
                    Kind::PassAndPlay => "Pass and Play",
                }
            ),
            TableNotice::TableGone => {
                out.write_str("The table you were playing was removed in another tab.")
            }
            TableNotice::LinkRefused(why) => out.write_str(why),
        }
    }
}

/// A file refused by Import; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportRefused {
    pub file: String,
    pub why: ImportError,
    /// The file's text, when the engine refused it as a game: its worker says why, where
    /// [`crate::storage::WHY`] is in the message.
    pub refused: Option<String>,
}

impl std::fmt::Display for ImportRefused {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            out,
            "Could not import “{}”. {} Your saved games are unchanged.",
            self.file, self.why
        )
    }
}

/// Why saving did not work; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    Game(StorageError),
    Bests(StorageError),
}

impl std::fmt::Display for SaveProblem {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveProblem::Game(e) => write!(out, "This game could not be saved: {e}"),
            SaveProblem::Bests(e) => write!(out, "Personal bests not saved: {e}"),
        }
    }
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
    /// link is opening instead of offering games to start (a tap there made a game the player
    /// did not mean, which the link's table then replaced). 0 once the player chose the Play
    /// tab anyway: the answers still on their way are then dropped.
    links_opening: u32,
    /// What the engine's worker said that the page shows (cards, hindsight, names).
    pub told: Told,
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
pub struct Told {
    /// The formula card showing (the markup the worker wrote), if one is open.
    pub card: Option<Html>,
    /// Hindsight's markup for the finished game of this seed, while the notebook shows it.
    pub hindsight: Option<(u64, Html)>,
}

/// Said when a link would replace a move this device made, and storage can't keep it aside.
pub const ASIDE_REFUSED: &str = "This device's own move could not be kept aside (this \
    browser's storage is full or turned off), so the link changed nothing.";

/// Keeps `aside` (the worker's key, a line break, a save) before a link replaces a move made
/// here; a shelf refuses a write only when storage is full or off (`StorageError`).
#[inline(never)]
fn keep_aside(shelf: &mut dyn Shelf, aside: Option<String>) -> Result<(), String> {
    match aside.as_deref().and_then(|a| a.split_once('\n')) {
        Some((key, save)) => shelf.set(key, save).map_err(|_| ASIDE_REFUSED.into()),
        None => Ok(()),
    }
}

/// Said when a tab brings its game up to date from another tab.
pub const FOLLOWED: &str = "This game moved on in another tab; here it is as saved.";
/// Said when the other tab replaced the game with a new one.
pub const FOLLOWED_NEW: &str = "Another tab started a new game in its place; here it is.";

/// What tells one game from another: its seed, kind and players (its moves tell how far along).
fn start_of(game: &Game) -> (u64, Kind, Vec<String>) {
    (game.seed(), game.kind(), game.players().to_vec())
}

/// Whether `now` (what another tab saved, not this tab's game) is this game with a move of
/// `game`'s missing: no further on than this tab's, and not merely this tab's with a hint asked
/// for the move to come. The two tabs wrote at the same moment, the other last, and the browser
/// let both writes through (a tab's copy of storage hears of the other's write a little later).
/// Following would drop this tab's move without a word, so the tab stops instead and says so.
/// (The other tab hears of this write before it can make another move, so a save further on
/// holds this tab's moves.) Told by the seed (a new game has another), the moves' count and the
/// last hint, read off the JSON: no replay.
fn drops_a_move(game: &Game, now: Option<String>) -> bool {
    let now = now.and_then(|raw| molscrab_json::parse(&raw).ok());
    let list = |key| now.as_ref()?.get(key)?.as_array();
    let made = game.moves().len();
    let hinted = list("hints").and_then(|hints| hints.last()?.as_u64());
    let hint_only = hinted == Some(made as u64) && !game.hinted_before(made);
    let seed = now.as_ref().and_then(|v| v.get("seed")?.as_u64());
    seed == Some(game.seed())
        && list("moves")
            .is_some_and(|moves| moves.len() < made || moves.len() == made && !hint_only)
}

/// Whether a game was refused only because the table of documented substances is not
/// installed on this page yet (a game under the chemist's referee).
fn needs_substances(e: &molscrab_engine::error::LoadError) -> bool {
    use molscrab_engine::error::LoadError;
    matches!(e, LoadError::Record(RecordError::NoSubstanceTable))
}

/// Whether a table's save (as the engine's worker wrote it) waits for that table: its record
/// read (no replay) says so.
fn needs_table_text(text: &str) -> bool {
    matches!(GameRecord::parse(text), Err(RecordError::NoSubstanceTable))
}

/// Where a session is saved (its kind's slot, or its table's key) and the text saved there.
fn save_of(s: &Session) -> (String, String) {
    match s.table() {
        Some(at) => (tables::key(&at.id), tables::save_text(&s.to_record(), at)),
        None => (
            slot_key(s.game().kind()).to_string(),
            s.to_record().to_json(),
        ),
    }
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

    /// The personal bests' text (`crates/worker`'s `bests` writes it), if there are any.
    pub fn bests_text(&self) -> Option<&str> {
        self.bests.as_deref()
    }

    /// The personal bests, read as the engine reads them (tests).
    #[cfg(test)]
    pub fn bests(&self) -> molscrab_engine::bests::Bests {
        molscrab_engine::bests::Bests::parse_lenient(self.bests.as_deref().unwrap_or_default())
    }

    /// The question about the bests that is due, if one is, with their text as stored now.
    pub fn take_bests_question(&mut self, shelf: &dyn Shelf) -> Option<BestsAsk> {
        let mut ask = self.bests_due.take()?;
        ask.stored = shelf.get(BESTS_KEY);
        Some(ask)
    }

    /// The engine's worker's answer to `ask`: the bests' new text, written at once;
    /// unreadable stored text kept aside and named; and, for a finished game still in play,
    /// its results' best line. No answer (no worker): nothing changes. True when the page has
    /// something new to show (a notice, the best line, or the write failed: the next
    /// [`Table::persist`] tries again and says why); else the answer needs no redraw.
    pub fn bests_answered(
        &mut self,
        shelf: &mut dyn Shelf,
        ask: &BestsAsk,
        answer: Result<Value, String>,
    ) -> bool {
        let text = answer.ok().and_then(|a| {
            let text = a.get("bests").and_then(Value::as_long_str)?;
            Some((a, text))
        });
        let Some((answer, text)) = text else {
            // unanswered: the next move asks again, whatever it plays
            self.bests_asked = None;
            return false;
        };
        let mut shown = false;
        let why = answer.get("unreadable").and_then(Value::as_str);
        if let (Some(why), Some(raw)) = (why, &ask.stored) {
            if let Some(said) = keep_bests_aside(shelf, raw, why.to_string()) {
                if said.kept().is_err() {
                    self.saver.bests_in_the_way(raw);
                }
                self.notices.push(TableNotice::BestsUnreadable(said));
                shown = true;
            }
        }
        shown |= self.saver.write_bests(shelf, &text).is_err();
        self.bests = Some(text);
        let end = answer.get("end").filter(|e| !matches!(e, Value::Null));
        let (Some(end), Some((_, seed, moves))) = (end, &ask.game) else {
            return shown;
        };
        let game = self.session.as_ref().map(|s| s.game());
        if game.is_some_and(|g| g.seed() == *seed && g.moves().len() == *moves) {
            self.solitaire_end = Some(SolitaireEnd {
                new_best: end.get("new_best") == Some(&Value::Bool(true)),
                previous_best: end
                    .get("previous_best")
                    .and_then(Value::as_i64)
                    .and_then(|n| i32::try_from(n).ok()),
            });
            shown = true;
        }
        shown
    }

    pub fn notices(&self) -> &[TableNotice] {
        &self.notices
    }

    pub fn dismiss_notices(&mut self) {
        self.notices.clear();
    }

    pub fn solitaire_end(&self) -> Option<SolitaireEnd> {
        self.solitaire_end
    }

    /// Whether this tab has stopped because its game changed in another tab.
    pub fn moved_on(&self) -> bool {
        self.moved_on
    }

    /// Another tab changed storage under `key` (the browser's `storage` event; `None` when
    /// it cleared everything). When that is the game in play, this tab follows at once if
    /// nothing here is unsaved, and otherwise stops and asks ("Continue from the latest").
    /// Says whether this table changed, so the page redraws (and saves) only then.
    pub fn storage_changed(&mut self, shelf: &mut dyn Shelf, key: Option<&str>) -> bool {
        let Some(s) = self.session.as_ref().filter(|s| s.in_slot()) else {
            return false;
        };
        let (slot, text) = save_of(s);
        if self.moved_on || key.is_some_and(|k| k != slot) || self.saver.is_current(shelf, &slot) {
            return false;
        }
        // unsaved here: tiles placed, or a move whose save has not been written (a refused
        // write stops the tab, above); following would drop it without a word
        let saved_here = self.saver.last_text(&slot) == Some(text.as_str());
        if s.tentative().is_empty()
            && s.screen() != Screen::Results
            && saved_here
            && !drops_a_move(s.game(), shelf.get(&slot))
        {
            self.follow(shelf);
        } else {
            self.moved_on = true;
        }
        true
    }

    /// "Continue from the latest": the game in play becomes the one saved now (by another
    /// tab); if that tab finished or removed it, back to the Play tab with a word why.
    pub fn follow(&mut self, shelf: &mut dyn Shelf) {
        let Some(kind) = self.session.as_ref().map(|s| s.game().kind()) else {
            return;
        };
        // a formula card open on the old game closes (it came back over the next game)
        self.told.card = None;
        if let Some(at) = self.session.as_ref().and_then(|s| s.table()).cloned() {
            self.moved_on = false;
            self.session = None;
            if self.open_table(shelf, &at.id) {
                self.tell(crate::session::Notice::Info(FOLLOWED.into()));
            } else {
                self.notices.push(TableNotice::TableGone);
            }
            return;
        }
        self.moved_on = false;
        let start = self.session.as_ref().map(|s| start_of(s.game()));
        match self.saved(shelf, kind) {
            Some(loaded) => {
                let same_game = start == Some(start_of(&loaded.game));
                let mut session = Session::open(loaded.game, loaded.ui.as_ref());
                session.claim_slot();
                let news = if same_game { FOLLOWED } else { FOLLOWED_NEW };
                session.tell(crate::session::Notice::Info(news.into()));
                self.session = Some(session);
            }
            None => {
                self.session = None;
                self.notices.push(TableNotice::GoneElsewhere(kind));
            }
        }
    }

    pub fn import_error(&self) -> Option<&ImportRefused> {
        self.import_error.as_ref()
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
        let record = GameRecord::new_game_in(Kind::Solitaire, mode, players, 0, seed);
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
        let mut record = GameRecord::new_game_in(Kind::PassAndPlay, mode, names, first, seed);
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

    /// A Daily Bench game (SPEC §10), from the save the engine's worker wrote: the day's
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
        if record.mode() == Mode::Chemist
            && molscrab_engine::referee::chemist::installed().is_none()
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
    fn begin(&mut self, shelf: &mut dyn Shelf, loaded: Loaded, from_file: bool) {
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

    /// A file chosen for import, as read: a game that replays opens (asking first if it would
    /// replace a save); anything else is refused with the reason, and nothing changes.
    pub fn import(&mut self, shelf: &mut dyn Shelf, name: &str, text: Result<String, ImportError>) {
        let loaded = match text {
            Ok(t) => read_import(&t).map_err(|why| {
                // the text is kept for the worker's sentence only when the engine refused it
                let refused = matches!(why, ImportError::NotAGame(_)).then_some(t);
                (why, refused)
            }),
            Err(why) => Err((why, None)),
        };
        match loaded {
            Ok(loaded) => {
                self.import_error = None;
                self.begin(shelf, loaded, true);
            }
            Err((ImportError::NotAGame(e), Some(text))) if needs_substances(&e) => {
                let name = name.to_string();
                self.import_error = None;
                self.wait_for_substances(Waiting::Import { name, text });
            }
            Err((why, refused)) => {
                self.replacing = None;
                self.import_error = Some(ImportRefused {
                    file: name.to_string(),
                    why,
                    refused,
                });
            }
        }
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

    /// After a move, or when a game is resumed (`anew`: the page was closed, perhaps before an
    /// answer came), the engine's worker is asked to record the game's plays in the personal
    /// bests. A move that leaves the game's best play where it was, in a game still running,
    /// would raise no best: the worker is not asked, and the record not sent. Each question
    /// records all the game's plays, so one left unanswered is made good by the next.
    fn ask_bests(&mut self, anew: bool) {
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let game = session.game();
        // an imported game's bag may be hand-made: it counts towards no personal best
        if game.kind() != Kind::Solitaire || session.imported() {
            return;
        }
        let top = molscrab_engine::bests::top_play(game);
        let asked = Some((game.seed(), game.mode(), game.variants(), top));
        if !anew && !game.is_over() && self.bests_asked == asked {
            return;
        }
        self.bests_asked = asked;
        let at = (game.record().to_value(), game.seed(), game.moves().len());
        self.bests_due = Some(BestsAsk {
            stored: None,
            game: Some(at),
        });
    }

    /// Tells the player something about the game in play (an export that failed).
    pub fn tell(&mut self, notice: crate::session::Notice) {
        if let Some(s) = self.session.as_mut() {
            s.tell(notice);
        }
    }

    /// Every table's save on this device as stored, for the engine's worker (the Play tab's
    /// list, a link to open). An unreadable one is moved aside and named.
    pub fn table_saves(&mut self, shelf: &mut dyn Shelf) -> Vec<String> {
        let mut saves = Vec::new();
        for id in table_ids(shelf) {
            match self.saver.read_table(shelf, &id) {
                TableSlot::Saved(_) => {
                    let text = self.saver.last_text(&tables::key(&id));
                    saves.extend(text.map(str::to_string));
                }
                TableSlot::Empty => {}
                TableSlot::Unreadable(why) => self.notices.push(TableNotice::SaveUnreadable(why)),
                // the worker, which holds the table, reads it; the page loads the table too
                TableSlot::WaitsForTable => {
                    self.need_substances(false);
                    saves.extend(shelf.get(&tables::key(&id)));
                }
            }
        }
        saves
    }

    /// Opens a table saved on this device as the game in play; false if it is not there.
    pub fn open_table(&mut self, shelf: &mut dyn Shelf, id: &str) -> bool {
        match self.saver.read_table(shelf, id) {
            TableSlot::Saved(saved) => {
                self.play_at(*saved);
                true
            }
            TableSlot::Empty => false,
            TableSlot::WaitsForTable => {
                self.need_substances(true);
                false
            }
            TableSlot::Unreadable(why) => {
                self.notices.push(TableNotice::SaveUnreadable(why));
                false
            }
        }
    }

    fn play_at(&mut self, saved: SavedTable) {
        let SavedTable { at, loaded } = saved;
        self.show(Session::at_table(loaded.game, loaded.ui.as_ref(), at));
    }

    /// A table as the engine's worker wrote it (opened here, joined, or moved on by a link)
    /// is put in play; the save follows from `persist`, like any change (which stops this tab
    /// rather than write over a table another tab moved on meanwhile). Refused, changing
    /// nothing, when it can't be read.
    fn take_table(&mut self, text: String) -> Result<(), String> {
        let saved = tables::read_save(&text)
            .map_err(|e| format!("The table could not be read ({e}). Nothing was changed."))?;
        self.play_at(saved);
        Ok(())
    }

    /// Says what a link did where the player looks: on their turn, under their rack (the
    /// turn's own notice line); while a table waits or shows its results, in its panel under
    /// the board; in any other game, in its notice line; on the Play tab, at its top.
    fn tell_link(&mut self, news: Result<String, String>, pasted: bool) {
        let Some(s) = self.session.as_mut() else {
            // a pasted link's refusal beside the box it was pasted in, in place of what was
            // said there before (QA: said at the tab's top, off screen, under an older
            // "Paste a table link into the box first.")
            if let (Err(why), true) = (&news, pasted) {
                return self.tell_tables(why.clone());
            }
            // the latest link's answer replaces an earlier link's, rather than piling up
            self.notices
                .retain(|n| !matches!(n, TableNotice::LinkRefused(_)));
            if let Err(why) = news {
                self.notices.push(TableNotice::LinkRefused(why));
            }
            return;
        };
        let turn = s.table().is_none() || s.screen() == Screen::Turn;
        let notice = match news {
            Ok(news) => Notice::Info(news),
            // under the rack: first, that it is the link that was refused
            Err(why) if turn => Notice::Refused(vec![crate::session::LINK_REFUSED.into(), why]),
            Err(why) => Notice::Refused(vec![why]),
        };
        if turn {
            s.tell(notice);
        } else {
            self.link_news = Some(notice);
        }
    }

    /// Why the tables' form did nothing (names refused, no link pasted), said beside it.
    pub fn tell_tables(&mut self, why: String) {
        self.link_news = Some(Notice::Refused(vec![why]));
    }

    /// What the Play tab's tables section says: its form's refusal (no game is in play).
    pub fn tables_notice(&self) -> Option<&Notice> {
        self.link_news.as_ref().filter(|_| self.session.is_none())
    }

    /// "Open table": the new table's save, as the engine's worker made it (or why it could
    /// not), is saved and put in play.
    pub fn table_opened(&mut self, answer: Result<String, String>) {
        if let Err(why) = answer.and_then(|text| self.take_table(text)) {
            self.tell_tables(why);
        }
    }

    /// A link opened on this device, as the engine's worker answered it: a joined or moved-on
    /// table is saved and put in play, the table of a link with nothing new is shown, and a
    /// refusal changes nothing; each says so. Text that is no table link is only answered
    /// when the player `pasted` it (not for another `#` in the address).
    pub fn link_opened(
        &mut self,
        shelf: &mut dyn Shelf,
        answer: Result<LinkAnswer, String>,
        pasted: bool,
    ) {
        if !pasted {
            if self.links_opening == 0 {
                // the player went on without it
                return;
            }
            self.links_opening -= 1;
        }
        let news = match answer {
            Ok(LinkAnswer::Ignored(why)) if pasted => Err(why),
            Ok(LinkAnswer::Ignored(_)) => return,
            // the table as this device had it, when the table's history replaced a move made
            // here: kept first (its key names its moves, so it never goes over another copy),
            // or nothing changes
            Ok(LinkAnswer::Table { text, news, aside }) if needs_table_text(&text) => {
                match keep_aside(shelf, aside) {
                    Ok(()) => return self.wait_for_substances(Waiting::Table { text, news }),
                    Err(why) => Err(why),
                }
            }
            Ok(LinkAnswer::Table { text, news, aside }) => keep_aside(shelf, aside)
                .and_then(|()| self.take_table(text))
                .map(|()| news),
            Ok(LinkAnswer::NothingNew { id, news }) => {
                self.open_table(shelf, &id);
                Ok(news)
            }
            Err(why) => Err(why),
        };
        self.tell_link(news, pasted);
    }

    /// A link from the page's address was sent to the engine's worker: until it answers
    /// ([`Table::link_opened`]), [`Table::opening_link`] says so.
    pub fn link_asked(&mut self) {
        self.links_opening += 1;
    }

    /// Whether a link from the address is being opened (and no game is in play): the Play tab
    /// says so in place of its games.
    pub fn opening_link(&self) -> bool {
        self.links_opening > 0 && self.session.is_none()
    }

    /// "Show the Play tab" while a link opens: the Play tab is back, and what the link's
    /// answer would have done is not done (the link can be followed again).
    pub fn stop_opening_link(&mut self) {
        self.links_opening = 0;
    }

    /// What the last link did to the table in play, until a move, another link or leaving.
    pub fn link_news(&self) -> Option<&Notice> {
        self.link_news.as_ref().filter(|_| self.session.is_some())
    }

    /// Removes a table from this device (confirmed by the player); if it is in play, back to
    /// the Play tab.
    pub fn remove_table(&mut self, shelf: &mut dyn Shelf, id: &str) {
        if self
            .session
            .as_ref()
            .and_then(|s| s.table())
            .is_some_and(|at| at.id == id)
        {
            self.leave();
        }
        self.saver.remove_table(shelf, id);
    }

    /// Writes what this device keeps to storage: the game in play to its slot (a finished
    /// game's slot is cleared once its results show) and the bests, each only when it changed.
    /// `ui::Store` calls this from one effect whenever the table changes.
    pub fn persist(&mut self, shelf: &mut dyn Shelf) -> Result<(), SaveProblem> {
        let bests = match &self.bests {
            Some(text) => self.saver.write_bests(shelf, text),
            None => Ok(()),
        }
        .map_err(SaveProblem::Bests);
        let in_slot = self
            .session
            .as_ref()
            .filter(|s| s.in_slot() && !self.moved_on);
        if let Some(s) = in_slot {
            // a table's save stays when its game is over: its results are there to look at
            if let Some(at) = s.table() {
                let written = self.saver.write_table(shelf, &at.id, save_of(s).1);
                if written == Err(StorageError::MovedOn) {
                    self.moved_on = true;
                }
                written.map_err(SaveProblem::Game)?;
            } else if s.screen() == Screen::Results {
                self.saver.clear_slot(shelf, s.game().kind());
            } else {
                let brief = Some(s.save_brief());
                if brief == self.saved_brief {
                    return bests;
                }
                let text = s.save_text(&mut self.saved_head);
                let written = self.saver.write_slot_text(shelf, s.game().kind(), text);
                if written == Err(StorageError::MovedOn) {
                    self.moved_on = true;
                }
                written.map_err(SaveProblem::Game)?;
                self.saved_brief = brief;
            }
        }
        bests
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod own_tables;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{MemoryShelf, BESTS_KEY, PASS_AND_PLAY_KEY, SOLITAIRE_KEY};
    use molscrab_engine::elements::Tile;
    use molscrab_engine::game::Game;

    /// A table and its shelf, persisted after every intent as the app's effect does.
    struct Device {
        table: Table,
        shelf: MemoryShelf,
    }

    /// The engine's worker's answer to `question`, natively, as `ui::engine::ask` hands it on.
    fn worker_answer(question: &Value) -> Result<Value, String> {
        let answer = molscrab_json::parse(&molscrab_worker::answer(&question.to_string()));
        let answer = answer.expect("the worker answers JSON");
        match answer.get("ok") {
            Some(ok) => Ok(ok.clone()),
            None => Err(answer
                .get("error")
                .and_then(Value::as_str)
                .unwrap_or("")
                .into()),
        }
    }

    impl Device {
        fn new() -> Device {
            Device::reopen(MemoryShelf::default())
        }
        fn reopen(shelf: MemoryShelf) -> Device {
            let mut shelf = shelf;
            let table = Table::open(&mut shelf);
            let mut d = Device { table, shelf };
            d.with(|_, _| {});
            d
        }
        fn with(&mut self, f: impl FnOnce(&mut Table, &mut MemoryShelf)) {
            f(&mut self.table, &mut self.shelf);
            // the engine's worker answers about the bests, as the page asks it (`ui::tables`)
            while let Some(ask) = self.table.take_bests_question(&self.shelf) {
                let answer = worker_answer(&ask.question());
                self.table.bests_answered(&mut self.shelf, &ask, answer);
            }
            self.table.persist(&mut self.shelf).expect("saved");
        }
        fn act(&mut self, mut f: impl FnMut(&mut Session) -> Option<Turn>) {
            self.with(|t, _| t.act(&mut f));
        }
        /// A move made with its bests question left for the test to answer (`with` answers it).
        fn act_unanswered(&mut self, mut f: impl FnMut(&mut Session) -> Option<Turn>) -> BestsAsk {
            self.table.act(&mut f);
            let asked = self.table.take_bests_question(&self.shelf);
            asked.expect("asked after the move")
        }
        fn session(&self) -> &Session {
            self.table.session().expect("a game is open")
        }
    }

    #[test]
    fn a_new_game_is_saved_at_once_and_every_tap_after() {
        let mut d = Device::new();
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 7));
        let saved = d.shelf.get(SOLITAIRE_KEY).expect("saved on start");
        let (slot, tile) = d
            .session()
            .rack_slots()
            .into_iter()
            .find(|(_, t)| *t != Tile::Wild)
            .expect("a rack of seven holds an element");
        d.act(|s| {
            s.tap_rack(slot);
            s.tap_square(7, 7);
            None
        });
        let after = d.shelf.get(SOLITAIRE_KEY).unwrap();
        assert_ne!(saved, after, "the unsubmitted tile is in the save");
        let back = Device::reopen(d.shelf.clone());
        let mut back = back;
        back.with(|t, shelf| t.resume(shelf, Kind::Solitaire));
        let on_star = back
            .session()
            .tentative_at(7, 7)
            .expect("the tile came back");
        assert_eq!(Tile::Element(on_star.el), tile);
    }

    #[test]
    fn starting_a_game_over_a_save_asks_first_and_keep_it_keeps_it() {
        let mut d = Device::new();
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 1));
        d.with(|t, _| t.leave());
        let saved = d.shelf.get(SOLITAIRE_KEY).unwrap();
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Standard, 2));
        assert!(d.table.session().is_none());
        let waiting = d
            .table
            .replacing()
            .expect("the new game waits for an answer");
        assert!(!waiting.from_file);
        assert_eq!(
            d.shelf.get(SOLITAIRE_KEY).unwrap(),
            saved,
            "nothing changed yet"
        );
        d.with(|t, _| t.keep_save());
        assert!(d.table.replacing().is_none());
        assert_eq!(d.shelf.get(SOLITAIRE_KEY).unwrap(), saved);
        // asked again and answered yes: the new game replaces the save
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Standard, 2));
        d.with(|t, _| t.confirm_replace());
        assert_eq!(d.session().game().mode(), Mode::Standard);
        assert_ne!(d.shelf.get(SOLITAIRE_KEY).unwrap(), saved);
    }

    #[test]
    fn a_game_of_the_other_kind_does_not_ask() {
        let mut d = Device::new();
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 1));
        d.with(|t, _| t.leave());
        let names = vec!["Ada".to_string(), "Bo".to_string()];
        d.with(|t, shelf| t.start_pass_and_play(shelf, Mode::Theory, names, vec![], 5, 3));
        assert!(d.table.replacing().is_none());
        assert_eq!(d.session().game().kind(), Kind::PassAndPlay);
        assert_eq!(
            d.session().game().to_move(),
            1,
            "first is taken modulo the players"
        );
        assert!(d.shelf.get(SOLITAIRE_KEY).is_some());
        assert!(d.shelf.get(PASS_AND_PLAY_KEY).is_some());
    }

    /// Plays the engine's best play from the rack, as taps.
    fn play_best(s: &mut Session) -> Option<Turn> {
        let best = molscrab_engine::movegen::best_play(s.game())?;
        for p in &best.tiles {
            let tile = if p.wild {
                Tile::Wild
            } else {
                Tile::Element(p.el)
            };
            let slots = s.rack_slots().into_iter();
            let (slot, _) = slots.into_iter().find(|(_, t)| *t == tile)?;
            s.tap_rack(slot);
            if p.wild {
                s.choose_wild(p.el);
            }
            s.tap_square(p.row.into(), p.col.into());
        }
        s.submit()
    }

    /// Ends a Solitaire game at once (End game, confirmed).
    fn end_solitaire(d: &mut Device) {
        d.act(|s| {
            s.ask_end();
            s.confirm_end()
        });
    }

    #[test]
    fn unreadable_bests_are_read_by_the_worker_kept_aside_and_named_once() {
        let mut shelf = MemoryShelf::default();
        shelf
            .set(BESTS_KEY, "{\"theory\": {\"score\": 9}, \"standard\": 3")
            .unwrap();
        let mut d = Device::reopen(shelf);
        let named = d.table.notices().iter();
        let named: Vec<_> = named
            .filter(|n| matches!(n, TableNotice::BestsUnreadable(_)))
            .collect();
        assert_eq!(named.len(), 1, "{named:?}");
        assert!(
            named[0].detail().contains("What went wrong"),
            "{}",
            named[0].detail()
        );
        assert_eq!(
            d.shelf.get("molscrab.bests.unreadable").as_deref(),
            Some("{\"theory\": {\"score\": 9}, \"standard\": 3")
        );
        // what could not be read is "no best yet"; the next move raises from there
        assert_eq!(d.table.bests().get(Mode::Theory).score, None);
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
        end_solitaire(&mut d);
        assert!(d.table.bests().get(Mode::Theory).score.is_some());
        assert_eq!(d.table.notices().len(), 1, "named once");
    }

    #[test]
    fn no_worker_no_raise_and_nothing_lost() {
        let mut d = Device::new();
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
        // the answer never comes (no worker): bests and results stay as they were
        let ask = d.act_unanswered(|s| {
            s.ask_end();
            s.confirm_end()
        });
        d.table
            .bests_answered(&mut d.shelf, &ask, Err("no worker".into()));
        d.table.persist(&mut d.shelf).expect("saved");
        assert!(d.table.solitaire_end().is_none());
        assert_eq!(d.table.bests_text(), None);
        assert_eq!(d.shelf.get(BESTS_KEY), None);
    }

    #[test]
    fn a_bests_answer_is_written_at_once_and_redraws_only_what_it_shows() {
        let mut d = Device::new();
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
        // a play mid-game: the answer raises nothing shown, but is stored at once (the page
        // does not redraw, so no save follows it)
        let ask = d.act_unanswered(play_best);
        let answer = worker_answer(&ask.question());
        assert!(!d.table.bests_answered(&mut d.shelf, &ask, answer));
        let stored = d
            .shelf
            .get(BESTS_KEY)
            .expect("written by the answer itself");
        assert_eq!(d.table.bests_text(), Some(stored.as_str()));
        // the game's end: the results' best line is new, so the page is drawn again
        let ask = d.act_unanswered(|s| {
            s.ask_end();
            s.confirm_end()
        });
        let answer = worker_answer(&ask.question());
        assert!(d.table.bests_answered(&mut d.shelf, &ask, answer));
        assert!(d.table.solitaire_end().is_some_and(|end| end.new_best));
    }

    #[test]
    fn the_worker_is_asked_about_the_bests_only_when_a_move_can_raise_one() {
        let mut d = Device::new();
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
        let asked = |d: &mut Device, intent: fn(&mut Session) -> Option<Turn>| {
            d.table.act(&mut |s| intent(s));
            let ask = d.table.take_bests_question(&d.shelf);
            if let Some(ask) = &ask {
                let answer = worker_answer(&ask.question());
                d.table.bests_answered(&mut d.shelf, ask, answer);
            }
            ask.is_some()
        };
        let exchange = |s: &mut Session| {
            s.start_exchange();
            s.tap_rack(0);
            s.confirm_exchange()
        };
        // the first move of a game asks (an exchange too: the worker reads the bests)
        assert!(asked(&mut d, exchange));
        // a move that plays nothing better than the game's best play so far asks nothing
        assert!(!asked(&mut d, exchange));
        // the game's first play raises its best play: asked, and the best play recorded
        assert!(asked(&mut d, play_best));
        let first = d.session().game().turns().last().unwrap().score;
        assert_eq!(d.table.bests().get(Mode::Theory).play, Some(first));
        // resumed (the page closed, perhaps before an answer came): asked at once, anew
        d.with(|t, _| t.leave());
        d.table.resume(&mut d.shelf, Kind::Solitaire);
        let ask = d
            .table
            .take_bests_question(&d.shelf)
            .expect("asked on resuming");
        assert!(ask
            .game
            .is_some_and(|(_, seed, _)| seed == d.session().game().seed()));
        // a question left unanswered (no worker): the next move asks again, raising or not
        d.table.bests_due = Some(BestsAsk::default());
        let ask = d.table.take_bests_question(&d.shelf).unwrap();
        d.table
            .bests_answered(&mut d.shelf, &ask, Err("no worker".into()));
        assert!(asked(&mut d, exchange));
        // the game's end always asks: its score is recorded
        assert!(asked(&mut d, |s| {
            s.ask_end();
            s.confirm_end()
        }));
        assert!(d.table.bests().get(Mode::Theory).score.is_some());
    }

    #[test]
    fn results_clear_the_slot_and_record_the_previous_best() {
        let mut d = Device::new();
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
        end_solitaire(&mut d);
        assert_eq!(d.session().screen(), Screen::Results);
        assert_eq!(
            d.shelf.get(SOLITAIRE_KEY),
            None,
            "a finished game leaves its slot"
        );
        let first = d.session().game().scores()[0];
        let end = d
            .table
            .solitaire_end()
            .expect("the end screen knows the best");
        assert!(end.new_best);
        assert_eq!(end.previous_best, None);
        assert!(d.shelf.get(BESTS_KEY).is_some(), "the bests are saved");
        // play again: same mode, new bag; the previous best is the first game's score
        d.with(|t, shelf| t.rematch(shelf, 0, 12));
        assert!(d.table.solitaire_end().is_none());
        assert_eq!(d.session().game().mode(), Mode::Theory);
        assert!(d.shelf.get(SOLITAIRE_KEY).is_some(), "the rematch is saved");
        end_solitaire(&mut d);
        let end = d.table.solitaire_end().unwrap();
        assert_eq!(end.previous_best, Some(first));
        // the bests survive a reload
        let back = Device::reopen(d.shelf.clone());
        assert!(back.table.bests().get(Mode::Theory).score.is_some());
    }

    #[test]
    fn rematch_keeps_the_players_of_pass_and_play() {
        let mut d = Device::new();
        let names = vec!["Ada".to_string(), "Bo".to_string(), "Cy".to_string()];
        d.with(|t, shelf| {
            t.start_pass_and_play(shelf, Mode::Standard, names.clone(), vec![], 0, 3)
        });
        d.with(|t, shelf| t.rematch(shelf, 2, 4));
        // the first game is still saved: the rematch asks before replacing it
        assert!(d.table.replacing().is_some());
        d.with(|t, _| t.confirm_replace());
        let game = d.session().game();
        assert_eq!(game.players(), names.as_slice());
        assert_eq!(game.mode(), Mode::Standard);
        assert_eq!(game.to_move(), 2);
    }

    #[test]
    fn a_rematch_over_another_saved_game_asks_on_the_results() {
        let mut d = Device::new();
        let names = vec!["Ada".to_string(), "Bo".to_string()];
        d.with(|t, shelf| t.start_pass_and_play(shelf, Mode::Theory, names.clone(), vec![], 0, 3));
        d.with(|t, _| t.leave());
        let saved = d.shelf.get(PASS_AND_PLAY_KEY).unwrap();
        // a finished game opened from a file, while the first one stays saved
        let mut finished = Game::replay(&GameRecord::new_game(
            Kind::PassAndPlay,
            false,
            vec!["Cy".into(), "Di".into()],
            0,
            8,
        ))
        .unwrap();
        for _ in 0..4 {
            finished.pass().unwrap();
        }
        assert!(finished.is_over());
        let file = finished.record().to_json();
        d.with(|t, shelf| t.import(shelf, "done.json", Ok(file.clone())));
        assert_eq!(d.session().screen(), Screen::Results);
        d.with(|t, shelf| t.rematch(shelf, 0, 9));
        // asked with the results still on screen
        assert!(d.table.replacing().is_some_and(|r| !r.from_file));
        assert_eq!(d.session().screen(), Screen::Results);
        assert_eq!(d.session().game().players(), ["Cy", "Di"]);
        // "Keep it": back to the same results, the save untouched
        d.with(|t, _| t.keep_save());
        assert!(d.table.replacing().is_none());
        assert_eq!(d.session().screen(), Screen::Results);
        assert_eq!(d.shelf.get(PASS_AND_PLAY_KEY).unwrap(), saved);
        // asked again and confirmed: the rematch replaces the save
        d.with(|t, shelf| t.rematch(shelf, 0, 9));
        d.with(|t, _| t.confirm_replace());
        assert_eq!(d.session().screen(), Screen::Handoff);
        assert_eq!(d.session().game().players(), ["Cy", "Di"]);
        assert_ne!(d.shelf.get(PASS_AND_PLAY_KEY).unwrap(), saved);
    }

    #[test]
    fn an_unreadable_save_is_named_and_kept_aside_on_open() {
        let mut shelf = MemoryShelf::default();
        shelf.set(SOLITAIRE_KEY, "{\"format\": 3").unwrap();
        let d = Device::reopen(shelf);
        assert_eq!(d.table.notices().len(), 1);
        assert!(d.table.notices()[0]
            .to_string()
            .contains("could not be read"));
        assert_eq!(
            d.shelf.get("molscrab.save.solitaire.unreadable").as_deref(),
            Some("{\"format\": 3")
        );
    }

    #[test]
    fn a_bad_import_changes_nothing_and_says_why() {
        let mut d = Device::new();
        d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 1));
        let saved = d.shelf.get(SOLITAIRE_KEY).unwrap();
        d.with(|t, _| t.leave());
        d.with(|t, shelf| t.import(shelf, "x.json", Ok("[1, 2".into())));
        let why = d.table.import_error().expect("refused").to_string();
        assert!(why.starts_with("Could not import “x.json”."), "{why}");
        assert!(why.ends_with("Your saved games are unchanged."), "{why}");
        assert_eq!(d.shelf.get(SOLITAIRE_KEY).unwrap(), saved);
        // a good file over the save asks first, beside Import
        d.with(|t, shelf| t.import(shelf, "y.json", Ok(saved.clone())));
        assert!(d.table.replacing().is_some_and(|r| r.from_file));
    }

    #[test]
    fn an_imported_solitaire_game_counts_towards_no_personal_best_even_once_resumed() {
        let mut d = Device::new();
        let record = GameRecord::new_game(Kind::Solitaire, true, vec!["You".into()], 0, 42);
        d.with(|t, shelf| t.import(shelf, "hand-made.json", Ok(record.to_json())));
        assert!(d.session().imported());
        d.act(play_best);
        assert_eq!(d.session().game().moves().len(), 1, "played");
        assert_eq!(d.table.bests().get(Mode::Theory).play, None);
        // resumed from its save, it is still the imported game
        d.with(|t, _| t.leave());
        d.with(|t, shelf| t.resume(shelf, Kind::Solitaire));
        assert!(d.session().imported());
        d.act(|s| {
            s.ask_end();
            s.confirm_end()
        });
        assert!(d.session().game().is_over());
        assert_eq!(d.table.bests().get(Mode::Theory), Default::default());
    }

    #[test]
    fn a_failed_save_is_reported_not_lost() {
        struct Refusing;
        impl Shelf for Refusing {
            fn get(&self, _: &str) -> Option<String> {
                None
            }
            fn set(&mut self, _: &str, _: &str) -> Result<(), StorageError> {
                Err(StorageError::Refused)
            }
            fn remove(&mut self, _: &str) {}
            fn keys(&self) -> Vec<String> {
                Vec::new()
            }
        }
        let mut table = Table::open(&mut Refusing);
        table.start_solitaire(&mut Refusing, Mode::Theory, 1);
        let problem = table.persist(&mut Refusing).unwrap_err();
        assert!(problem
            .to_string()
            .starts_with("This game could not be saved"));
        assert!(table.session().is_some(), "the game goes on");
    }

    /// One browser with two tabs of the game: one shelf, two tables, each saved after every
    /// intent as its effect does.
    struct Browser {
        shelf: MemoryShelf,
        tabs: [Table; 2],
    }

    impl Browser {
        /// Both tabs resume the same saved game.
        fn with_game(record: &GameRecord) -> Browser {
            let mut shelf = MemoryShelf::default();
            shelf.set(SOLITAIRE_KEY, &record.to_json()).unwrap();
            let mut tabs = [Table::open(&mut shelf), Table::open(&mut shelf)];
            for t in &mut tabs {
                t.resume(&mut shelf, Kind::Solitaire);
                t.persist(&mut shelf).unwrap();
            }
            Browser { shelf, tabs }
        }
        /// An intent in one tab; the other hears the browser's `storage` event.
        fn act(&mut self, tab: usize, mut f: impl FnMut(&mut Session) -> Option<Turn>) {
            let before = self.shelf.get(SOLITAIRE_KEY);
            self.tabs[tab].act(&mut f);
            let _ = self.tabs[tab].persist(&mut self.shelf);
            if self.shelf.get(SOLITAIRE_KEY) != before {
                let other = &mut self.tabs[1 - tab];
                other.storage_changed(&mut self.shelf, Some(SOLITAIRE_KEY));
                let _ = other.persist(&mut self.shelf);
            }
        }
        fn session(&self, tab: usize) -> &Session {
            self.tabs[tab].session().expect("a game is open")
        }
    }

    /// Places tiles from the rack on squares (not submitted).
    fn place(s: &mut Session, tiles: &[(&str, usize, usize)]) {
        for &(el, row, col) in tiles {
            let slot = s.rack_slots().into_iter().find(|(_, t)| t.symbol() == el);
            s.tap_rack(slot.expect("on the rack").0);
            s.tap_square(row, col);
        }
    }

    const WATER: [(&str, usize, usize); 3] = [("H", 7, 6), ("H", 7, 7), ("O", 7, 8)];
    // Na·Cl across row 6 above the water: crossings Na·H and Cl·H, all valid in Theory Mode
    const SALT: [(&str, usize, usize); 2] = [("Na", 6, 6), ("Cl", 6, 7)];

    fn water_and_salt_bag() -> GameRecord {
        let mut record =
            GameRecord::new_game(Kind::Solitaire, true, vec![SOLITAIRE_PLAYER.into()], 0, 1);
        let bag = "H H O Na Cl C C H H O N N K K S S Mg Mg Ca Ca";
        record.bag = Some(bag.split(' ').filter_map(Tile::from_symbol).collect());
        record
    }

    #[test]
    fn two_tabs_never_lose_a_move() {
        let mut browser = Browser::with_game(&water_and_salt_bag());
        // each tab lays out a play; a tab's unsubmitted tiles never stop the other
        browser.act(1, |s| {
            place(s, &SALT);
            None
        });
        browser.act(0, |s| {
            place(s, &WATER);
            None
        });
        assert!(!browser.tabs[0].moved_on() && !browser.tabs[1].moved_on());
        // the first tab submits water: the second, with tiles of its own placed, stops
        browser.act(0, Session::submit);
        assert_eq!(browser.session(0).game().scores(), vec![6]);
        assert!(browser.tabs[1].moved_on());
        // a stopped tab neither plays nor saves over the water
        browser.act(1, Session::submit);
        assert!(browser.session(1).game().turns().is_empty());
        let saved = Game::load(&browser.shelf.get(SOLITAIRE_KEY).unwrap()).unwrap();
        assert_eq!(saved.game.scores(), vec![6]);
        // "Continue from the latest": the water is there, and salt goes after it
        browser.tabs[1].follow(&mut browser.shelf);
        assert!(!browser.tabs[1].moved_on());
        assert_eq!(
            browser.session(1).notice(),
            Some(&crate::session::Notice::Info(FOLLOWED.into()))
        );
        browser.act(1, |s| {
            place(s, &SALT);
            s.submit()
        });
        let saved = Game::load(&browser.shelf.get(SOLITAIRE_KEY).unwrap()).unwrap();
        assert_eq!(saved.game.turns().len(), 2, "both tabs' moves are kept");
        // the first tab had nothing unsaved, so it followed at once
        assert_eq!(browser.session(0).game().turns().len(), 2);
        assert!(!browser.tabs[0].moved_on());
    }

    #[test]
    fn a_tab_that_missed_the_news_is_refused_its_save_and_stops() {
        let mut browser = Browser::with_game(&water_and_salt_bag());
        // the first tab plays water without the second hearing of it (no storage event)
        browser.tabs[0].act(&mut |s| {
            place(s, &WATER);
            s.submit()
        });
        browser.tabs[0].persist(&mut browser.shelf).unwrap();
        let saved = browser.shelf.get(SOLITAIRE_KEY).unwrap();
        let b = &mut browser.tabs[1];
        // a tile lifted changes nothing saved: no write, so nothing to refuse yet
        b.act(&mut |s| {
            s.tap_rack(0);
            None
        });
        assert_eq!(b.persist(&mut browser.shelf), Ok(()));
        assert!(!b.moved_on());
        // a tile placed is saved: the write is refused, and the tab stops
        b.act(&mut |s| {
            place(s, &SALT[..1]);
            None
        });
        let problem = b.persist(&mut browser.shelf).unwrap_err();
        assert_eq!(problem, SaveProblem::Game(StorageError::MovedOn));
        assert!(b.moved_on());
        assert_eq!(browser.shelf.get(SOLITAIRE_KEY).unwrap(), saved);
        // when the other tab then finished the game, continuing goes back to the Play tab, and
        // a formula card open on the game closes (it must not come back over the next game)
        b.told.card = Some(Html::lit("<p>H₂O</p>"));
        browser.shelf.remove(SOLITAIRE_KEY);
        b.follow(&mut browser.shelf);
        assert!(b.session().is_none());
        assert!(b.notices()[0].to_string().contains("another tab"));
        assert_eq!(b.told.card, None);
    }

    /// A shelf that counts what is asked of it.
    #[derive(Default)]
    struct Counting {
        shelf: MemoryShelf,
        gets: std::cell::Cell<usize>,
        sets: usize,
    }

    impl Shelf for Counting {
        fn get(&self, key: &str) -> Option<String> {
            self.gets.set(self.gets.get() + 1);
            self.shelf.get(key)
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
            self.sets += 1;
            self.shelf.set(key, value)
        }
        fn remove(&mut self, key: &str) {
            self.shelf.remove(key)
        }
        fn keys(&self) -> Vec<String> {
            self.shelf.keys()
        }
    }

    #[test]
    fn a_tap_that_changes_nothing_saved_reads_and_writes_nothing() {
        let mut shelf = Counting::default();
        shelf
            .set(SOLITAIRE_KEY, &water_and_salt_bag().to_json())
            .unwrap();
        let mut table = Table::open(&mut shelf);
        table.resume(&mut shelf, Kind::Solitaire);
        table.persist(&mut shelf).unwrap();
        let asked = |shelf: &Counting| (shelf.gets.get(), shelf.sets);
        let before = asked(&shelf);
        // a tile lifted and put down, a square tapped with nothing lifted: the save's text
        // would be the same, so the slot is neither read nor written (each tap was a copy of
        // the record, its JSON and a read of the slot)
        for intent in [
            |s: &mut Session| s.tap_rack(0),
            |s: &mut Session| s.tap_rack(0),
            |s: &mut Session| s.tap_square(0, 0),
        ] {
            table.act(&mut |s| {
                intent(s);
                None
            });
            table.persist(&mut shelf).unwrap();
        }
        assert_eq!(asked(&shelf), before);
        // a tile placed is saved at once, and so is the move
        table.act(&mut |s| {
            place(s, &WATER[..1]);
            None
        });
        table.persist(&mut shelf).unwrap();
        assert_eq!(shelf.sets, before.1 + 1);
        let saved =
            |shelf: &Counting| GameRecord::parse(&shelf.shelf.get(SOLITAIRE_KEY).unwrap()).unwrap();
        let tentative = |r: &GameRecord| r.ui.as_ref()?.get("tentative")?.as_array().map(Vec::len);
        assert_eq!(tentative(&saved(&shelf)), Some(1));
        table.act(&mut |s| {
            place(s, &WATER[1..]);
            s.submit()
        });
        table.persist(&mut shelf).unwrap();
        assert_eq!(shelf.sets, before.1 + 2);
        assert_eq!(saved(&shelf).moves.len(), 1);
        // a game opened from a file is another session: saved, even where its brief reads as
        // the last one's (here two files alike but for the bag past the racks)
        let file = |bag: &str| {
            let mut record = water_and_salt_bag();
            record.bag = Some(bag.split(' ').filter_map(Tile::from_symbol).collect());
            record
        };
        for bag in ["H H O Na Cl C C N N O O", "H H O Na Cl C C O O N N"] {
            table.import(&mut shelf, "game.json", Ok(file(bag).to_json()));
            table.confirm_replace();
            table.persist(&mut shelf).unwrap();
            assert_eq!(saved(&shelf).bag, file(bag).bag);
        }
    }

    #[test]
    fn two_tabs_with_tiles_placed_do_not_answer_each_others_writes() {
        let mut browser = Browser::with_game(&water_and_salt_bag());
        browser.act(0, |s| {
            place(s, &WATER[..1]);
            None
        });
        browser.act(1, |s| {
            place(s, &SALT[..1]);
            None
        });
        // the browser's storage events, round after round: the slot settles at once
        let mut texts = vec![browser.shelf.get(SOLITAIRE_KEY)];
        for round in 0..6 {
            let tab = round % 2;
            let changed =
                browser.tabs[tab].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY));
            assert!(!changed, "only tiles moved: nothing to follow or stop for");
            let _ = browser.tabs[tab].persist(&mut browser.shelf);
            texts.push(browser.shelf.get(SOLITAIRE_KEY));
        }
        texts.dedup();
        assert_eq!(texts.len(), 1, "no write answers another");
    }

    #[test]
    fn a_move_whose_save_was_refused_is_never_dropped_by_following() {
        let mut browser = Browser::with_game(&water_and_salt_bag());
        // both tabs submit at the same moment; the second tab's write lands first
        browser.tabs[1].act(&mut |s| {
            place(s, &WATER);
            s.submit()
        });
        browser.tabs[0].act(&mut |s| {
            place(s, &WATER);
            s.submit()
        });
        browser.tabs[1].persist(&mut browser.shelf).unwrap();
        let refused = browser.tabs[0].persist(&mut browser.shelf);
        assert_eq!(refused, Err(SaveProblem::Game(StorageError::MovedOn)));
        // then the first tab hears of the other's write: it stays stopped, its move still shown
        let changed = browser.tabs[0].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY));
        assert!(!changed);
        assert!(browser.tabs[0].moved_on());
        assert_eq!(browser.session(0).game().turns().len(), 1);
    }

    #[test]
    fn a_move_written_over_in_the_same_moment_stops_its_tab_rather_than_vanish() {
        let mut browser = Browser::with_game(&water_and_salt_bag());
        // the second tab's copy of storage is as it was when both tabs submit at once
        let mut stale = browser.shelf.clone();
        browser.tabs[0].act(&mut |s| {
            place(s, &WATER);
            s.submit()
        });
        browser.tabs[0].persist(&mut browser.shelf).unwrap();
        browser.tabs[1].act(&mut |s| {
            place(s, &[("H", 7, 7), ("H", 7, 8)]);
            s.submit()
        });
        browser.tabs[1].persist(&mut stale).unwrap();
        // the second write lands last: the slot holds H·H, and the first tab hears of it
        let hydrogen = stale.get(SOLITAIRE_KEY).unwrap();
        browser.shelf.set(SOLITAIRE_KEY, &hydrogen).unwrap();
        assert!(browser.tabs[0].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY)));
        // it stops, its water still on its board and not written over H·H
        assert!(browser.tabs[0].moved_on());
        assert_eq!(browser.session(0).game().scores(), vec![6]);
        let _ = browser.tabs[0].persist(&mut browser.shelf);
        assert_eq!(browser.shelf.get(SOLITAIRE_KEY).unwrap(), hydrogen);
        // a tab that only fell behind still follows at once
        browser.tabs[0].follow(&mut browser.shelf);
        browser.act(1, |s| {
            place(s, &[("O", 7, 9)]);
            s.submit()
        });
        assert!(!browser.tabs[0].moved_on());
        assert_eq!(browser.session(0).game().turns().len(), 2);
        // and so does one whose game the other only asked a hint in (the same moves)
        let mut hinted = GameRecord::parse(&browser.shelf.get(SOLITAIRE_KEY).unwrap()).unwrap();
        hinted.hints = vec![2];
        browser.shelf.set(SOLITAIRE_KEY, &hinted.to_json()).unwrap();
        assert!(browser.tabs[0].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY)));
        assert!(!browser.tabs[0].moved_on());
        assert_eq!(browser.session(0).game().turns().len(), 2);
    }

    #[test]
    fn a_tab_says_so_when_the_other_started_a_new_game() {
        let mut browser = Browser::with_game(&water_and_salt_bag());
        browser.tabs[0].start_solitaire(&mut browser.shelf, Mode::Theory, 5);
        browser.tabs[0].confirm_replace();
        browser.tabs[0].persist(&mut browser.shelf).unwrap();
        assert!(browser.tabs[1].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY)));
        assert_eq!(
            browser.session(1).notice(),
            Some(&crate::session::Notice::Info(FOLLOWED_NEW.into()))
        );
        assert_eq!(browser.session(1).game().seed(), 5);
    }

    /// A save and bests as the previous build (30 Nov 2026, second session) wrote them: the
    /// record's keys in its order, the "ui" part with a placed tile that spells out "wild".
    const PREVIOUS_SAVE: &str = r#"{"format":"molscrab-game/1","kind":"solitaire","theory":true,"players":["You"],"first":0,"seed":1,"bag":["H","H","O","Na","Cl","C","C","H","H","O","N","N","K","K","S","S","Mg","Mg","Ca","Ca"],"moves":[{"play":[{"row":7,"col":6,"el":"H"},{"row":7,"col":7,"el":"H"},{"row":7,"col":8,"el":"O"}]}],"ui":{"tentative":[{"slot":0,"row":6,"col":6,"el":"Na","wild":false}],"screen":"turn"}}"#;
    const PREVIOUS_BESTS: &str =
        r#"{"standard":{"score":null,"play":null},"theory":{"score":42,"play":17}}"#;

    #[test]
    fn a_save_and_bests_from_the_previous_build_resume_and_play_on() {
        let mut shelf = MemoryShelf::default();
        shelf.set(SOLITAIRE_KEY, PREVIOUS_SAVE).unwrap();
        shelf.set(BESTS_KEY, PREVIOUS_BESTS).unwrap();
        let mut d = Device::reopen(shelf);
        assert!(d.table.notices().is_empty(), "{:?}", d.table.notices());
        assert_eq!(d.table.bests().get(Mode::Theory).score, Some(42));
        d.with(|t, shelf| t.resume(shelf, Kind::Solitaire));
        assert_eq!(d.session().game().scores(), vec![6]);
        let na = d
            .session()
            .tentative_at(6, 6)
            .expect("the placed tile came back");
        assert_eq!(Tile::Element(na.el), Tile::from_symbol("Na").unwrap());
        // the next tap saves over it as this build writes, and that reads back the same
        d.act(|s| {
            s.recall();
            None
        });
        let saved = d.shelf.get(SOLITAIRE_KEY).unwrap();
        assert_ne!(saved, PREVIOUS_SAVE);
        assert!(d.shelf.get("molscrab.save.solitaire.unreadable").is_none());
        let back = Game::load(&saved).unwrap();
        assert_eq!(back.game.scores(), vec![6]);
        assert_eq!(d.shelf.get(BESTS_KEY).as_deref(), Some(PREVIOUS_BESTS));
    }
}
