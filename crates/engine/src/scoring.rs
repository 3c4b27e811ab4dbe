//! Points for a play (RULES §5): letter premiums, then word premiums, crossings in full, bonuses.

use crate::board::{premium, Board, Placement};
use crate::elements::RACK_SIZE;
use crate::placement::Run;

/// Bonus for placing all 7 rack tiles in one turn.
pub const FULL_REACTION: i32 = 15;
/// Solitaire bonus for placing the last tile when the bag is empty.
pub const CLEAN_BENCH: i32 = 25;

/// One formula's points. `after` holds the play's tiles too; premiums count only under
/// `new` tiles, since a premium is used up once a tile has been placed on it.
pub fn formula_score(after: &Board, run: Run, new: &[Placement]) -> i32 {
    let mut sum = 0;
    let mut word = 1;
    for (row, col) in run.squares() {
        let Some(tile) = after.get(row, col) else {
            continue;
        };
        let is_new = new
            .iter()
            .any(|p| (usize::from(p.row), usize::from(p.col)) == (row, col));
        if is_new {
            let square = premium(row, col);
            sum += tile.points() * square.letter_factor();
            word *= square.word_factor();
        } else {
            sum += tile.points();
        }
    }
    sum * word
}

/// The Full Reaction bonus for a play of `placed` tiles.
pub fn full_reaction(placed: usize) -> i32 {
    if placed == RACK_SIZE {
        FULL_REACTION
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elements::Element::*;
    use crate::placement::formulas_made;

    fn score(board: &Board, play: &[Placement]) -> i32 {
        let after = board.with(play);
        formulas_made(board, play)
            .unwrap_or_default()
            .into_iter()
            .map(|run| formula_score(&after, run, play))
            .sum()
    }

    #[test]
    fn water_across_the_star_scores_6() {
        // manual §07 worked example: (1+1+1)×2
        let play = [
            Placement::new(7, 6, H),
            Placement::new(7, 7, H),
            Placement::new(7, 8, O),
        ];
        assert_eq!(score(&Board::new(), &play), 6);
    }

    #[test]
    fn premium_counts_only_when_first_placed() {
        let first = [Placement::new(7, 7, Na), Placement::new(7, 8, Cl)];
        assert_eq!(score(&Board::new(), &first), 8); // (2+2)×2 on the star
        let board = Board::new().with(&first);
        // O under Na: O·… down col 7: Na(old, star not counted again) + O
        let play = [Placement::new(8, 7, O)];
        assert_eq!(score(&board, &play), 3);
    }

    #[test]
    fn letter_premiums_apply_before_word_premiums() {
        // (7,3) is DL, (7,0) is TW: U on DL, then ×3 for the TW
        let board = Board::new();
        let after = board.with(&[
            Placement::new(7, 0, O),
            Placement::new(7, 1, O),
            Placement::new(7, 2, O),
            Placement::new(7, 3, U),
        ]);
        let run = Run {
            direction: crate::placement::Direction::Across,
            row: 7,
            col: 0,
            len: 4,
        };
        let new: Vec<Placement> = after.placements().collect();
        assert_eq!(formula_score(&after, run, &new), (1 + 1 + 1 + 10 * 2) * 3);
    }

    #[test]
    fn two_word_premiums_multiply_together() {
        // row 0 from TW (0,0) to TW (0,7): eight tiles, DL at (0,3)
        let play: Vec<Placement> = (0..8).map(|c| Placement::new(0, c, H)).collect();
        let after = Board::new().with(&play);
        let run = Run {
            direction: crate::placement::Direction::Across,
            row: 0,
            col: 0,
            len: 8,
        };
        assert_eq!(formula_score(&after, run, &play), (8 + 1) * 9);
    }

    #[test]
    fn wild_isotope_scores_zero() {
        let play = [Placement::wild(7, 7, U), Placement::new(7, 8, O)];
        assert_eq!(score(&Board::new(), &play), 2); // (0+1)×2
    }

    #[test]
    fn crossings_score_in_full() {
        // H H O on row 7; then N H H H... simpler: O O under H H at (8,6),(8,7)
        let board = Board::new().with(&[
            Placement::new(7, 6, H),
            Placement::new(7, 7, H),
            Placement::new(7, 8, O),
        ]);
        let play = [Placement::new(8, 6, O), Placement::new(8, 7, O)];
        // main O·O: (8,6) is DL → 2 + 1 = 3; crossings H·O at col 6: 1 + 2 = 3, col 7: 1 + 1 = 2
        assert_eq!(score(&board, &play), 3 + 3 + 2);
    }

    #[test]
    fn a_shared_premium_counts_in_both_formulas() {
        // a single tile on DL (8,8) under the O makes O·x down and x across
        let board = Board::new().with(&[
            Placement::new(7, 7, H),
            Placement::new(7, 8, O),
            Placement::new(8, 7, O),
        ]);
        let play = [Placement::new(8, 8, Na)];
        // across O(8,7)+Na×2 = 5; down O(7,8)+Na×2 = 5
        assert_eq!(score(&board, &play), 10);
    }

    #[test]
    fn full_reaction_adds_15() {
        assert_eq!(full_reaction(7), 15);
        assert_eq!(full_reaction(6), 0);
    }
}
