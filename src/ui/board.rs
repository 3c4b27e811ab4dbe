//! The board: 225 squares as buttons, with their premiums, committed and unsubmitted tiles.

use super::Store;
use crate::session::{Screen, Session};
use leptos::either::Either;
use leptos::prelude::*;
use molscrab_engine::board::{is_star, premium, BoardTile, Premium, SIZE, SQUARES};
use molscrab_engine::elements::Element;

fn premium_class(p: Premium) -> &'static str {
    match p {
        Premium::Plain => "",
        Premium::DoubleLetter => " dl",
        Premium::TripleLetter => " tl",
        Premium::DoubleWord => " dw",
        Premium::TripleWord => " tw",
    }
}

fn premium_mark(p: Premium) -> &'static str {
    match p {
        Premium::Plain => "",
        Premium::DoubleLetter => "DL",
        Premium::TripleLetter => "TL",
        Premium::DoubleWord => "DW",
        Premium::TripleWord => "TW",
    }
}

fn premium_words(p: Premium) -> &'static str {
    match p {
        Premium::Plain => "",
        Premium::DoubleLetter => ", double letter",
        Premium::TripleLetter => ", triple letter",
        Premium::DoubleWord => ", double word",
        Premium::TripleWord => ", triple word",
    }
}

/// What a square shows: nothing, a committed tile, or one placed this turn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Face {
    Empty,
    Tile {
        el: Element,
        wild: bool,
        new: bool,
        last: bool,
    },
}

/// Every square's face, row by row, in one pass over the session: a tap recomputes this once,
/// and only the squares whose face changed touch the page.
fn all_faces(s: Option<&Session>) -> Vec<Face> {
    let mut faces = vec![Face::Empty; SQUARES];
    let Some(s) = s else {
        return faces;
    };
    // Hindsight's look back: the board before that move, its best play shown as new tiles
    let (game, shown): (&molscrab_engine::game::Game, Vec<(u8, u8, Element, bool)>) =
        match s.looking_back() {
            Some((before, play)) => (
                before,
                play.iter().map(|p| (p.row, p.col, p.el, p.wild)).collect(),
            ),
            // unsubmitted tiles are private: hidden while the device is being handed over
            None if s.screen() == Screen::Turn => (
                s.game(),
                s.tentative()
                    .iter()
                    .map(|t| (t.row, t.col, t.el, t.wild))
                    .collect(),
            ),
            None => (s.game(), Vec::new()),
        };
    let board = game.board();
    for p in board.placements() {
        faces[usize::from(p.row) * SIZE + usize::from(p.col)] = Face::Tile {
            el: p.el,
            wild: p.wild,
            new: false,
            last: false,
        };
    }
    let last_play = game.turns().iter().rev().find(|t| !t.placed.is_empty());
    for p in last_play.map(|t| t.placed.as_slice()).unwrap_or_default() {
        if let Some(Face::Tile { last, .. }) =
            faces.get_mut(usize::from(p.row) * SIZE + usize::from(p.col))
        {
            *last = true;
        }
    }
    for (row, col, el, wild) in shown {
        if let Some(face @ Face::Empty) = faces.get_mut(usize::from(row) * SIZE + usize::from(col))
        {
            *face = Face::Tile {
                el,
                wild,
                new: true,
                last: false,
            };
        }
    }
    faces
}

/// The 15×15 board with every premium square marked; taps place and take back tiles.
#[component]
pub fn BoardView() -> impl IntoView {
    let table = use_context::<Store>();
    // one signal per square, set by one effect only where the face changed: a tap costs one
    // pass over the board, not 225 computations each subscribed to the whole table
    let cells: Vec<RwSignal<Face>> = (0..SQUARES).map(|_| RwSignal::new(Face::Empty)).collect();
    let setter = cells.clone();
    let effect = RenderEffect::new(move |_| {
        let now = match table {
            Some(t) => t.with_session(all_faces),
            None => all_faces(None),
        };
        for (cell, face) in setter.iter().zip(now) {
            if cell.get_untracked() != face {
                cell.set(face);
            }
        }
    });
    on_cleanup(move || drop(effect));
    let squares = (0..SIZE * SIZE)
        .map(|i| {
            let (row, col) = (i / SIZE, i % SIZE);
            let p = premium(row, col);
            let star = is_star(row, col);
            let base = format!("sq{}{}", premium_class(p), if star { " star" } else { "" });
            let mark = if star { "★" } else { premium_mark(p) };
            let place = format!(
                "Row {}, column {}{}{}",
                row + 1,
                col + 1,
                if star { ", centre star" } else { "" },
                premium_words(p)
            );
            let face = cells[i];
            let class = {
                let base = base.clone();
                move || match face.get() {
                    Face::Empty => base.clone(),
                    Face::Tile {
                        new, last, wild, ..
                    } => format!(
                        "{base} filled{}{}{}",
                        if new { " new" } else { "" },
                        if last { " last" } else { "" },
                        if wild { " wild" } else { "" }
                    ),
                }
            };
            let label = move || match face.get() {
                Face::Empty => format!("{place}, empty"),
                Face::Tile { el, wild, new, .. } => format!(
                    "{place}, {} ({}){}{}",
                    el.symbol(),
                    el.name(),
                    if wild {
                        format!(", Wild Isotope, {} points", BoardTile { el, wild }.points())
                    } else {
                        String::new()
                    },
                    if new { ", placed this turn" } else { "" }
                ),
            };
            let content = move || match face.get() {
                Face::Empty => {
                    Either::Left(view! { <span class="mark" aria-hidden="true">{mark}</span> })
                }
                Face::Tile { el, wild, .. } => {
                    let pts = BoardTile { el, wild }.points();
                    Either::Right(view! {
                        <span class="sym" aria-hidden="true">{el.symbol()}</span>
                        <span class="pts" aria-hidden="true">{pts}</span>
                    })
                }
            };
            view! {
                <button
                    class=class
                    data-row=row
                    data-col=col
                    aria-label=label
                    on:click=move |_| {
                        if let Some(t) = table {
                            t.act(|s| {
                                s.tap_square(row, col);
                                None
                            });
                        }
                    }
                >
                    {content}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="board" role="group" aria-label="Board">
            {squares}
        </div>
    }
}
