//! The greedy player's final scores on the Daily Bench's first-attempt bags over many dates: the distribution the threshold is chosen from.
//!
//! `cargo run --release -p molscrab-engine --example daily_survey -- 2026-01-01 2000`

use molscrab_engine::calendar::Date;
use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::daily::{attempt_record, threshold, Greedy};
use molscrab_engine::referee::{chemist, Mode};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let from = args
        .first()
        .map_or(Ok(Date::MIN), |t| Date::parse(t))
        .unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    let days: i64 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(2000);
    // the chemist's referee judges from the committed table of documented substances
    let table = include_str!("../../../public/lazy/substances.txt");
    chemist::install(&Substances::parse(table).expect("the committed table reads"));
    let mut greedy = Greedy::new();
    for mode in [Mode::Theory, Mode::Standard, Mode::Chemist] {
        let mut scores = Vec::new();
        let mut day = from;
        for _ in 0..days {
            scores.push(greedy.final_score(&attempt_record(day, mode, 0)));
            let Some(next) = day.next() else { break };
            day = next;
        }
        scores.sort_unstable();
        let n = scores.len();
        let pct = |p: usize| scores[(n - 1) * p / 100];
        let mean = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / n as f64;
        println!(
            "{} ({n} dates from {from}): min {} p1 {} p5 {} p10 {} p25 {} median {} p75 {} p90 {} max {}, mean {mean:.1}",
            mode.code(),
            scores[0],
            pct(1),
            pct(5),
            pct(10),
            pct(25),
            pct(50),
            pct(75),
            pct(90),
            scores[n - 1]
        );
        let step = 25;
        let low = scores[0].div_euclid(step) * step;
        let mut edge = low;
        while edge <= scores[n - 1] {
            let count = scores
                .iter()
                .filter(|&&s| s >= edge && s < edge + step)
                .count();
            println!(
                "  {edge:>4}..{:<4} {count:>5} {}",
                edge + step - 1,
                "#".repeat(count * 200 / n)
            );
            edge += step;
        }
        let t = threshold(mode);
        let under = scores.iter().filter(|&&s| s < t).count();
        println!(
            "  threshold {t}: {under} of {n} first bags rerolled ({:.2} %)",
            100.0 * under as f64 / n as f64
        );
    }
}
