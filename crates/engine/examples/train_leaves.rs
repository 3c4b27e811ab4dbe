//! Learns a referee's leave table (`crates/engine/src/computer/leaves/MODE.txt`): what keeping each tile adds to the next turn's best play, against drawing a fresh one.
//!
//! `cargo run --release -p molscrab-engine --example train_leaves -- MODE [GAMES] [SEED]
//! [RACKS]` (default 200 games, seed 1, 24 racks a position) prints the table to stdout.
//!
//! Greedy self-play under the referee gives the boards. On each board met while the bag can
//! still refill a rack, `RACKS` racks of 7 are drawn at random from the tiles the player to
//! move can't see, and each rack's best score there is found. A least-squares fit of that score
//! on how many of each tile the rack holds (each kind's first copy and its further copies)
//! gives each tile's worth in a rack; less the average drawn tile's, it is the tile's leave
//! value. The racks are random, never a leave a player chose, so a tile is not blamed for the
//! poor racks that make a player keep it (the confound of a fit on the leaves players chose).

// matrix arithmetic reads best with indices
#![allow(clippy::needless_range_loop)]

use molscrab_engine::bag::ChaCha8;
use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::computer::{Computer, LeaveTable, Level};
use molscrab_engine::elements::{Element, Tile, RACK_SIZE};
use molscrab_engine::game::Game;
use molscrab_engine::movegen::{MoveGenerator, Position};
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::referee::{chemist, Mode};
use molscrab_engine::selfplay::game_seed;

const TABLE: &str = include_str!("../../../public/lazy/substances.txt");
const KINDS: usize = Element::COUNT + 1;
/// Features: each kind's first copy, then its further copies.
const FEATURES: usize = 2 * KINDS;
/// Pulls a rarely drawn tile's value towards the average tile's.
const RIDGE: f64 = 20.0;

fn kind(t: Tile) -> usize {
    match t {
        Tile::Element(e) => e.index(),
        Tile::Wild => Element::COUNT,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode: Mode = args
        .first()
        .map_or("standard", String::as_str)
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let number = |i: usize, default: u64| {
        args.get(i)
            .and_then(|a| a.parse::<u64>().ok())
            .unwrap_or(default)
    };
    let (games, seed, racks) = (number(1, 200) as u32, number(2, 1), number(3, 24) as usize);
    chemist::install(&Substances::parse(TABLE).expect("the committed table reads"));
    let mut computer = Computer::new();
    let mut generator = MoveGenerator::new();
    let mut dice = ChaCha8::seed_from_u64(seed ^ 0x6c65_6176);
    // normal equations of (score - mean) on the features, and the draws per kind
    let mut xtx = vec![[0f64; FEATURES]; FEATURES];
    let mut xty = [0f64; FEATURES];
    let (mut samples, mut total, mut positions) = (0usize, 0f64, 0usize);
    let mut drawn = [0usize; KINDS];
    let mut scores: Vec<(Vec<usize>, f64)> = Vec::new();
    for index in 0..games {
        let record = GameRecord::new_game(
            Kind::PassAndPlay,
            mode,
            vec!["A".into(), "B".into()],
            index as usize % 2,
            game_seed(seed, index),
        );
        let Ok(mut game) = Game::start(record) else {
            continue;
        };
        while !game.is_over() {
            if game.bag_len() >= RACK_SIZE {
                positions += 1;
                let me = game.to_move();
                let mut unseen = game.bag().to_vec();
                for seat in (0..game.players().len()).filter(|&s| s != me) {
                    unseen.extend_from_slice(game.rack(seat));
                }
                for _ in 0..racks {
                    let rack = draw(&mut unseen, &mut dice);
                    let position = Position {
                        rack: &rack,
                        canonical: true,
                        clean_bench: false,
                        ..game.position()
                    };
                    let mut best = 0;
                    generator.for_each_play_above(&position, 0, &mut |found| {
                        best = best.max(found.score());
                        best
                    });
                    let mut counts = [0usize; KINDS];
                    let mut features = Vec::with_capacity(RACK_SIZE);
                    for &t in &rack {
                        let k = kind(t);
                        features.push(if counts[k] == 0 { k } else { KINDS + k });
                        counts[k] += 1;
                        drawn[k] += 1;
                    }
                    scores.push((features, f64::from(best)));
                    total += f64::from(best);
                    samples += 1;
                }
            }
            let Some(mv) = computer.choose_move(&game, Level::Chemist) else {
                break;
            };
            if game.apply(&mv).is_err() {
                break;
            }
        }
    }
    let mean = total / samples.max(1) as f64;
    for (features, y) in &scores {
        for &i in features {
            for &j in features {
                xtx[i][j] += 1.0;
            }
            xty[i] += y - mean;
        }
    }
    // ridge: a rare feature stays near 0, i.e. near the average tile's worth
    for i in 0..FEATURES {
        xtx[i][i] += RIDGE;
    }
    let worth = solve(xtx, xty);
    // the average drawn tile's worth: a leave's tiles against as many fresh ones
    let tiles: usize = drawn.iter().sum();
    let average: f64 = (0..KINDS)
        .map(|k| worth[k] * drawn[k] as f64 / tiles.max(1) as f64)
        .sum();
    let tenths = |p: f64| (p * 10.0).round().clamp(-999.0, 999.0) as i16;
    let mut value = [0i16; KINDS];
    let mut duplicate = [0i16; KINDS];
    for k in 0..KINDS {
        value[k] = tenths(worth[k] - average);
        duplicate[k] = tenths(worth[KINDS + k] - average);
    }
    let table = LeaveTable::from_tenths(value, duplicate);
    println!(
        "# leave values for the {} referee, in points: a tile kept",
        mode.code()
    );
    println!("# (its first copy, then each further copy) against a fresh tile drawn.");
    println!(
        "# cargo run --release -p molscrab-engine --example train_leaves -- {} {games} {seed} \
         {racks}",
        mode.code()
    );
    println!(
        "# {samples} random racks on {positions} boards of {games} greedy games; mean best \
         score {mean:.2}"
    );
    for (k, line) in table.to_text().lines().enumerate() {
        println!("{line:<16}# drawn {}", drawn[k]);
    }
}

/// Seven tiles drawn at random from `pool` (which keeps them, reordered).
fn draw(pool: &mut [Tile], dice: &mut ChaCha8) -> Vec<Tile> {
    let n = RACK_SIZE.min(pool.len());
    for i in 0..n {
        let j = i + (dice.next_u64() % (pool.len() - i) as u64) as usize;
        pool.swap(i, j);
    }
    pool[..n].to_vec()
}

/// Gauss–Jordan with partial pivoting; a singular column is left at 0.
fn solve(mut a: Vec<[f64; FEATURES]>, mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    let n = FEATURES;
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-9 {
            continue;
        }
        for j in 0..n {
            a[col][j] /= d;
        }
        b[col] /= d;
        for i in 0..n {
            if i != col {
                let f = a[i][col];
                if f != 0.0 {
                    for j in 0..n {
                        a[i][j] -= f * a[col][j];
                    }
                    b[i] -= f * b[col];
                }
            }
        }
    }
    b
}
