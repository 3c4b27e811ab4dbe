//! The expert: of the best few plays, the one worth most once the opponent's best answer and its own next play are weighed, over a few imagined draws of the unseen tiles.

use crate::bag::ChaCha8;

use super::leave::{best_leave, leave_value};
use super::rng;
use super::Decision;
use crate::board::Placement;
use crate::elements::{Tile, RACK_SIZE};
use crate::game::Game;
use crate::movegen::{Candidate, Found, MoveGenerator, Position, Shape};
use crate::record::Kind;

/// The expert's knobs; `Expert::default()` is the one shipped, and the README's steps turn
/// them one at a time (`examples/expert_steps.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct Expert {
    /// Weigh the tiles kept (leave values), not only the score. Off: the fitted values hurt.
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
    /// Searches skip plays that differ only by tiles swapped between plain squares.
    pub canonical: bool,
    /// Searches in the look-ahead start from three quarters of the previous candidate's.
    pub aspiration: bool,
    /// Candidates are of distinct shapes: not the same tiles on the same squares in
    /// another order.
    pub distinct: bool,
}

impl Default for Expert {
    fn default() -> Expert {
        Expert {
            leave: false,
            candidates: 8,
            samples: 3,
            reply_percent: 100,
            own_percent: 100,
            endgame: true,
            canonical: true,
            aspiration: true,
            distinct: true,
        }
    }
}

/// A candidate with its value in tenths of a point.
struct Weighed {
    value: i32,
    shape: Shape,
    play: Candidate,
}

impl Weighed {
    fn play(value: i32, found: &Found<'_>) -> Weighed {
        Weighed {
            value,
            shape: found.shape(),
            play: found.candidate(),
        }
    }
}

impl Expert {
    /// The play for the player to move: `None` when it has none (the game is not over), and
    /// the caller falls back on the exchange-or-pass every level shares.
    pub(crate) fn choose(&self, generator: &mut MoveGenerator, game: &Game) -> Option<Decision> {
        let me = game.to_move();
        let rack = game.rack(me).to_vec();
        let mut top = self.candidates(generator, game, &rack);
        if top.is_empty() {
            return None;
        }
        // with the bag empty, going out ends the game: worth a look however little it scores
        if self.endgame && game.bag_len() == 0 && game.kind() == Kind::PassAndPlay {
            if let Some(out) = self.going_out(generator, game, &rack) {
                if !top.iter().any(|w| w.shape == out.shape) {
                    top.push(out);
                }
            }
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
            // each future's last answer and own next score: the next candidate's are near
            let mut guesses = vec![(0, 0); futures.len()];
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
                for (f, (theirs, bag)) in futures.iter().enumerate() {
                    let answer = Position {
                        board: &after,
                        rack: theirs,
                        mode: game.mode(),
                        clean_bench: false,
                        max_tiles: RACK_SIZE,
                        canonical: self.canonical,
                        organic: Position::organic_in(game),
                        ions: Position::ions_in(game),
                    };
                    let (reply, tiles) = if self.aspiration {
                        best_near(generator, &answer, guesses[f].0 * 3 / 4)
                    } else {
                        best_on(generator, &answer)
                    };
                    guesses[f].0 = reply;
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
                            canonical: self.canonical,
                            organic: Position::organic_in(game),
                            ions: Position::ions_in(game),
                        };
                        let own = if self.aspiration {
                            best_near(generator, &again, guesses[f].1 * 3 / 4).0
                        } else {
                            best_on(generator, &again).0
                        };
                        guesses[f].1 = own;
                        mine += own;
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
        Some(Decision::Play(top.swap_remove(best).play))
    }
}

impl Expert {
    /// A play's value before any look-ahead: its score and, if weighed, its leave.
    fn value(&self, rack: &[Tile], found: &Found<'_>, kept: &mut Vec<Tile>) -> i32 {
        let mut value = found.score() * 10;
        if self.leave {
            kept.clear();
            kept.extend_from_slice(rack);
            for used in found.used() {
                if let Some(at) = kept.iter().position(|&t| t == used) {
                    kept.swap_remove(at);
                }
            }
            value += leave_value(kept);
        }
        value
    }

    /// The best play that places every tile on the rack, if any.
    fn going_out(
        &self,
        generator: &mut MoveGenerator,
        game: &Game,
        rack: &[Tile],
    ) -> Option<Weighed> {
        let position = Position {
            canonical: self.canonical,
            ..Position::of(game)
        };
        let mut best: Option<Weighed> = None;
        generator.for_each_play_above(&position, i32::MIN, &mut |found| {
            if found.len() == rack.len() {
                best = Some(Weighed::play(found.score() * 10, found));
            }
            best.as_ref().map_or(i32::MIN, |w| w.play.score)
        });
        best
    }

    /// The best plays of distinct shapes, best first.
    fn candidates(
        &self,
        generator: &mut MoveGenerator,
        game: &Game,
        rack: &[Tile],
    ) -> Vec<Weighed> {
        let keep = self.candidates.max(1);
        let best_leave = if self.leave { best_leave(rack) } else { 0 };
        let mut top: Vec<Weighed> = Vec::with_capacity(keep + 1);
        let mut kept = Vec::with_capacity(RACK_SIZE);
        let position = Position {
            canonical: self.canonical,
            ..Position::of(game)
        };
        generator.for_each_play_above(&position, i32::MIN, &mut |found| {
            let value = self.value(rack, found, &mut kept);
            if top.len() < keep || top.last().is_some_and(|w| value > w.value) {
                let shape = found.shape();
                let same = if self.distinct {
                    top.iter().position(|w| w.shape == shape)
                } else {
                    None
                };
                match same {
                    Some(i) if top[i].value >= value => {}
                    _ => {
                        if let Some(i) = same {
                            top.remove(i);
                        }
                        let at = top.partition_point(|w| w.value >= value);
                        top.insert(at, Weighed::play(value, found));
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
        top
    }
}

/// The best score a position allows and its tiles; 0 and none without a play.
fn best_on(generator: &mut MoveGenerator, position: &Position<'_>) -> (i32, Vec<Placement>) {
    best_above(generator, position, 0)
}

/// [`best_on`] for a position whose best play is expected above `guess` (a neighbour's
/// best): searching from there first prunes far more, and only when nothing beats it is the
/// search run again from 0. The answer is the same.
fn best_near(
    generator: &mut MoveGenerator,
    position: &Position<'_>,
    guess: i32,
) -> (i32, Vec<Placement>) {
    if guess > 0 {
        let found = best_above(generator, position, guess);
        if found.0 > guess {
            return found;
        }
    }
    best_above(generator, position, 0)
}

fn best_above(
    generator: &mut MoveGenerator,
    position: &Position<'_>,
    floor: i32,
) -> (i32, Vec<Placement>) {
    let mut best = (0, Vec::new());
    generator.for_each_play_above(position, floor, &mut |found| {
        best = (found.score(), found.placements());
        best.0
    });
    best
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
