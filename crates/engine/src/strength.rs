//! How strong one computer level is against others: the same deals played in every seating (mirrored), so a deal's luck cancels, with win shares, their standard error and the mean margin.

// A deal is a game seed and a first seat. With n entrants each deal is played n times, the
// entrants' levels rotated through the seats: entrant e sits at seat (e + r) % n in rotation r.
// Every entrant so gets every seat's tiles of every deal once. The deals are independent, the
// rotations of one deal are not: the standard error is taken over deals.

use std::time::Instant;

use crate::computer::{Computer, Level};
use crate::referee::Mode;
use crate::selfplay::{game_seed, play_game};

/// One game of a mirrored run: the seed, the seat moving first, each seat's level, and which
/// entrant sits at each seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    pub seed: u64,
    pub first: usize,
    /// `entrants[seat]`: the index (in the run's level list) of the entrant at that seat.
    pub entrants: Vec<usize>,
    pub levels: Vec<Level>,
}

/// The games of deal `deal` of a run seeded `seed` between `levels`: one per rotation of the
/// entrants through the seats, all on the same seed with the same first seat.
pub fn seatings(seed: u64, deal: u32, levels: &[Level]) -> Vec<Seating> {
    let n = levels.len().max(1);
    let game = game_seed(seed, deal);
    let first = deal as usize % n;
    (0..n)
        .map(|r| {
            // seat s holds the entrant e with (e + r) % n == s
            let entrants: Vec<usize> = (0..levels.len()).map(|s| (s + n - r) % n).collect();
            let levels = entrants.iter().map(|&e| levels[e]).collect();
            Seating {
                seed: game,
                first,
                entrants,
                levels,
            }
        })
        .collect()
}

/// One entrant's figures over a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    pub level: Level,
    /// Games won, a tie shared between the top seats (two-player: half each).
    pub wins: f64,
    /// Final scores added up over the games.
    pub total_score: i64,
}

/// A mirrored run's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Strength {
    pub mode: Mode,
    pub deals: u32,
    pub games: u32,
    pub entrants: Vec<Entrant>,
    /// Entrant 0's share of each deal's wins (over its seatings), deal by deal.
    pub shares: Vec<f64>,
    /// Entrant 0's final score less the mean of the others', deal by deal (mean over seatings).
    pub margins: Vec<f64>,
    pub violations: usize,
    pub details: Vec<String>,
    /// Turns played, over every game, and the most in one game.
    pub turns: u64,
    pub longest: usize,
    pub seconds: f64,
}

/// Mean and standard error of the mean.
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

impl Strength {
    /// Entrant 0's win share and its standard error (over deals).
    pub fn win_rate(&self) -> (f64, f64) {
        mean_se(&self.shares)
    }

    /// Entrant 0's mean margin over the others and its standard error (over deals).
    pub fn margin(&self) -> (f64, f64) {
        mean_se(&self.margins)
    }

    /// The share entrant 0 would win among equals.
    pub fn fair_share(&self) -> f64 {
        1.0 / self.entrants.len().max(1) as f64
    }

    /// One line for a person.
    pub fn line(&self) -> String {
        let (rate, se) = self.win_rate();
        let (margin, margin_se) = self.margin();
        let names: Vec<&str> = self.entrants.iter().map(|e| e.level.code()).collect();
        let games = f64::from(self.games.max(1));
        let wins: Vec<String> = self
            .entrants
            .iter()
            .map(|e| format!("{:.1}", e.wins))
            .collect();
        let means: Vec<String> = self
            .entrants
            .iter()
            .map(|e| format!("{:.1}", e.total_score as f64 / games))
            .collect();
        format!(
            "{} {}: {} games ({} deals × {} seatings): wins {}; {} wins {:.1} % ± {:.1} \
             (fair {:.1} %); margin {:+.1} ± {:.1}; mean scores {}; {:.1} turns a game \
             (longest {}); {:.0} s; {} violations",
            self.mode.code(),
            names.join(","),
            self.games,
            self.deals,
            self.entrants.len(),
            wins.join(" – "),
            names.first().copied().unwrap_or("?"),
            100.0 * rate,
            100.0 * se,
            100.0 * self.fair_share(),
            margin,
            margin_se,
            means.join(" – "),
            self.turns as f64 / games,
            self.longest,
            self.seconds,
            self.violations
        )
    }
}

/// Plays `deals` deals between `levels` (2–4 entrants), each deal in every seating.
pub fn mirrored(
    computer: &mut Computer,
    deals: u32,
    seed: u64,
    mode: Mode,
    levels: &[Level],
) -> Strength {
    let started = Instant::now();
    let n = levels.len();
    let mut entrants: Vec<Entrant> = levels
        .iter()
        .map(|&level| Entrant {
            level,
            wins: 0.0,
            total_score: 0,
        })
        .collect();
    let (mut shares, mut margins) = (Vec::new(), Vec::new());
    let (mut games, mut violations, mut details) = (0, 0, Vec::new());
    let (mut turns, mut longest) = (0u64, 0);
    for deal in 0..deals {
        let (mut share, mut margin) = (0.0, 0.0);
        for seating in seatings(seed, deal, levels) {
            let outcome = play_game(computer, seating.seed, mode, &seating.levels, seating.first);
            games += 1;
            turns += outcome.turns as u64;
            longest = longest.max(outcome.turns);
            violations += outcome.violations.len();
            for v in outcome.violations {
                if details.len() < 20 {
                    details.push(format!("deal {deal}: {v}"));
                }
            }
            let winners = outcome.winners.len().max(1) as f64;
            let mut mine = 0.0;
            let mut others = 0.0;
            for (seat, &e) in seating.entrants.iter().enumerate() {
                let score = outcome.scores.get(seat).copied().unwrap_or(0);
                entrants[e].total_score += i64::from(score);
                if outcome.winners.contains(&seat) {
                    entrants[e].wins += 1.0 / winners;
                    if e == 0 {
                        share += 1.0 / winners;
                    }
                }
                if e == 0 {
                    mine = f64::from(score);
                } else {
                    others += f64::from(score);
                }
            }
            margin += mine - others / (n.max(2) - 1) as f64;
        }
        shares.push(share / n.max(1) as f64);
        margins.push(margin / n.max(1) as f64);
    }
    Strength {
        mode,
        deals,
        games,
        entrants,
        shares,
        margins,
        violations,
        details,
        turns,
        longest,
        seconds: started.elapsed().as_secs_f64(),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn each_deal_is_played_in_both_seatings_on_the_same_seed() {
        let levels = [Level::Professor, Level::Chemist];
        let games = seatings(7, 3, &levels);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].seed, games[1].seed);
        assert_eq!(games[0].first, games[1].first);
        assert_eq!(games[0].levels, vec![Level::Professor, Level::Chemist]);
        assert_eq!(games[1].levels, vec![Level::Chemist, Level::Professor]);
        assert_eq!(games[1].entrants, vec![1, 0]);
        // another deal is another seed
        assert_ne!(seatings(7, 4, &levels)[0].seed, games[0].seed);
    }

    #[test]
    fn with_four_seats_every_entrant_sits_at_every_seat_once() {
        let levels = [
            Level::Professor,
            Level::Chemist,
            Level::Chemist,
            Level::Chemist,
        ];
        let games = seatings(1, 0, &levels);
        assert_eq!(games.len(), 4);
        for seat in 0..4 {
            let mut at: Vec<usize> = games.iter().map(|g| g.entrants[seat]).collect();
            at.sort_unstable();
            assert_eq!(at, vec![0, 1, 2, 3]);
        }
        for g in &games {
            let professor = g.entrants.iter().position(|&e| e == 0);
            assert_eq!(professor.map(|s| g.levels[s]), Some(Level::Professor));
        }
    }

    #[test]
    fn a_mirrored_run_is_the_same_twice_and_shares_add_up() {
        let levels = [Level::Chemist, Level::Apprentice];
        let a = mirrored(&mut Computer::new(), 3, 11, Mode::Standard, &levels);
        let b = mirrored(&mut Computer::new(), 3, 11, Mode::Standard, &levels);
        assert_eq!((a.violations, a.games), (0, 6));
        assert_eq!(a.shares, b.shares);
        assert_eq!(a.margins, b.margins);
        let wins: f64 = a.entrants.iter().map(|e| e.wins).sum();
        // every game has a winner, a tie shared
        assert!((wins - 6.0).abs() < 1e-9, "{wins}");
        let (rate, _) = a.win_rate();
        assert!((rate * 6.0 - a.entrants[0].wins).abs() < 1e-9);
    }

    #[test]
    fn the_same_levels_on_mirrored_deals_break_even() {
        let levels = [Level::Chemist, Level::Chemist];
        let run = mirrored(&mut Computer::new(), 4, 3, Mode::Standard, &levels);
        // greedy against greedy: each seating of a deal is the same game, so exactly half
        let (rate, _) = run.win_rate();
        assert!((rate - 0.5).abs() < 1e-9, "{rate}");
        assert_eq!(run.margin().0, 0.0);
    }
}
