//! The rack's arrangement (the order the player put its tiles in, kept in the save) and the
//! tiles moved by dragging, as taps the session already knows.
//!
//! An arrangement is a list of tiles, not of rack slots: after a move the engine's rack is
//! new, and the tiles kept stay in the player's order while the tiles drawn go at the end.

use crate::session::Session;
use molscrab_engine::elements::{Tile, RACK_SIZE};
use molscrab_json::Value;

/// The rack's slots in the order they show: first the tiles of `order`, each matched to the
/// first slot of that tile not matched yet, then the rest in the engine's order.
pub fn display(rack: &[Tile], order: &[Tile]) -> Vec<usize> {
    let mut shown: Vec<usize> = Vec::with_capacity(rack.len());
    for tile in order {
        if let Some(slot) = (0..rack.len()).find(|i| rack[*i] == *tile && !shown.contains(i)) {
            shown.push(slot);
        }
    }
    for slot in 0..rack.len() {
        if !shown.contains(&slot) {
            shown.push(slot);
        }
    }
    shown
}

/// The arrangement after the tile in `slot` moves to the place of the tile in `to` (or to
/// the end, for `None`).
pub fn moved(rack: &[Tile], order: &[Tile], slot: usize, to: Option<usize>) -> Vec<usize> {
    let mut shown = display(rack, order);
    let Some(from) = shown.iter().position(|s| *s == slot) else {
        return shown;
    };
    shown.remove(from);
    let at = to
        .and_then(|to| shown.iter().position(|s| *s == to))
        .map_or(shown.len(), |at| at + usize::from(from <= at));
    shown.insert(at.min(shown.len()), slot);
    shown
}

/// Sorted by symbol, alphabetically; Wild Isotopes last.
pub fn sorted(rack: &[Tile]) -> Vec<usize> {
    let mut shown: Vec<usize> = (0..rack.len()).collect();
    // insertion sort: a rack holds seven tiles, and std's sort brings kilobytes of wasm
    for i in 1..shown.len() {
        let mut j = i;
        while j > 0 && key(rack[shown[j]]) < key(rack[shown[j - 1]]) {
            shown.swap(j, j - 1);
            j -= 1;
        }
    }
    shown
}

fn key(tile: Tile) -> (bool, &'static str) {
    (tile == Tile::Wild, tile.symbol())
}

/// A shuffled order from `seed` (any random number).
pub fn shuffled(rack: &[Tile], mut seed: u64) -> Vec<usize> {
    let mut shown: Vec<usize> = (0..rack.len()).collect();
    for i in (1..shown.len()).rev() {
        // xorshift: a shuffle of seven tiles needs no more
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        shown.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    shown
}

/// The tiles of `rack` in the order of `slots`: an arrangement to keep.
pub fn tiles(rack: &[Tile], slots: &[usize]) -> Vec<Tile> {
    slots.iter().filter_map(|s| rack.get(*s).copied()).collect()
}

/// As saved in the save's "ui" part: `["H", "O", "?"]`.
pub fn to_value(order: &[Tile]) -> Value {
    Value::Array(order.iter().map(|t| t.symbol().into()).collect())
}

/// A saved arrangement; anything that doesn't read as tiles is left out, and at most a
/// rack's worth is kept.
pub fn from_value(value: Option<&Value>) -> Vec<Tile> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| Tile::from_symbol(v.as_str()?))
        .take(RACK_SIZE)
        .collect()
}

/// Where a dragged tile came from, or was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A tile of the rack, by its slot.
    Rack(usize),
    /// The rack's free space, after its tiles.
    RackEnd,
    Square(usize, usize),
    /// Neither: the tile goes back where it was.
    Nowhere,
}

/// A tile dragged from `from` and dropped on `to`, done with the same taps a finger would
/// make: rack to square places, square to square moves, square to rack takes back, rack to
/// rack rearranges. The session and the engine answer as for those taps.
pub fn drop(s: &mut Session, from: Spot, to: Spot) {
    match (from, to) {
        // the tile goes back, and a refusal said before goes too: it was about an earlier
        // move, and would read as if about this drag
        (_, Spot::Nowhere) => s.forget_refusal(),
        // tiles picked for an exchange go nowhere on the board (a tap would pick this one)
        (Spot::Rack(_), Spot::Square(..)) if s.phase().picked().is_some() => {}
        (Spot::Rack(slot), Spot::Square(row, col)) => {
            // onto a tile placed this turn: that one goes back to the rack, this one takes its place
            if s.tentative_at(row, col).is_some() {
                s.tap_square(row, col);
            }
            if s.phase().lifted() != Some(slot) {
                s.tap_rack(slot);
            }
            s.tap_square(row, col);
            // refused (a tile of an earlier turn is there): the tile is put down, the refusal
            // stays; a Wild Isotope dropped on a free square stays lifted until its element is
            // chosen, and then goes there (Session::choose_wild)
            let taken = s.game().board().is_filled(row, col);
            if s.phase().lifted() == Some(slot) && (taken || !s.needs_wild_choice()) {
                let said = s.notice().cloned();
                s.tap_rack(slot);
                if let Some(said) = said {
                    s.tell(said);
                }
            }
        }
        // onto an earlier turn's tile: the tile stays on its square (not back on the rack),
        // and the refusal says why
        (Spot::Square(..), Spot::Square(r2, c2)) if s.game().board().is_filled(r2, c2) => {
            s.tap_square(r2, c2);
        }
        // back onto its own square: put back, as a drop where nothing takes it, whatever the
        // pointer finds under it (a phone's dragged tile is a copy over the square; a mouse's
        // drop lands on the row)
        (Spot::Square(row, col), Spot::Square(r2, c2)) if (row, col) == (r2, c2) => {
            s.forget_refusal()
        }
        (Spot::Square(row, col), Spot::Square(r2, c2)) => {
            // taken back, then dropped as from the rack (onto a placed tile too)
            if let Some(t) = s.tentative_at(row, col) {
                s.tap_square(row, col);
                drop(s, Spot::Rack(t.slot), Spot::Square(r2, c2));
            }
        }
        (Spot::Square(row, col), Spot::Rack(_) | Spot::RackEnd) => {
            if let Some(t) = s.tentative_at(row, col) {
                s.tap_square(row, col);
                if s.phase().lifted() == Some(t.slot) {
                    s.tap_rack(t.slot);
                }
                let to = match to {
                    Spot::Rack(to) => Some(to),
                    _ => None,
                };
                let order = moved(s.rack(), s.order(), t.slot, to);
                s.arrange(tiles(s.rack(), &order));
            }
        }
        (Spot::Rack(slot), Spot::Rack(_) | Spot::RackEnd) => {
            let to = match to {
                Spot::Rack(to) if to != slot => Some(to),
                Spot::Rack(_) => return,
                _ => None,
            };
            let order = moved(s.rack(), s.order(), slot, to);
            s.arrange(tiles(s.rack(), &order));
        }
        (Spot::RackEnd | Spot::Nowhere, _) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::elements::Element::{Na, O};
    use molscrab_engine::game::Game;
    use molscrab_engine::record::{GameRecord, Kind};

    use crate::session::testing::tiles as rack;

    fn solitaire(symbols: &str) -> Session {
        crate::session::testing::dealt(Kind::Solitaire, true, symbols)
    }

    fn shown(s: &Session) -> Vec<&'static str> {
        display(s.rack(), s.order())
            .into_iter()
            .map(|i| s.rack()[i].symbol())
            .collect()
    }

    #[test]
    fn an_arrangement_matches_tiles_not_slots() {
        let r = rack("H O H C ?");
        assert_eq!(display(&r, &rack("? H C")), [4, 0, 3, 1, 2]);
        assert_eq!(display(&r, &[]), [0, 1, 2, 3, 4]);
        // tiles no longer on the rack are passed over
        assert_eq!(display(&r, &rack("U H H H")), [0, 2, 1, 3, 4]);
    }

    #[test]
    fn a_tile_moves_before_the_tile_it_is_dropped_on_or_to_the_end() {
        let r = rack("H O C N");
        assert_eq!(moved(&r, &[], 3, Some(0)), [3, 0, 1, 2]);
        assert_eq!(moved(&r, &[], 0, Some(2)), [1, 2, 0, 3]);
        assert_eq!(moved(&r, &[], 0, None), [1, 2, 3, 0]);
        assert_eq!(moved(&r, &[], 9, None), [0, 1, 2, 3]);
    }

    #[test]
    fn sort_is_alphabetical_with_wild_isotopes_last_and_shuffle_keeps_every_tile() {
        let r = rack("O ? H Na C Cl");
        assert_eq!(tiles(&r, &sorted(&r)), rack("C Cl H Na O ?"));
        for seed in [1, 2, 99, u64::MAX] {
            let mut s = shuffled(&r, seed);
            s.sort_unstable();
            assert_eq!(s, [0, 1, 2, 3, 4, 5]);
        }
        assert_ne!(shuffled(&r, 1), shuffled(&r, 2));
    }

    #[test]
    fn a_saved_arrangement_reads_back_and_junk_is_left_out() {
        let order = rack("Na ? H");
        let value = to_value(&order);
        assert_eq!(from_value(Some(&value)), order);
        let junk =
            molscrab_json::parse(r#"["H", 3, "Xx", null, "O", "O", "O", "O", "O", "O", "O"]"#)
                .unwrap();
        assert_eq!(from_value(Some(&junk)), rack("H O O O O O O"));
        assert!(from_value(Some(&Value::Null)).is_empty());
        assert!(from_value(None).is_empty());
    }

    #[test]
    fn a_tile_dropped_on_a_tile_placed_this_turn_takes_its_place() {
        let mut s = solitaire("H H O C C Na Cl O O O H H");
        drop(&mut s, Spot::Rack(0), Spot::Square(7, 7));
        drop(&mut s, Spot::Rack(5), Spot::Square(7, 7));
        assert_eq!(
            s.tentative_at(7, 7).map(|t| t.el),
            Some(Na),
            "Na in H's place"
        );
        assert_eq!(s.tentative().len(), 1, "H back on the rack");
        drop(&mut s, Spot::Rack(2), Spot::Square(7, 8));
        // a placed tile dragged onto another: it moves there, the other goes back
        drop(&mut s, Spot::Square(7, 7), Spot::Square(7, 8));
        assert_eq!(s.tentative_at(7, 8).map(|t| t.el), Some(Na));
        assert_eq!(s.tentative_at(7, 7), None);
        assert_eq!(s.tentative().len(), 1, "O back on the rack");
        assert_eq!(s.phase().lifted(), None, "nothing stays lifted");
    }

    /// A Solitaire game whose first turn dragged H, H, O (slots `first`…) across the centre.
    fn water_played(symbols: &str, first: usize) -> Session {
        let mut s = solitaire(symbols);
        for (i, col) in [6, 7, 8].into_iter().enumerate() {
            drop(&mut s, Spot::Rack(first + i), Spot::Square(7, col));
        }
        s.submit().expect("water");
        s
    }

    #[test]
    fn a_tile_dropped_where_it_cannot_go_is_put_down_and_the_refusal_stays() {
        let mut s = water_played("H H O C C Na Cl O O O H H", 0);
        // onto the H played last turn: the tile is put down, not left lifted
        drop(&mut s, Spot::Rack(3), Spot::Square(7, 7));
        assert_eq!(s.phase().lifted(), None, "put down");
        assert!(s.tentative().is_empty());
        let said = format!("{:?}", s.notice());
        assert!(said.contains("already holds a tile"), "{said}");
        // the next drag, dropped where nothing takes it, leaves no refusal behind
        drop(&mut s, Spot::Rack(3), Spot::Nowhere);
        assert_eq!(s.notice(), None);
        assert!(s.tentative().is_empty());
        // nor does a placed tile dropped back on its own square
        drop(&mut s, Spot::Rack(3), Spot::Square(7, 7));
        assert!(s.notice().is_some());
        drop(&mut s, Spot::Rack(3), Spot::Square(6, 7));
        s.tap_square(7, 7);
        assert!(s.notice().is_some(), "refused again");
        drop(&mut s, Spot::Square(6, 7), Spot::Square(6, 7));
        assert_eq!(s.notice(), None);
        assert!(s.tentative_at(6, 7).is_some(), "still there");
        // a Wild Isotope too, though it waits for its element when dropped on a free square
        let mut wild = water_played("? H H O C C Na Cl O O O H H", 1);
        drop(&mut wild, Spot::Rack(0), Spot::Square(7, 7));
        assert_eq!(wild.phase().lifted(), None, "the Wild Isotope is put down");
        drop(&mut wild, Spot::Rack(0), Spot::Square(6, 7));
        assert!(
            wild.needs_wild_choice(),
            "on a free square it waits for its element"
        );
        // and then goes there, with no second tap on the square
        wild.choose_wild(Na);
        let t = wild
            .tentative_at(6, 7)
            .expect("placed once its element is chosen");
        assert_eq!((t.el, t.wild), (Na, true));
        // a placed tile dragged onto an earlier turn's tile stays on its square (not back on
        // the rack), and the refusal says why
        drop(&mut wild, Spot::Square(6, 7), Spot::Square(7, 8));
        assert_eq!(wild.tentative_at(6, 7).map(|t| t.el), Some(Na));
        assert_eq!(wild.phase().lifted(), None);
        let said = format!("{:?}", wild.notice());
        assert!(said.contains("already holds a tile"), "{said}");
        // while tiles are picked for an exchange, a drop on the board picks nothing more
        s.start_exchange();
        s.tap_rack(0);
        drop(&mut s, Spot::Rack(1), Spot::Square(6, 7));
        assert_eq!(s.phase().picked(), Some(&[0][..]));
        assert!(s.tentative().is_empty());
    }

    #[test]
    fn a_wild_isotope_dragged_to_another_square_keeps_its_element() {
        let mut s = solitaire("? H O C C Na Cl O O O H H");
        s.tap_rack(0);
        s.choose_wild(Na);
        s.tap_square(7, 7);
        drop(&mut s, Spot::Square(7, 7), Spot::Square(7, 9));
        let t = s.tentative_at(7, 9).expect("moved");
        assert_eq!((t.el, t.wild), (Na, true));
        assert_eq!(s.tentative_at(7, 7), None);
    }

    #[test]
    fn dragging_places_moves_and_takes_back_tiles() {
        let mut s = solitaire("H H O C C Na Cl O O O H H");
        drop(&mut s, Spot::Rack(2), Spot::Square(7, 7));
        assert_eq!(s.tentative_at(7, 7).map(|t| t.el), Some(O));
        drop(&mut s, Spot::Square(7, 7), Spot::Square(7, 8));
        assert_eq!(s.tentative_at(7, 7), None);
        assert_eq!(s.tentative_at(7, 8).map(|t| t.el), Some(O));
        // back to the rack, before the first H
        drop(&mut s, Spot::Square(7, 8), Spot::Rack(0));
        assert!(s.tentative().is_empty());
        assert_eq!(s.phase().lifted(), None);
        assert_eq!(shown(&s), ["O", "H", "H", "C", "C", "Na", "Cl"]);
        // rearranged within the rack: Cl before the first C, then O (slot 2) to the end
        drop(&mut s, Spot::Rack(6), Spot::Rack(3));
        assert_eq!(shown(&s), ["O", "H", "H", "Cl", "C", "C", "Na"]);
        drop(&mut s, Spot::Rack(2), Spot::RackEnd);
        assert_eq!(shown(&s), ["H", "H", "Cl", "C", "C", "Na", "O"]);
    }

    #[test]
    fn the_arrangement_is_kept_in_the_save_and_after_a_move() {
        let mut s = solitaire("H H O C C Na Cl N O O H H");
        s.arrange(rack("Cl Na C C O H H"));
        let saved = GameRecord::parse(&s.to_record().to_json()).expect("a save reads back");
        let back = Session::open(Game::replay(&saved).unwrap(), saved.ui.as_ref());
        assert_eq!(shown(&back), ["Cl", "Na", "C", "C", "O", "H", "H"]);
        // water played: the tiles kept stay in order and the tiles drawn go at the end, a
        // drawn O too (not into the slot of the O played)
        for (slot, col) in [(0, 6), (1, 7), (2, 8)] {
            drop(&mut s, Spot::Rack(slot), Spot::Square(7, col));
        }
        s.submit().expect("water");
        assert_eq!(shown(&s), ["Cl", "Na", "C", "C", "N", "O", "O"]);
        // an exchange of one of two copies: the other stays where it shows (the last H does
        // not move to the front)
        let mut s = solitaire("H N N O O O H C Cl K");
        s.arrange(rack("H N N O O O H"));
        s.start_exchange();
        s.tap_rack(0);
        s.tap_rack(1);
        s.confirm_exchange().expect("exchanged");
        assert_eq!(shown(&s)[..5], ["N", "O", "O", "O", "H"]);
    }
}
