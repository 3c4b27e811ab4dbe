//! The Solitaire side panel's counts for one seat: formulas played, best play, Hypotheticals.

use std::collections::BTreeSet;

use crate::turn::{Turn, TurnKind};

/// This game's counts for the Solitaire side panel (RULES §9 "Personal bests").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatStats {
    /// Every formula scored, crossings too.
    pub formulas_played: usize,
    /// The best single turn's total (bonus included).
    pub best_play: Option<i32>,
    /// Distinct multisets of the Hypothetical formulas played.
    pub hypotheticals: usize,
}

impl SeatStats {
    /// One seat's counts from a game's turns.
    pub fn of_seat(turns: &[Turn], seat: usize) -> SeatStats {
        let mut stats = SeatStats::default();
        let mut hypothetical = BTreeSet::new();
        for turn in turns.iter().filter(|t| t.seat == seat) {
            if turn.kind != TurnKind::Play {
                continue;
            }
            stats.formulas_played += turn.formulas.len();
            stats.best_play = Some(stats.best_play.map_or(turn.score, |b| b.max(turn.score)));
            for f in turn.formulas.iter().filter(|f| !f.known) {
                let mut tiles = f.tiles.clone();
                crate::sort_small(&mut tiles);
                hypothetical.insert(tiles);
            }
        }
        stats.hypotheticals = hypothetical.len();
        stats
    }
}
