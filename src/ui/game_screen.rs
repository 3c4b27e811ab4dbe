//! The game screen: bag count, board, rack and controls, notebook and the side panels.

use super::board::BoardView;
use super::handoff::Handoff;
use super::notebook::Notebook;
use super::rack::{Rack, WildPicker};
use super::results::Results;
use super::scoreboard::Scoreboard;
use super::session::{Notice, Screen};
use super::side_panel::SidePanel;
use super::Table;
use crate::engine::record::Kind;
use crate::engine::referee::Mode;
use leptos::prelude::*;

#[component]
pub fn GameScreen() -> impl IntoView {
    let table = expect_context::<Table>();
    let screen = move || table.session.with(|s| s.as_ref().map(|s| s.screen));
    let kind = move || table.session.with(|s| s.as_ref().map(|s| s.game.kind()));
    let bag = move || {
        table
            .session
            .with(|s| s.as_ref().map_or(0, |s| s.game.bag_len()))
    };
    let mode = move || {
        table
            .session
            .with(|s| match s.as_ref().map(|s| s.game.mode()) {
                Some(Mode::Theory) => "Theory Mode",
                _ => "Standard Mode",
            })
    };
    let title = move || match kind() {
        Some(Kind::Solitaire) => "Solitaire",
        _ => "Pass and Play",
    };
    view! {
        <section class="game" aria-label="Game">
            <div class="game-main">
                <div class="game-bar">
                    <span class="game-title">{title} " · " {mode}</span>
                    <span class="bag" data-testid="bag-count">
                        "Bag: " {bag} {move || if bag() == 1 { " tile" } else { " tiles" }}
                    </span>
                </div>
                <BoardView />
                {move || match screen() {
                    Some(Screen::Turn) => view! { <TurnControls /> }.into_any(),
                    Some(Screen::Handoff) => view! { <Handoff /> }.into_any(),
                    Some(Screen::Results) => view! { <Results /> }.into_any(),
                    None => ().into_any(),
                }}
            </div>
            <aside class="game-side">
                {move || match kind() {
                    Some(Kind::Solitaire) => view! { <SidePanel /> }.into_any(),
                    _ => view! { <Scoreboard /> }.into_any(),
                }}
                <Notebook />
            </aside>
        </section>
    }
}

/// The rack and buttons of the player whose turn it is.
#[component]
fn TurnControls() -> impl IntoView {
    let table = expect_context::<Table>();
    let exchanging = move || {
        table
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.exchanging.is_some()))
    };
    let confirming = move || {
        table
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.confirming_end))
    };
    let solitaire = move || {
        table
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.game.kind() == Kind::Solitaire))
    };
    let whose = move || {
        table.session.with(|s| {
            s.as_ref()
                .filter(|s| s.game.kind() == Kind::PassAndPlay)
                .map(|s| {
                    format!(
                        "{}'s rack",
                        super::text::seat_name(&s.game, s.game.to_move())
                    )
                })
        })
    };
    view! {
        <div class="turn">
            {move || whose().map(|w| view! { <p class="whose">{w}</p> })}
            <Rack />
            <WildPicker />
            <NoticeLine />
            {move || {
                if exchanging() {
                    view! {
                        <div class="controls" role="group" aria-label="Exchange">
                            <p class="hint">"Tap the tiles to exchange, then confirm."</p>
                            <button class="btn primary" on:click=move |_| table.act(|s| s.confirm_exchange())>
                                "Confirm exchange"
                            </button>
                            <button class="btn" on:click=move |_| table.act(|s| { s.cancel_exchange(); None })>
                                "Cancel"
                            </button>
                        </div>
                    }
                    .into_any()
                } else if confirming() {
                    view! {
                        <div class="controls confirm" role="alertdialog" aria-label="End the game?">
                            <p>"End the game now? The points of the tiles left on your rack are subtracted."</p>
                            <button class="btn danger" on:click=move |_| table.act(|s| s.confirm_end())>
                                "Yes, end the game"
                            </button>
                            <button class="btn" on:click=move |_| table.act(|s| { s.keep_playing(); None })>
                                "Keep playing"
                            </button>
                        </div>
                    }
                    .into_any()
                } else {
                    view! {
                        <div class="controls" role="group" aria-label="Turn">
                            <button class="btn primary" on:click=move |_| table.act(|s| s.submit())>
                                "Submit formula"
                            </button>
                            <button class="btn" on:click=move |_| table.act(|s| { s.recall(); None })>
                                "Recall tiles"
                            </button>
                            <button class="btn" on:click=move |_| table.act(|s| { s.start_exchange(); None })>
                                "Exchange tiles"
                            </button>
                            {move || {
                                if solitaire() {
                                    view! {
                                        <button class="btn" on:click=move |_| table.act(|s| { s.ask_end(); None })>
                                            "End game"
                                        </button>
                                    }
                                    .into_any()
                                } else {
                                    view! {
                                        <button class="btn" on:click=move |_| table.act(|s| s.pass())>
                                            "Pass"
                                        </button>
                                    }
                                    .into_any()
                                }
                            }}
                            <button class="btn quiet" on:click=move |_| table.leave()>
                                "Save and leave"
                            </button>
                        </div>
                    }
                    .into_any()
                }
            }}
        </div>
    }
}

/// The answer to the last intent: red for a refusal, naming each failing formula.
#[component]
fn NoticeLine() -> impl IntoView {
    let table = expect_context::<Table>();
    let notice = move || {
        table
            .session
            .with(|s| s.as_ref().and_then(|s| s.notice.clone()))
    };
    move || match notice() {
        Some(Notice::Refused(lines)) => view! {
            <div class="notice refused" role="alert">
                {lines.into_iter().map(|l| view! { <p>{l}</p> }).collect_view()}
            </div>
        }
        .into_any(),
        Some(Notice::Info(text)) => {
            view! { <div class="notice info" role="status"><p>{text}</p></div> }.into_any()
        }
        None => view! { <div class="notice" role="status"></div> }.into_any(),
    }
}
