//! The app's state as signals, and every intent: start, resume, play, save, leave.

use super::session::{Notice, Screen, Session};
use super::transfer;
use crate::storage::{self, LocalShelf, Slot};
use leptos::prelude::*;
use molscrab_engine::bests::Bests;
use molscrab_engine::players::SOLITAIRE_PLAYER;
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::turn::Turn;

/// How the last Solitaire game ended, for its end screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolitaireEnd {
    pub new_best: bool,
    pub previous_best: Option<i32>,
}

/// Everything the components share. Copy: it is only signal handles.
#[derive(Clone, Copy)]
pub struct Table {
    pub session: RwSignal<Option<Session>>,
    pub bests: RwSignal<Bests>,
    /// Messages for the Play tab: unreadable saves, storage failures.
    pub notices: RwSignal<Vec<String>>,
    pub solitaire_end: RwSignal<Option<SolitaireEnd>>,
    /// Bumped when a save slot changes, so Resume buttons re-read storage.
    pub saves_changed: RwSignal<u32>,
    /// A new or imported game held back until the player says it may replace the saved game
    /// of its kind ("Replace your saved game?").
    pub replacing: RwSignal<Option<Session>>,
    /// It came from a file (asked beside Import), or else it is new (asked beside Start).
    pub replacing_from_file: RwSignal<bool>,
    /// Why the last file chosen for import was refused.
    pub import_error: RwSignal<Option<String>>,
}

/// A random u64 from the OS: seeds a new game and picks the first player.
fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    // crypto.getRandomValues exists in every browser this runs in; were it missing, games
    // would still start, only with the same bag each time
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes)
}

/// A new game's seed: 53 random bits, so the record's seed is exact in any JSON reader (a
/// JavaScript number holds integers up to 2⁵³ exactly; a larger seed read and written back by
/// such a tool would change the bag).
fn new_seed() -> u64 {
    random_u64() >> 11
}

impl Table {
    pub fn open() -> Table {
        let mut shelf = LocalShelf::open();
        let (bests, message) = storage::read_bests(&mut shelf);
        let table = Table {
            session: RwSignal::new(None),
            bests: RwSignal::new(bests),
            notices: RwSignal::new(message.into_iter().collect()),
            solitaire_end: RwSignal::new(None),
            saves_changed: RwSignal::new(0),
            replacing: RwSignal::new(None),
            replacing_from_file: RwSignal::new(false),
            import_error: RwSignal::new(None),
        };
        // surface unreadable saves at once (they are moved aside, the slots freed)
        for kind in [Kind::Solitaire, Kind::PassAndPlay] {
            if let Slot::Unreadable(message) = storage::read_slot(&mut shelf, kind) {
                table.notices.update(|n| n.push(message));
            }
        }
        table
    }

    /// A saved game of this kind, if its slot holds a readable one.
    pub fn saved(&self, kind: Kind) -> Option<GameRecord> {
        self.saves_changed.track();
        match storage::read_slot(&mut LocalShelf::open(), kind) {
            Slot::Saved(record) => Some(*record),
            Slot::Empty => None,
            Slot::Unreadable(message) => {
                self.notices.update(|n| n.push(message));
                None
            }
        }
    }

    pub fn start_solitaire(&self, theory: bool) {
        let record = GameRecord::new_game(
            Kind::Solitaire,
            theory,
            vec![SOLITAIRE_PLAYER.into()],
            0,
            new_seed(),
        );
        self.begin(record, false);
    }

    pub fn start_pass_and_play(&self, theory: bool, names: Vec<String>) {
        let first = (random_u64() % names.len().max(1) as u64) as usize;
        let record = GameRecord::new_game(Kind::PassAndPlay, theory, names, first, new_seed());
        self.begin(record, false);
    }

    /// Rematch: the same players and mode, a new bag and a new first player.
    pub fn rematch(&self) {
        let Some(start) = self
            .session
            .with_untracked(|s| s.as_ref().map(|s| s.game.record()))
        else {
            return;
        };
        match start.kind {
            Kind::Solitaire => self.start_solitaire(start.theory),
            Kind::PassAndPlay => self.start_pass_and_play(start.theory, start.players),
        }
    }

    /// Opens a new or imported game, which becomes the saved game of its kind. If a game of
    /// that kind is saved, nothing changes before the player agrees: the Play tab asks. A
    /// finished imported game is only shown; it leaves the save alone.
    fn begin(&self, record: GameRecord, from_file: bool) {
        let mut session = match Session::resume(&record) {
            Ok(session) => session,
            Err(e) => {
                self.notices
                    .update(|n| n.push(format!("Could not open the game: {e}")));
                return;
            }
        };
        session.in_slot = session.screen != Screen::Results;
        if session.in_slot && self.saved(record.kind).is_some() {
            self.replacing_from_file.set(from_file);
            self.replacing.set(Some(session));
            self.session.set(None);
        } else {
            self.show(session);
        }
    }

    fn show(&self, session: Session) {
        self.replacing.set(None);
        self.import_error.set(None);
        self.solitaire_end.set(None);
        self.session.set(Some(session));
        self.persist();
    }

    /// "Start new game" / "Open imported game": the waiting game replaces the save.
    pub fn confirm_replace(&self) {
        if let Some(session) = self.replacing.get_untracked() {
            self.show(session);
        }
    }

    /// "Keep it": the saved game stays, the waiting one is dropped.
    pub fn keep_save(&self) {
        self.replacing.set(None);
    }

    /// A file chosen for import, as read: a game that replays opens (asking first if it would
    /// replace a save); anything else is refused with the reason, and nothing changes.
    pub fn import(&self, name: &str, text: Result<String, String>) {
        match text.and_then(|t| transfer::read_import(&t)) {
            Ok(record) => {
                self.import_error.set(None);
                self.begin(record, true);
            }
            Err(why) => {
                self.replacing.set(None);
                self.import_error.set(Some(format!(
                    "Could not import “{name}”. {why} Your saved games are unchanged."
                )));
            }
        }
    }

    /// Export game: the record downloads as a file.
    pub fn export(&self) {
        let outcome = self
            .session
            .with_untracked(|s| s.as_ref().map(|s| transfer::download(&s.game)));
        if let Some(Err(e)) = outcome {
            self.session.update(|s| {
                if let Some(s) = s.as_mut() {
                    s.notice = Some(Notice::Refused(vec![format!("Could not export: {e}")]));
                }
            });
        }
    }

    pub fn resume(&self, kind: Kind) {
        let Some(record) = self.saved(kind) else {
            return;
        };
        match Session::resume(&record) {
            Ok(session) => {
                self.solitaire_end.set(None);
                self.session.set(Some(session));
                // a save that holds a finished game (left by an older version, or written by
                // hand) opens on its results, and its slot is cleared as for any finished game
                self.persist();
            }
            Err(e) => self
                .notices
                .update(|n| n.push(format!("Could not resume: {e}"))),
        }
    }

    /// Save and leave: the game stays in its slot; the Play tab offers Resume.
    pub fn leave(&self) {
        self.persist();
        self.session.set(None);
        self.solitaire_end.set(None);
    }

    /// Leave a finished game's results (its slot was cleared when they were shown).
    pub fn close_results(&self) {
        self.session.set(None);
        self.solitaire_end.set(None);
    }

    /// Runs an intent on the session, then records bests and saves.
    pub fn act(&self, intent: impl FnOnce(&mut Session) -> Option<Turn>) {
        let mut intent = Some(intent);
        self.apply(&mut |s| intent.take().and_then(|f| f(s)));
    }

    // not generic: one copy of the update-and-save code, however many buttons call `act`
    fn apply(&self, intent: &mut dyn FnMut(&mut Session) -> Option<Turn>) {
        let mut turn = None;
        self.session.update(|s| {
            if let Some(s) = s.as_mut() {
                turn = intent(s);
            }
        });
        if turn.is_some() {
            self.after_turn();
        }
        self.persist();
    }

    /// A click handler that runs `intent` on the session. One closure type for every button
    /// built with it, so the wasm holds one copy of the event-binding code.
    pub fn on_tap(
        &self,
        intent: fn(&mut Session) -> Option<Turn>,
    ) -> impl Fn(leptos::ev::MouseEvent) + Copy + 'static {
        let table = *self;
        move |_| {
            table.act(intent);
            super::focus::mend();
        }
    }

    /// A click handler that runs `f` on the table (leave, rematch, resume …); like
    /// [`Table::on_tap`], one closure type for every button built with it.
    pub fn on_tap_table(&self, f: fn(&Table)) -> impl Fn(leptos::ev::MouseEvent) + Copy + 'static {
        let table = *self;
        move |_| {
            f(&table);
            super::focus::mend();
        }
    }

    /// Reactive text read from the session ("" when there is none). One closure type for
    /// every such text, so the wasm holds one copy of its rendering code.
    pub fn text(&self, pick: fn(&Session) -> String) -> impl Fn() -> String + Copy + Send + Sync {
        let session = self.session;
        move || session.with(|s| s.as_ref().map(pick).unwrap_or_default())
    }

    /// A reactive flag read from the session (false when there is none), for `hidden=` and
    /// the like; like [`Table::text`], one closure type for every such flag.
    pub fn flag(&self, pick: fn(&Session) -> bool) -> impl Fn() -> bool + Copy + Send + Sync {
        let session = self.session;
        move || session.with(|s| s.as_ref().is_some_and(pick))
    }

    /// After a move: the engine keeps the personal bests (Solitaire only), and they are saved.
    fn after_turn(&self) {
        let mut solo = false;
        let mut end = None;
        self.session.with_untracked(|s| {
            let Some(game) = s.as_ref().map(|s| &s.game) else {
                return;
            };
            solo = game.kind() == Kind::Solitaire;
            if !solo {
                return;
            }
            self.bests.update(|b| {
                b.record_last_play(game);
                if game.is_over() {
                    let previous_best = b.get(game.mode()).score;
                    let new_best = b.record_finished(game);
                    end = Some(SolitaireEnd {
                        new_best,
                        previous_best,
                    });
                }
            });
        });
        if !solo {
            return;
        }
        if end.is_some() {
            self.solitaire_end.set(end);
        }
        let bests = self.bests.get_untracked();
        if let Err(e) = storage::write_bests(&mut LocalShelf::open(), &bests) {
            self.notices
                .update(|n| n.push(format!("Personal bests not saved: {e}")));
        }
    }

    /// Writes the game to its slot after every change; a finished game's slot is cleared
    /// once its results are on screen.
    pub fn persist(&self) {
        let Some((record, finished)) = self.session.with_untracked(|s| {
            s.as_ref()
                .filter(|s| s.in_slot)
                .map(|s| (s.to_record(), s.screen == Screen::Results))
        }) else {
            return;
        };
        let mut shelf = LocalShelf::open();
        if finished {
            storage::clear_slot(&mut shelf, record.kind);
        } else if let Err(e) = storage::write_slot(&mut shelf, &record) {
            self.session.update(|s| {
                if let Some(s) = s.as_mut() {
                    s.notice = Some(Notice::Refused(vec![format!(
                        "This game could not be saved: {e}"
                    )]));
                }
            });
        }
        self.saves_changed.update(|n| *n += 1);
    }
}
