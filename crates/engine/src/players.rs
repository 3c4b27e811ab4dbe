//! Who sits at the table: Solitaire's one player and the Pass and Play names rule (RULES §9 "Names").

use std::fmt;

use crate::casefold;
use crate::level::Level;

/// Solitaire's one player.
pub const SOLITAIRE_PLAYER: &str = "You";

/// The most characters of a player's name shown (the name field's own limit).
pub const MAX_NAME_SHOWN: usize = 40;

/// A seat's name as shown: an empty name gets a default ("You" alone, else "Player 2"), an
/// overlong one (an imported record's) is cut with "…".
pub fn seat_name(players: &[String], seat: usize) -> String {
    match players.get(seat).map(|n| n.trim()) {
        Some(name) if name.chars().count() > MAX_NAME_SHOWN => {
            let kept: String = name.chars().take(MAX_NAME_SHOWN - 1).collect();
            format!("{}…", kept.trim_end())
        }
        Some(name) if !name.is_empty() => name.to_string(),
        _ if players.len() == 1 => SOLITAIRE_PLAYER.to_string(),
        _ => format!("Player {}", seat + 1),
    }
}

/// Why the Pass and Play names can't start a game; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NamesError {
    /// Players 1 and 2 must both have a name.
    FirstTwoNeeded,
    /// Two names differ only in case (or not at all).
    SameName(String, String),
    /// Every seat is a computer: someone has to play.
    NoPerson,
}

impl fmt::Display for NamesError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NamesError::FirstTwoNeeded => out.write_str("Type names for players 1 and 2."),
            NamesError::NoPerson => {
                out.write_str("Every seat is a computer player: make at least one seat a person.")
            }
            NamesError::SameName(a, b) if a == b => {
                write!(
                    out,
                    "Two players are both called \"{a}\": give each a different name."
                )
            }
            NamesError::SameName(a, b) => write!(
                out,
                "\"{a}\" and \"{b}\" differ only in capitals: give each player a different name."
            ),
        }
    }
}

impl std::error::Error for NamesError {}

/// Pass and Play's seats from the form's name fields (RULES §9 "Names"): trimmed, players 1
/// and 2 required, blank later seats closed up, no two names equal ignoring case. Fields after
/// the fourth are ignored.
pub fn pass_and_play_names<S: AsRef<str>>(fields: &[S]) -> Result<Vec<String>, NamesError> {
    let trimmed: Vec<&str> = fields.iter().take(4).map(|f| f.as_ref().trim()).collect();
    if trimmed.len() < 2 || trimmed[..2].iter().any(|n| n.is_empty()) {
        return Err(NamesError::FirstTwoNeeded);
    }
    let names: Vec<String> = trimmed
        .into_iter()
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    for (i, a) in names.iter().enumerate() {
        if let Some(b) = names[..i]
            .iter()
            .find(|b| casefold::same_ignoring_case(b, a))
        {
            return Err(NamesError::SameName(b.clone(), a.clone()));
        }
    }
    Ok(names)
}

/// The seats of a game that may mix people and computers: each field's name and level
/// (`None`: a person). A computer seat left blank is called by the first of its level's names
/// ("Professor", then "Professor 2", …) that no seat has, typed or given; then the names rule of [`pass_and_play_names`] applies, and blank
/// seats are closed up with their levels. At least one seat must be a person.
pub fn table_seats<S: AsRef<str>>(
    fields: &[S],
    levels: &[Option<Level>],
) -> Result<(Vec<String>, Vec<Option<Level>>), NamesError> {
    let typed: Vec<&str> = fields.iter().take(4).map(|f| f.as_ref().trim()).collect();
    seats_of(&typed, levels)
}

/// [`table_seats`] of the fields trimmed (one copy of the code for every kind of field).
fn seats_of(
    typed: &[&str],
    levels: &[Option<Level>],
) -> Result<(Vec<String>, Vec<Option<Level>>), NamesError> {
    let mut named: Vec<(String, Option<Level>)> = Vec::new();
    for (i, field) in typed.iter().enumerate() {
        let level = levels.get(i).copied().flatten();
        let mut name = field.to_string();
        if name.is_empty() {
            if let Some(level) = level {
                // the first of "Professor", "Professor 2", … that no seat has: neither a name
                // typed (before or after this seat) nor a computer's named already
                let mut n = 1;
                name = level.name().to_string();
                while taken(typed, &named, &name) {
                    n += 1;
                    name = format!("{} {n}", level.name());
                }
            }
        }
        named.push((name, level));
    }
    let names = pass_and_play_names(&named.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>())?;
    let seats: Vec<Option<Level>> = named
        .into_iter()
        .filter(|(n, _)| !n.is_empty())
        .map(|(_, level)| level)
        .collect();
    if seats.iter().all(Option::is_some) {
        return Err(NamesError::NoPerson);
    }
    Ok((names, seats))
}

/// Whether `name` is one of the names typed or given so far, ignoring case.
fn taken(typed: &[&str], named: &[(String, Option<Level>)], name: &str) -> bool {
    let same = |other: &str| casefold::same_ignoring_case(other, name);
    typed.iter().any(|t| same(t)) || named.iter().any(|(n, _)| same(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computer_seats_are_named_by_level_and_someone_must_be_a_person() {
        let (p, e) = (Some(Level::Professor), Some(Level::Professor));
        assert_eq!(
            table_seats(&["Ada", "", "", "Cy"], &[None, p, e, None]),
            Ok((
                vec![
                    "Ada".into(),
                    "Professor".into(),
                    "Professor 2".into(),
                    "Cy".into()
                ],
                vec![None, p, e, None]
            ))
        );
        // a blank person seat after the second closes up, with its level
        assert_eq!(
            table_seats(
                &["You", "", "", ""],
                &[None, Some(Level::Apprentice), None, None]
            ),
            Ok((
                vec!["You".into(), "Apprentice".into()],
                vec![None, Some(Level::Apprentice)]
            ))
        );
        assert_eq!(
            table_seats(&["", ""], &[p, Some(Level::Chemist)]),
            Err(NamesError::NoPerson)
        );
        assert_eq!(
            table_seats(&["Ada", ""], &[None, None]),
            Err(NamesError::FirstTwoNeeded)
        );
        // a blank computer seat takes the first of its level's names no seat has
        assert_eq!(
            table_seats(&["professor", ""], &[None, p]),
            Ok((
                vec!["professor".into(), "Professor 2".into()],
                vec![None, p]
            ))
        );
        assert_eq!(
            table_seats(&["Ada", "", "", "Professor 2"], &[None, p, e, None]),
            Ok((
                vec![
                    "Ada".into(),
                    "Professor".into(),
                    "Professor 3".into(),
                    "Professor 2".into()
                ],
                vec![None, p, e, None]
            ))
        );
        // names typed are still the player's to mend
        assert_eq!(
            table_seats(&["Ada", "ADA"], &[None, p]),
            Err(NamesError::SameName("Ada".into(), "ADA".into()))
        );
    }

    #[test]
    fn pass_and_play_names_are_trimmed_closed_up_and_distinct() {
        assert_eq!(
            pass_and_play_names(&[" Ada ", "Ben", "", "Cy"]),
            Ok(vec!["Ada".to_string(), "Ben".to_string(), "Cy".to_string()])
        );
        assert_eq!(
            pass_and_play_names(&["Ada", "  ", "Cy", ""]),
            Err(NamesError::FirstTwoNeeded)
        );
        assert_eq!(
            pass_and_play_names(&["Ada"]),
            Err(NamesError::FirstTwoNeeded)
        );
        assert_eq!(
            pass_and_play_names(&["Ada", "Ben", "ADA", ""]),
            Err(NamesError::SameName("Ada".into(), "ADA".into()))
        );
        assert!(pass_and_play_names(&["Ada", "Ben", "ADA", ""])
            .err()
            .is_some_and(|e| e.to_string().contains("capitals")));
    }
}
