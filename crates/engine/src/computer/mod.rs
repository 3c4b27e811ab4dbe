//! Computer players (SPEC §10): the three levels, and the move each makes, deterministic given the position and the game's seed.

// A computer sees what a person at the table sees: the board, its own rack, the turns, and
// how many tiles the bag holds. What it can't see — the bag's order, the other racks — it
// knows only as a multiset of unseen tiles, which is what anyone can count from the tile list.

pub mod endgame;
mod expert;
mod leave;

use crate::bag::ChaCha8;

use crate::elements::{Tile, RACK_SIZE};
use crate::game::Game;
use crate::movegen::{Candidate, MoveGenerator, Position};
use crate::record::{Kind, Move};
use crate::turn::TurnKind;

pub use crate::level::{Level, UnknownLevel};
pub use endgame::{EndgameLimits, Solved};
pub use expert::Expert;
pub use leave::{LeaveTable, LeaveTableError};

/// A computer player's thinking tools, kept between moves: the move generator remembers
/// Theory Mode's verdicts, so one `Computer` for a whole game (or many) saves that work.
#[derive(Default)]
pub struct Computer {
    generator: MoveGenerator,
    expert: Expert,
}

impl Computer {
    pub fn new() -> Computer {
        Computer::default()
    }

    /// An expert tuned otherwise (docs/COMPUTER.md's steps turn its knobs one at a time).
    pub fn with_expert(expert: Expert) -> Computer {
        Computer {
            generator: MoveGenerator::new(),
            expert,
        }
    }

    /// The move `level` makes for the player to move: a play, an exchange, a pass or (Solitaire)
    /// End game, always one the rules allow. `None` once the game is over. The same position
    /// and seed give the same move.
    pub fn choose_move(&mut self, game: &Game, level: Level) -> Option<Move> {
        self.decide(game, level).map(Decision::into_move)
    }

    /// [`Computer::choose_move`], with a play's score as the generator found it, so that
    /// self-play can check the game awards exactly that.
    pub fn decide(&mut self, game: &Game, level: Level) -> Option<Decision> {
        if game.is_over() {
            return None;
        }
        // a worker kept for many games: forget the verdicts before they weigh on a phone
        if self.generator.remembered() > REMEMBERED {
            self.generator = MoveGenerator::new();
        }
        let decision = match level {
            Level::Chemist => self.generator.best_play(game).map(Decision::Play),
            Level::Apprentice => novice_play(&mut self.generator, game).map(Decision::Play),
            Level::Professor => self.expert.choose(&mut self.generator, game),
        };
        Some(decision.unwrap_or_else(|| Decision::Other(no_play(game))))
    }

    /// The generator, for the hints and the hindsight that share one with a computer player.
    pub fn generator(&mut self) -> &mut MoveGenerator {
        &mut self.generator
    }
}

/// What a computer decided: a play (with its score and formulas) or another move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Candidate),
    /// An exchange, a pass or End game.
    Other(Move),
}

impl Decision {
    pub fn into_move(self) -> Move {
        match self {
            Decision::Play(play) => play.to_move(),
            Decision::Other(mv) => mv,
        }
    }
}

/// [`Computer::choose_move`] with fresh tools: the worker may keep a [`Computer`] instead.
pub fn choose_move(game: &Game, level: Level) -> Option<Move> {
    Computer::new().choose_move(game, level)
}

/// Theory Mode verdicts a [`Computer`] keeps at most (some 30 bytes each).
const REMEMBERED: usize = 1 << 18;

/// A novice's play: at most this many tiles...
const NOVICE_TILES: usize = 3;
/// ...making formulas of at most this many tiles...
const NOVICE_FORMULA: usize = 4;
/// ...chosen at random among its few best, as a beginner doesn't always see the best.
const NOVICE_CHOICES: usize = 3;

/// A beginner's play: a few tiles making short formulas, card formulas (the common ones) if
/// any, one of the few best of those at random; more tiles only when no fewer will do.
fn novice_play(generator: &mut MoveGenerator, game: &Game) -> Option<Candidate> {
    // one order of the tiles on plain squares is enough: the others score the same
    let mut position = Position {
        max_tiles: NOVICE_TILES,
        canonical: true,
        ..Position::of(game)
    };
    let mut plays: Vec<Candidate> = Vec::new();
    generator.for_each_play_above(&position, i32::MIN, &mut |found| {
        plays.push(found.candidate());
        i32::MIN
    });
    if plays.is_empty() {
        // the smallest number of tiles that makes any play at all
        return (NOVICE_TILES + 1..=RACK_SIZE).find_map(|n| {
            position.max_tiles = n;
            let mut best: Option<Candidate> = None;
            generator.for_each_play_above(&position, i32::MIN, &mut |found| {
                best = Some(found.candidate());
                found.score()
            });
            best
        });
    }
    let short = |p: &Candidate| p.formulas.iter().all(|f| f.tiles.len() <= NOVICE_FORMULA);
    if plays.iter().any(short) {
        plays.retain(short);
    }
    let known = |p: &Candidate| p.formulas.iter().all(|f| f.known);
    if plays.iter().any(known) {
        plays.retain(known);
    }
    // best first; equal scores keep the generator's order, so the choice is reproducible
    plays.sort_by_key(|p| std::cmp::Reverse(p.score));
    plays.truncate(NOVICE_CHOICES);
    let pick = (rng(game, 0x6e6f_7669).next_u64() % plays.len() as u64) as usize;
    Some(plays.swap_remove(pick))
}

/// No play: exchange (He and Ne first, never a Wild Isotope unless that is all there is)
/// while that can help, else pass or, in Solitaire, end the game. Each seat gets two
/// exchanges in a row before everyone passes, so a stuck board ends.
pub(crate) fn no_play(game: &Game) -> Move {
    let rack = game.rack(game.to_move()).to_vec();
    let mut give: Vec<Tile> = rack.iter().copied().filter(|&t| t != Tile::Wild).collect();
    if give.is_empty() {
        give = rack;
    }
    give.truncate(game.bag_len());
    let players = game.players().len();
    let may_exchange = game.can_exchange(give.len()).is_ok()
        && (game.kind() == Kind::Solitaire || idle_turns(game) < 2 * players);
    if may_exchange {
        Move::Exchange(give)
    } else if game.can_pass() {
        Move::Pass
    } else {
        Move::End
    }
}

/// Turns in a row, all seats together, since the last play.
pub(crate) fn idle_turns(game: &Game) -> usize {
    game.turns()
        .iter()
        .rev()
        .take_while(|t| t.kind != TurnKind::Play)
        .count()
}

/// The computer's own dice for this position: seeded by the game's seed and the number of
/// moves made, so the same position in the same game always gives the same move.
pub(crate) fn rng(game: &Game, salt: u64) -> ChaCha8 {
    let mut z = game
        .seed()
        .wrapping_add((game.moves().len() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        ^ salt;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    ChaCha8::seed_from_u64(z ^ (z >> 31))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
