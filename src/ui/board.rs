//! The board: 225 squares as buttons, with their premiums and tiles.

use crate::engine::board::{is_star, premium, Premium, SIZE};
use leptos::prelude::*;

fn premium_class(p: Premium) -> &'static str {
    match p {
        Premium::Plain => "sq",
        Premium::DoubleLetter => "sq dl",
        Premium::TripleLetter => "sq tl",
        Premium::DoubleWord => "sq dw",
        Premium::TripleWord => "sq tw",
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

/// The 15×15 board with every premium square marked.
#[component]
pub fn BoardView() -> impl IntoView {
    let squares = (0..SIZE * SIZE)
        .map(|i| {
            let (row, col) = (i / SIZE, i % SIZE);
            let p = premium(row, col);
            let star = is_star(row, col);
            let class = if star { "sq dw star" } else { premium_class(p) };
            let mark = if star { "★" } else { premium_mark(p) };
            let label = format!(
                "Row {}, column {}{}{}, empty",
                row + 1,
                col + 1,
                if star { ", centre star" } else { "" },
                premium_words(p)
            );
            view! {
                <button class=class data-row=row data-col=col aria-label=label>
                    <span class="mark" aria-hidden="true">{mark}</span>
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="board" role="grid" aria-label="Board">
            {squares}
        </div>
    }
}
