//! The game screen: bag count, board, rack and controls, notebook and the side panels.

use super::board::BoardView;
use super::buttons::{button, buttons, Button, Intent};
use super::drawn::{redrawn, IntoDrawn};
use super::handoff::Handoff;
use super::notebook::Notebook;
use super::rack::{Rack, WildPicker};
use super::results::Results;
use super::scoreboard::Scoreboard;
use super::side_panel::SidePanel;
use super::Store;
use crate::session::{Notice, Phase, Screen, Session};
use leptos::either::Either;
use leptos::prelude::*;
use molscrab_engine::record::Kind;
use molscrab_engine::turn::Turn;

#[component]
pub fn GameScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    // a memo: the controls are rebuilt when the screen changes, not on every tap
    let screen = Memo::new(move |_| store.with_session(|s| s.map(|s| s.screen())));
    // a game keeps its kind, and a new game builds a new screen: read it once
    let solitaire =
        store.with_session_untracked(|s| s.is_some_and(|s| s.game().kind() == Kind::Solitaire));
    let junior =
        store.with_session_untracked(|s| s.is_some_and(|s| s.game().variants().card_open()));
    if junior {
        // filled from lazy/ once the article is on the page
        super::engine::after(0, || super::page::open("junior-card"));
    }
    view! {
        <section class="game" aria-label="Game">
            // a stopped tab (another tab moved the game on) greys out what it can't do
            <div class="game-main" class:stopped=store.table_flag(|t| t.moved_on())>
                <div class="game-bar">
                    <span class="game-title">{store.text(game_title)}</span>
                    <span class="bag" data-testid="bag-count">"Bag: "{store.text(bag_text)}</span>
                </div>
                <LookingBack />
                <BoardView />
                // built once and hidden until another tab moves this game on; beside the rack and
                // buttons, where the player acts
                <div class="notice refused moved-on" role="alert" hidden=store.table_flag(|t| !t.moved_on())>
                    <p>"This game was changed in another tab. This tab has stopped, so that no \
                        move is lost: what you did here since is not saved."</p>
                    {button(store, of_store("Continue from the latest", "btn primary", Store::follow))}
                </div>
                // a computer's turn shows the turn's controls, all hidden but its notice and
                // "… is thinking"; at a table, while another device is to move, its panel says
                // so (no rack)
                {redrawn(Box::new(move || match screen.get() {
                    Some(Screen::Turn | Screen::Computer) => view! { <TurnControls /> }.drawn(),
                    Some(Screen::Handoff) => view! { <Handoff /> }.drawn(),
                    Some(Screen::Results) => view! { <Results /> }.drawn(),
                    Some(Screen::Waiting) | None => ().drawn(),
                }))}
                <super::tables::TablePanel />
            </div>
            <super::card::FormulaCard />
            <aside class="game-side">
                // Junior Chemist: the reference card stays open beside the board
                <div>
                    {junior.then(|| view! {
                        <article id="junior-card" class="prose junior" data-src="lazy/card.html"
                            tabindex="0" aria-label="Reference card, kept open (Junior Chemist)">
                            <p>"Loading…"</p>
                        </article>
                    })}
                </div>
                {if solitaire {
                    Either::Left(view! { <SidePanel /> })
                } else {
                    Either::Right(view! { <Scoreboard /> })
                }}
                <Notebook />
                <super::unseen::Unseen />
            </aside>
        </section>
    }
}

/// The game's title: Solitaire, Against the computer, Pass and Play or Table, the mode and the
/// table variants played, by name (a Daily Bench game says so).
fn game_title(s: &Session) -> String {
    let kind = match (s.game().kind(), s.table()) {
        (Kind::Solitaire, _) => "Solitaire",
        // a table and a Pass and Play game share a screen: the title follows
        (_, Some(_)) => "Table",
        // what the Play tab's card calls it
        _ if crate::session::against_computer(s.game()) => "Against the computer",
        _ => "Pass and Play",
    };
    let mut title = format!("{kind} · {}", s.game().mode().name());
    for v in s.game().variants().iter() {
        title = title + " · " + v.name();
    }
    if let Some(daily) = s.daily() {
        title += " · Daily Bench";
        if daily.practice {
            title += " (practice)";
        }
    }
    title
}

/// The bag's count, in tiles.
fn bag_text(s: &Session) -> String {
    match s.game().bag_len() {
        1 => "1 tile".to_string(),
        n => format!("{n} tiles"),
    }
}

/// Hindsight's "Show on board": what the board shows instead of the final one, and the way
/// back (nothing when the board is the game's own).
#[component]
fn LookingBack() -> impl IntoView {
    let store = expect_context::<Store>();
    // the turn shown and the tiles of the best play there
    let shown = Memo::new(move |_| {
        store.with_session(|s| {
            let (g, p) = s?.looking_back()?;
            Some((g.moves().len() + 1, p.len()))
        })
    });
    view! {
        <div class="looking-back">
            {redrawn(Box::new(move || shown.get().map(|(turn, tiles)| {
                let plural = if tiles == 1 { "" } else { "s" };
                view! {
                    <p>
                        {format!("The board before turn {turn}, with the best play there was ({tiles} tile{plural}) in yellow.")}
                    </p>
                    {button(store, session("Back to the final board", "btn", |s| {
                        s.stop_looking_back();
                        None
                    }))}
                }
            }).drawn()))}
        </div>
    }
}

/// The rack and buttons of the player whose turn it is.
#[component]
fn TurnControls() -> impl IntoView {
    let store = expect_context::<Store>();
    // Solitaire ends its game, Pass and Play passes; a game keeps its kind, so read it once
    let solitaire =
        store.with_session_untracked(|s| s.is_some_and(|s| s.game().kind() == Kind::Solitaire));
    // Speed Lab: the turn's clock (ui/timer.rs), first in the controls
    let seconds =
        store.with_session_untracked(|s| s.and_then(|s| s.game().variants().turn_seconds()));
    view! {
        <div class="turn">
            {(!solitaire).then(|| view! {
                <p class="whose">
                    {store.text(|s| {
                        let name = super::text::seat_name(s.game(), s.game().to_move());
                        if s.wants_computer_move().is_some() {
                            format!("{name} is thinking…")
                        } else if name == molscrab_engine::players::SOLITAIRE_PLAYER {
                            "Your rack".to_string()
                        } else {
                            format!("{name}'s rack")
                        }
                    })}
                </p>
            })}
            <Rack />
            <WildPicker />
            // the move generator is asked once per turn (Session keeps the answer), not per tap
            <p class="notice stuck" hidden=store.flag(|s| s.stuck().is_none())>
                {store.text(|s| s.stuck().unwrap_or_default().to_string())}
            </p>
            <NoticeLine />
            // the four rows of controls, built once: the row in use is chosen by `data-show`
            // and the stylesheet, so the buttons stay put for the focus rules (ui/focus.rs)
            <div class="acts" data-show=store.text(shown_controls)>
                {seconds.map(|seconds| view! { <super::timer::TurnTimer seconds /> })}
                <Controls solitaire />
            </div>
        </div>
    }
}

/// The rows of buttons that show now, as `data-show` words ("turn hint", "exchange" …).
fn shown_controls(s: &Session) -> String {
    let mut shown: Vec<&str> = Vec::new();
    if s.phase().picked().is_some() {
        shown.push("exchange");
    }
    match s.phase() {
        Phase::ConfirmingEnd => shown.push("end"),
        Phase::ConfirmingPass => shown.push("pass"),
        _ => {}
    }
    if s.is_placing() {
        shown.push("turn");
    }
    if s.hints_allowed() {
        shown.push("hint");
    }
    shown.join(" ")
}

/// What to do in an exchange, in a finger's words and the keyboard's (the stylesheet shows the
/// keyboard's once it is in use, `:focus-visible`): in the exchange's row of buttons, and on a
/// phone in the news's room.
#[component]
fn ExchangeHint() -> impl IntoView {
    view! {
        <span class="by-tap">"Tap the tiles to exchange, then confirm."</span>
        <span class="by-key">"Exchange: press the tiles' letters (? for a Wild Isotope), then Enter."</span>
    }
}

const fn session(
    label: &'static str,
    class: &'static str,
    f: fn(&mut Session) -> Option<Turn>,
) -> Button {
    Button {
        class,
        label,
        intent: Intent::Session(f),
    }
}

const fn of_store(label: &'static str, class: &'static str, f: fn(&Store)) -> Button {
    Button {
        class,
        label,
        intent: Intent::Store(f),
    }
}

const KEEP: Button = session("Keep playing", "btn", |s| {
    s.keep_playing();
    None
});
const EXCHANGE_ROW: [Button; 2] = [
    session("Confirm exchange", "btn primary", |s| s.confirm_exchange()),
    session("Cancel", "btn", |s| {
        s.cancel_exchange();
        None
    }),
];
const END_ROW: [Button; 2] = [
    session("Yes, end the game", "btn danger", |s| s.confirm_end()),
    KEEP,
];
const PASS_ROW: [Button; 2] = [
    session("Yes, pass", "btn danger", |s| s.confirm_pass()),
    KEEP,
];
/// The turn's row, with End game (Solitaire) or Pass (a table of seats) fifth.
const fn turn_row(solitaire: bool) -> [Button; 7] {
    let end_or_pass = if solitaire {
        session("End game", "btn", |s| {
            s.ask_end();
            None
        })
    } else {
        session("Pass", "btn", |s| {
            s.ask_pass();
            None
        })
    };
    [
        session("Submit formula", "btn primary", |s| s.submit()),
        session("Recall tiles", "btn", |s| {
            s.recall();
            None
        }),
        of_store("Hint", "btn c-hint", Store::hint),
        session("Exchange tiles", "btn", |s| {
            s.start_exchange();
            None
        }),
        end_or_pass,
        of_store("Export game", "btn quiet", Store::export),
        of_store("Save and leave", "btn quiet", Store::leave),
    ]
}

/// The turn's rows of buttons (exchange, end, pass, turn): Solitaire ends its game where Pass
/// and Play passes.
#[component]
fn Controls(solitaire: bool) -> impl IntoView {
    let store = expect_context::<Store>();
    view! {
        <div class="controls c-exchange" role="group" aria-label="Exchange">
            <p class="hint"><ExchangeHint /></p>
            {buttons(store, &EXCHANGE_ROW)}
        </div>
        <div class="controls confirm c-end" role="alertdialog" aria-label="End the game?">
            <p>"End the game now? The points of the tiles left on your rack are subtracted."</p>
            {buttons(store, &END_ROW)}
        </div>
        <div class="controls confirm c-pass" role="alertdialog" aria-label="Pass your turn?">
            <p>"Pass your turn? You play no tiles this turn, and any you placed go back to your rack."</p>
            {buttons(store, &PASS_ROW)}
        </div>
        <div class="controls c-turn" role="group" aria-label="Turn">
            {buttons(store, &turn_row(solitaire))}
        </div>
    }
}

/// What the notice line says: its class (" refused", " info", " ex-hint" or ""), its text, the
/// rack's being stuck (with the news before it, at a table), and whether it is the first
/// move's prompt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Said {
    class: &'static str,
    text: String,
    stuck: Option<(Option<String>, String)>,
    first: bool,
}

/// The answer to the last intent: red for a refusal, naming each failing formula. No live role:
/// the page's one live region (ui/announce.rs) reads the news aloud. A save that failed is said
/// with the game's own news: the player must know.
fn said(store: Store) -> Said {
    store.track_rack_stuck();
    let (notice, exchanging, stuck, first, others) = store.with_session(|s| {
        s.map_or((None, false, None, false, false), |s| {
            (
                s.notice().cloned(),
                s.phase().picked().is_some(),
                s.stuck().map(str::to_string),
                first_move(s),
                s.game().kind() == Kind::PassAndPlay,
            )
        })
    });
    let (class, text) = match (notice, store.save_problem()) {
        (Some(Notice::Refused(mut lines)), Some(problem)) => {
            lines.push(problem);
            (" refused", lines.join("\n"))
        }
        (_, Some(problem)) => (" refused", problem),
        (Some(Notice::Refused(lines)), None) => (" refused", lines.join("\n")),
        (Some(Notice::Info(text)), None) => (" info", text),
        // on a phone, what to do fills the room kept for the news (a refusal takes its place,
        // and the buttons stay put); a wide screen shows it in the exchange's row instead
        (None, None) if exchanging => (" ex-hint", String::new()),
        (None, None) => ("", String::new()),
    };
    // on a phone a stuck rack is said in this room too, in place of the move's news line (the
    // stylesheet): said under the buttons there, it arrived a moment after a Submit and pushed
    // them down under the finger. With other seats at the table the news comes first in its
    // box, so what the seat before did is still said (a computer's exchanges, turn after
    // turn, among them); alone, the news is the score of the Submit, shown beside it
    let stuck = stuck
        .filter(|_| !exchanging && class != " refused")
        .map(|stuck| ((others && class == " info").then(|| text.clone()), stuck));
    // a new game's board says nothing yet: what to do, where the news will come
    let first = first && class.is_empty() && stuck.is_none();
    Said {
        class,
        text,
        stuck,
        first,
    }
}

/// The notice line; its wrapper takes no room of its own (display: contents).
#[component]
fn NoticeLine() -> impl IntoView {
    let store = expect_context::<Store>();
    let said = Memo::new(move |_| said(store));
    let class = move || said.with(|s| s.class);
    view! {
        <div class="notice-line">
            // after `?` on the board (its square shows it, the stylesheet this line): what to
            // type next, in place of the news
            <p class="wild-typed">"Type the element the Wild Isotope becomes: its symbol, such as O, Na or Cl."</p>
            {redrawn(Box::new(move || said.with(|s| s.stuck.clone()).map(|(news, stuck)| view! {
                <div class="notice stuck-news">
                    {news.map(|news| view! { <p class="news">{news}</p> })}
                    <p>{stuck}</p>
                </div>
            }).drawn()))}
            {redrawn(Box::new(move || said.with(|s| s.first).then(|| view! {
                <p class="first-move">
                    <span class="by-tap">"Tap a tile, then a square: the first formula covers the ★."</span>
                    <span class="by-key">"Type symbols from the ★ (Space turns down), then Enter."</span>
                </p>
            }).drawn()))}
            // several lines of refusal may be taller than the room a phone keeps for them,
            // where the box scrolls (the stylesheet): a keyboard can reach it to scroll it too
            <div
                class=move || format!("notice{}", class())
                tabindex=move || said.with(|s| s.class == " refused" && s.text.contains('\n')).then_some("0")
            >
                <p>
                    {redrawn(Box::new(move || match class() {
                        " ex-hint" => view! { <ExchangeHint /> }.drawn(),
                        _ => said.with(|s| s.text.clone()).drawn(),
                    }))}
                </p>
            </div>
        </div>
    }
}

/// Whether the player to move makes the game's first play and has not begun it: no tile on
/// the board, none placed.
fn first_move(s: &Session) -> bool {
    s.screen() == Screen::Turn
        && s.is_placing()
        && s.tentative().is_empty()
        && s.game().board().is_empty()
}
