//! The native `molscrab` tool (RULES §8, §9, §10): `check`, `replay`, `selfplay`, `hint`, `daily`;
//! argument parsing by hand.

mod hint;

use std::io::{BufRead, Write};
use std::sync::OnceLock;

use molscrab_engine::calendar::Date;
use molscrab_engine::chemistry;
use molscrab_engine::chemistry::names::{NameKind, Substances};
use molscrab_engine::chemistry::smiles::smiles;
use molscrab_engine::chemistry::structure::structure;

use molscrab_engine::computer::Level;
use molscrab_engine::daily;
use molscrab_engine::display;
use molscrab_engine::error::LoadError;
use molscrab_engine::game::Game;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::{self, ions, Edition, Mode, Rule};
use molscrab_engine::selfplay;
use molscrab_engine::variants::{self, judge_with, Variant, Variants};
use molscrab_json::Value;

pub const USAGE: &str = "\
usage:
  molscrab check [--mode theory|standard|chemist] [--rules N] [--variants LIST] [TILES...]
      judge one formula given as space-separated symbols (\"C C O O\"),
      or else one formula per non-blank line of stdin; prints one JSON line each;
      --rules N judges by edition N of the chemist's rules (default: the current one)
  molscrab replay FILE|-
      replay a game record (\"-\" reads stdin) and print the turns, final scores,
      how it ended and the winners as one JSON object
  molscrab hint FILE|- [--top N]
      the N best plays (default 5) for the player to move in a game record, best
      first, as one JSON object; exits 1 when the game has ended
  molscrab selfplay --games N --seed S [--mode MODES] [--variants LIST|--every-variant] [--players P|LIST] [--record FILE]
      play complete games between computer players and check the invariants after every
      move; exits 1 on a violation. P is a number of greedy players (1 plays Solitaire;
      default 2, Theory Mode); LIST is one level per seat (novice, greedy, expert), as
      expert,greedy; seats take turns moving first. Prints one JSON line per run with
      per-seat mean scores and wins. MODES is one referee or a comma list
      (theory,standard,chemist), a run each; --every-variant plays N games under every set
      of table variants that fits each referee and the seats, a run each, seeded apart
  molscrab daily YYYY-MM-DD [--mode theory|standard|chemist] [--variants LIST]
      print the Daily Bench record for that date (Theory Mode unless told): a Solitaire
      game record with no moves, the same on every device
  (LIST: table variants, comma-separated codes as in a record's \"variants\":
  biology-bonus, ion-rules, junior, organic, speed-lab; check applies ion-rules and organic)
  (chemist: the chemist's referee, Real substances: every documented substance in a conventional order;
  a record played under it says \"referee\": \"chemist\" and the edition of its rules,
  \"chemist_rules\" (none: edition 1), and replay and hint follow them)
exit codes: 0 done, 1 a move the rules forbid (for hint: or a game that has ended),
  2 unreadable input or bad arguments";

/// The documented substances (`public/lazy/substances.txt`), read once: the native tool carries
/// the table in its binary, and installs the chemist's referee's lexicon from it. If it could
/// not be read, every formula is undocumented (and a chemist's game can't be played).
fn substances() -> Option<&'static Substances> {
    static TABLE: OnceLock<Option<Substances>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            let table = Substances::parse(include_str!("../../../public/lazy/substances.txt")).ok();
            if let Some(table) = &table {
                referee::chemist::install(table);
            }
            table
        })
        .as_ref()
}

/// One line of `check` output: `tiles`, `valid`, `known`, `reason`, `rule` and `formula`
/// (H₂O-style text with the card name, when the symbols could be read), null where none; and
/// RULES §10's `smiles` (valid formulas only), `names` and `documented` (whenever the symbols
/// could be read: a substance's names don't depend on the referee).
///
/// Under Ion Rules (`--variants ion-rules`) every line adds `"charge"` (an accepted formula's,
/// 0 when neutral; null when refused) and `"ion"` (a documented ion's name, else null), and
/// `formula` shows the charge: "SO₄²⁻ — sulfate".
fn verdict(mode: Mode, edition: Edition, variants: Variants, text: &str) -> Value {
    let tiles = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let elements = referee::parse_spaced(text).ok();
    let line = |valid: bool,
                known: bool,
                reason: Option<String>,
                rule: Option<&str>,
                formula: Option<String>,
                charge: Option<i8>| {
        let named = elements
            .as_ref()
            .map(|e| chemistry::names::names(e, substances()));
        let documented = named.as_ref().filter(|n| n.kind == NameKind::Documented);
        // Na₂ and the like are named, but seen only in the gas phase: no documented substance
        let only = documented.and_then(|n| n.only).map(|o| o.code());
        // a neutral structure only: an ion's is not drawn
        let smiles = elements
            .as_ref()
            .filter(|_| valid && charge.unwrap_or(0) == 0)
            .and_then(|e| structure(e))
            .map(|m| smiles(&m));
        let mut line = Value::object([
            ("tiles", tiles.clone().into()),
            ("valid", valid.into()),
            ("known", known.into()),
            ("reason", reason.into()),
            ("rule", rule.into()),
            ("formula", formula.into()),
            ("smiles", smiles.into()),
            (
                "names",
                documented
                    .as_ref()
                    .map_or(Vec::new(), |n| n.names.clone())
                    .into(),
            ),
            (
                "documented",
                documented.is_some_and(|n| n.is_substance()).into(),
            ),
            ("only", only.into()),
        ]);
        if let (true, Value::Object(map)) = (variants.ions(), &mut line) {
            let ion = elements
                .as_deref()
                .and_then(ions::ion_of_multiset)
                .filter(|i| Some(i.charge) == charge);
            map.insert("charge".to_string(), charge.map(i64::from).into());
            map.insert("ion".to_string(), ion.map(|i| i.name).into());
        }
        line
    };
    match referee::parse_spaced(text) {
        Err(reason) => line(
            false,
            false,
            Some(reason),
            Some(Rule::UnknownElement.code()),
            None,
            None,
        ),
        Ok(elements) => match judge_with(mode, edition, variants, &elements) {
            Ok(accepted) => line(
                true,
                accepted.known,
                None,
                None,
                Some(display::label(&elements, accepted.charge)),
                Some(accepted.charge),
            ),
            Err(rejection) => line(
                false,
                false,
                Some(rejection.to_string()),
                Some(rejection.rule.code()),
                Some(display::label(&elements, 0)),
                None,
            ),
        },
    }
}

/// The `replay` output of RULES §9: `turns`, `final`, `ended`, `winners`. A game played with
/// the Biology Bonus adds `"biology_bonus"` to each turn (included in its `score`, not in
/// `bonus`) and `"biology": true|false` to each formula; one played with Ion Rules adds
/// `"charge"` (−3…+3, 0 when neutral) to each formula.
pub fn replay_report(game: &Game) -> Value {
    let biology = game.variants().contains(Variant::BiologyBonus);
    let charged = game.variants().ions();
    let turns = game
        .turns()
        .iter()
        .map(|t| {
            let formulas = t
                .formulas
                .iter()
                .map(|f| {
                    let mut formula = Value::object([
                        ("tiles", referee::spaced(&f.tiles).into()),
                        ("score", f.score.into()),
                        ("known", f.known.into()),
                    ]);
                    if let (true, Value::Object(map)) = (biology, &mut formula) {
                        let found = variants::in_human_body(&f.tiles).is_some();
                        map.insert("biology".to_string(), found.into());
                    }
                    if let (true, Value::Object(map)) = (charged, &mut formula) {
                        map.insert("charge".to_string(), i64::from(f.charge).into());
                    }
                    formula
                })
                .collect::<Vec<_>>();
            let mut turn = Value::object([
                ("seat", t.seat.into()),
                ("kind", t.kind.code().into()),
                ("formulas", formulas.into()),
                ("score", t.score.into()),
                ("bonus", t.bonus.into()),
            ]);
            if let (true, Value::Object(map)) = (biology, &mut turn) {
                map.insert("biology_bonus".to_string(), t.biology_bonus.into());
            }
            turn
        })
        .collect::<Vec<_>>();
    let scores = game.scores();
    let leftovers = game.leftovers();
    let final_scores = game
        .players()
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            Value::object([
                ("name", name.as_str().into()),
                ("score", scores.get(seat).copied().unwrap_or(0).into()),
                ("leftover", leftovers.get(seat).copied().unwrap_or(0).into()),
            ])
        })
        .collect::<Vec<_>>();
    Value::object([
        ("turns", turns.into()),
        ("final", final_scores.into()),
        ("ended", game.ending().map(|e| e.code()).into()),
        ("winners", game.winners().into()),
    ])
}

/// What `replay` does with a record's text: the output and the exit code.
pub enum ReplayOutcome {
    /// Exit 0: the report.
    Done(String),
    /// Exit 1: `{"error": {"move": N, "reason": "…"}}` for stdout.
    Illegal(String),
    /// Exit 2: a message for stderr.
    Unreadable(String),
}

pub fn replay_text(json: &str) -> ReplayOutcome {
    match Game::load(json) {
        Ok(loaded) => ReplayOutcome::Done(replay_report(&loaded.game).to_string()),
        Err(LoadError::Record(e)) => ReplayOutcome::Unreadable(e.to_string()),
        // the JSON's `move` counts from 0, as it always has; only the sentence a player reads counts from 1
        Err(LoadError::Replay(e)) => ReplayOutcome::Illegal(
            Value::object([(
                "error",
                Value::object([
                    ("move", e.move_index.into()),
                    ("reason", e.error.to_string().into()),
                ]),
            )])
            .to_string(),
        ),
    }
}

// the referee `--mode` names, by its code: Mode's own reader
fn parse_mode(text: &str) -> Result<Mode, String> {
    text.parse::<Mode>().map_err(|_| {
        let codes: Vec<String> = Mode::ALL
            .iter()
            .map(|m| format!("--mode {}", m.code()))
            .collect();
        format!("unknown mode \"{text}\": use {}", codes.join(", "))
    })
}

fn check<R: BufRead, W: Write>(args: &[String], stdin: R, out: &mut W) -> Result<(), String> {
    // Theory Mode is the Public Edition's default; the chemist's current rules judge unless told
    let mut mode = Mode::Theory;
    let mut edition = Edition::CURRENT;
    let mut variants = Variants::NONE;
    let mut words: Vec<&str> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if let Some(chosen) = mode_option(arg, &mut rest)? {
            mode = chosen;
        } else if let Some(chosen) = rules_option(arg, &mut rest)? {
            edition = chosen;
        } else if let Some(chosen) = variants_option(arg, &mut rest)? {
            variants = chosen;
        } else if arg.starts_with("--") {
            return Err(format!("unknown option {arg} for check"));
        } else {
            words.push(arg);
        }
    }
    // a formula is judged as in a game with more than one seat (Speed Lab then fits)
    if let Some(v) = variants.misfit(Kind::PassAndPlay, mode) {
        return Err(v.misfit().to_string());
    }
    let write = |out: &mut W, text: &str| -> Result<(), String> {
        let line = verdict(mode, edition, variants, text);
        writeln!(out, "{line}").map_err(|e| format!("can't write the output: {e}"))
    };
    if words.is_empty() {
        for line in stdin.lines() {
            let line = line.map_err(|e| format!("can't read stdin: {e}"))?;
            if !line.trim().is_empty() {
                write(out, &line)?;
            }
        }
    } else {
        write(out, &words.join(" "))?;
    }
    Ok(())
}

/// What `selfplay` was asked to play.
struct SelfPlay {
    games: u32,
    seed: u64,
    modes: Vec<Mode>,
    variants: Variants,
    every_variant: bool,
    levels: Vec<Level>,
}

/// `selfplay --games N --seed S [--mode MODES] [--variants LIST|--every-variant]
/// [--players P|LIST] [--record FILE]`: two greedy players and Theory Mode unless told otherwise
/// (RULES §9, §10), one run (one summary) per referee of MODES, or with `--every-variant` one per
/// referee and set of variants that fits it (`selfplay::sweep`). `--record` also writes the
/// first game's record to FILE (a long real game, e.g. for measuring the app late in a game).
fn selfplay_args(args: &[String]) -> Result<SelfPlay, String> {
    let (mut games, mut seed, mut modes) = (None, None, vec![Mode::Theory]);
    let mut variants = None;
    let mut every_variant = false;
    let mut levels = vec![Level::Chemist; 2];
    let mut record = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (arg.as_str(), None),
        };
        if name == "--every-variant" {
            if inline.is_some() {
                return Err("--every-variant takes no value".to_string());
            }
            every_variant = true;
            continue;
        }
        let mut value = || {
            inline
                .or_else(|| rest.next().map(String::as_str))
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let number = |text: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{name} wants a whole number, not \"{text}\""))
        };
        match name {
            "--games" => {
                let n = number(value()?)?;
                games = Some(u32::try_from(n).map_err(|_| "--games is too large".to_string())?);
            }
            "--seed" => seed = Some(number(value()?)?),
            "--mode" => modes = parse_modes(value()?)?,
            "--variants" => variants = Some(parse_variants(value()?)?),
            "--players" => levels = parse_players(value()?)?,
            "--record" => record = Some(value()?.to_string()),
            other => return Err(format!("unknown option {other} for selfplay")),
        }
    }
    let games = games.ok_or("--games N is required")?;
    let seed = seed.ok_or("--seed S is required")?;
    if every_variant && variants.is_some() {
        return Err("give --variants LIST or --every-variant, not both".to_string());
    }
    let variants = variants.unwrap_or(Variants::NONE);
    let kind = Kind::of_seats(levels.len());
    // a sweep plays only the sets that fit; a list given must fit every referee asked for
    let misfit = modes.iter().find_map(|&mode| variants.misfit(kind, mode));
    if let (Some(v), false) = (misfit, every_variant) {
        return Err(v.misfit().to_string());
    }
    if let Some(path) = record {
        let ([mode], false) = (modes.as_slice(), every_variant) else {
            return Err("--record writes one game: give one --mode and no --every-variant".into());
        };
        let mut computer = molscrab_engine::computer::Computer::new();
        let first = selfplay::game_seed(seed, 0);
        let outcome = selfplay::play_game_with(&mut computer, first, *mode, variants, &levels, 0);
        std::fs::write(&path, outcome.record.to_json_pretty())
            .map_err(|e| format!("can't write {path}: {e}"))?;
    }
    Ok(SelfPlay {
        games,
        seed,
        modes,
        variants,
        every_variant,
        levels,
    })
}

/// Plays what was asked, handing each run's summary to `each` as soon as it is played.
fn selfplay(asked: &SelfPlay, mut each: impl FnMut(&selfplay::Summary)) {
    let mut computer = molscrab_engine::computer::Computer::new();
    let SelfPlay {
        games,
        seed,
        variants,
        ref levels,
        ref modes,
        ..
    } = *asked;
    if asked.every_variant {
        selfplay::sweep(&mut computer, games, seed, modes, levels).for_each(|s| each(&s));
    } else {
        for &mode in modes {
            each(&selfplay::run_with_variants(
                &mut computer,
                games,
                seed,
                mode,
                variants,
                levels,
            ));
        }
    }
}

/// `--mode` for selfplay: one referee or a comma list of them, none twice.
fn parse_modes(text: &str) -> Result<Vec<Mode>, String> {
    let mut modes = Vec::new();
    for code in text.split(',').map(str::trim) {
        let mode = parse_mode(code)?;
        if modes.contains(&mode) {
            return Err(format!("the mode \"{code}\" is listed twice"));
        }
        modes.push(mode);
    }
    Ok(modes)
}

/// `--players`: a count (every seat greedy) or a comma list of levels, one per seat.
fn parse_players(text: &str) -> Result<Vec<Level>, String> {
    if let Ok(n) = text.parse::<u64>() {
        return match n {
            1..=4 => Ok(vec![Level::Chemist; n as usize]),
            n => Err(format!("--players must be 1 to 4, not {n}")),
        };
    }
    let levels = text
        .split(',')
        .map(|code| Level::from_code(code.trim()).map_err(|e| format!("--players: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    if (1..=4).contains(&levels.len()) {
        Ok(levels)
    } else {
        Err(format!(
            "--players lists {} levels; a game has 1 to 4 seats",
            levels.len()
        ))
    }
}

/// The mode given at `arg` as `--mode VALUE` (VALUE taken from `rest`) or `--mode=VALUE`;
/// `None` for any other argument.
fn mode_option<'a>(
    arg: &str,
    rest: &mut impl Iterator<Item = &'a String>,
) -> Result<Option<Mode>, String> {
    let value = match arg.strip_prefix("--mode=") {
        Some(value) => value,
        None if arg == "--mode" => rest
            .next()
            .ok_or("--mode needs a value: theory, standard or chemist")?,
        None => return Ok(None),
    };
    parse_mode(value).map(Some)
}

/// The edition of the chemist's rules given at `arg` as `--rules N` or `--rules=N`; `None` for
/// any other argument.
fn rules_option<'a>(
    arg: &str,
    rest: &mut impl Iterator<Item = &'a String>,
) -> Result<Option<Edition>, String> {
    let editions = || {
        let numbers: Vec<String> = Edition::ALL
            .iter()
            .map(|e| e.number().to_string())
            .collect();
        numbers.join(", ")
    };
    let value = match arg.strip_prefix("--rules=") {
        Some(value) => value,
        None if arg == "--rules" => rest.next().ok_or_else(|| {
            format!(
                "--rules needs the edition of the chemist's rules: {}",
                editions()
            )
        })?,
        None => return Ok(None),
    };
    value
        .parse::<u64>()
        .ok()
        .and_then(Edition::from_number)
        .map(Some)
        .ok_or_else(|| {
            format!(
                "unknown edition \"{value}\" of the chemist's rules: use {}",
                editions()
            )
        })
}

/// `variants LIST`: comma-separated variant codes; an unknown or repeated one is an error.
fn parse_variants(text: &str) -> Result<Variants, String> {
    let mut set = Variants::NONE;
    for code in text.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        let v = Variant::from_code(code).ok_or_else(|| {
            format!(
                "unknown variant \"{code}\": use biology-bonus, ion-rules, junior, organic or \
                 speed-lab"
            )
        })?;
        if set.contains(v) {
            return Err(format!("the variant \"{code}\" is listed twice"));
        }
        set = set.with(v);
    }
    Ok(set)
}

/// The variants given at `arg` as `--variants LIST` or `--variants=LIST`; `None` for any other
/// argument.
fn variants_option<'a>(
    arg: &str,
    rest: &mut impl Iterator<Item = &'a String>,
) -> Result<Option<Variants>, String> {
    let value = match arg.strip_prefix("--variants=") {
        Some(value) => value,
        None if arg == "--variants" => rest
            .next()
            .ok_or("--variants needs a list, such as ion-rules or biology-bonus,organic")?,
        None => return Ok(None),
    };
    parse_variants(value).map(Some)
}

/// `daily YYYY-MM-DD [--mode theory|standard] [--variants LIST]`: the day's record as one JSON
/// line.
fn daily_command(args: &[String]) -> Result<String, String> {
    let mut mode = Mode::Theory;
    let mut variants = Variants::NONE;
    let mut date = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if let Some(chosen) = mode_option(arg, &mut rest)? {
            mode = chosen;
        } else if let Some(chosen) = variants_option(arg, &mut rest)? {
            variants = chosen;
        } else if arg.starts_with("--") {
            return Err(format!("unknown option {arg} for daily"));
        } else if date.is_some() {
            return Err("give one date".to_string());
        } else {
            date = Some(Date::parse(arg).map_err(|e| e.to_string())?);
        }
    }
    let date = date.ok_or("give the date as YYYY-MM-DD")?;
    if let Some(v) = variants.misfit(Kind::Solitaire, mode) {
        return Err(v.misfit().to_string());
    }
    let mut record = daily::daily_record(date, mode);
    record.variants = variants;
    Ok(record.to_json())
}

fn read_input<R: BufRead>(path: &str, mut stdin: R) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        stdin
            .read_to_string(&mut text)
            .map_err(|e| format!("can't read stdin: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("can't read {path}: {e}"))
    }
}

/// Runs the tool; returns the exit code. Never panics on what it reads.
pub fn run<R: BufRead, W: Write, E: Write>(
    args: &[String],
    stdin: R,
    out: &mut W,
    err: &mut E,
) -> i32 {
    // diagnostics that can't be written have nowhere else to go
    let fail = |err: &mut E, code: i32, message: &str| {
        let _ = writeln!(err, "molscrab: {message}");
        code
    };
    let Some((command, rest)) = args.split_first() else {
        let _ = writeln!(err, "{USAGE}");
        return 2;
    };
    // the chemist's referee needs the table before any record under it is read
    substances();
    match command.as_str() {
        "check" => match check(rest, stdin, out) {
            Ok(()) => 0,
            Err(message) => {
                let _ = writeln!(err, "molscrab check: {message}\n\n{USAGE}");
                2
            }
        },
        "replay" => {
            let [path] = rest else {
                let _ = writeln!(
                    err,
                    "molscrab replay: give one FILE, or - for stdin\n\n{USAGE}"
                );
                return 2;
            };
            let text = match read_input(path, stdin) {
                Ok(text) => text,
                Err(message) => return fail(err, 2, &message),
            };
            match replay_text(&text) {
                ReplayOutcome::Done(json) => match writeln!(out, "{json}") {
                    Ok(()) => 0,
                    Err(e) => fail(err, 2, &format!("can't write the output: {e}")),
                },
                ReplayOutcome::Illegal(json) => {
                    let _ = writeln!(out, "{json}");
                    1
                }
                ReplayOutcome::Unreadable(message) => fail(err, 2, &message),
            }
        }
        "hint" => {
            let (path, top) = match hint::parse_args(rest) {
                Ok(parsed) => parsed,
                Err(message) => {
                    let _ = writeln!(err, "molscrab hint: {message}\n\n{USAGE}");
                    return 2;
                }
            };
            let text = match read_input(&path, stdin) {
                Ok(text) => text,
                Err(message) => return fail(err, 2, &message),
            };
            match hint::hint_text(&text, top) {
                hint::HintOutcome::Done(json) => match writeln!(out, "{json}") {
                    Ok(()) => 0,
                    Err(e) => fail(err, 2, &format!("can't write the output: {e}")),
                },
                hint::HintOutcome::Refused(json) => {
                    let _ = writeln!(out, "{json}");
                    1
                }
                hint::HintOutcome::Unreadable(message) => fail(err, 2, &message),
            }
        }
        "selfplay" => match selfplay_args(rest) {
            Ok(asked) => {
                let several = asked.modes.len() > 1 || asked.every_variant;
                let (mut violations, mut unwritten) = (0, false);
                selfplay(&asked, |summary| {
                    violations += summary.violations;
                    unwritten |= writeln!(out, "{}", summary.to_json())
                        .and_then(|()| out.flush())
                        .is_err();
                    // in a sweep, each detail says its run: enough to play that run alone
                    let run = if several {
                        format!(
                            "--mode {} --variants '{}' --seed {}: ",
                            summary.mode.code(),
                            summary.variants.key().replace('+', ","),
                            summary.seed
                        )
                    } else {
                        String::new()
                    };
                    for detail in &summary.details {
                        let _ = writeln!(err, "molscrab selfplay: {run}{detail}");
                    }
                });
                match (unwritten, violations) {
                    (true, _) => fail(err, 2, "can't write the output"),
                    (false, 0) => 0,
                    (false, _) => 1,
                }
            }
            Err(message) => {
                let _ = writeln!(err, "molscrab selfplay: {message}\n\n{USAGE}");
                2
            }
        },
        "daily" => match daily_command(rest) {
            Ok(json) => match writeln!(out, "{json}") {
                Ok(()) => 0,
                Err(e) => fail(err, 2, &format!("can't write the output: {e}")),
            },
            Err(message) => {
                let _ = writeln!(err, "molscrab daily: {message}\n\n{USAGE}");
                2
            }
        },
        "help" | "--help" | "-h" => {
            let _ = writeln!(out, "{USAGE}");
            0
        }
        other => {
            let _ = writeln!(err, "molscrab: unknown command \"{other}\"\n\n{USAGE}");
            2
        }
    }
}
