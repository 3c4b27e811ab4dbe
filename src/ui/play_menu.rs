//! The Play tab: start, resume or import Solitaire and Pass and Play, the choice of referee,
//! personal bests, and own-device tables (their part in `ui/tables.rs`, the Daily Bench's and
//! the variants' in `ui/daily.rs`).
//!
//! Each section is a component over the store's signals: what the tab remembers between its
//! builds (the referee, which card asked to replace a save, which notices' Details are open) is
//! [`PlayTab`], held by the store; the seats are `ui/seats.rs`'s. The page's first build is
//! written a part a task ([`Stage`], [`staged`]), so the mount is not one long task.

use super::drawn::{redrawn, Drawn, IntoDrawn};
use super::focus::restore_after_tap;
use super::store::Stage;
use super::Store;
use crate::session::against_computer;
use crate::storage::LocalShelf;
use crate::table::Table;
use leptos::prelude::*;
use molscrab_engine::computer::Level;
use molscrab_engine::players::table_seats;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;

/// What the Play tab remembers between its builds (it is built again after every game), held
/// by the store (`Store::play_tab`).
#[derive(Clone, Copy)]
pub struct PlayTab {
    /// The referee chosen: as stored when the page opened, then as last tapped.
    pub referee: RwSignal<Mode>,
    /// Whether the last new Pass and Play slot game was asked for from the Against the
    /// computer card: "Replace your saved game?" is asked there, not in the Pass and Play card.
    pub from_computer: RwSignal<bool>,
    /// Which of the notices' Details are open (bit k for the k-th notice): each stays as the
    /// reader left it when the engine's sentence comes in and the notices are written again.
    pub details_open: RwSignal<u32>,
}

impl PlayTab {
    /// The Play tab as the page opens: the referee as stored (Theory Mode if none).
    pub fn open() -> PlayTab {
        PlayTab {
            referee: RwSignal::new(crate::storage::referee_preference(&LocalShelf::open())),
            from_computer: RwSignal::new(false),
            details_open: RwSignal::new(0),
        }
    }
}

/// The referee chosen on the Play tab (tracked where it is read in a view): the Daily Bench
/// and the variants' boxes follow it.
pub fn referee() -> Mode {
    match use_context::<Store>() {
        Some(store) => store.play_tab().referee.get(),
        None => crate::storage::referee_preference(&LocalShelf::open()),
    }
}

/// A part of the Play tab written once its first build comes to `stage` (`store::Stage`), and
/// not again as the build goes on.
pub fn staged(stage: Stage, draw: Box<dyn Fn() -> Drawn + Send + Sync>) -> impl IntoView {
    let store = expect_context::<Store>();
    let reached = Memo::new(move |_| store.stage_reached(stage));
    redrawn(Box::new(move || reached.get().then(&draw).drawn()))
}

#[component]
pub fn PlayMenu() -> impl IntoView {
    let store = expect_context::<Store>();
    let saved = saved_games(store);
    let substances = Memo::new(move |_| store.read(Table::substances_said));
    // the engine's sentences for the refused saves and file the tab names
    super::tables::ask_why_when_due(store);
    view! {
        // while a link from the address opens, the tab says so in place of its games
        // (`Table::opening_link`): a tap on one made a game the link's table then replaced.
        <div class="menu" class:opening=store.table_flag(Table::opening_link)>
            <OpeningLink />
            {staged(Stage::Referee, Box::new(move || view! {
                <Notices />
                {said(Box::new(move || substances.get()))}
                <RefereeChoice />
            }.drawn()))}
            {staged(Stage::Solitaire, Box::new(move || view! {
                // folded: the boxes come from the engine's worker, and filling an open box
                // would push the page down as it loads
                <details class="variants">
                    <summary>"Table variants"</summary>
                    <fieldset>
                        {staged(Stage::Sections, Box::new(|| view! { <super::daily::VariantsForm /> }.drawn()))}
                    </fieldset>
                </details>
            }.drawn()))}
            <div class="cards">
                {staged(Stage::Solitaire, Box::new(move || view! {
                    <section class="card-panel" aria-labelledby="solo-h">
                        <h2 id="solo-h">"Solitaire"</h2>
                        <p>"Practise at your own bench: score as much as you can from one bag, with three exchanges."</p>
                        {card_controls(store, Place::Solitaire, saved)}
                    </section>
                }.drawn()))}
                {staged(Stage::PassAndPlay, Box::new(move || view! {
                    <section class="card-panel" aria-labelledby="pnp-h">
                        <super::seats::PassAndPlaySeats />
                        {card_controls(store, Place::PassAndPlay, saved)}
                    </section>
                }.drawn()))}
            </div>
            // the sections under the cards show once all are written: shown as they filled,
            // the ones already written moved down on a wide screen (CLS)
            <div class="below" hidden=move || !store.stage_reached(Stage::All)>
                {staged(Stage::Sections, Box::new(|| view! {
                    <section class="card-panel daily" aria-labelledby="daily-h"><super::daily::DailySection /></section>
                    // own-device tables (ui/tables.rs), right after the two cards, so a
                    // device's tables are found without a long scroll
                    <section class="card-panel tables" aria-labelledby="tables-h"><super::tables::Tables /></section>
                }.drawn()))}
                {staged(Stage::All, Box::new(move || {
                    view! {
                        <section class="card-panel" aria-labelledby="computer-h">
                            <super::seats::ComputerSeats />
                            {card_controls(store, Place::Computer, saved)}
                        </section>
                        <ImportCard />
                        <Bests />
                    }.drawn()
                }))}
            </div>
        </div>
    }
}

/// While a link from the address opens: what is happening, and the way back to the Play tab.
#[component]
fn OpeningLink() -> impl IntoView {
    let store = expect_context::<Store>();
    // the link's answer, when it comes, is dropped: the player went on without it
    let show_play = store.on_tap_store(|s| s.update(Table::stop_opening_link));
    view! {
        <section class="card-panel opening-link" aria-labelledby="opening-h">
            <h2 id="opening-h">"Opening the table link…"</h2>
            <p role="status">"Reading the link beside this device's tables: a moment, a little longer the first time."</p>
            <button class="btn quiet" on:click=show_play>"Show the Play tab instead"</button>
            <p class="hint">"The link is then not opened: open it again where you got it."</p>
        </section>
    }
}

/// The notices as shown: each one's headline, and its detail with the engine's sentences put
/// in (asked of its worker by `tables::fill_why` until they are in).
fn shown_notices(store: Store) -> Vec<(String, String)> {
    let (headlines, details, refused) = store.read(|t| {
        let headlines: Vec<String> = t.notices().iter().map(|n| n.headline()).collect();
        let details: Vec<String> = t.notices().iter().map(|n| n.detail()).collect();
        let refused = t.notices().iter().filter_map(|n| n.refused_text());
        (
            headlines,
            details,
            refused.map(str::to_string).collect::<Vec<_>>(),
        )
    });
    if headlines.is_empty() {
        return Vec::new();
    }
    let details = super::tables::fill_why(store, &details, &refused, false);
    headlines.into_iter().zip(details).collect()
}

/// What this device's saves, bests and links told the Play tab: what each means first, the
/// reader's words behind "Details", and Dismiss; nothing when there is nothing to say.
#[component]
fn Notices() -> impl IntoView {
    let store = expect_context::<Store>();
    let open = store.play_tab().details_open;
    let notices = Memo::new(move |_| shown_notices(store));
    // a notice's Details, as the reader left it: written again (the engine's sentence comes in
    // a moment after the page opens), it opens as it was
    let notice = move |(k, (headline, detail)): (usize, (String, String))| {
        let bit = 1u32 << (k & 31);
        let none = detail.is_empty();
        let toggled = move |ev: leptos::ev::Event| {
            let opened = event_target::<web_sys::Element>(&ev).has_attribute("open");
            open.update(|o| if opened { *o |= bit } else { *o &= !bit });
        };
        view! {
            <p>{headline}</p>
            <details
                class="detail"
                hidden=none
                open=open.get_untracked() & bit != 0
                on:toggle=toggled
            >
                <summary>"Details"</summary>
                <p>{detail}</p>
            </details>
        }
    };
    let dismiss = store.on_tap_store(|s| dismiss(*s));
    redrawn(Box::new(move || {
        let notices = notices.get();
        (!notices.is_empty())
            .then(|| {
                view! {
                    <div class="notice refused" role="alert">
                        {notices.into_iter().enumerate().map(notice).collect_view()}
                        <button class="btn quiet" on:click=dismiss>"Dismiss"</button>
                    </div>
                }
            })
            .drawn()
    }))
}

/// A note beside what it is about, while there is one: said (a status), or refused (an alert).
/// Text, shown as text.
pub(super) fn said(note: Box<dyn Fn() -> Option<(bool, String)> + Send + Sync>) -> impl IntoView {
    redrawn(Box::new(move || note().map(note_view).drawn()))
}

/// A note: said (a status), or refused (an alert).
fn note_view((refused, said): (bool, String)) -> impl IntoView {
    let role = if refused { "alert" } else { "status" };
    view! { <p class="notice" class:refused=refused role=role>{said}</p> }
}

/// The referees as the Play tab offers them, strictest first, with what each accepts (its
/// name is the engine's, [`Mode::name`]).
const REFEREES: [(Mode, &str); 3] = [
    (
        Mode::Standard,
        "the reference card's 42 formulas, in the card's order",
    ),
    (
        Mode::Chemist,
        "thousands of real compounds, each in a chemist's order",
    ),
    (Mode::Theory, "any molecule you could draw, in any order"),
];

/// The choice of referee: a radio group (arrow keys move within it), the one chosen checked
/// (the radios are the only way it changes, and each keeps it in [`PlayTab::referee`]).
#[component]
fn RefereeChoice() -> impl IntoView {
    let store = expect_context::<Store>();
    let chosen = store.play_tab().referee.get_untracked();
    let choice = move |(mode, accepts): (Mode, &'static str)| {
        view! {
            <label>
                <input
                    type="radio"
                    name="referee"
                    value=mode.code()
                    checked=chosen == mode
                    on:change=move |_| referee_chosen(store, mode)
                />
                " "{mode.name()}" "
                <span class="hint">"— "{accepts}</span>
            </label>
        }
    };
    view! {
        <fieldset class="referee">
            <legend>"Referee"</legend>
            {REFEREES.map(choice)}
        </fieldset>
    }
}

/// Start solitaire, under the referee chosen.
pub(super) fn start_solitaire(store: Store) {
    store.start_solitaire(store.play_tab().referee.get_untracked());
}

/// Start pass and play with the seats as chosen (`Store::seats`); a refusal of the names is
/// said below them (and focus stays). True when a game was started.
pub(super) fn start_pass_and_play(store: Store) -> bool {
    store.play_tab().from_computer.set(false);
    let seats = store.seats();
    let names = seats.names.map(|name| name.get_untracked());
    let levels = seats.levels.map(|level| level.get_untracked());
    let chosen = table_seats(&names, &levels);
    seats
        .refused
        .set(chosen.as_ref().err().map(ToString::to_string));
    let Ok((players, computers)) = chosen else {
        return false;
    };
    let referee = store.play_tab().referee.get_untracked();
    store.start_pass_and_play(referee, players, computers);
    true
}

/// Play the computer: the level and the number of opponents chosen (`Store::seats`).
pub(super) fn play_computer(store: Store) {
    store.play_tab().from_computer.set(true);
    let seats = store.seats();
    let mut levels = vec![None];
    levels.resize(
        1 + seats.opponents.get_untracked().clamp(1, 3),
        Some(seats.opponent.get_untracked()),
    );
    if let Ok((players, computers)) = table_seats(&["You", "", "", ""], &levels) {
        let referee = store.play_tab().referee.get_untracked();
        store.start_pass_and_play(referee, players, computers);
    }
}

/// A referee was chosen: kept for the next visit; the variants' boxes and the Daily Bench,
/// which read it, follow.
pub(super) fn referee_chosen(store: Store, mode: Mode) {
    store.play_tab().referee.set(mode);
    // a preference: a browser that keeps nothing only forgets it
    let _ = crate::storage::keep_referee_preference(&mut LocalShelf::open(), mode);
}

/// Dismiss the notices.
pub(super) fn dismiss(store: Store) {
    store.play_tab().details_open.set(0);
    store.dismiss_notices()
}

/// Where "Replace your saved game?" is asked: beside the button that led to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Solitaire,
    PassAndPlay,
    /// Against the computer (a Pass and Play game in its record and slot).
    Computer,
    Import,
    /// On a finished game's results, for its rematch.
    Rematch,
}

/// Where the question is being asked, if it is; `from_computer`: the new Pass and Play slot
/// game was asked for from the Against the computer card ([`PlayTab::from_computer`]).
pub(super) fn asked_at(t: &Table, from_computer: bool) -> Option<Place> {
    let r = t.replacing()?;
    Some(match (r.from_file, r.session.game().kind()) {
        // a rematch asks on the results, which stay on screen meanwhile
        _ if t.session().is_some() => Place::Rematch,
        (true, _) => Place::Import,
        (false, Kind::Solitaire) => Place::Solitaire,
        // beside the button tapped: "Play the computer" asks in its own card, not in the
        // Pass and Play card above it
        (false, Kind::PassAndPlay) if from_computer => Place::Computer,
        (false, Kind::PassAndPlay) => Place::PassAndPlay,
    })
}

/// The question's words, if it is asked at `place`: the saved game by what the Play tab calls
/// it, and the answer that replaces it.
fn question_words(t: &Table, place: Place, from_computer: bool) -> Option<Question> {
    if asked_at(t, from_computer) != Some(place) {
        return None;
    }
    let r = t.replacing()?;
    let what = match r.session.game().kind() {
        Kind::PassAndPlay if r.saved_against_computer => "game against the computer",
        Kind::PassAndPlay => "Pass and Play game",
        Kind::Solitaire => "Solitaire game",
    };
    let yes = match place {
        Place::Import => "Open imported game",
        _ => "Start new game",
    };
    Some(Question { what, yes })
}

/// "Replace your saved game?" as asked somewhere: what would be lost, and the answer that
/// replaces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    what: &'static str,
    yes: &'static str,
}

/// The question's words while it is asked at `place` (tracked).
pub fn asked(store: Store, place: Place) -> Memo<Option<Question>> {
    let from_computer = store.play_tab().from_computer;
    Memo::new(move |_| {
        let from_computer = from_computer.get();
        store.read(|t| question_words(t, place, from_computer))
    })
}

/// "Replace your saved game? It will be lost." with its two answers.
pub fn question_view(store: Store, question: Question) -> impl IntoView {
    let Question { what, yes } = question;
    view! {
        <div class="controls confirm" role="alertdialog" aria-label="Replace your saved game?">
            <p>"Replace your saved "{what}"? It will be lost."</p>
            <button class="btn danger" on:click=store.on_tap_store(Store::confirm_replace)>{yes}</button>
            <button class="btn" on:click=store.on_tap_store(Store::keep_save)>"Keep it"</button>
        </div>
    }
}

/// The saved games the Play tab offers to resume: whether Solitaire's slot holds one, and the
/// Pass and Play slot's (whether it is against the computer, and its players).
#[derive(Clone, Default, PartialEq, Eq)]
struct Saved {
    solitaire: bool,
    shared: Option<(bool, String)>,
}

impl Saved {
    /// The Resume button at `place`: what it resumes, its label, and the players named beside
    /// it. A game against the computer is resumed from its own card, never offered as Pass
    /// and Play.
    fn resume(&self, place: Place) -> Option<(Kind, &'static str, Option<String>)> {
        let shared = |computer: bool, label| match &self.shared {
            Some((c, players)) if *c == computer => {
                Some((Kind::PassAndPlay, label, Some(players.clone())))
            }
            _ => None,
        };
        match place {
            Place::Solitaire if self.solitaire => Some((Kind::Solitaire, "Resume game", None)),
            Place::PassAndPlay => shared(false, "Resume pass and play"),
            Place::Computer => shared(true, "Resume game"),
            _ => None,
        }
    }
}

/// The saves as the slots hold them, read again after each write of storage: read in an
/// effect (reading a slot replays its game, and may name an unreadable save, a change to the
/// table), each slot once for the whole tab.
fn saved_games(store: Store) -> RwSignal<Saved> {
    let saved = RwSignal::new(Saved::default());
    let effect = RenderEffect::new(move |_| {
        let solitaire = store.saved(Kind::Solitaire).is_some();
        let shared = store
            .saved(Kind::PassAndPlay)
            .map(|r| (against_computer(&r.game), r.game.players().join(", ")));
        let now = Saved { solitaire, shared };
        if saved.with_untracked(|s| *s != now) {
            saved.set(now);
        }
    });
    on_cleanup(move || drop(effect));
    saved
}

/// A card's Start and Resume, or "Replace your saved game?" asked there instead.
fn card_controls(store: Store, place: Place, saved: RwSignal<Saved>) -> impl IntoView {
    let question = asked(store, place);
    let (start, started): (&str, fn(&Store)) = match place {
        Place::Solitaire => ("Start solitaire", |s| start_solitaire(*s)),
        Place::Computer => ("Play the computer", |s| play_computer(*s)),
        _ => ("Start pass and play", |s| {
            start_pass_and_play(*s);
        }),
    };
    redrawn(Box::new(move || {
        if let Some(question) = question.get() {
            return question_view(store, question).drawn();
        }
        let resume = saved
            .with(|s| s.resume(place))
            .map(|(kind, label, players)| {
                let resumed: fn(&Store) = match kind {
                    Kind::Solitaire => |s| s.resume(Kind::Solitaire),
                    Kind::PassAndPlay => |s| s.resume(Kind::PassAndPlay),
                };
                view! {
                    <button class="btn" on:click=store.on_tap_store(resumed)>{label}</button>
                    {players.map(|players| view! { <span class="hint">{players}</span> })}
                }
            });
        view! {
            <div class="controls">
                <button class="btn primary" on:click=store.on_tap_store(started)>{start}</button>
                {resume}
            </div>
        }
        .drawn()
    }))
}

/// Import: a file button (the file chosen is read and imported), or the question; and why a
/// file could not be read.
#[component]
fn ImportCard() -> impl IntoView {
    let store = expect_context::<Store>();
    let question = asked(store, Place::Import);
    // a file the engine refused: its worker says why (`tables::fill_why`), in text like the
    // rest of the refusal
    let refused = Memo::new(move |_| {
        let (said, file) = store.read(|t| {
            let said = t.import_error().map(|e| e.to_string());
            let file = t.import_error().and_then(|e| e.refused.clone());
            (said, Vec::from_iter(file))
        });
        let said = said.map(|said| super::tables::fill_why(store, &[said], &file, true).concat());
        said.map(|said| (true, said))
    });
    let chosen = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        super::transfer::read_chosen_file(&input, move |name, text| {
            store.import(&name, text);
            restore_after_tap();
        });
    };
    // the file button while no question is asked, the refusal, the question
    let file = redrawn(Box::new(move || {
        question
            .with(Option::is_none)
            .then(|| {
                view! {
                    <div class="controls">
                        <label class="btn file">
                            "Choose a file…"
                            <input type="file" accept=".json,application/json" aria-label="Import a game from a file" on:change=chosen />
                        </label>
                    </div>
                }
            })
            .drawn()
    }));
    let asked = redrawn(Box::new(move || {
        question
            .get()
            .map(|question| question_view(store, question))
            .drawn()
    }));
    view! {
        <section class="card-panel" aria-labelledby="import-h">
            <h2 id="import-h">"Import a game"</h2>
            <p>"Open a game saved with Export game (a .json file). It becomes your saved game of its kind."</p>
            {file}
            {said(Box::new(move || refused.get()))}
            {asked}
        </section>
    }
}

/// The personal bests' rows, Theory Mode first, from the stored text as the engine reads what
/// it can (its worker checks, raises and writes it: `crates/worker`'s `bests`): the referee,
/// the best score (and the best with hints, kept apart), the best single play; "—" where there
/// is none yet, or what is stored does not read.
fn best_rows(text: Option<&str>) -> Vec<(Mode, String, String)> {
    use molscrab_json::Value;
    let bests = text.and_then(|t| molscrab_json::parse(t).ok());
    let number = |best: Option<&Value>, key: &str| {
        let n = best.and_then(|b| b.get(key)).and_then(Value::as_i64);
        n.and_then(|n| i32::try_from(n).ok())
    };
    let show = |n: Option<i32>| n.map_or("—".to_string(), |n| n.to_string());
    [Mode::Theory, Mode::Chemist, Mode::Standard]
        .into_iter()
        .map(|mode| {
            let best = bests.as_ref().and_then(|b| b.get(mode.code()));
            let score = number(best, "score");
            let score = match number(best, "hinted") {
                Some(h) => format!("{} (with hints: {h})", show(score)),
                None => show(score),
            };
            (mode, score, show(number(best, "play")))
        })
        .collect()
}

/// The personal bests: a row per referee.
#[component]
fn Bests() -> impl IntoView {
    let store = expect_context::<Store>();
    let row = |(mode, score, play): (Mode, String, String)| {
        view! {
            <tr>
                <td>{mode.name()}</td>
                <td class="num" data-testid=format!("best-score-{}", mode.code())>{score}</td>
                <td class="num">{play}</td>
            </tr>
        }
    };
    let rows = redrawn(Box::new(move || {
        let rows = store.read(|t| best_rows(t.bests_text()));
        rows.into_iter().map(row).collect_view().drawn()
    }));
    view! {
        <section class="card-panel bests" aria-labelledby="bests-h">
            <h2 id="bests-h">"Personal bests"</h2>
            <table class="scores">
                <thead>
                    <tr><th>"Solitaire"</th><th>"Best score"</th><th>"Best single play"</th></tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </section>
    }
}

/// The levels of a computer player, for a select: a person first where `person`, `chosen`
/// selected ("Chemist (medium)").
pub(super) fn level_options(person: bool, chosen: Option<Level>) -> impl IntoView {
    let level = move |level: Level| {
        let label = format!("{} ({})", level.name(), level.hardness());
        view! { <option value=level.code() selected=chosen == Some(level)>{label}</option> }
    };
    (
        person.then(|| view! { <option value="" selected=chosen.is_none()>"Person"</option> }),
        Level::ALL.map(level),
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_referees_offered_are_the_three_strictest_first() {
        let modes = REFEREES.map(|(mode, _)| mode);
        assert_eq!(modes, [Mode::Standard, Mode::Chemist, Mode::Theory]);
    }

    #[test]
    fn the_bests_read_what_they_can_and_say_none_yet_for_the_rest() {
        let none = best_rows(None);
        assert_eq!(none.len(), 3);
        assert_eq!(none[0].0, Mode::Theory);
        assert!(none.iter().all(|r| r.1 == "—" && r.2 == "—"));
        let rows = best_rows(Some(
            "{\"theory\":{\"score\":120,\"play\":31,\"hinted\":140},\"chemist\":{\"score\":\"x\"}}",
        ));
        assert_eq!(rows[0].1, "120 (with hints: 140)");
        assert_eq!(rows[0].2, "31");
        assert_eq!(rows[1].1, "—", "a score that is no number is none");
        assert_eq!(best_rows(Some("not json")), none);
    }

    #[test]
    fn a_resume_button_shows_on_the_card_its_game_belongs_to() {
        let saved = Saved {
            solitaire: true,
            shared: Some((true, "You, Professor".into())),
        };
        assert_eq!(
            saved.resume(Place::Solitaire),
            Some((Kind::Solitaire, "Resume game", None))
        );
        assert_eq!(saved.resume(Place::PassAndPlay), None);
        assert_eq!(
            saved.resume(Place::Computer),
            Some((
                Kind::PassAndPlay,
                "Resume game",
                Some("You, Professor".into())
            ))
        );
        let saved = Saved {
            solitaire: false,
            shared: Some((false, "Ada, Bo".into())),
        };
        assert_eq!(saved.resume(Place::Solitaire), None);
        assert_eq!(saved.resume(Place::Computer), None);
        assert_eq!(
            saved.resume(Place::PassAndPlay).map(|r| r.1),
            Some("Resume pass and play")
        );
    }
}
