//! The endgame: once the bag is empty in a two-player game the opponent's rack is exactly the unseen tiles, so the rest of the game is one of perfect information, searched by negamax with alpha-beta, iterative deepening and a cap on the work.

// Every move is made on a copy of the game by the game's own `play` and `pass`, and a line's
// value is read from the game's own scores once it ends (went out, everyone stuck), so the
// search applies exactly the rules the game applies: the scores, the Biology Bonus, the rack
// adjustments. A line cut short by the depth of an iteration is valued as if both seats were
// stuck there (each loses its own rack's points).
//
// Under the card and the chemist's referee every play of every node is searched, so a search
// that finishes is exact. In Theory Mode a rack can make hundreds of thousands of plays: each
// node keeps its `width` best-scoring plays of distinct shapes, the best play that goes out
// and the pass, so the search is exact only over those.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

use crate::board::Placement;
use crate::elements::Tile;
use crate::game::Game;
use crate::kind::Kind;
use crate::movegen::{Candidate, KeyHasher, MoveGenerator, Position, Shape};
use crate::record::Move;

/// How much work an endgame search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndgameLimits {
    /// Positions visited (moves made) at most, over all iterations; the best play of the
    /// deepest iteration finished by then is the answer.
    pub nodes: u64,
    /// Theory Mode: the best-scoring plays of distinct shapes searched at each node (with the
    /// best play that goes out, and the pass). The other referees search every play.
    pub width: usize,
}

impl Default for EndgameLimits {
    fn default() -> EndgameLimits {
        EndgameLimits {
            nodes: 3_000,
            width: 6,
        }
    }
}

/// What an endgame search found for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The play, or `None`: pass.
    pub play: Option<Candidate>,
    /// The final spread this line leads to, scores and rack adjustments included: the mover's
    /// final score less the opponent's. Exact when `complete`; otherwise as far as the deepest
    /// finished iteration saw (lines it cut short valued as if both seats were stuck there).
    pub value: i32,
    /// Moves deep (passes count) of the deepest iteration finished; 0 when the cap came first.
    pub depth: u32,
    /// Every line searched was followed to the game's end.
    pub complete: bool,
    /// Positions visited.
    pub nodes: u64,
}

impl Solved {
    /// The solved move as a record move.
    pub fn to_move(&self) -> Move {
        self.play.as_ref().map_or(Move::Pass, Candidate::to_move)
    }
}

/// Whether the game is in its endgame: two seats playing, the bag empty, not over.
pub fn is_endgame(game: &Game) -> bool {
    game.kind() == Kind::PassAndPlay
        && game.players().len() == 2
        && game.bag_len() == 0
        && !game.is_over()
}

/// The best move for the player to move in an endgame ([`is_endgame`]); `None` otherwise.
pub fn solve(generator: &mut MoveGenerator, game: &Game, limits: EndgameLimits) -> Option<Solved> {
    if !is_endgame(game) {
        return None;
    }
    let me = game.to_move();
    let scores = game.scores();
    let spread_now = scores[me] - scores[1 - me];
    // the opponent's rack as the mover knows it: the unseen tiles (the bag is empty), in the
    // tile list's order, never the order they stand on the opponent's rack
    let theirs = super::expert::unseen(game, me);
    let root = game.without_history().with_rack(1 - me, theirs);
    let mut search = Search {
        generator,
        limits,
        nodes: 0,
        table: Table::default(),
        lists: HashMap::default(),
    };
    let plays = search.plays(&root, true);
    // before any iteration finishes: the best score (the pass when there is no play)
    let mut best = Solved {
        play: plays.first().and_then(|s| s.candidate.clone()),
        value: spread_now + stuck_value(&root),
        depth: 0,
        complete: false,
        nodes: 0,
    };
    let mut order: Vec<usize> = (0..plays.len()).collect();
    for depth in 1..=MAX_DEPTH {
        match search.root(&root, &plays, &order, depth) {
            Ok((at, value, complete)) => {
                best.play = plays[at].candidate.clone();
                best.value = spread_now + value;
                best.depth = depth;
                best.complete = complete;
                // the best first in the next iteration, the others in their order
                order.retain(|&i| i != at);
                order.insert(0, at);
                if complete {
                    break;
                }
            }
            Err(Capped) => break,
        }
    }
    best.nodes = search.nodes;
    Some(best)
}

/// Deeper than any endgame: 14 tiles, and at most 3 passes between plays.
const MAX_DEPTH: u32 = 64;
const INFINITE: i32 = 1 << 24;

/// The cap on nodes was reached: the iteration is abandoned.
struct Capped;

/// One move at a node: a play (its tiles, and at the root the whole candidate) or the pass.
struct Step {
    tiles: Option<Vec<Placement>>,
    candidate: Option<Candidate>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

/// What a search remembers of a position: its value from there on (for the player to move),
/// how deep it was searched, whether every line under it reached the game's end, and the
/// index of its best move in its move list (lists are rebuilt the same every time).
#[derive(Clone, Copy)]
struct Entry {
    value: i32,
    bound: Bound,
    depth: u32,
    complete: bool,
    best: u16,
}

type Table = HashMap<u64, Entry, BuildHasherDefault<KeyHasher>>;

/// A position's key: the tiles each seat has laid since the search began (which fixes the
/// board and both racks, in any order laid), whose turn it is and the passes in a row.
fn tile_key(seat: usize, p: &Placement) -> u64 {
    let mut z = (seat as u64) << 24
        | u64::from(p.row) << 16
        | u64::from(p.col) << 8
        | (p.el.index() as u64) << 1
        | u64::from(p.wild);
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The board and the mover's rack: what its move list depends on.
fn mover_key(laid: u64, game: &Game) -> u64 {
    laid ^ (game.to_move() as u64 + 1).wrapping_mul(0xd6e8_feb8_6659_fd93)
}

/// The position, passes in a row included: what its value depends on.
fn node_key(laid: u64, game: &Game) -> u64 {
    mover_key(laid, game) ^ (game.passes_in_a_row() as u64 + 1).wrapping_mul(0xa076_1d64_78bd_642f)
}

/// A position's value from here on, for the player to move, were both seats stuck now.
fn stuck_value(game: &Game) -> i32 {
    let me = game.to_move();
    game.rack_points(1 - me) - game.rack_points(me)
}

/// The mover's spread in a game copied without history: its score less the opponent's.
fn spread(game: &Game, me: usize) -> i32 {
    let scores = game.scores();
    scores[me] - scores[1 - me]
}

struct Search<'g> {
    generator: &'g mut MoveGenerator,
    limits: EndgameLimits,
    nodes: u64,
    table: Table,
    /// Each position's move list, kept for the next iteration's visit (generating it is most
    /// of a node's work).
    lists: HashMap<u64, Rc<[Step]>, BuildHasherDefault<KeyHasher>>,
}

impl Search<'_> {
    /// [`Search::plays`] of a position inside the tree, generated once per search.
    fn plays_at(&mut self, game: &Game, laid: u64) -> Rc<[Step]> {
        let key = mover_key(laid, game);
        if let Some(list) = self.lists.get(&key) {
            return Rc::clone(list);
        }
        let list: Rc<[Step]> = self.plays(game, false).into();
        self.lists.insert(key, Rc::clone(&list));
        list
    }

    /// The moves of the player to move, best score first (the generator's order on a tie),
    /// the pass last. `whole`: keep each play's candidate (the root's answer).
    fn plays(&mut self, game: &Game, whole: bool) -> Vec<Step> {
        let theory = game.mode().by_valency();
        let position = Position {
            canonical: theory,
            ..game.position()
        };
        let rack = position.rack.len();
        let mut found: Vec<(i32, Step)> = Vec::new();
        let step = |f: &crate::movegen::Found<'_>| Step {
            tiles: Some(f.placements()),
            candidate: whole.then(|| f.candidate()),
        };
        if theory {
            let width = self.limits.width.max(1);
            let mut top: Vec<(Shape, i32, Step)> = Vec::with_capacity(width + 1);
            self.generator
                .for_each_play_above(&position, i32::MIN, &mut |f| {
                    let shape = f.shape();
                    let score = f.score();
                    let same = top.iter().position(|(s, _, _)| *s == shape);
                    if same.is_none_or(|i| top[i].1 < score) {
                        if let Some(i) = same {
                            top.remove(i);
                        }
                        let at = top.partition_point(|(_, s, _)| *s >= score);
                        top.insert(at, (shape, score, step(f)));
                        top.truncate(width);
                    }
                    match top.last() {
                        Some((_, last, _)) if top.len() == width => *last,
                        _ => i32::MIN,
                    }
                });
            // going out ends the game, however little it scores: the best play that does is
            // searched too, unless one is among the best already (then it is the best of them)
            // or a tile on the rack is one no formula takes (He, Ne)
            let can_go_out = position.rack.iter().all(|t| match t {
                Tile::Element(e) => !e.valences().is_empty(),
                Tile::Wild => true,
            });
            let has_out = top
                .iter()
                .any(|(_, _, s)| s.tiles.as_ref().map(Vec::len) == Some(rack));
            if can_go_out && !has_out {
                let mut out: Option<(Shape, i32, Step)> = None;
                self.generator
                    .for_each_play_above(&position, i32::MIN, &mut |f| {
                        if f.len() == rack {
                            out = Some((f.shape(), f.score(), step(f)));
                        }
                        out.as_ref().map_or(i32::MIN, |o| o.1)
                    });
                top.extend(out);
            }
            found.extend(top.into_iter().map(|(_, score, s)| (score, s)));
        } else {
            self.generator
                .for_each_play_above(&position, i32::MIN, &mut |f| {
                    found.push((f.score(), step(f)));
                    i32::MIN
                });
        }
        // stable: equal scores keep the generator's order
        found.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        let mut steps: Vec<Step> = found.into_iter().map(|(_, s)| s).collect();
        steps.push(Step {
            tiles: None,
            candidate: None,
        });
        steps
    }

    /// The game after `step`, the mover's spread gained by it, and the new key.
    fn make(&mut self, game: &Game, laid: u64, step: &Step) -> Result<(Game, i32, u64), Capped> {
        self.nodes += 1;
        if self.nodes > self.limits.nodes {
            return Err(Capped);
        }
        let me = game.to_move();
        let before = spread(game, me);
        let mut next = game.clone();
        let mut laid = laid;
        let made = match &step.tiles {
            Some(tiles) => {
                for p in tiles {
                    laid ^= tile_key(me, p);
                }
                next.play(tiles).is_ok()
            }
            None => next.pass().is_ok(),
        };
        // the generator's plays are legal, so this never happens; a refused move is no move
        if !made {
            return Ok((game.clone(), -INFINITE, laid));
        }
        let gained = spread(&next, me) - before;
        Ok((next, gained, laid))
    }

    /// One iteration at the root: the index of the best move, its value from here on for the
    /// player to move, and whether every line reached the game's end.
    fn root(
        &mut self,
        game: &Game,
        steps: &[Step],
        order: &[usize],
        depth: u32,
    ) -> Result<(usize, i32, bool), Capped> {
        let mut best = (order[0], -INFINITE);
        let mut complete = true;
        for &i in order {
            let (child, gained, laid) = self.make(game, 0, &steps[i])?;
            let (value, done) = if child.is_over() {
                (gained, true)
            } else {
                // a window just above the best so far: a move must beat it to matter
                let (v, done) =
                    self.negamax(&child, laid, depth - 1, -INFINITE, gained - best.1)?;
                (gained - v, done)
            };
            complete &= done;
            if value > best.1 {
                best = (i, value);
            }
        }
        Ok((best.0, best.1, complete))
    }

    /// The value of `game` from here on for the player to move, searched `depth` moves deep
    /// within (alpha, beta), and whether every line under it reached the game's end.
    fn negamax(
        &mut self,
        game: &Game,
        laid: u64,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, bool), Capped> {
        if depth == 0 {
            return Ok((stuck_value(game), false));
        }
        let key = node_key(laid, game);
        let remembered = self.table.get(&key).copied();
        if let Some(e) = remembered {
            if e.complete || e.depth >= depth {
                match e.bound {
                    Bound::Exact => return Ok((e.value, e.complete)),
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return Ok((e.value, e.complete));
                }
            }
        }
        let steps = self.plays_at(game, laid);
        let first = remembered.map_or(0, |e| usize::from(e.best));
        let order = std::iter::once(first)
            .filter(|&i| i < steps.len())
            .chain((0..steps.len()).filter(|&i| i != first));
        let start_alpha = alpha;
        let (mut best, mut best_at) = (-INFINITE, 0);
        let mut complete = true;
        for i in order {
            let (child, gained, laid) = self.make(game, laid, &steps[i])?;
            let (value, done) = if child.is_over() {
                (gained, true)
            } else {
                let (v, done) =
                    self.negamax(&child, laid, depth - 1, gained - beta, gained - alpha)?;
                (gained - v, done)
            };
            complete &= done;
            if value > best {
                best = value;
                best_at = i;
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= start_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            key,
            Entry {
                value: best,
                bound,
                depth,
                complete,
                best: best_at.min(usize::from(u16::MAX)) as u16,
            },
        );
        Ok((best, complete))
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::computer::{Computer, Level};
    use crate::movegen::{best_play, legal_plays};
    use crate::record::GameRecord;

    /// The mover's final spread less its spread now, both seats playing their best: every
    /// legal play and the pass, every line to the game's end, nothing pruned or remembered.
    fn minimax(game: &Game) -> i32 {
        if game.is_over() {
            return 0;
        }
        let me = game.to_move();
        let mut moves: Vec<Move> = legal_plays(game).iter().map(Candidate::to_move).collect();
        moves.push(Move::Pass);
        moves
            .iter()
            .map(|mv| {
                let mut next = game.clone();
                assert!(next.apply(mv).is_ok(), "{mv:?}");
                spread(&next, me) - spread(game, me) - minimax(&next)
            })
            .max()
            .unwrap_or(0)
    }

    /// The mover's final spread after `mv`, both seats playing their best from there.
    fn after(game: &Game, mv: &Move) -> i32 {
        let me = game.to_move();
        let mut next = game.clone();
        assert!(next.apply(mv).is_ok(), "{mv:?}");
        spread(&next, me) - if next.is_over() { 0 } else { minimax(&next) }
    }

    fn record(json: &str) -> Game {
        let record = GameRecord::parse(json).unwrap_or_else(|e| panic!("{e}"));
        Game::replay(&record).unwrap_or_else(|e| panic!("{e}"))
    }

    fn symbols(tiles: &[crate::elements::Tile]) -> Vec<&'static str> {
        tiles.iter().map(|t| t.symbol()).collect()
    }

    /// Ada (N H H) against Bo (C O), the bag empty, Standard Mode. Her best score, 10 points,
    /// keeps a tile; Bo then goes out, takes her tile's points twice over, and she loses by 12.
    /// Going out for 8 points ends the game at once with Bo's C and O hers: she wins by 2.
    const GOING_OUT_WINS: &str = include_str!("../../tests/positions/going-out-wins.json");

    #[test]
    fn going_out_for_less_beats_the_bigger_play_that_lets_the_opponent_out() {
        let game = record(GOING_OUT_WINS);
        assert!(is_endgame(&game));
        assert_eq!(symbols(game.rack(0)), ["N", "H", "H"]);
        assert_eq!(symbols(game.rack(1)), ["C", "O"]);
        // the greedy play: the most points, a tile kept, and a lost game
        let greedy = best_play(&game).unwrap_or_else(|| panic!("a play"));
        assert_eq!(greedy.score, 10);
        assert!(greedy.tiles.len() < 3);
        assert_eq!(after(&game, &greedy.to_move()), -12);
        // the solver goes out for less and wins
        let solved = solve(&mut MoveGenerator::new(), &game, EndgameLimits::default())
            .unwrap_or_else(|| panic!("an endgame"));
        assert!(solved.complete);
        assert_eq!(solved.value, 2);
        let play = solved.play.clone().unwrap_or_else(|| panic!("a play"));
        assert_eq!(play.tiles.len(), 3, "{play:?}");
        assert_eq!(play.score, 8);
        assert_eq!(after(&game, &solved.to_move()), 2);
        assert_eq!(minimax(&game) + spread(&game, 0), 2);
        // Bo's rack is known as the unseen tiles: its order changes nothing
        let mut turned = game
            .clone()
            .with_rack(1, game.rack(1).iter().rev().copied().collect());
        assert_eq!(symbols(turned.rack(1)), ["O", "C"]);
        let again = solve(&mut MoveGenerator::new(), &turned, EndgameLimits::default());
        assert_eq!(
            again.as_ref().map(|s| (&s.play, s.value)),
            Some((&solved.play, 2))
        );
        assert!(turned.apply(&play.to_move()).is_ok());
        // and so does the Professor, where its look-ahead-free play under the card took the 10
        let mut computer = Computer::new();
        assert_eq!(
            computer.choose_move(&game, Level::Professor),
            Some(play.to_move())
        );
        let mut game = game;
        assert!(game.apply(&play.to_move()).is_ok());
        assert_eq!(game.winners(), Some(vec![0]));
    }

    /// Small Standard Mode endgames: explicit bags of common tiles played greedily until the
    /// bag is empty and at most `tiles` are left on the two racks.
    fn small_endgames(count: usize, tiles: usize) -> Vec<Game> {
        let pool: Vec<crate::elements::Tile> = "H H H H O O O C C N Na Cl Cl K Mg Fe S Ca Zn Cu"
            .split(' ')
            .filter_map(crate::elements::Tile::from_symbol)
            .collect();
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut dice = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let mut found = Vec::new();
        while found.len() < count {
            let len = 16 + dice(6);
            let mut record = GameRecord::new_game(
                Kind::PassAndPlay,
                crate::referee::Mode::Standard,
                vec!["Ada".into(), "Bo".into()],
                0,
                1,
            );
            record.bag = Some((0..len).map(|_| pool[dice(pool.len())]).collect());
            let Ok(mut game) = Game::replay(&record) else {
                continue;
            };
            let left = |g: &Game| g.rack(0).len() + g.rack(1).len();
            while !game.is_over() && game.turns().len() < 60 {
                if is_endgame(&game) && left(&game) <= tiles {
                    break;
                }
                let made = match best_play(&game) {
                    Some(play) => game.play(&play.tiles).is_ok(),
                    None if game.bag_len() > 0 => {
                        let give = vec![game.rack(game.to_move())[0]];
                        game.exchange(&give).is_ok()
                    }
                    None => game.pass().is_ok(),
                };
                if !made {
                    break;
                }
            }
            if is_endgame(&game) && left(&game) <= tiles && left(&game) > 1 {
                found.push(game);
            }
        }
        found
    }

    #[test]
    fn the_solver_s_value_is_the_full_minimax_value_on_small_endgames() {
        let mut generator = MoveGenerator::new();
        let mut differs = 0;
        for (i, game) in small_endgames(30, 6).iter().enumerate() {
            let me = game.to_move();
            let solved = solve(&mut generator, game, EndgameLimits::default())
                .unwrap_or_else(|| panic!("position {i}: an endgame"));
            let truth = minimax(game) + spread(game, me);
            assert!(solved.complete, "position {i}");
            assert_eq!(solved.value, truth, "position {i}");
            // the move it chose is worth exactly that
            assert_eq!(after(game, &solved.to_move()), truth, "position {i}");
            // and so is every position one move on, for the other seat
            for play in legal_plays(game) {
                let mut next = game.clone();
                assert!(next.play(&play.tiles).is_ok());
                if next.is_over() {
                    continue;
                }
                let solved = solve(&mut generator, &next, EndgameLimits::default());
                let truth = minimax(&next) + spread(&next, next.to_move());
                assert_eq!(
                    solved.map(|s| s.value),
                    Some(truth),
                    "position {i}, {play:?}"
                );
            }
            if best_play(game).is_some_and(|g| after(game, &g.to_move()) < truth) {
                differs += 1;
            }
        }
        // not all of them easy: in some, the greedy play is worse
        assert!(differs > 0);
    }

    /// The first position of a greedy Theory game with the bag empty.
    fn theory_endgame(seed: u64) -> Game {
        let record = GameRecord::new_game(
            Kind::PassAndPlay,
            crate::referee::Mode::Theory,
            vec!["Ada".into(), "Bo".into()],
            0,
            seed,
        );
        let mut game = Game::start(record).unwrap_or_else(|e| panic!("{e}"));
        let mut computer = Computer::new();
        while !game.is_over() && !is_endgame(&game) {
            let mv = computer.choose_move(&game, Level::Chemist);
            assert!(mv.is_some_and(|mv| game.apply(&mv).is_ok()));
        }
        game
    }

    #[test]
    fn a_search_stopped_by_its_cap_returns_a_legal_play() {
        let game = theory_endgame(3);
        assert!(is_endgame(&game));
        let mut generator = MoveGenerator::new();
        let mut depths = Vec::new();
        for nodes in [0, 1, 5, 40, 300] {
            let limits = EndgameLimits { nodes, width: 6 };
            let solved = solve(&mut generator, &game, limits)
                .unwrap_or_else(|| panic!("{nodes}: an endgame"));
            assert!(!solved.complete, "{nodes}");
            assert!(solved.nodes <= nodes + 1, "{nodes}: {}", solved.nodes);
            let mut next = game.clone();
            let mv = solved.to_move();
            assert!(next.apply(&mv).is_ok(), "{nodes}: {mv:?}");
            if let Some(play) = &solved.play {
                assert_eq!(next.last_turn().map(|t| t.score), Some(play.score));
            }
            depths.push(solved.depth);
        }
        // with nothing searched, the best score; with more work, deeper
        assert_eq!(depths[0], 0);
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
        assert!(depths[4] >= 2, "{depths:?}");
        let first = solve(&mut generator, &game, EndgameLimits { nodes: 0, width: 6 });
        let greedy = best_play(&game).map(|p| p.score);
        assert_eq!(first.and_then(|s| s.play).map(|p| p.score), greedy);
    }

    #[test]
    fn only_two_seat_games_with_the_bag_empty_are_solved() {
        let mut generator = MoveGenerator::new();
        // the bag still holds tiles
        let start = record(
            r#"{"format":"molscrab-game/1","kind":"pass-and-play","theory":false,
                "players":["Ada","Bo"],"first":0,"seed":4}"#,
        );
        assert!(solve(&mut generator, &start, EndgameLimits::default()).is_none());
        // three seats, the bag empty: the opponents' racks are not each known
        let three = record(
            r#"{"format":"molscrab-game/1","kind":"pass-and-play","theory":false,
                "players":["Ada","Bo","Cy"],"first":0,"seed":1,
                "bag":["H","H","O","C","O","O","N","N","H","H","H","Cl","Na","Cl"]}"#,
        );
        assert_eq!(three.bag_len(), 0);
        assert!(solve(&mut generator, &three, EndgameLimits::default()).is_none());
        // Solitaire
        let alone = record(
            r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,
                "players":["Ada"],"first":0,"seed":1,"bag":["H","H","O"]}"#,
        );
        assert!(solve(&mut generator, &alone, EndgameLimits::default()).is_none());
    }
}
