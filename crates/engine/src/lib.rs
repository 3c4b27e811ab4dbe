//! The game's rules, pure Rust: no web-sys, no Leptos; runs natively and in the browser.

pub mod bag;
pub mod bests;
pub mod board;
pub mod calendar;
pub mod casefold;
pub mod chemistry;
pub mod computer;
pub mod daily;
pub mod display;
pub mod elements;
pub mod error;
pub mod game;
pub mod hindsight;
pub mod hints;
pub mod kind;
pub mod level;
pub mod lexicon;
pub mod markup;
pub mod molecule;
pub mod movegen;
pub mod placement;
pub mod players;
pub mod rank;
pub mod record;
pub mod referee;
pub mod scoring;
pub mod selfplay;
pub mod stats;
pub mod strength;
pub mod substances;
pub mod table_link;
pub mod turn;
pub mod unseen;
pub mod variants;

/// Sorts a handful of items (a play's squares, a formula's tiles) by insertion. The standard
/// sorts are built for large inputs and each kind of item sorted adds ~3 KB to the wasm; these
/// lists never exceed 15 items.
pub(crate) fn sort_small<T: Ord>(items: &mut [T]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items[j - 1] > items[j] {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Insertion sort by a comparison, for short lists (an atom's neighbours, a formula's
/// elements): each call site of the standard sorts adds ~3 KB to the worker's wasm, this one a
/// few hundred bytes. `before(a, b)`: a goes before b. Stable.
pub(crate) fn sort_short<T>(items: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && before(&items[j], &items[j - 1]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sort_small_sorts() {
        let mut v = vec![5, 1, 4, 1, 9, 2, 6, 0];
        super::sort_small(&mut v);
        assert_eq!(v, vec![0, 1, 1, 2, 4, 5, 6, 9]);
        let mut empty: Vec<u8> = Vec::new();
        super::sort_small(&mut empty);
        assert!(empty.is_empty());
    }
}
