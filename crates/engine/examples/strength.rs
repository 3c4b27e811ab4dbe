//! How strong each computer level is against the others, on mirrored deals (`molscrab_engine::strength`): wins (a tie shared), win rate with its standard error, mean margin.
//!
//! `cargo run --release -p molscrab-engine --example strength -- --games 400 --mode standard
//! --players expert,greedy [--seed 1]`: `--games` counts games (rounded up to whole deals, each
//! played in every seating), `--mode` is any of standard, theory, chemist (comma list; default
//! all three), `--players` a comma list of levels, one per seat (2–4; repeat the option for
//! several pairings; `all-pairs` for every pair of levels). Entrant 0 (the first level named) is
//! the one measured: its share of the wins against the fair 1/seats.

use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::computer::{Computer, Level};
use molscrab_engine::referee::{chemist, Mode};
use molscrab_engine::strength::mirrored;

const TABLE: &str = include_str!("../../../public/lazy/substances.txt");

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut games, mut seed) = (400u32, 1u64);
    let mut modes = vec![Mode::Standard, Mode::Theory, Mode::Chemist];
    let mut pairings: Vec<Vec<Level>> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let value = rest.next().map(String::as_str).unwrap_or("");
        match arg.as_str() {
            "--games" => games = value.parse().unwrap_or_else(|_| panic!("--games {value}")),
            "--seed" => seed = value.parse().unwrap_or_else(|_| panic!("--seed {value}")),
            "--mode" => {
                modes = value
                    .split(',')
                    .map(|m| m.parse().unwrap_or_else(|e| panic!("{e}")))
                    .collect()
            }
            "--players" if value == "all-pairs" => {
                let [novice, greedy, expert] = Level::ALL;
                pairings.extend([
                    vec![expert, greedy],
                    vec![expert, novice],
                    vec![greedy, novice],
                ]);
            }
            "--players" => pairings.push(
                value
                    .split(',')
                    .map(|c| Level::from_code(c.trim()).unwrap_or_else(|e| panic!("{e}")))
                    .collect(),
            ),
            other => panic!("unknown option {other}"),
        }
    }
    if pairings.is_empty() {
        pairings.push(vec![Level::Professor, Level::Chemist]);
    }
    chemist::install(&Substances::parse(TABLE).expect("the committed table reads"));
    let mut computer = Computer::new();
    for mode in modes {
        for levels in &pairings {
            assert!((2..=4).contains(&levels.len()), "2 to 4 players");
            let deals = games.div_ceil(levels.len() as u32);
            let run = mirrored(&mut computer, deals, seed, mode, levels);
            println!("{}", run.line());
            for d in &run.details {
                eprintln!("{d}");
            }
        }
    }
}
