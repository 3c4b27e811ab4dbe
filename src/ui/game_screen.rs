//! The game screen: bag count, board, rack and controls, notebook and the side panels.

use super::board::BoardView;
use super::handoff::Handoff;
use super::markup::{self, html, Html};
use super::notebook::Notebook;
use super::rack::{Rack, WildPicker};
use super::results::Results;
use super::scoreboard::Scoreboard;
use super::side_panel::SidePanel;
use super::Store;
use crate::session::{Notice, Phase, Screen, Session};
use leptos::either::{Either, EitherOf3};
use leptos::prelude::*;
use molscrab_engine::record::Kind;

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
            // one click handler for every button of the game's main part (`data-act`): the
            // turn's controls, the hand-off, the results, looking back, the table's panel
            <div class="game-main" class:stopped=store.table_flag(|t| t.moved_on()) on:click=store.on_click(super::action::clicked)>
                <div class="game-bar" inner_html=markup::live(store.markup(game_bar))></div>
                <div class="looking-back" inner_html=markup::live(store.markup(looking_back))></div>
                <BoardView />
                // built once and hidden until another tab moves this game on; beside the rack and
                // buttons, where the player acts
                <div class="notice refused moved-on" role="alert" hidden=store.table_flag(|t| !t.moved_on()) inner_html=markup::fixed(html!(MOVED_ON))></div>
                // a computer's turn shows the turn's controls, all hidden but its notice and
                // "… is thinking"; at a table, while another device is to move, its panel says
                // so (no rack)
                {move || screen.get().and_then(|screen| Some(match screen {
                    Screen::Turn | Screen::Computer => EitherOf3::A(view! { <TurnControls /> }),
                    Screen::Handoff => EitherOf3::B(view! { <Handoff /> }),
                    Screen::Waiting => return None,
                    Screen::Results => EitherOf3::C(view! { <Results /> }),
                }))}
                <super::tables::TablePanel />
            </div>
            <super::card::FormulaCard />
            <aside class="game-side">
                // Junior Chemist: the reference card stays open beside the board
                <div inner_html=markup::fixed(if junior { html!(JUNIOR) } else { Html::new() })></div>
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

/// The game's title (Solitaire, Against the computer, Pass and Play or Table, and the mode) and
/// the bag's count.
fn game_bar(s: &Session) -> Html {
    let kind = match (s.game().kind(), s.table()) {
        (Kind::Solitaire, _) => "Solitaire",
        // a table and a Pass and Play game share a screen: the title follows
        (_, Some(_)) => "Table",
        // what the Play tab's card calls it
        _ if crate::session::against_computer(s.game()) => "Against the computer",
        _ => "Pass and Play",
    };
    let mode = s.game().mode().name();
    // the table variants played, by name (a Daily Bench game says so)
    let mut mode = mode.to_string();
    for v in s.game().variants().iter() {
        mode = mode + " · " + v.name();
    }
    if let Some(daily) = s.daily() {
        mode += " · Daily Bench";
        if daily.practice {
            mode += " (practice)";
        }
    }
    let bag = match s.game().bag_len() {
        1 => "1 tile".to_string(),
        n => format!("{n} tiles"),
    };
    html!(
        "<span class=\"game-title\">{} · {}</span><span class=\"bag\" \
         data-testid=\"bag-count\">Bag: {}</span>",
        kind,
        mode,
        bag
    )
}

/// Hindsight's "Show on board": what the board shows instead of the final one, and the way
/// back ("" when the board is the game's own).
fn looking_back(s: &Session) -> Html {
    let Some((g, p)) = s.looking_back() else {
        return Html::new();
    };
    let plural = if p.len() == 1 { "" } else { "s" };
    html!(
        "<p>The board before turn {}, with the best play there was ({} tile{}) in \
         yellow.</p><button class=\"btn\" data-act=\"back\">Back to the final \
         board</button>",
        g.moves().len() + 1,
        p.len(),
        plural
    )
}

/// Junior Chemist's card: the Reference card tab's page, filled in from `lazy/` by `page::open`.
const JUNIOR: &str =
    "<article id=\"junior-card\" class=\"prose junior\" data-src=\"lazy/card.html\" \
    tabindex=\"0\" aria-label=\"Reference card, kept open (Junior Chemist)\"><p>Loading…</p></article>";

const MOVED_ON: &str = "<p>This game was changed in another tab. This tab has stopped, so \
    that no move is lost: what you did here since is not saved.</p><button class=\"btn \
    primary\" data-act=\"follow\">Continue from the latest</button>";

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
    if let Some(seconds) = seconds {
        super::timer::run(store, seconds);
    }
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
            // one string: the wrapper takes no room of its own (display: contents)
            <div class="notice-line" inner_html=markup::live(store.html(notice_line))></div>
            // the four rows of controls as one fixed string with one click handler (data-act),
            // the row in use chosen by `data-show` and the stylesheet: stable buttons for the
            // focus rules (ui/focus.rs) in far less wasm than a view per button
            <div
                class="acts"
                data-show=store.text(shown_controls)
                inner_html=markup::fixed(controls_markup(solitaire, seconds.is_some()))
            ></div>
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

/// What to do in an exchange: in its row of buttons, and on a phone in the news's room (a
/// macro, for the row's `concat!`), in a finger's words and the keyboard's (the stylesheet shows
/// the keyboard's once it is in use, `:focus-visible`).
macro_rules! exchange_hint {
    () => {
        "<span class=\"by-tap\">Tap the tiles to exchange, then confirm.</span><span \
         class=\"by-key\">Exchange: press the tiles' letters (? for a Wild Isotope), then \
         Enter.</span>"
    };
}
const EXCHANGE_HINT: &str = exchange_hint!();

/// The turn's controls: Solitaire ends its game where Pass and Play passes.
fn controls_markup(solitaire: bool, timed: bool) -> Html {
    let (act, label) = if solitaire {
        ("end", "End game")
    } else {
        ("pass", "Pass")
    };
    html!(
        concat!(
            "{}",
            r#"<div class="controls c-exchange" role="group" aria-label="Exchange"><p class="hint">"#,
            exchange_hint!(),
            r#"</p>"#,
            r#"<button class="btn primary" data-act="confirm-exchange">Confirm exchange</button><button class="btn" data-act="cancel-exchange">Cancel</button></div>"#,
            r#"<div class="controls confirm c-end" role="alertdialog" aria-label="End the game?"><p>End the game now? The points of the tiles left on your rack are subtracted.</p>"#,
            r#"<button class="btn danger" data-act="confirm-end">Yes, end the game</button><button class="btn" data-act="keep">Keep playing</button></div>"#,
            r#"<div class="controls confirm c-pass" role="alertdialog" aria-label="Pass your turn?"><p>Pass your turn? You play no tiles this turn, and any you placed go back to your rack.</p>"#,
            r#"<button class="btn danger" data-act="confirm-pass">Yes, pass</button><button class="btn" data-act="keep">Keep playing</button></div>"#,
            r#"<div class="controls c-turn" role="group" aria-label="Turn"><button class="btn primary" data-act="submit">Submit formula</button>"#,
            r#"<button class="btn" data-act="recall">Recall tiles</button><button class="btn c-hint" data-act="hint">Hint</button>"#,
            r#"<button class="btn" data-act="exchange">Exchange tiles</button><button class="btn" data-act={}>{}</button>"#,
            r#"<button class="btn quiet" data-act="export">Export game</button><button class="btn quiet" data-act="leave">Save and leave</button></div>"#,
        ),
        if timed {
            html!(super::timer::MARKUP)
        } else {
            Html::new()
        },
        act,
        label
    )
}

/// The answer to the last intent: red for a refusal, naming each failing formula. One
/// escaped string, and no live role: the page's one live region (ui/announce.rs) reads the
/// news aloud. A save that failed is said with the game's own news: the player must know.
fn notice_line(store: Store) -> Html {
    store.track_rack_stuck();
    let (notice, exchanging, stuck, first, others) = store.with_session(|s| {
        s.map_or((None, false, None, false, false), |s| {
            (
                s.notice().cloned(),
                s.phase().picked().is_some(),
                s.stuck(),
                first_move(s),
                s.game().kind() == Kind::PassAndPlay,
            )
        })
    });
    let (class, said) = match (notice, store.save_problem()) {
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
    // several lines of refusal may be taller than the room a phone keeps for them, where the
    // box scrolls (the stylesheet): a keyboard can reach it to scroll it too
    let stop = if class == " refused" && said.contains('\n') {
        html!(" tabindex=\"0\"")
    } else {
        Html::new()
    };
    // on a phone a stuck rack is said in this room too, in place of the move's news line (the
    // stylesheet): said under the buttons there, it arrived a moment after a Submit and pushed
    // them down under the finger. With other seats at the table the news comes first in its
    // box, so what the seat before did is still said (a computer's exchanges, turn after
    // turn, among them); alone, the news is the score of the Submit, shown beside it
    let stuck = match stuck {
        Some(stuck) if !exchanging && class != " refused" => {
            let news = if others && class == " info" {
                html!(r#"<p class="news">{}</p>"#, said.as_str())
            } else {
                Html::new()
            };
            html!(
                r#"<div class="notice stuck-news">{}<p>{}</p></div>"#,
                news,
                stuck
            )
        }
        _ => Html::new(),
    };
    // a new game's board says nothing yet: what to do, where the news will come
    let first = if first && class.is_empty() && stuck.is_empty() {
        html!(FIRST_MOVE)
    } else {
        Html::new()
    };
    let text = match class {
        " ex-hint" => html!(EXCHANGE_HINT),
        _ => Html::text(&said),
    };
    // after `?` on the board (its square shows it, the stylesheet this line): what to type next
    html!(
        r#"{}{}{}<div class="notice{}"{}><p>{}</p></div>"#,
        html!(WILD_TYPED),
        stuck,
        first,
        class,
        stop,
        text
    )
}

/// What to type after `?` on the board, shown by the stylesheet while the cursor's square shows
/// a `?` (`data-typed`), in place of the news.
const WILD_TYPED: &str = "<p class=\"wild-typed\">Type the element the Wild Isotope becomes: \
    its symbol, such as O, Na or Cl.</p>";

/// Whether the player to move makes the game's first play and has not begun it: no tile on
/// the board, none placed.
fn first_move(s: &Session) -> bool {
    s.screen() == Screen::Turn
        && s.is_placing()
        && s.tentative().is_empty()
        && s.game().board().is_empty()
}

/// The first move's prompt, in a finger's words and the keyboard's (the stylesheet shows the
/// keyboard's once it is in use, `:focus-visible`).
const FIRST_MOVE: &str = "<p class=\"first-move\"><span class=\"by-tap\">Tap a tile, then a \
    square: the first formula covers the ★.</span><span class=\"by-key\">Type symbols from the \
    ★ (Space turns down), then Enter.</span></p>";
