//! The unseen-tiles panel: the tiles the player to move has not seen (the bag and the other
//! racks, counted by the engine), laid out like the periodic table; it folds away for players
//! who track tiles by hand.

use super::Store;
use crate::session::{Screen, Session};
use leptos::prelude::*;
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::unseen::unseen;

/// Where each element of the game sits in the periodic table: period (row) and group
/// (column). Uranium, an actinide, sits in period 7 below the table's body, group 3.
const PLACES: [(Element, u8, u8); Element::COUNT] = {
    use Element::*;
    [
        (H, 1, 1),
        (He, 1, 18),
        (Li, 2, 1),
        (C, 2, 14),
        (N, 2, 15),
        (O, 2, 16),
        (F, 2, 17),
        (Ne, 2, 18),
        (Na, 3, 1),
        (Mg, 3, 2),
        (Al, 3, 13),
        (Si, 3, 14),
        (P, 3, 15),
        (S, 3, 16),
        (Cl, 3, 17),
        (K, 4, 1),
        (Ca, 4, 2),
        (Cr, 4, 6),
        (Mn, 4, 7),
        (Fe, 4, 8),
        (Ni, 4, 10),
        (Cu, 4, 11),
        (Zn, 4, 12),
        (Br, 4, 17),
        (Ag, 5, 11),
        (Sn, 5, 14),
        (I, 5, 17),
        (Ba, 6, 2),
        (Pt, 6, 10),
        (Au, 6, 11),
        (Hg, 6, 12),
        (Pb, 6, 14),
        (U, 7, 3),
    ]
};

/// The panel's list as HTML (fixed text and numbers only: no person's text).
fn table_html(counts: &[u8; Element::COUNT + 1]) -> String {
    let mut html = String::new();
    let places = PLACES
        .iter()
        .map(|&(el, row, col)| (el.index(), el.symbol(), row, col));
    // the Wild Isotopes in the table's empty top middle
    let wild = (Element::COUNT, Tile::Wild.symbol(), 1, 9);
    for (at, symbol, row, col) in places.chain([wild]) {
        let n = counts[at];
        let none = if n == 0 { " none" } else { "" };
        html.push_str(&format!(
            "<li class=\"r{row} c{col}{none}\">{symbol} <b>{n}</b></li>"
        ));
    }
    html
}

/// The unseen tiles of the player to move, counted by the engine; nothing between turns (the
/// hand-off must not show what the next player holds).
fn counts(s: &Session) -> Option<[u8; Element::COUNT + 1]> {
    (s.screen() == Screen::Turn).then(|| unseen(s.game(), s.game().to_move()))
}

#[component]
pub fn Unseen() -> impl IntoView {
    let table = expect_context::<Store>();
    // counted again only when a turn is made or the screen changes, not on every tap (the
    // memo has the notebook's type, so the wasm holds one copy of its code)
    let now = Memo::new(move |_| {
        table.with_session(|s| {
            s.map(|s| {
                let turn = usize::from(s.screen() == Screen::Turn);
                (s.game().seed(), s.game().turns().len(), turn)
            })
        })
    });
    let html = move || {
        let _ = now.get();
        table
            .with_session_untracked(|s| s.and_then(counts).map(|c| table_html(&c)))
            .unwrap_or_default()
    };
    view! {
        // a details element: it folds and unfolds with no code of ours
        <details class="panel unseen" open hidden=table.flag(|s| s.screen() != Screen::Turn)>
            <summary>
                <h2>
                    "Unseen tiles "
                    <span class="count">
                        {table.text(|s| {
                            let total: u32 = counts(s).iter().flatten().map(|&n| u32::from(n)).sum();
                            total.to_string()
                        })}
                    </span>
                </h2>
            </summary>
            <p class="hint">"In the bag and on the other racks."</p>
            <ul class="pt" aria-label="Unseen tiles by element" inner_html=html></ul>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_element_has_one_place_and_no_two_share_it() {
        for el in Element::ALL {
            assert_eq!(
                PLACES.iter().filter(|p| p.0 == el).count(),
                1,
                "{}",
                el.symbol()
            );
        }
        for (i, a) in PLACES.iter().enumerate() {
            assert!(PLACES[i + 1..].iter().all(|b| (a.1, a.2) != (b.1, b.2)));
            assert!((1..=7).contains(&a.1) && (1..=18).contains(&a.2));
        }
    }

    #[test]
    fn the_table_shows_each_count_in_its_place() {
        let mut counts = [0u8; Element::COUNT + 1];
        counts[Element::Cl.index()] = 2;
        counts[Element::COUNT] = 4;
        let html = table_html(&counts);
        assert!(
            html.contains("<li class=\"r3 c17\">Cl <b>2</b></li>"),
            "{html}"
        );
        assert!(
            html.contains("<li class=\"r1 c1 none\">H <b>0</b></li>"),
            "{html}"
        );
        assert!(
            html.contains("<li class=\"r1 c9\">? <b>4</b></li>"),
            "{html}"
        );
        assert_eq!(html.matches("<li").count(), Element::COUNT + 1);
    }
}
