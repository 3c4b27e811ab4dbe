//! Referee benchmarks: Theory Mode's valency calculator (typical and worst) and card lookups.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use molscrab_engine::elements::Element::{self, *};
use molscrab_engine::referee::{judge, parse_spaced, theory_check_counts, Edition, Mode};

// the many-valence elements, where the search has the most choices
const MIXERS: [Element; 16] = [Cl, I, Mn, S, Cr, N, Br, Fe, Cu, Hg, Au, Sn, Pb, U, P, Pt];

fn time_theory(tiles: &[Element]) -> f64 {
    let start = Instant::now();
    for _ in 0..200 {
        let _ = black_box(judge(Mode::Theory, Edition::CURRENT, black_box(tiles)));
    }
    start.elapsed().as_secs_f64() / 200.0
}

/// The slowest 15-tile formula among hand-picked and pseudo-random candidates.
fn worst_fifteen() -> Vec<Element> {
    let mut candidates: Vec<Vec<Element>> = [
        "Cl Cl Cl Cl I I Mn Mn S S S Cr Br Br N",
        "Cl Cl Cl Cl Cl Cl I I Mn Mn Br Br S Cr Au",
        "Mn Mn Cr S S S S S U Sn Pb Pt Fe Fe Fe",
        "Cl I Mn S Cr N Br Fe Cu Hg Au Sn U P Pt",
        "C C C C C C C C U U Mn Mn Cr Si Si",
    ]
    .iter()
    .filter_map(|t| parse_spaced(t).ok())
    .collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..3000 {
        let tiles = (0..15)
            .map(|_| {
                let r = next();
                if r % 4 == 0 {
                    Element::ALL[(r >> 8) as usize % 31]
                } else {
                    MIXERS[(r >> 8) as usize % MIXERS.len()]
                }
            })
            .collect();
        candidates.push(tiles);
    }
    let mut timed: Vec<(f64, Vec<Element>)> = candidates
        .into_iter()
        .map(|t| (time_theory(&t), t))
        .collect();
    timed.sort_by(|a, b| b.0.total_cmp(&a.0));
    // re-time the front runners so one noisy sample doesn't pick the winner
    let mut finalists: Vec<(f64, Vec<Element>)> = timed
        .into_iter()
        .take(10)
        .map(|(_, t)| ((0..5).map(|_| time_theory(&t)).fold(f64::MAX, f64::min), t))
        .collect();
    finalists.sort_by(|a, b| b.0.total_cmp(&a.0));
    let (seconds, tiles) = finalists.swap_remove(0);
    let verdict = judge(Mode::Theory, Edition::CURRENT, &tiles);
    println!(
        "worst 15-tile theory formula: {} ({:.2} µs in the scan, {})",
        molscrab_engine::referee::spaced(&tiles),
        seconds * 1e6,
        match verdict {
            Ok(a) if a.known => "known".to_string(),
            Ok(_) => "hypothetical".to_string(),
            Err(r) => r.rule.code().to_string(),
        }
    );
    tiles
}

fn theory_worst(c: &mut Criterion) {
    let tiles = worst_fifteen();
    c.bench_function("theory: worst 15-tile formula", |b| {
        b.iter(|| judge(Mode::Theory, Edition::CURRENT, black_box(&tiles)))
    });
}

fn theory_typical(c: &mut Criterion) {
    let cases: [(&str, &[Element]); 6] = [
        ("theory: H H O (known)", &[H, H, O]),
        ("theory: C C O O (hypothetical)", &[C, C, O, O]),
        ("theory: C H H (starved)", &[C, H, H]),
        ("theory: Cl Cl O O O (hypothetical)", &[Cl, Cl, O, O, O]),
        ("theory: N Mn S Cl (hypothetical)", &[N, Mn, S, Cl]),
        ("theory: C C (bond-order)", &[C, C]),
    ];
    for (name, tiles) in cases {
        c.bench_function(name, |b| {
            b.iter(|| judge(Mode::Theory, Edition::CURRENT, black_box(tiles)))
        });
    }
    let mut counts = [0u8; Element::COUNT];
    for e in [Cl, Cl, O, O, O] {
        counts[e.index()] += 1;
    }
    c.bench_function("theory_check_counts: Cl Cl O O O", |b| {
        b.iter(|| theory_check_counts(black_box(&counts)))
    });
}

fn standard_lookups(c: &mut Criterion) {
    let cases: [(&str, &[Element]); 3] = [
        ("standard: H H S O O O O (card)", &[H, H, S, O, O, O, O]),
        ("standard: Cl Na (card-order)", &[Cl, Na]),
        ("standard: C H H (not-on-card)", &[C, H, H]),
    ];
    for (name, tiles) in cases {
        c.bench_function(name, |b| {
            b.iter(|| judge(Mode::Standard, Edition::CURRENT, black_box(tiles)))
        });
    }
}

criterion_group!(referee, theory_worst, theory_typical, standard_lookups);
criterion_main!(referee);
