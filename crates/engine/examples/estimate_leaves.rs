//! Estimates the rack leave values of `computer/leave.rs` from greedy self-play: what keeping a tile, instead of drawing a fresh one, adds to the keeper's next turn.
//!
//! `cargo run --release -p molscrab-engine --example estimate_leaves -- [GAMES] [SEED]`
//! (default 4000 games, seed 1) prints the table as Rust, ready to paste into leave.rs.
//!
//! Each play that leaves tiles on the rack while the bag still holds enough to refill it is
//! one sample: the tiles kept, and what the same player scored on their next turn. A least
//! squares fit of that score on how many of each tile were kept (plus a constant) gives each
//! tile's value against the average fresh tile it displaced.

// matrix arithmetic reads best with indices
#![allow(clippy::needless_range_loop)]

use molscrab_engine::elements::{Element, Tile, RACK_SIZE};
use molscrab_engine::game::Game;
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::selfplay::game_seed;

const KINDS: usize = Element::COUNT + 1;

fn kind(t: Tile) -> usize {
    match t {
        Tile::Element(e) => e.index(),
        Tile::Wild => Element::COUNT,
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(4000) as u32;
    let seed = args.get(1).copied().unwrap_or(1);
    let mut generator = MoveGenerator::new();
    // samples: counts kept, next turn's score
    let mut samples: Vec<([u8; KINDS], f64)> = Vec::new();
    for index in 0..games {
        let record = GameRecord::new_game(
            Kind::PassAndPlay,
            true,
            vec!["A".into(), "B".into()],
            index as usize % 2,
            game_seed(seed, index),
        );
        let Ok(mut game) = Game::start(record) else {
            continue;
        };
        // per seat: the leave of its last play, waiting for its next turn's score
        let mut waiting: [Option<[u8; KINDS]>; 2] = [None, None];
        while !game.is_over() {
            let seat = game.to_move();
            let Some(best) = generator.best_play(&game) else {
                break;
            };
            let bag_before = game.bag_len();
            let rack = game.rack(seat).to_vec();
            let Ok(turn) = game.play(&best.tiles) else {
                break;
            };
            let score = f64::from(turn.score);
            if let Some(counts) = waiting[seat].take() {
                samples.push((counts, score));
            }
            let mut kept = rack;
            for p in &best.tiles {
                if let Some(at) = kept.iter().position(|&t| t == p.rack_tile()) {
                    kept.swap_remove(at);
                }
            }
            // a full refill: the next turn's rack is the leave plus fresh tiles
            if !kept.is_empty() && bag_before >= RACK_SIZE - kept.len() {
                let mut counts = [0u8; KINDS];
                for t in kept {
                    counts[kind(t)] += 1;
                }
                waiting[seat] = Some(counts);
            }
        }
    }
    // normal equations of y = b0 + sum b_k x_k, with a little ridge for tiles rarely kept
    let n = KINDS + 1;
    let mut a = vec![vec![0f64; n + 1]; n];
    for (counts, y) in &samples {
        let mut x = vec![1f64; n];
        for k in 0..KINDS {
            x[k + 1] = f64::from(counts[k]);
        }
        for i in 0..n {
            for j in 0..n {
                a[i][j] += x[i] * x[j];
            }
            a[i][n] += x[i] * y;
        }
    }
    for (i, row) in a.iter_mut().enumerate().skip(1) {
        row[i] += 5.0;
    }
    // Gauss-Jordan with partial pivoting
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-9 {
            continue;
        }
        for j in col..=n {
            a[col][j] /= d;
        }
        for i in 0..n {
            if i != col {
                let f = a[i][col];
                for j in col..=n {
                    a[i][j] -= f * a[col][j];
                }
            }
        }
    }
    let mut kept_count = [0usize; KINDS];
    for (counts, _) in &samples {
        for k in 0..KINDS {
            kept_count[k] += usize::from(counts[k]);
        }
    }
    println!(
        "// {} samples from {games} greedy games (seed {seed}); mean next score {:.1}",
        samples.len(),
        a[0][n]
    );
    println!("// tenths of a point, in the tile-list order, the Wild Isotope last");
    println!("const VALUES: [i16; {KINDS}] = [");
    for k in 0..KINDS {
        let name = if k < Element::COUNT {
            Element::ALL[k].symbol()
        } else {
            "?"
        };
        println!(
            "    {}, // {name}: kept {} times",
            (a[k + 1][n] * 10.0).round() as i64,
            kept_count[k]
        );
    }
    println!("];");
}
