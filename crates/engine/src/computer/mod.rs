//! Computer players (RULES §10): the three levels, and the move each makes, deterministic given the position and the game's seed.

// A computer sees what a person at the table sees: the board, its own rack, the turns, and
// how many tiles the bag holds. What it can't see — the bag's order, the other racks — it
// knows only as a multiset of unseen tiles, which is what anyone can count from the tile list.

pub mod endgame;
mod expert;
mod leave;

use crate::bag::ChaCha8;

use crate::elements::Tile;
use crate::game::Game;
use crate::kind::Kind;
use crate::movegen::{Candidate, Found, MoveGenerator, Position};
use crate::record::Move;
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

/// What the Apprentice overlooks on one turn: whole classes of plays, as a beginner does —
/// never a play it has seen, for it plays the best of what it finds. Drawn from the
/// computer's own dice, so the same position gives the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overlooked {
    /// It reads the board one way a turn: along rows (then this is false: it overlooks the
    /// plays down columns) or down columns, at random.
    pub across: bool,
    /// Three turns in four it overlooks plays that make a second formula across their line.
    pub crossings: bool,
    /// Half the turns it overlooks plays that use a Wild Isotope.
    pub wild: bool,
}

impl Overlooked {
    /// This turn's, for the player to move.
    pub fn this_turn(game: &Game) -> Overlooked {
        let dice = rng(game, 0x6e6f_7669).next_u64();
        Overlooked {
            across: dice & 1 == 1,
            crossings: dice >> 1 & 3 != 0,
            wild: dice >> 3 & 1 == 1,
        }
    }

    /// Whether `play` is in a class overlooked.
    pub fn hides(self, play: &Found<'_>) -> bool {
        play.across() != self.across
            || (self.crossings && play.crosses())
            || (self.wild && play.uses_wild())
    }
}

/// A beginner's play: the best-scoring of the plays it finds this turn (see [`Overlooked`]);
/// when it finds none, the best there is, so it is never stuck while a play exists.
fn novice_play(generator: &mut MoveGenerator, game: &Game) -> Option<Candidate> {
    // one order of the tiles on plain squares is enough: the others score the same
    let position = Position {
        canonical: true,
        ..game.position()
    };
    let overlooked = Overlooked::this_turn(game);
    let mut best: Option<Candidate> = None;
    // branch and bound: each play found raises the floor, so only better ones are walked
    generator.for_each_play_above(&position, i32::MIN, &mut |found| {
        if !overlooked.hides(found) {
            best = Some(found.candidate());
        }
        best.as_ref().map_or(i32::MIN, |b| b.score)
    });
    best.or_else(|| generator.best_play(game))
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
        && (game.kind() == Kind::Solitaire || idle_turns(game) < STUCK_ROUNDS * players);
    if may_exchange {
        Move::Exchange(give)
    } else if game.can_pass() {
        Move::Pass
    } else {
        Move::End
    }
}

/// Rounds of the table without a play in which a stuck computer still exchanges (the
/// Professor's, while it is ahead); after them it passes, so a stuck game ends.
pub(crate) const STUCK_ROUNDS: usize = 2;

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
