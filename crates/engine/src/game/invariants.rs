//! The checks self-play and the property tests run after every move: tiles conserved, scores summed, the board as the turns left it.

use super::Game;
use crate::bag::unshuffled;
use crate::elements::{Tile, RACK_SIZE};

impl Game {
    /// Every tile accounted for in bag + racks + board, scores equal turns + leftovers,
    /// and the board holds exactly the tiles the turns placed.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut expected = match &self.start.bag {
            Some(tiles) => tiles.clone(),
            None => unshuffled(),
        };
        let mut found: Vec<Tile> = self.bag.tiles().to_vec();
        for rack in &self.racks {
            found.extend_from_slice(rack);
        }
        found.extend(self.board.placements().map(|p| p.rack_tile()));
        expected.sort_unstable();
        found.sort_unstable();
        if expected != found {
            return Err(format!(
                "tiles not conserved: {} at the start, {} in bag + racks + board",
                expected.len(),
                found.len()
            ));
        }
        if self.racks.iter().any(|r| r.len() > RACK_SIZE) {
            return Err("a rack holds more than 7 tiles".to_string());
        }
        let mut sums = self.leftovers.clone();
        for turn in &self.turns {
            let formulas: i32 = turn.formulas.iter().map(|f| f.score).sum();
            if formulas + turn.bonus + turn.biology_bonus != turn.score {
                return Err(format!(
                    "a turn's score {} is not its formulas plus bonus",
                    turn.score
                ));
            }
            if turn.biology_bonus != self.variants().biology_bonus(&turn.formulas) {
                return Err(format!(
                    "a turn's biology bonus {} is not its body formulas'",
                    turn.biology_bonus
                ));
            }
            match sums.get_mut(turn.seat) {
                Some(s) => *s += turn.score,
                None => return Err(format!("a turn by seat {} that doesn't exist", turn.seat)),
            }
        }
        if sums != self.scores() {
            return Err("scores are not the sum of turn scores and leftovers".to_string());
        }
        let placed: usize = self.turns.iter().map(|t| t.placed.len()).sum();
        if placed != self.board.len() {
            return Err(format!(
                "the board holds {} tiles but the turns placed {placed}",
                self.board.len()
            ));
        }
        for p in self.turns.iter().flat_map(|t| &t.placed) {
            if self.board.get(usize::from(p.row), usize::from(p.col)) != Some(p.tile()) {
                return Err(format!(
                    "the tile placed at ({}, {}) is not on the board",
                    p.row, p.col
                ));
            }
        }
        if !self.board.is_empty() && self.board.get(7, 7).is_none() {
            return Err("tiles on the board but none on the star".to_string());
        }
        if self.moves.len() != self.turns.len() {
            return Err("moves and turns differ in number".to_string());
        }
        if self.ending.is_none() && self.leftovers.iter().any(|&l| l != 0) {
            return Err("a leftover adjustment before the end".to_string());
        }
        Ok(())
    }
}
