//! The unseen-tiles panel: the tiles the player to move has not seen (the bag and the other
//! racks, counted by the engine), laid out like the periodic table; it folds away for players
//! who track tiles by hand.

use super::Store;
use crate::session::{Screen, Session};
use leptos::prelude::*;
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::unseen::unseen;

/// Where each tile of the game sits in the periodic table: period (row) and group (column),
/// in reading order. Uranium, an actinide, sits in period 7 below the table's body, group 3;
/// the Wild Isotopes in the table's empty top middle. Only the column is written out: the grid
/// places each tile in the row it is on, or in the next row when its column is already passed
/// (CSS grid auto-placement), which reading order makes the tile's period.
const PLACES: [(Tile, u8, u8); Element::COUNT + 1] = {
    use molscrab_engine::elements::Element::*;
    use Tile::{Element, Wild};
    [
        (Element(H), 1, 1),
        (Wild, 1, 9),
        (Element(He), 1, 18),
        (Element(Li), 2, 1),
        (Element(C), 2, 14),
        (Element(N), 2, 15),
        (Element(O), 2, 16),
        (Element(F), 2, 17),
        (Element(Ne), 2, 18),
        (Element(Na), 3, 1),
        (Element(Mg), 3, 2),
        (Element(Al), 3, 13),
        (Element(Si), 3, 14),
        (Element(P), 3, 15),
        (Element(S), 3, 16),
        (Element(Cl), 3, 17),
        (Element(K), 4, 1),
        (Element(Ca), 4, 2),
        (Element(Cr), 4, 6),
        (Element(Mn), 4, 7),
        (Element(Fe), 4, 8),
        (Element(Ni), 4, 10),
        (Element(Cu), 4, 11),
        (Element(Zn), 4, 12),
        (Element(Br), 4, 17),
        (Element(Ag), 5, 11),
        (Element(Sn), 5, 14),
        (Element(I), 5, 17),
        (Element(Ba), 6, 2),
        (Element(Pt), 6, 10),
        (Element(Au), 6, 11),
        (Element(Hg), 6, 12),
        (Element(Pb), 6, 14),
        (Element(U), 7, 3),
    ]
};

/// Where a tile's count sits in [`counts`]' answer.
fn slot(tile: Tile) -> usize {
    match tile {
        Tile::Element(el) => el.index(),
        Tile::Wild => Element::COUNT,
    }
}

/// A tile's cell's class: its column, and "none" when none is unseen.
fn cell_class(col: u8, n: u8) -> String {
    let none = if n == 0 { " none" } else { "" };
    format!("c{col}{none}")
}

/// The unseen tiles of the player to move, counted by the engine; nothing between turns (the
/// hand-off must not show what the next player holds).
fn counts(s: &Session) -> Option<[u8; Element::COUNT + 1]> {
    (s.screen() == Screen::Turn).then(|| unseen(s.game(), s.game().to_move()))
}

#[component]
pub fn Unseen() -> impl IntoView {
    let store = expect_context::<Store>();
    // counted when the session changes; a tap leaves the counts as they were, and nothing
    // on screen changes
    let counted = Memo::new(move |_| store.with_session(|s| s.and_then(counts)));
    // one cell per tile, in the periodic table's reading order; only the counts change
    let cells = PLACES
        .iter()
        .map(|&(tile, _, col)| {
            let n = move || counted.with(|c| c.map_or(0, |c| c[slot(tile)]));
            view! { <li class=move || cell_class(col, n())>{tile.symbol()}" "<b>{n}</b></li> }
        })
        .collect_view();
    view! {
        // a details element: it folds and unfolds with no code of ours
        <details class="panel unseen" open hidden=store.flag(|s| s.screen() != Screen::Turn)>
            <summary>
                <h2>
                    "Unseen tiles "
                    <span class="count">
                        {move || {
                            let total: u32 = counted.with(|c| c.iter().flatten().map(|&n| u32::from(n)).sum());
                            total.to_string()
                        }}
                    </span>
                </h2>
            </summary>
            <p class="hint">"Not on your rack or the board."</p>
            <ul class="pt" aria-label="Unseen tiles by element">{cells}</ul>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_has_one_place_in_reading_order_and_each_row_starts_anew() {
        for el in Element::ALL {
            let tile = Tile::Element(el);
            assert_eq!(
                PLACES.iter().filter(|p| p.0 == tile).count(),
                1,
                "{}",
                el.symbol()
            );
        }
        assert_eq!(PLACES.iter().filter(|p| p.0 == Tile::Wild).count(), 1);
        for pair in PLACES.windows(2) {
            let [(_, r1, c1), (_, r2, c2)] = pair else {
                unreachable!()
            };
            // reading order, no two in one place
            assert!((r1, c1) < (r2, c2), "{pair:?}");
            // the grid moves on to the next row only where the column goes back: each row's
            // first tile must stand left of the last tile of the row before (and rows are
            // never skipped)
            if r2 != r1 {
                assert_eq!(*r2, r1 + 1, "{pair:?}");
                assert!(c2 <= c1, "{pair:?}");
            }
        }
        assert!(PLACES
            .iter()
            .all(|p| (1..=7).contains(&p.1) && (1..=18).contains(&p.2)));
        assert_eq!(PLACES[0].1, 1);
    }

    #[test]
    fn each_cell_has_its_column_and_says_when_none_is_unseen() {
        assert_eq!(cell_class(17, 2), "c17");
        assert_eq!(cell_class(1, 0), "c1 none");
        let mut seen = [false; Element::COUNT + 1];
        for &(tile, _, _) in &PLACES {
            assert!(!std::mem::replace(&mut seen[slot(tile)], true), "{tile:?}");
        }
        assert!(seen.iter().all(|&s| s), "every count has its cell");
    }
}
