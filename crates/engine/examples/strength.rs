//! How strong each computer level is against the others, on mirrored deals (`molscrab_engine::strength`): wins (a tie shared), win rate with its standard error, mean margin.
//!
//! `cargo run --release -p molscrab-engine --example strength -- --games 400 --mode standard
//! --players expert,greedy [--seed 1]`: `--games` counts games (rounded up to whole deals, each
//! played in every seating), `--mode` is any of standard, theory, chemist (comma list; default
//! all three), `--players` a comma list of levels, one per seat (2–4; repeat the option for
//! several pairings; `all-pairs` for every pair of levels). Entrant 0 (the first level named) is
//! the one measured: its share of the wins against the fair 1/seats. `--expert KNOB=N` turns
//! one of the Professor's knobs (`leave`, `leave_percent`, `exchange`, `exchange_margin`,
//! `theory_exchange_margin`, `stuck_rounds_behind`, `candidates`, `samples`,
//! `look_ahead_on_lists`, `own_percent`, `reply_percent`, `every_opponent`, `endgame_nodes`
//! (0: no endgame search),
//! `endgame_width`; 0 or 1 for the switches), and
//! `--leaves FILE` gives it a leave table other than its referee's.

use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::computer::{Computer, Expert, LeaveTable, Level};
use molscrab_engine::referee::{chemist, Mode};
use molscrab_engine::strength::mirrored;

const TABLE: &str = include_str!("../../../public/lazy/substances.txt");

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut games, mut seed) = (400u32, 1u64);
    let mut modes = vec![Mode::Standard, Mode::Theory, Mode::Chemist];
    let mut pairings: Vec<Vec<Level>> = Vec::new();
    let mut expert = Expert::default();
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
            "--leaves" => {
                let text = std::fs::read_to_string(value).unwrap_or_else(|e| panic!("{e}"));
                expert.table = Some(LeaveTable::parse(&text).unwrap_or_else(|e| panic!("{e}")));
            }
            "--expert" => {
                let (knob, n) = value.split_once('=').unwrap_or((value, ""));
                let n: i32 = n.parse().unwrap_or_else(|_| panic!("--expert {value}"));
                match knob {
                    "leave" => expert.leave = n != 0,
                    "leave_percent" => expert.leave_percent = n,
                    "exchange" => expert.exchange = n != 0,
                    "exchange_margin" => expert.exchange_margin = n,
                    "theory_exchange_margin" => expert.theory_exchange_margin = n,
                    "candidates" => expert.candidates = n as usize,
                    "samples" => expert.samples = n as usize,
                    "look_ahead_on_lists" => expert.look_ahead_on_lists = n != 0,
                    "own_percent" => expert.own_percent = n,
                    "reply_percent" => expert.reply_percent = n,
                    "every_opponent" => expert.every_opponent = n != 0,
                    "stuck_rounds_behind" => expert.stuck_rounds_behind = n as usize,
                    "endgame_nodes" if n <= 0 => expert.solver = None,
                    "endgame_nodes" => {
                        let limits = expert.solver.get_or_insert_with(Default::default);
                        limits.nodes = n as u64;
                    }
                    "endgame_width" => {
                        let limits = expert.solver.get_or_insert_with(Default::default);
                        limits.width = n as usize;
                    }
                    other => panic!("no knob {other}"),
                }
            }
            other => panic!("unknown option {other}"),
        }
    }
    if pairings.is_empty() {
        pairings.push(vec![Level::Professor, Level::Chemist]);
    }
    chemist::install(&Substances::parse(TABLE).expect("the committed table reads"));
    let mut computer = Computer::with_expert(expert);
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
