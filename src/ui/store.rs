//! The app's state as a signal around the plain [`Table`], the one effect that saves it, and
//! the click handlers and reactive reads the components share.

use super::{engine, transfer};
use molscrab_engine::record::Move;
use molscrab_json::Value;

/// Which turns the worker was last asked about, so that it is not asked twice about the same
/// turn: bookkeeping nothing on screen reads (a `StoredValue`, not a signal).
#[derive(Clone, Copy, Default)]
struct Asked {
    /// The game (seed) and turn (moves made) asked about whether its rack can play.
    can_play: Option<(u64, usize)>,
    /// The same, for the last computer move asked for.
    computer_move: Option<(u64, usize)>,
    /// The game (seed) and number of turns whose formulas were last looked over for names: a
    /// tap that adds no turn adds no formula, so it need not look again.
    names: Option<(u64, usize)>,
}

/// A computer's move shows no sooner than this after its turn began.
const COMPUTER_PAUSE_MS: f64 = 900.0;
use crate::session::{Hindsight, LookBack, Notice, Session};
use crate::storage::{LocalShelf, StorageError};
use crate::table::{SaveProblem, Table};
use leptos::prelude::*;
use molscrab_engine::game::Loaded;
use molscrab_engine::html;
use molscrab_engine::markup::Html;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;
use molscrab_engine::turn::Turn;

/// The Play tab's first build, in parts: each is written in a task of its own, the top of the
/// tab (what a phone shows first) in the mount's, so that no task of the page's load is long
/// (Lighthouse's total blocking time counts each task's time over 50 ms at 4× slowdown; the
/// figures are docs/PERFORMANCE.md's). Built again after a game, the tab is written whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// The tabs and the panels' frames: the mount's task, whose first calls of much of the
    /// wasm's code compile it.
    Top,
    /// The notices and the referee.
    Referee,
    /// The table variants' fold and the Solitaire card.
    Solitaire,
    /// The Pass and Play card.
    PassAndPlay,
    /// The table variants' boxes, the Daily Bench and the tables, written while hidden; they
    /// ask the worker from here.
    Sections,
    /// Against the computer, Import and the bests; the sections under the cards then show.
    All,
}

impl Stage {
    fn next(self) -> Option<Stage> {
        match self {
            Stage::Top => Some(Stage::Referee),
            Stage::Referee => Some(Stage::Solitaire),
            Stage::Solitaire => Some(Stage::PassAndPlay),
            Stage::PassAndPlay => Some(Stage::Sections),
            Stage::Sections => Some(Stage::All),
            Stage::All => None,
        }
    }
}

/// Everything the components share. Copy: it is only signal handles.
#[derive(Clone, Copy)]
pub struct Store {
    table: RwSignal<Table>,
    /// Why the last save did not work, shown under the game's controls.
    save_problem: RwSignal<Option<SaveProblem>>,
    /// The browser's storage, which lives outside the reactive graph: notified after every
    /// save of this tab, every write of another tab and the lexicon's arrival (the Play tab
    /// then reads a chemist's save again), and tracked by what reads storage (the Resume
    /// buttons, this device's tables). A trigger, not a copy of the saves in a signal: reading
    /// a slot replays its game, which only the Play tab needs, and it is not on screen during
    /// a game, when saves happen.
    storage_written: Trigger,
    /// The worker's verdict on the rack (`Session::learn_can_play`) lives in the session and is
    /// written untracked; this is notified when the verdict is "stuck", and tracked only by
    /// what says so (the reactive flags and texts, the notice line, the live region), so the
    /// answer draws those again and not the whole game (notifying the table would run every
    /// component's code a second time after such a Submit: ~8 ms at 4× slowdown late in a long
    /// game).
    rack_stuck: Trigger,
    /// Who plays: the Play tab's seats as chosen (`ui/seats.rs`), read by its Start buttons.
    seats: super::seats::Seats,
    /// What the Play tab remembers between its builds (`ui/play_menu.rs`).
    play_tab: super::play_menu::PlayTab,
    /// How much of the Play tab's first build may be written yet ([`Stage`]): one part a
    /// task, from the mount's.
    stage: RwSignal<Stage>,
    /// The games saved in the Solitaire and Pass and Play slots, read from storage while the
    /// Play tab shows (after each save and each write of another tab): its Resume buttons
    /// read this, never storage. Not read during a game, when every move saves (reading a
    /// slot replays its game).
    saved: RwSignal<[Option<Loaded>; 2]>,
    asked: StoredValue<Asked>,
    /// The worker's answers the Play tab and a table's panel show, keyed (`ui/asked.rs`).
    answers: super::asked::Answers,
}

/// A random u64 from the OS: seeds a new game and picks the first player.
pub(super) fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    // crypto.getRandomValues exists in every browser this runs in; were it missing, games
    // would still start, only with the same bag each time
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes)
}

/// A new game's seed: 53 random bits, so the record's seed is exact in any JSON reader (a
/// JavaScript number holds integers up to 2⁵³ exactly; a larger seed read and written back by
/// such a tool would change the bag).
pub(super) fn new_seed() -> u64 {
    random_u64() >> 11
}

impl Store {
    /// Opens the table from storage and starts the one effect that saves it: whenever the
    /// table changes (a tap, a move, a new game), the game and the bests are written if they
    /// changed. No intent has to remember to save.
    pub fn open() -> Store {
        engine::hold();
        let store = Store {
            table: RwSignal::new(Table::open(&mut LocalShelf::open())),
            save_problem: RwSignal::new(None),
            storage_written: Trigger::new(),
            rack_stuck: Trigger::new(),
            seats: super::seats::Seats::default(),
            play_tab: super::play_menu::PlayTab::open(),
            stage: RwSignal::new(Stage::Top),
            saved: RwSignal::new([None, None]),
            asked: StoredValue::new(Asked::default()),
            answers: super::asked::Answers::new(),
        };
        store.next_stage();
        // a render effect: the same machinery that updates the page (a plain `Effect` pulls in
        // more wasm), and its first run is at once. It lives as long as the page.
        std::mem::forget(RenderEffect::new(move |_| {
            store.table.track();
            // untracked: the save remembers what it wrote, which is not a change to show
            let outcome = store
                .table
                .try_update_untracked(|t| t.persist(&mut LocalShelf::open()))
                .and_then(Result::err);
            if outcome == Some(SaveProblem::Game(StorageError::MovedOn)) {
                // the table has stopped (another tab moved the game on): show it
                store.table.notify();
                return;
            }
            store.save_problem.set(outcome);
            store.storage_read();
            store.consult_engine();
            // a game under the chemist's referee waits for the table of documented substances
            super::substances::fetch_if_wanted(store);
        }));
        // another tab wrote storage: follow its game, or stop before saving over it
        let listening = window_event_listener(leptos::ev::storage, move |ev| {
            let key = ev.key();
            // redraw (and so save) only when this table changed: another tab's tiles alone
            // must not make this one write, or the two would answer each other for ever
            let changed = store.table.try_update_untracked(|t| {
                t.storage_changed(&mut LocalShelf::open(), key.as_deref())
            });
            if changed == Some(true) {
                store.table.notify();
                // a tile pressed belongs to the rack as it was: the drag ends
                super::drag::cancel();
                // the game ended in the other tab: the Play tab's note saying so is at the top;
                // this tab stopped: its alert (under the board) comes into view once it shows
                let (gone, stopped) = store
                    .table
                    .with_untracked(|t| (t.session().is_none(), t.moved_on()));
                if let Some(window) = web_sys::window().filter(|_| gone) {
                    window.scroll_to_with_x_and_y(0.0, 0.0);
                } else if stopped {
                    set_timeout(
                        || {
                            if let Some(alert) = super::dom::find(".moved-on") {
                                alert.scroll_into_view();
                            }
                        },
                        std::time::Duration::ZERO,
                    );
                }
            }
            store.storage_read();
        });
        // the page's own store listens as long as the page lives
        std::mem::forget(listening);
        store
    }

    /// Asks the engine's worker what this turn needs to know and the page can't work out on
    /// its own thread (whether the player to move can play at all), once per turn.
    fn consult_engine(self) {
        super::tables::ask_bests(self);
        self.ask_computer_move();
        self.ask_names();
        let wanted = self.with_session_untracked(|s| {
            let s = s.filter(|s| s.wants_can_play())?;
            Some((s.game().seed(), s.game().moves().len()))
        });
        let Some((seed, moves)) = wanted else {
            return;
        };
        if self.asked_before(|a| &mut a.can_play, (seed, moves)) {
            return;
        }
        // the record as the save just wrote it (kept as text between moves)
        let Some(Some(record)) = self.table.try_update_untracked(Table::record_text) else {
            return;
        };
        let question = format!("{{\"op\":\"can-play\",\"record\":{record}}}");
        engine::ask_text(question, move |answer| match answer {
            Ok(Value::Bool(can_play)) => {
                self.table.try_update_untracked(|t| {
                    t.act(&mut |s| {
                        if s.game().seed() == seed {
                            s.learn_can_play(moves, can_play);
                        }
                        None
                    })
                });
                // a rack that can play shows nothing new: a stuck one is said where it shows
                if !can_play {
                    self.rack_stuck.notify();
                }
            }
            // no answer: nothing is said about the rack, and the game plays on
            _ => self.asked.update_value(|a| a.can_play = None),
        });
    }

    /// The names of the Hypothetical formulas on the board that are documented substances,
    /// asked of the engine's worker once per formula (it holds the substance table).
    fn ask_names(self) {
        let looked =
            self.with_session_untracked(|s| s.map(|s| (s.game().seed(), s.game().turns().len())));
        if looked.is_none_or(|l| self.asked_before(|a| &mut a.names, l)) {
            return;
        }
        let unasked = self
            .table
            .try_update_untracked(|t| {
                let mut unasked = Vec::new();
                t.act(&mut |s| {
                    unasked = s.names_to_ask();
                    None
                });
                unasked
            })
            .unwrap_or_default();
        if unasked.is_empty() {
            return;
        }
        let formulas = Value::Array(unasked.into_iter().map(Value::from).collect());
        let question = engine::question([("op", "names".into()), ("formulas", formulas)]);
        engine::ask(question, move |answer| {
            let Ok(Value::Array(pairs)) = answer else {
                return;
            };
            // drawn again only when a name was found (most formulas off the card are not
            // documented substances, and an answer without names changes nothing on screen)
            let found: Vec<(String, String)> = pairs
                .iter()
                .filter_map(|pair| {
                    let [key, name] = pair.as_array()?.as_slice() else {
                        return None;
                    };
                    Some((key.as_str()?.to_string(), name.as_str()?.to_string()))
                })
                .collect();
            let mut shown = false;
            self.table.try_update_untracked(|t| {
                t.act(&mut |s| {
                    shown = s.learn_names(&found);
                    None
                })
            });
            let found = shown;
            if found {
                self.table.notify();
            }
        });
    }

    /// A computer player's turn: the engine's worker chooses its move, which is played after a
    /// short pause (so a person sees it is the computer's turn, and then what it did).
    fn ask_computer_move(self) {
        let wanted = self.with_session_untracked(|s| {
            let s = s?;
            let (moves, level) = s.wants_computer_move()?;
            Some((s.game().seed(), moves, level, s.game().record().to_value()))
        });
        let Some((seed, moves, level, record)) = wanted else {
            return;
        };
        if self.asked_before(|a| &mut a.computer_move, (seed, moves)) {
            return;
        }
        let asked_at = js_sys::Date::now();
        let question = engine::question([
            ("op", "move".into()),
            ("level", level.code().into()),
            ("record", record),
        ]);
        engine::ask(question, move |answer| {
            let mv = answer.ok().and_then(|a| Move::from_value(&a).ok());
            let Some(mv) = mv else {
                // asked again after the next change (a tap, a reload)
                self.asked.update_value(|a| a.computer_move = None);
                return;
            };
            let waited = js_sys::Date::now() - asked_at;
            let pause = (COMPUTER_PAUSE_MS - waited).max(0.0) as u64;
            engine::after(pause, move || {
                self.act(|s| {
                    if s.game().seed() == seed {
                        s.computer_moved(moves, &mv)
                    } else {
                        None
                    }
                });
            });
        });
    }

    /// Opens the card of the formula made of `tiles` (symbols separated by spaces): its names,
    /// drawing and facts, written by the engine's worker.
    pub fn explain(&self, tiles: String) {
        let Some((mode, ions, edition)) = self.with_session_untracked(|s| {
            s.map(|s| {
                let game = s.game();
                (game.mode(), game.variants().ions(), game.edition())
            })
        }) else {
            return;
        };
        let store = *self;
        self.update(|t| {
            t.from_worker.card = Some(html!("<p class=\"card-wait\">Drawing the molecule…</p>"))
        });
        let question = engine::question([
            ("op", "explain".into()),
            ("tiles", tiles.into()),
            ("mode", mode.code().into()),
            // the game's edition of the chemist's rules judges its card
            ("chemist_rules", u64::from(edition.number()).into()),
            // Ion Rules: the card shows the formula's charge
            ("ions", ions.into()),
        ]);
        engine::ask(question, move |answer| {
            // the worker writes the whole card, its Close button included, and says why in it
            // when it could not explain the formula
            let html = match answer.as_ref().ok().and_then(engine::html_of) {
                Some(card) => card,
                None => html!(
                    "<div class=\"formula-card\" role=\"dialog\" aria-modal=\"true\" \
                     aria-label=\"Formula card\"><p class=\"card-note\">This card could not be \
                     drawn.</p><button class=\"btn primary\" data-close>Close</button></div>"
                ),
            };
            // closed meanwhile: stays closed
            store.update(|t| {
                if t.from_worker.card.is_some() {
                    t.from_worker.card = Some(html);
                }
            });
            super::focus::dialog_refilled(".formula-card button");
        });
    }

    /// The notebook's Hindsight button: shows the engine's look back on the finished game, or
    /// the notebook again.
    pub fn toggle_hindsight(&self) {
        let store = *self;
        if self
            .table
            .with_untracked(|t| t.from_worker.hindsight.is_some())
        {
            self.update(|t| t.from_worker.hindsight = None);
            self.act(|s| {
                s.stop_looking_back();
                None
            });
            return;
        }
        let asked = self.with_session_untracked(|s| {
            let s = s.filter(|s| s.game().is_over())?;
            Some((s.game().seed(), s.game().record().to_value()))
        });
        let Some((seed, record)) = asked else {
            return;
        };
        self.update(|t| t.from_worker.hindsight = Some((seed, Hindsight::Waiting)));
        let question = engine::question([("op", "hindsight".into()), ("record", record)]);
        engine::ask(question, move |answer| {
            let looked = match answer.as_ref().ok().and_then(LookBack::read) {
                Some(looked) => Hindsight::Ready(looked),
                None => Hindsight::Failed,
            };
            store.update(|t| {
                if t.from_worker.hindsight.is_some() {
                    t.from_worker.hindsight = Some((seed, looked));
                }
            });
        });
    }

    /// Hindsight for the game in play, while the notebook shows it.
    pub fn hindsight(&self) -> Option<Hindsight> {
        self.table.with(|t| {
            let (seed, looked) = t.from_worker.hindsight.as_ref()?;
            (t.session()?.game().seed() == *seed).then(|| looked.clone())
        })
    }

    /// Whether the notebook shows Hindsight (tracked, without copying it).
    pub fn hindsight_on(&self) -> bool {
        self.table.with(|t| {
            t.from_worker
                .hindsight
                .as_ref()
                .is_some_and(|(seed, _)| t.session().is_some_and(|s| s.game().seed() == *seed))
        })
    }

    /// Hindsight's "Show on board": the board before move `moves`, with `play` on it.
    pub fn look_back(&self, moves: usize, play: Vec<molscrab_engine::board::Placement>) {
        super::board::follow();
        self.act(|s| {
            s.look_back(moves, play);
            None
        });
    }

    /// Whether a formula card is open (untracked: for event handlers).
    pub fn card_open(&self) -> bool {
        self.table.with_untracked(|t| t.from_worker.card.is_some())
    }

    /// Closes the formula card.
    pub fn close_card(&self) {
        self.update(|t| t.from_worker.card = None);
    }

    /// Hint: the engine's best play goes on the board as this turn's tiles.
    pub fn hint(&self) {
        let store = *self;
        let asked = self.with_session_untracked(|s| {
            let s = s.filter(|s| s.is_placing())?;
            let (seed, moves) = (s.game().seed(), s.game().moves().len());
            Some((seed, moves, s.game().record().to_value()))
        });
        let Some((seed, moves, record)) = asked else {
            return;
        };
        self.act(|s| {
            s.tell(Notice::Info("Looking for the best play…".into()));
            None
        });
        let question = engine::question([("op", "show-hint".into()), ("record", record)]);
        engine::ask(question, move |answer| {
            store.act(|s| {
                if s.game().seed() != seed || s.game().moves().len() != moves {
                    return None;
                }
                let hint = answer.map(|a| {
                    let play = a.get("move").map(Move::from_value);
                    let said = a.get("said").and_then(Value::as_str).unwrap_or_default();
                    (play, said.to_string())
                });
                match hint {
                    Ok((Some(Ok(Move::Play(play))), said)) if s.show_hint(moves, &play, &said) => {
                        super::board::follow()
                    }
                    Ok((None, _)) => {
                        s.tell(Notice::Info("No play can be made from this rack.".into()))
                    }
                    Ok(_) => s.tell(Notice::Refused(vec!["The hint could not be read.".into()])),
                    Err(e) => s.tell(Notice::Refused(vec![e])),
                }
                None
            });
        });
    }

    /// The Play tab's seats as chosen.
    pub fn seats(&self) -> super::seats::Seats {
        self.seats
    }

    /// What the Play tab remembers between its builds.
    pub fn play_tab(&self) -> super::play_menu::PlayTab {
        self.play_tab
    }

    /// The worker's answers, keyed (`ui/asked.rs`).
    pub fn answers(&self) -> super::asked::Answers {
        self.answers
    }

    /// The table's signal, for the own-device tables' screens (`ui/tables.rs`).
    pub(super) fn table_signal(&self) -> RwSignal<Table> {
        self.table
    }

    /// Storage as the reactive graph sees it (`storage_written`): what reads storage tracks
    /// it, and what writes storage outside the save effect notifies it.
    pub(super) fn storage_written(&self) -> Trigger {
        self.storage_written
    }

    /// Reads the table, tracked.
    pub fn read<R>(&self, f: impl FnOnce(&Table) -> R) -> R {
        self.table.with(f)
    }

    /// Reads the table without subscribing to it.
    pub fn read_untracked<R>(&self, f: impl FnOnce(&Table) -> R) -> R {
        self.table.with_untracked(f)
    }

    /// Reads the session, tracked (`None` on the Play menu).
    pub fn with_session<R>(&self, f: impl FnOnce(Option<&Session>) -> R) -> R {
        self.table.with(|t| f(t.session()))
    }

    /// Reads the session without subscribing to it.
    pub fn with_session_untracked<R>(&self, f: impl FnOnce(Option<&Session>) -> R) -> R {
        self.table.with_untracked(|t| f(t.session()))
    }

    /// Changes the table; the save effect follows.
    pub fn update(&self, f: impl FnOnce(&mut Table)) {
        self.table.update(f);
    }

    /// Why the last save failed, if it did.
    pub fn save_problem(&self) -> Option<String> {
        self.save_problem.get().map(|p| p.to_string())
    }

    /// Notes that the worker is asked about `turn` (in the field `pick` gives), and says
    /// whether it was already.
    fn asked_before(
        &self,
        pick: fn(&mut Asked) -> &mut Option<(u64, usize)>,
        turn: (u64, usize),
    ) -> bool {
        self.asked
            .try_update_value(|a| pick(a).replace(turn) == Some(turn))
            .unwrap_or(true)
    }

    /// Storage was written (a save of this tab, another tab's write, the lexicon's arrival,
    /// after which a chemist's save can be read): what is read from it is read again.
    pub(super) fn storage_read(&self) {
        self.storage_written.notify();
        if self.table.with_untracked(|t| t.session().is_some()) {
            return;
        }
        // untracked: reading a slot notes its text, which is not a change to show; an
        // unreadable save (moved aside by this read, so it is named once) adds a message
        let read = self.table.try_update_untracked(|t| {
            let notices = t.notices().len();
            let mut shelf = LocalShelf::open();
            let saved = [
                t.saved(&mut shelf, Kind::Solitaire),
                t.saved(&mut shelf, Kind::PassAndPlay),
            ];
            (saved, notices != t.notices().len())
        });
        let Some((saved, named)) = read else {
            return;
        };
        self.saved.set(saved);
        if named {
            // the Play tab's notices name the save moved aside
            self.table.notify();
        }
    }

    /// The game saved in the slot of this kind, if it holds a readable one (tracked).
    pub fn saved(&self, kind: Kind) -> Option<Loaded> {
        let slot = usize::from(kind == Kind::PassAndPlay);
        self.saved.with(|saved| saved[slot].clone())
    }

    pub fn start_solitaire(&self, mode: Mode) {
        self.update(|t| {
            t.variants = super::daily::chosen(*self);
            t.start_solitaire(&mut LocalShelf::open(), mode, new_seed())
        });
    }

    pub fn start_pass_and_play(
        &self,
        mode: Mode,
        names: Vec<String>,
        computers: Vec<Option<molscrab_engine::computer::Level>>,
    ) {
        let (first, seed) = (random_u64(), new_seed());
        self.update(|t| {
            t.variants = super::daily::chosen(*self);
            t.start_pass_and_play(&mut LocalShelf::open(), mode, names, computers, first, seed)
        });
    }

    pub fn rematch(&self) {
        let (first, seed) = (random_u64(), new_seed());
        self.update(|t| t.rematch(&mut LocalShelf::open(), first, seed));
    }

    pub fn confirm_replace(&self) {
        self.update(Table::confirm_replace);
    }

    pub fn keep_save(&self) {
        self.update(Table::keep_save);
    }

    pub fn import(&self, name: &str, text: Result<String, crate::transfer::ImportError>) {
        self.update(|t| t.import(&mut LocalShelf::open(), name, text));
    }

    pub fn resume(&self, kind: Kind) {
        self.update(|t| t.resume(&mut LocalShelf::open(), kind));
    }

    pub fn leave(&self) {
        self.update(Table::leave);
    }

    /// "Continue from the latest" after another tab moved the game on.
    pub fn follow(&self) {
        self.update(|t| t.follow(&mut LocalShelf::open()));
    }

    pub fn dismiss_notices(&self) {
        self.update(Table::dismiss_notices);
    }

    /// Export game: the record downloads as a file.
    pub fn export(&self) {
        let outcome = self.with_session_untracked(|s| s.map(|s| transfer::download(s.game())));
        if let Some(Err(e)) = outcome {
            self.update(|t| t.tell(Notice::Refused(vec![format!("Could not export: {e}")])));
        }
    }

    /// Runs an intent on the session.
    pub fn act(&self, intent: impl FnOnce(&mut Session) -> Option<Turn>) {
        let mut intent = Some(intent);
        self.apply(&mut |s| intent.take().and_then(|f| f(s)));
    }

    // not generic: one copy of the update code, however many buttons call `act`
    fn apply(&self, intent: &mut dyn FnMut(&mut Session) -> Option<Turn>) {
        self.table.update(|t| t.act(intent));
    }

    /// A click handler that runs `intent` on the session. One closure type for every button
    /// built with it, so the wasm holds one copy of the event-binding code.
    pub fn on_tap(
        &self,
        intent: fn(&mut Session) -> Option<Turn>,
    ) -> impl Fn(leptos::ev::MouseEvent) + Copy + 'static {
        let store = *self;
        move |_| store.run(super::buttons::Intent::Session(intent))
    }

    /// A click handler that runs `f` on the store (leave, rematch, resume …); like
    /// [`Store::on_tap`], one closure type for every button built with it.
    pub fn on_tap_store(&self, f: fn(&Store)) -> impl Fn(leptos::ev::MouseEvent) + Copy + 'static {
        let store = *self;
        move |_| store.run(super::buttons::Intent::Store(f))
    }

    /// Reactive markup written by `write` from the store (it reads what it needs, tracked), for
    /// a view's `inner_html=markup::live(…)`: one closure type for every such section.
    pub fn html(&self, write: fn(Store) -> Html) -> impl Fn() -> Html + Copy + Send + Sync {
        let store = *self;
        move || write(store)
    }

    /// Reactive markup written from the session (none when there is no game), like
    /// [`Store::text`].
    pub fn markup(&self, pick: fn(&Session) -> Html) -> impl Fn() -> Html + Copy + Send + Sync {
        let (table, rack_stuck) = (self.table, self.rack_stuck);
        move || {
            rack_stuck.track();
            table.with(|t| t.session().map(pick).unwrap_or_default())
        }
    }

    /// Reactive text read from the session ("" when there is none). One closure type for
    /// every such text, so the wasm holds one copy of its rendering code.
    pub fn text(&self, pick: fn(&Session) -> String) -> impl Fn() -> String + Copy + Send + Sync {
        let (table, rack_stuck) = (self.table, self.rack_stuck);
        move || {
            rack_stuck.track();
            table.with(|t| t.session().map(pick).unwrap_or_default())
        }
    }

    /// Whether the Play tab's first build has come to `stage` (tracked): see [`Stage`].
    pub fn stage_reached(&self, stage: Stage) -> bool {
        self.stage.get() >= stage
    }

    /// Whether the Play tab's sections under its two cards (the Daily Bench, the tables) may
    /// be written and ask the worker (tracked).
    pub fn lower_sections_ready(&self) -> bool {
        self.stage_reached(Stage::Sections)
    }

    /// The next part of the first build, in a task of its own, and the one after it in the
    /// next, until all are written.
    fn next_stage(self) {
        set_timeout(
            move || {
                let next = self.stage.get_untracked().next();
                match next {
                    Some(next) => {
                        self.stage.set(next);
                        self.next_stage();
                    }
                    // all written: the worker may start, and the questions asked meanwhile go
                    None => engine::release(),
                }
            },
            std::time::Duration::ZERO,
        );
    }

    /// Tracks the worker's verdict that the rack is stuck (see `rack_stuck`).
    pub fn track_rack_stuck(&self) {
        self.rack_stuck.track();
    }

    /// Reactive text read from the table; like [`Store::text`], one closure type for every
    /// such text.
    pub fn table_text(
        &self,
        pick: fn(&Table) -> String,
    ) -> impl Fn() -> String + Copy + Send + Sync {
        let table = self.table;
        move || table.with(pick)
    }

    /// A reactive flag read from the table, for `hidden=` and the like.
    pub fn table_flag(&self, pick: fn(&Table) -> bool) -> impl Fn() -> bool + Copy + Send + Sync {
        let table = self.table;
        move || table.with(pick)
    }

    /// A reactive flag read from the session (false when there is none), for `hidden=` and
    /// the like; like [`Store::text`], one closure type for every such flag.
    pub fn flag(&self, pick: fn(&Session) -> bool) -> impl Fn() -> bool + Copy + Send + Sync {
        let (table, rack_stuck) = (self.table, self.rack_stuck);
        move || {
            rack_stuck.track();
            table.with(|t| t.session().is_some_and(pick))
        }
    }
}
