//! The game screen: bag count, board, rack and controls, notebook and the side panels.

use super::board::BoardView;
use super::handoff::Handoff;
use super::notebook::Notebook;
use super::rack::{Rack, WildPicker};
use super::results::Results;
use super::scoreboard::Scoreboard;
use super::side_panel::SidePanel;
use super::Store;
use crate::session::{Notice, Phase, Screen};
use leptos::either::{Either, EitherOf3};
use leptos::prelude::*;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;

#[component]
pub fn GameScreen() -> impl IntoView {
    let table = expect_context::<Store>();
    // a memo: the controls are rebuilt when the screen changes, not on every tap
    let screen = Memo::new(move |_| table.with_session(|s| s.map(|s| s.screen())));
    // a game keeps its kind, and a new game builds a new screen: read it once
    let solitaire =
        table.with_session_untracked(|s| s.is_some_and(|s| s.game().kind() == Kind::Solitaire));
    view! {
        <section class="game" aria-label="Game">
            // a stopped tab (another tab moved the game on) greys out what it can't do
            <div class="game-main" class:stopped=table.table_flag(|t| t.moved_on())>
                <div class="game-bar">
                    <span class="game-title">
                        // a table and a Pass and Play game share a screen: the title follows
                        {table.text(|s| match (s.game().kind(), s.table()) {
                            (Kind::Solitaire, _) => "Solitaire".to_string(),
                            (_, Some(_)) => "Table".to_string(),
                            _ => "Pass and Play".to_string(),
                        })}
                        " · "
                        {table.text(|s| match s.game().mode() {
                            Mode::Theory => "Theory Mode".to_string(),
                            Mode::Standard => "Standard Mode".to_string(),
                        })}
                    </span>
                    <span class="bag" data-testid="bag-count">
                        {table.text(|s| match s.game().bag_len() {
                            1 => "Bag: 1 tile".to_string(),
                            n => format!("Bag: {n} tiles"),
                        })}
                    </span>
                </div>
                <BoardView />
                // built once and hidden until another tab moves this game on; beside the rack and
                // buttons, where the player acts
                <div class="notice refused moved-on" role="alert" hidden=table.table_flag(|t| !t.moved_on())>
                    <p>"This game was changed in another tab. This tab has stopped, so that no move is lost: what you did here since is not saved."</p>
                    <button class="btn primary" on:click=table.on_tap_store(Store::follow)>
                        "Continue from the latest"
                    </button>
                </div>
                // at a table, while another device is to move, its panel says so (no rack)
                {move || screen.get().and_then(|screen| Some(match screen {
                    Screen::Turn => EitherOf3::A(view! { <TurnControls /> }),
                    Screen::Handoff => EitherOf3::B(view! { <Handoff /> }),
                    Screen::Waiting => return None,
                    Screen::Results => EitherOf3::C(view! { <Results /> }),
                }))}
                <super::tables::TablePanel />
            </div>
            <super::card::FormulaCard />
            <aside class="game-side">
                {if solitaire {
                    Either::Left(view! { <SidePanel /> })
                } else {
                    Either::Right(view! { <Scoreboard /> })
                }}
                <Notebook />
            </aside>
        </section>
    }
}

/// The rack and buttons of the player whose turn it is.
#[component]
fn TurnControls() -> impl IntoView {
    let table = expect_context::<Store>();
    // Solitaire ends its game, Pass and Play passes; a game keeps its kind, so read it once
    let solitaire =
        table.with_session_untracked(|s| s.is_some_and(|s| s.game().kind() == Kind::Solitaire));
    view! {
        <div class="turn">
            {(!solitaire).then(|| view! {
                <p class="whose">
                    {table.text(|s| format!("{}'s rack", super::text::seat_name(s.game(), s.game().to_move())))}
                </p>
            })}
            <Rack />
            <WildPicker />
            // the move generator is asked once per turn (Session keeps the answer), not per tap
            <p class="notice stuck" role="status" hidden=table.flag(|s| s.stuck().is_none())>
                {table.text(|s| s.stuck().unwrap_or_default().to_string())}
            </p>
            <NoticeLine />
            // the three sets of controls are built once and the ones not in use hidden: the
            // same for the player as swapping them, in less wasm than a view rebuilt by a closure
            <div class="controls" role="group" aria-label="Exchange" hidden=table.flag(|s| s.phase().picked().is_none())>
                <p class="hint">"Tap the tiles to exchange, then confirm."</p>
                <button class="btn primary" on:click=table.on_tap(|s| s.confirm_exchange())>
                    "Confirm exchange"
                </button>
                <button class="btn" on:click=table.on_tap(|s| { s.cancel_exchange(); None })>
                    "Cancel"
                </button>
            </div>
            <div
                class="controls confirm"
                role="alertdialog"
                aria-label="End the game?"
                hidden=table.flag(|s| *s.phase() != Phase::ConfirmingEnd)
            >
                <p>"End the game now? The points of the tiles left on your rack are subtracted."</p>
                <button class="btn danger" on:click=table.on_tap(|s| s.confirm_end())>
                    "Yes, end the game"
                </button>
                <button class="btn" on:click=table.on_tap(|s| { s.keep_playing(); None })>
                    "Keep playing"
                </button>
            </div>
            <div
                class="controls confirm"
                role="alertdialog"
                aria-label="Pass your turn?"
                hidden=table.flag(|s| *s.phase() != Phase::ConfirmingPass)
            >
                <p>"Pass your turn? You play no tiles this turn, and any you placed go back to your rack."</p>
                <button class="btn danger" on:click=table.on_tap(|s| s.confirm_pass())>
                    "Yes, pass"
                </button>
                <button class="btn" on:click=table.on_tap(|s| { s.keep_playing(); None })>
                    "Keep playing"
                </button>
            </div>
            <div
                class="controls"
                role="group"
                aria-label="Turn"
                hidden=table.flag(|s| !s.is_placing())
            >
                <button class="btn primary" on:click=table.on_tap(|s| s.submit())>
                    "Submit formula"
                </button>
                <button class="btn" on:click=table.on_tap(|s| { s.recall(); None })>
                    "Recall tiles"
                </button>
                <button class="btn" hidden=!solitaire on:click=table.on_tap_store(Store::hint)>
                    "Hint"
                </button>
                <button class="btn" on:click=table.on_tap(|s| { s.start_exchange(); None })>
                    "Exchange tiles"
                </button>
                <button class="btn" on:click=if solitaire { table.on_tap(|s| { s.ask_end(); None }) } else { table.on_tap(|s| { s.ask_pass(); None }) }>
                    {if solitaire { "End game" } else { "Pass" }}
                </button>
                <button class="btn quiet" on:click=table.on_tap_store(Store::export)>
                    "Export game"
                </button>
                <button class="btn quiet" on:click=table.on_tap_store(Store::leave)>
                    "Save and leave"
                </button>
            </div>
        </div>
    }
}

/// The answer to the last intent: red for a refusal, naming each failing formula.
#[component]
fn NoticeLine() -> impl IntoView {
    let table = expect_context::<Store>();
    // a save that failed is said with the game's own news: the player must know
    let notice = move || {
        let notice = table.with_session(|s| s.and_then(|s| s.notice().cloned()));
        match (notice, table.save_problem()) {
            (Some(Notice::Refused(mut lines)), Some(problem)) => {
                lines.push(problem);
                Some(Notice::Refused(lines))
            }
            (_, Some(problem)) => Some(Notice::Refused(vec![problem])),
            (notice, None) => notice,
        }
    };
    move || match notice() {
        Some(Notice::Refused(lines)) => EitherOf3::A(view! {
            <div class="notice refused" role="alert">
                {lines.into_iter().map(|l| view! { <p>{l}</p> }).collect_view()}
            </div>
        }),
        Some(Notice::Info(text)) => {
            EitherOf3::B(view! { <div class="notice info" role="status"><p>{text}</p></div> })
        }
        None => EitherOf3::C(view! { <div class="notice" role="status"></div> }),
    }
}
