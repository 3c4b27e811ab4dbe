//! The expert: of the best few plays, the one worth most once the other seats' best answers and its own next play are weighed, over a few imagined draws of the unseen tiles.

use crate::bag::ChaCha8;

use super::endgame::{self, EndgameLimits};
use super::leave::LeaveTable;
use super::rng;
use super::{idle_turns, Decision, STUCK_ROUNDS};
use crate::board::{Board, Placement};
use crate::elements::{Tile, RACK_SIZE};
use crate::game::Game;
use crate::kind::Kind;
use crate::movegen::{Candidate, Found, MoveGenerator, Position, Shape};
use crate::record::Move;
use crate::referee::Mode;

/// The expert's knobs; `Expert::default()` is the one shipped, and docs/COMPUTER.md's steps turn
/// them one at a time (`examples/expert_steps.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct Expert {
    /// Weigh the tiles kept (the referee's leave table), not only the score, in choosing the
    /// candidates.
    pub leave: bool,
    /// How much of the leave still counts once the look-ahead has weighed a candidate, in
    /// percent. 0: the leave only chooses the candidates, as its own next play already sees
    /// the tiles kept, on a few draws (counting it again measured weaker).
    pub leave_percent: i32,
    /// Exchange when giving some tiles back is worth more (by the leave table) than the best
    /// play's score and leave, by at least `exchange_margin` tenths of a point (in Theory
    /// Mode `theory_exchange_margin`: there a rack left with tiles no formula takes costs more
    /// than its leave says, and exchanging up to 40 points sooner measured stronger).
    /// Elsewhere too, exchanging a point sooner measured a little stronger.
    pub exchange: bool,
    pub exchange_margin: i32,
    pub theory_exchange_margin: i32,
    /// With no play and behind (scores less rack points, each other seat's rack counted at
    /// the unseen tiles' mean), keep exchanging for this many rounds without a play before
    /// passing; ahead, `STUCK_ROUNDS` (two). A stuck game ends only when every seat passes in a row
    /// (RULES §6), and its end seals the scores, so a seat that is behind keeps drawing for
    /// a play.
    pub stuck_rounds_behind: usize,
    /// A leave table to use instead of the referee's (for experiments with new tables).
    pub table: Option<LeaveTable>,
    /// How many of the best plays (by score and leave) are looked at further.
    pub candidates: usize,
    /// How many opponent racks, drawn from the unseen tiles, each candidate is tried against.
    pub samples: usize,
    /// Look ahead under the referees of listed formulas too (Standard: the card; Chemist:
    /// the documented substances). Off: score and leave alone choose there, which measured
    /// stronger and takes a tenth of the time (COMPUTER.md).
    pub look_ahead_on_lists: bool,
    /// How much of the opponent's best answer counts against a candidate, in percent.
    pub reply_percent: i32,
    /// How much of its own best play after that answer counts for a candidate, in percent.
    pub own_percent: i32,
    /// With three or four seats, every other seat answers in turn before its own next play,
    /// and their answers count against a candidate as their mean (each point a seat scores
    /// is a point against me, but only against the others through it). Off: the next seat
    /// alone answers, counted whole.
    pub every_opponent: bool,
    /// With the bag empty: going out ends the game (no answer; the others' tiles are mine),
    /// and so does an opponent going out.
    pub endgame: bool,
    /// With the bag empty and two seats, the endgame solver's limits (`computer::endgame`):
    /// both racks are known, so it searches the rest of the game. `None`: the look-ahead and
    /// the going-out rules above play the endgame too.
    pub solver: Option<EndgameLimits>,
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
            leave: true,
            leave_percent: 0,
            exchange: true,
            exchange_margin: -10,
            theory_exchange_margin: -400,
            stuck_rounds_behind: 6,
            table: None,
            candidates: 8,
            samples: 3,
            look_ahead_on_lists: false,
            reply_percent: 100,
            own_percent: 100,
            every_opponent: true,
            endgame: true,
            solver: Some(EndgameLimits::default()),
            canonical: true,
            aspiration: true,
            distinct: true,
        }
    }
}

/// A candidate with its value in tenths of a point.
struct Weighed {
    value: i32,
    /// The part of `value` that is the leave.
    leave: i32,
    shape: Shape,
    play: Candidate,
}

impl Weighed {
    fn play(value: i32, leave: i32, found: &Found<'_>) -> Weighed {
        Weighed {
            value,
            leave,
            shape: found.shape(),
            play: found.candidate(),
        }
    }
}

impl Expert {
    /// The play for the player to move: `None` when it has none (the game is not over), and
    /// the caller falls back on the exchange-or-pass every level shares.
    pub(crate) fn choose(&self, generator: &mut MoveGenerator, game: &Game) -> Option<Decision> {
        // two seats and the bag empty: the opponent's rack is the unseen tiles, so search on
        if let Some(limits) = self.solver {
            if let Some(solved) = endgame::solve(generator, game, limits) {
                return Some(match solved.play {
                    Some(play) => Decision::Play(play),
                    None => Decision::Other(Move::Pass),
                });
            }
        }
        let me = game.to_move();
        let rack = game.rack(me).to_vec();
        let leaves = self.leaves(game);
        let mut top = self.candidates(generator, game, &rack, leaves);
        if top.is_empty() {
            // no play: give back the tiles worth least, where the rules let a stuck seat; a
            // seat that is behind keeps drawing for longer, as a stuck game's end seals it
            let rounds = if self.behind(game) {
                self.stuck_rounds_behind
            } else {
                STUCK_ROUNDS
            };
            return self
                .exchange(game, &rack, leaves, rounds * game.players().len())
                .map(|(_, give)| Decision::Other(Move::Exchange(give)));
        }
        // a play that keeps a poor rack can be worth less than drawing afresh
        if let Some((value, give)) = self.exchange(game, &rack, leaves, game.players().len()) {
            let margin = match game.mode() {
                Mode::Theory => self.theory_exchange_margin,
                Mode::Standard | Mode::Chemist => self.exchange_margin,
            };
            if value > top[0].value + margin {
                return Some(Decision::Other(Move::Exchange(give)));
            }
        }
        // with the bag empty, going out ends the game: worth a look however little it scores
        if self.endgame && game.bag_len() == 0 && game.kind() == Kind::PassAndPlay {
            if let Some(out) = self.going_out(generator, game, &rack) {
                if !top.iter().any(|w| w.shape == out.shape) {
                    top.push(out);
                }
            }
        }
        let look_ahead = self.look_ahead_on_lists || game.mode().by_valency();
        if look_ahead && self.samples > 0 && top.len() > 1 && game.kind() == Kind::PassAndPlay {
            self.look_ahead(generator, game, &rack, &mut top);
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
    /// Weighs each candidate by the game a few turns on, on `samples` imagined draws of the
    /// unseen tiles: the answers of the seats that play before me again (each seat's best
    /// play, one after another; only the next seat's without `every_opponent`), counted
    /// against it as their mean, and my own best play after them counted for it.
    fn look_ahead(
        &self,
        generator: &mut MoveGenerator,
        game: &Game,
        rack: &[Tile],
        top: &mut [Weighed],
    ) {
        let me = game.to_move();
        let seats = game.players().len();
        let answering = if self.every_opponent { seats - 1 } else { 1 };
        let answerers: Vec<usize> = (1..=answering).map(|k| (me + k) % seats).collect();
        let unseen = unseen(game, me);
        let mut dice = rng(game, 0x6578_7065);
        // the answering seats' racks, then the bag's tiles in an order: common to every
        // candidate, so candidates are compared on the same imagined futures
        let futures: Vec<(Vec<Vec<Tile>>, Vec<Tile>)> = (0..self.samples)
            .map(|_| {
                let mut bag = draw(&unseen, unseen.len(), &mut dice);
                let racks = answerers
                    .iter()
                    .map(|&seat| {
                        let rest = bag.split_off(game.rack(seat).len().min(bag.len()));
                        std::mem::replace(&mut bag, rest)
                    })
                    .collect();
                (racks, bag)
            })
            .collect();
        // each future's last answers and own next score: the next candidate's are near
        let mut guesses = vec![0; futures.len() * (answering + 1)];
        let weight = |points: i32| points * (answering as i32 + 1) / answering as i32;
        for w in top.iter_mut() {
            let mut kept = rack.to_vec();
            for p in &w.play.tiles {
                if let Some(at) = kept.iter().position(|&t| t == p.rack_tile()) {
                    kept.swap_remove(at);
                }
            }
            let draws = (RACK_SIZE - kept.len()).min(game.bag_len());
            if self.endgame && kept.is_empty() && game.bag_len() == 0 {
                // going out ends the game: no answer, and the others' tiles are mine
                let theirs: i32 = unseen.iter().map(|t| i32::from(t.points())).sum();
                w.value += weight(theirs) * 10;
                continue;
            }
            // in points, counted against the candidate as a mean over the answering seats
            let (mut against, mut mine) = (0, 0);
            for (f, (racks, bag)) in futures.iter().enumerate() {
                let guesses = &mut guesses[f * (answering + 1)..(f + 1) * (answering + 1)];
                let mut board = game.board().with(&w.play.tiles);
                let mut hand = kept.clone();
                hand.extend(bag.iter().take(draws));
                let mut bag_left = game.bag_len() - draws;
                let mut ended = false;
                for (k, theirs) in racks.iter().enumerate() {
                    let answer = self.position(game, &board, theirs);
                    let (reply, tiles) = self.best(generator, &answer, guesses[k]);
                    guesses[k] = reply;
                    against += reply;
                    let out = !tiles.is_empty() && tiles.len() == theirs.len();
                    if self.endgame && bag_left == 0 && out {
                        // they go out: the game ends with my tiles theirs
                        let left: i32 = hand.iter().map(|t| i32::from(t.points())).sum();
                        against += weight(left);
                        ended = true;
                        break;
                    }
                    bag_left -= tiles.len().min(bag_left);
                    board = board.with(&tiles);
                }
                if ended || self.own_percent == 0 {
                    continue;
                }
                let again = self.position(game, &board, &hand);
                let own = self.best(generator, &again, guesses[answering]).0;
                guesses[answering] = own;
                mine += own;
            }
            let n = futures.len() as i32;
            w.value -= against * 10 / (n * answering as i32) * self.reply_percent / 100;
            w.value += mine * 10 / n * self.own_percent / 100;
            // its own next play has seen the tiles kept, on a few draws
            w.value -= w.leave * (100 - self.leave_percent) / 100;
        }
    }

    /// A rack's position on a board imagined under the game's rules.
    fn position<'a>(&self, game: &'a Game, board: &'a Board, rack: &'a [Tile]) -> Position<'a> {
        Position {
            board,
            rack,
            clean_bench: false,
            max_tiles: RACK_SIZE,
            canonical: self.canonical,
            ..game.position()
        }
    }

    /// The best score a position allows and its tiles, searched from three quarters of
    /// `guess` (a neighbour's best) when `aspiration` is on.
    fn best(
        &self,
        generator: &mut MoveGenerator,
        position: &Position<'_>,
        guess: i32,
    ) -> (i32, Vec<Placement>) {
        if self.aspiration {
            best_near(generator, position, guess * 3 / 4)
        } else {
            best_on(generator, position)
        }
    }
}

impl Expert {
    /// The referee's leave table, when leaves are weighed and the bag can refill the rack.
    fn leaves(&self, game: &Game) -> Option<&LeaveTable> {
        (self.leave && game.bag_len() > 0).then(|| {
            self.table
                .as_ref()
                .unwrap_or_else(|| LeaveTable::of(game.mode()))
        })
    }

    /// A play's leave: what the tiles it keeps are worth, in tenths of a point.
    fn leave_of(
        rack: &[Tile],
        found: &Found<'_>,
        leaves: Option<&LeaveTable>,
        kept: &mut Vec<Tile>,
    ) -> i32 {
        let Some(leaves) = leaves else {
            return 0;
        };
        kept.clear();
        kept.extend_from_slice(rack);
        for used in found.used() {
            if let Some(at) = kept.iter().position(|&t| t == used) {
                kept.swap_remove(at);
            }
        }
        leaves.value(kept)
    }

    /// Whether the player to move trails some other seat once racks are counted: mine by
    /// their points, theirs (which I can't see) by the mean points of the tiles unseen.
    fn behind(&self, game: &Game) -> bool {
        let me = game.to_move();
        let scores = game.scores();
        let pool = unseen(game, me);
        let mean = if pool.is_empty() {
            0.0
        } else {
            pool.iter().map(|t| f64::from(t.points())).sum::<f64>() / pool.len() as f64
        };
        let mine = f64::from(scores[me] - game.rack_points(me));
        (0..scores.len()).filter(|&s| s != me).any(|s| {
            let theirs = f64::from(scores[s]) - game.rack(s).len() as f64 * mean;
            theirs > mine
        })
    }

    /// The best exchange by the leave table: its value (the tiles kept; it scores nothing)
    /// and the tiles given back. None in Solitaire, without leaves, when the bag can't take
    /// any, or once `idle` turns in a row have gone without a play (so stuck games end).
    fn exchange(
        &self,
        game: &Game,
        rack: &[Tile],
        leaves: Option<&LeaveTable>,
        idle: usize,
    ) -> Option<(i32, Vec<Tile>)> {
        let leaves = leaves?;
        if !self.exchange || game.kind() != Kind::PassAndPlay || idle_turns(game) >= idle {
            return None;
        }
        let mut best: Option<(i32, Vec<Tile>)> = None;
        let mut kept = Vec::with_capacity(RACK_SIZE);
        for give in 1u32..1 << rack.len() {
            let n = give.count_ones() as usize;
            if game.can_exchange(n).is_err() {
                continue;
            }
            kept.clear();
            kept.extend(
                (0..rack.len())
                    .filter(|i| give & 1 << i == 0)
                    .map(|i| rack[i]),
            );
            let value = leaves.value(&kept);
            if best.as_ref().is_none_or(|(v, _)| value > *v) {
                let given = (0..rack.len())
                    .filter(|i| give & 1 << i != 0)
                    .map(|i| rack[i])
                    .collect();
                best = Some((value, given));
            }
        }
        best
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
            ..game.position()
        };
        let mut best: Option<Weighed> = None;
        generator.for_each_play_above(&position, i32::MIN, &mut |found| {
            if found.len() == rack.len() {
                best = Some(Weighed::play(found.score() * 10, 0, found));
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
        leaves: Option<&LeaveTable>,
    ) -> Vec<Weighed> {
        let keep = self.candidates.max(1);
        let best_leave = leaves.map_or(0, |t| t.best(rack));
        let mut top: Vec<Weighed> = Vec::with_capacity(keep + 1);
        let mut kept = Vec::with_capacity(RACK_SIZE);
        let position = Position {
            canonical: self.canonical,
            ..game.position()
        };
        generator.for_each_play_above(&position, i32::MIN, &mut |found| {
            let leave = Self::leave_of(rack, found, leaves, &mut kept);
            let value = found.score() * 10 + leave;
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
                        top.insert(at, Weighed::play(value, leave, found));
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

/// The tiles seat `me` can't see, as a multiset (sorted: the tile list's order, then the Wild
/// Isotopes): the bag and the other racks. Also the endgame's picture of the opponent's rack.
pub(super) fn unseen(game: &Game, me: usize) -> Vec<Tile> {
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
