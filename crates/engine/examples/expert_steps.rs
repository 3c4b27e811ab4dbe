//! docs/COMPUTER.md's "what each step gains": the expert with its knobs turned one at a time, each against greedy over the same two-player games.
//!
//! `cargo run --release -p molscrab-engine --example expert_steps -- [GAMES] [SEED] [STEP...]`
//! (default 400 games, seed 1, every step; the mode is Theory unless a step name ends in
//! `-standard`). Seats take turns moving first, as in `molscrab selfplay`; with seed 1 the
//! `shipped` step's figures are `molscrab selfplay --games 400 --seed 1 --players
//! expert,greedy`'s. (`examples/strength.rs` measures on mirrored deals, with standard errors.)

use molscrab_engine::computer::{Computer, Expert, Level};
use molscrab_engine::referee::Mode;
use molscrab_engine::selfplay;

/// The steps, in the order they were tried: the look-ahead first, without leaves (the
/// `look-ahead` step), then the leave tables on top (`shipped`).
fn steps() -> Vec<(&'static str, Expert)> {
    let shipped = Expert::default();
    let look = Expert {
        leave: false,
        ..shipped.clone()
    };
    let no_look = Expert {
        samples: 0,
        ..shipped.clone()
    };
    vec![
        (
            "top-8-plays-reply",
            Expert {
                distinct: false,
                own_percent: 0,
                ..look.clone()
            },
        ),
        (
            "top-8-shapes-reply",
            Expert {
                own_percent: 0,
                ..look.clone()
            },
        ),
        ("look-ahead", look.clone()),
        (
            "no-endgame",
            Expert {
                endgame: false,
                ..look.clone()
            },
        ),
        (
            "own-next-half",
            Expert {
                own_percent: 50,
                ..look.clone()
            },
        ),
        (
            "2-samples",
            Expert {
                samples: 2,
                ..look.clone()
            },
        ),
        (
            "12-shapes",
            Expert {
                candidates: 12,
                ..look.clone()
            },
        ),
        ("leave-only", no_look),
        (
            "leave-counted-after",
            Expert {
                leave_percent: 100,
                ..shipped.clone()
            },
        ),
        ("shipped", shipped.clone()),
        ("look-ahead-standard", look),
        ("shipped-standard", shipped),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.first().and_then(|a| a.parse().ok()).unwrap_or(400u32);
    let seed = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1u64);
    let wanted: Vec<&String> = args.iter().skip(2).collect();
    for (name, expert) in steps() {
        if !wanted.is_empty() && !wanted.iter().any(|w| w.as_str() == name) {
            continue;
        }
        let mode = if name.ends_with("-standard") {
            Mode::Standard
        } else {
            Mode::Theory
        };
        let mut computer = Computer::with_expert(expert);
        let summary = selfplay::run_with(
            &mut computer,
            games,
            seed,
            mode,
            &[Level::Professor, Level::Chemist],
        );
        let (expert, greedy) = (&summary.seats[0], &summary.seats[1]);
        let n = f64::from(games.max(1));
        println!(
            "{name}: expert won {} of {games} ({:.1} %), greedy {}; mean {:.1} against {:.1} \
             ({:+.1}); {:.0} s; {} violations",
            expert.wins,
            100.0 * f64::from(expert.wins) / n,
            greedy.wins,
            expert.total_score as f64 / n,
            greedy.total_score as f64 / n,
            (expert.total_score - greedy.total_score) as f64 / n,
            summary.seconds,
            summary.violations
        );
    }
}
