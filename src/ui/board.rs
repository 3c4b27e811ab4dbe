//! The board: 225 squares as buttons, with their premiums, committed and unsubmitted tiles.

use super::Store;
use leptos::either::Either;
use leptos::prelude::*;
use molscrab_engine::board::{is_star, premium, BoardTile, Premium, SIZE};
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

fn face(table: Option<Store>, row: usize, col: usize) -> Face {
    let Some(table) = table else {
        return Face::Empty;
    };
    table.with_session(|s| {
        let Some(s) = s else {
            return Face::Empty;
        };
        if let Some(t) = s.game().board().get(row, col) {
            let last = s
                .game()
                .turns()
                .iter()
                .rev()
                .find(|t| !t.placed.is_empty())
                .is_some_and(|t| {
                    t.placed
                        .iter()
                        .any(|p| (p.row as usize, p.col as usize) == (row, col))
                });
            return Face::Tile {
                el: t.el,
                wild: t.wild,
                new: false,
                last,
            };
        }
        // unsubmitted tiles are private: hidden while the device is being handed over
        match s.tentative_at(row, col) {
            Some(t) if s.screen() == crate::session::Screen::Turn => Face::Tile {
                el: t.el,
                wild: t.wild,
                new: true,
                last: false,
            },
            _ => Face::Empty,
        }
    })
}

/// The 15×15 board with every premium square marked; taps place and take back tiles.
#[component]
pub fn BoardView() -> impl IntoView {
    let table = use_context::<Store>();
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
            let face = Memo::new(move |_| face(table, row, col));
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
