//! The expert: the play worth most after the tiles kept and what an opponent could answer with, and an exact look at the end.

use crate::bag::ChaCha8;

use super::{leave_value, rng};
use crate::board::Placement;
use crate::elements::{Tile, RACK_SIZE};
use crate::game::Game;
use crate::movegen::{Candidate, MoveGenerator, Position, Shape};
use crate::record::Kind;

/// The expert's knobs.
#[derive(Clone, Debug, PartialEq)]
pub struct Expert {
    /// Weigh the tiles kept (leave values), not only the score.
    pub leave: bool,
    /// How many of the best plays (by score and leave) are looked at further.
    pub candidates: usize,
    /// How many opponent racks, drawn from the unseen tiles, each candidate is tried against.
    pub samples: usize,
    /// How much of the opponent's best answer counts against a candidate, in percent.
    pub reply_percent: i32,
    /// How much of its own best play after that answer counts for a candidate, in percent.
    pub own_percent: i32,
    /// With the bag empty: going out ends the game (no answer; the others' tiles are mine),
    /// and so does an opponent going out.
    pub endgame: bool,
}

impl Default for Expert {
    fn default() -> Expert {
        Expert {
            leave: true,
            candidates: 8,
            samples: 2,
            reply_percent: 100,
            own_percent: 100,
            endgame: true,
        }
    }
}

/// A candidate with its value in tenths of a point.
struct Weighed {
    value: i32,
    shape: Shape,
    play: Candidate,
}

impl Expert {
    /// The play for the player to move, `None` when it has none (the game is not over).
    pub(crate) fn choose(&self, generator: &mut MoveGenerator, game: &Game) -> Option<Candidate> {
        let me = game.to_move();
        let rack = game.rack(me).to_vec();
        let position = Position::of(game);
        let keep = self.candidates.max(1);
        let leave_on = self.leave;
        let best_leave = if leave_on { best_leave(&rack) } else { 0 };
        let mut top: Vec<Weighed> = Vec::with_capacity(keep + 1);
        let mut kept = Vec::with_capacity(RACK_SIZE);
        generator.for_each_play_above(&position, i32::MIN, &mut |found| {
            let value = found.score() * 10
                + if leave_on {
                    kept.clear();
                    kept.extend_from_slice(&rack);
                    for used in found.used() {
                        if let Some(at) = kept.iter().position(|&t| t == used) {
                            kept.swap_remove(at);
                        }
                    }
                    leave_value(&kept)
                } else {
                    0
                };
            if top.len() < keep || top.last().is_some_and(|w| value > w.value) {
                let shape = found.shape();
                let same = top.iter().position(|w| w.shape == shape);
                match same {
                    Some(i) if top[i].value >= value => {}
                    _ => {
                        if let Some(i) = same {
                            top.remove(i);
                        }
                        let at = top.partition_point(|w| w.value >= value);
                        let play = found.candidate();
                        top.insert(at, Weighed { value, shape, play });
                        top.truncate(keep);
                    }
                }
            }
            // a play whose score, with the best leave the rack could keep, can't beat the
            // last kept candidate is not worth walking
            match top.last() {
                Some(w) if top.len() == keep => (w.value - best_leave).div_euclid(10),
                _ => i32::MIN,
            }
        });
        if top.is_empty() {
            return None;
        }
        if self.samples > 0 && top.len() > 1 && game.kind() == Kind::PassAndPlay {
            let next = (me + 1) % game.players().len();
            let unseen = unseen(game, me);
            let opponent_holds = game.rack(next).len();
            let mut dice = rng(game, 0x6578_7065);
            // the opponent's rack, then the bag's tiles in an order: common to every candidate,
            // so candidates are compared on the same imagined futures
            let futures: Vec<(Vec<Tile>, Vec<Tile>)> = (0..self.samples)
                .map(|_| {
                    let mut tiles = draw(&unseen, unseen.len(), &mut dice);
                    let bag = tiles.split_off(opponent_holds.min(tiles.len()));
                    (tiles, bag)
                })
                .collect();
            for w in top.iter_mut() {
                let after = game.board().with(&w.play.tiles);
                let mut kept = rack.clone();
                for p in &w.play.tiles {
                    if let Some(at) = kept.iter().position(|&t| t == p.rack_tile()) {
                        kept.swap_remove(at);
                    }
                }
                let draws = (RACK_SIZE - kept.len()).min(game.bag_len());
                if self.endgame && kept.is_empty() && game.bag_len() == 0 {
                    // going out ends the game: no answer, and the others' tiles are mine
                    let theirs: i32 = unseen.iter().map(|t| i32::from(t.points())).sum();
                    w.value += 2 * theirs * 10;
                    continue;
                }
                let (mut replies, mut mine) = (0, 0);
                for (theirs, bag) in &futures {
                    let answer = Position {
                        board: &after,
                        rack: theirs,
                        mode: game.mode(),
                        clean_bench: false,
                        max_tiles: RACK_SIZE,
                    };
                    let (reply, tiles) = best_on(generator, &answer);
                    replies += reply;
                    let mut hand = kept.clone();
                    hand.extend(bag.iter().take(draws));
                    if self.endgame && draws == game.bag_len() && tiles.len() == theirs.len() {
                        // they go out: the game ends with my tiles theirs
                        let left: i32 = hand.iter().map(|t| i32::from(t.points())).sum();
                        replies += 2 * left;
                        continue;
                    }
                    if self.own_percent > 0 {
                        let later = after.with(&tiles);
                        let again = Position {
                            board: &later,
                            rack: &hand,
                            mode: game.mode(),
                            clean_bench: false,
                            max_tiles: RACK_SIZE,
                        };
                        mine += best_on(generator, &again).0;
                    }
                }
                let n = futures.len() as i32;
                w.value -= replies * 10 / n * self.reply_percent / 100;
                w.value += mine * 10 / n * self.own_percent / 100;
            }
        }
        // the first of the best: the generator's order settles ties
        let mut best = 0;
        for (i, w) in top.iter().enumerate() {
            if w.value > top[best].value {
                best = i;
            }
        }
        Some(top.swap_remove(best).play)
    }
}

/// The best score a position allows and its tiles; 0 and none without a play.
fn best_on(generator: &mut MoveGenerator, position: &Position<'_>) -> (i32, Vec<Placement>) {
    let mut best = (0, Vec::new());
    generator.for_each_play_above(position, 0, &mut |found| {
        best = (found.score(), found.placements());
        best.0
    });
    best
}

/// The most any leave of `rack` could be worth: the leave values are per tile, so the best
/// keeps exactly the tiles worth something.
fn best_leave(rack: &[Tile]) -> i32 {
    rack.iter()
        .map(|&t| leave_value(&[t]).max(0))
        .sum::<i32>()
        .max(leave_value(rack))
}

/// The tiles seat `me` can't see, as a multiset: the bag and the other racks.
fn unseen(game: &Game, me: usize) -> Vec<Tile> {
    let mut tiles = game.bag().to_vec();
    for seat in (0..game.players().len()).filter(|&s| s != me) {
        tiles.extend_from_slice(game.rack(seat));
    }
    // order carries what no player knows: sort it away
    tiles.sort();
    tiles
}

/// `n` tiles drawn at random from `pool`.
fn draw(pool: &[Tile], n: usize, dice: &mut ChaCha8) -> Vec<Tile> {
    let mut pool = pool.to_vec();
    let n = n.min(pool.len());
    for i in 0..n {
        let j = i + (dice.next_u64() % (pool.len() - i) as u64) as usize;
        pool.swap(i, j);
    }
    pool.truncate(n);
    pool
}
