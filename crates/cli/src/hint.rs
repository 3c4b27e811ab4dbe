//! `molscrab hint FILE|- [--top N]` (RULES §10): the best plays for the player to move in a recorded game.

use molscrab_engine::error::LoadError;
use molscrab_engine::game::Game;
use molscrab_engine::hints::{hints, hints_value, DEFAULT_TOP, MAX_TOP};
use molscrab_json::Value;

/// What `hint` does with its arguments and the record's text: exit code and output, as
/// `replay` does (RULES §9's codes).
pub enum HintOutcome {
    /// Exit 0: `{"plays": [...]}`.
    Done(String),
    /// Exit 1 (the game has ended, or a move in it is one the rules forbid): the
    /// `{"error": {...}}` object for stdout.
    Refused(String),
    /// Exit 2: a message for stderr.
    Unreadable(String),
}

/// The file to read (`-` for stdin) and how many plays to list, or why the arguments don't say.
pub fn parse_args(args: &[String]) -> Result<(String, usize), String> {
    let mut path = None;
    let mut top = DEFAULT_TOP;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ => (arg.as_str(), None),
        };
        match name {
            "--top" => {
                let value = inline
                    .or_else(|| rest.next().map(String::as_str))
                    .ok_or("--top needs a number")?;
                top = value
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_TOP).contains(n))
                    .ok_or_else(|| {
                        format!("--top wants a number from 1 to {MAX_TOP}, not \"{value}\"")
                    })?;
            }
            other if other.starts_with("--") => {
                return Err(format!("unknown option {other} for hint"))
            }
            file if path.is_none() => path = Some(file.to_string()),
            _ => return Err("give one FILE, or - for stdin".to_string()),
        }
    }
    let path = path.ok_or("give one FILE, or - for stdin")?;
    Ok((path, top))
}

fn error(inside: Value) -> String {
    Value::object([("error", inside)]).to_string()
}

/// The hints for a record's text.
pub fn hint_text(json: &str, top: usize) -> HintOutcome {
    let game = match Game::load(json) {
        Ok(loaded) => loaded.game,
        Err(LoadError::Record(e)) => return HintOutcome::Unreadable(e.to_string()),
        Err(LoadError::Replay(e)) => {
            return HintOutcome::Refused(error(Value::object([
                ("move", e.move_index.into()),
                ("reason", e.error.to_string().into()),
            ])))
        }
    };
    if game.is_over() {
        return HintOutcome::Refused(error(Value::object([(
            "reason",
            "The game has ended: there is no move to hint.".into(),
        )])));
    }
    HintOutcome::Done(hints_value(&hints(&game, top)).to_string())
}
