//! Chemistry explained (RULES §10): each formula's structure, drawing, names, mass and fact.
//!
//! Nothing here is in the app's first load: the app asks for it through a lazily loaded
//! worker, which calls [`explain`] with the substance table once that has arrived.

pub mod facts;
pub mod ions;
pub mod layout;
pub mod mass;
pub mod names;
pub mod structure;
pub mod svg;
pub mod text;

pub use crate::molecule::{condensed, smiles};

use molscrab_json::Value;

use crate::elements::Element;
use crate::markup::Html;
use crate::referee::{self, judge, judge_ions, Edition, Mode};
use crate::substances::{counts_of, Substances, MAX_ATOMS};
use names::NameKind;

/// The longest formula text [`explain_text`] reads (a board line is 15 tiles of ≤ 2 letters).
pub const MAX_FORMULA_TEXT: usize = 200;

fn rounded(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

/// Hill-order formula with subscripts, the same whatever the tile order: C₂H₆O.
pub fn hill_text(tiles: &[Element]) -> String {
    let counts = counts_of(tiles);
    referee::formula_text(&crate::substances::hill_tiles(&counts))
}

/// Everything the formula's card shows, as one JSON object:
///
/// ```text
/// { "tiles": "H H O", "formula": "H₂O", "hill": "H₂O",
///   "valid": true, "known": true, "reason": null, "rule": null, "card": 0,
///   "documented": true, "names": ["water"], "name_kind": "documented",
///   "systematic_name": null,
///   "smiles": "[H][O][H]", "text": "H–O–H", "svg": "<svg …>", "charged": false,
///   "molar_mass": 18.015,
///   "composition": [{"element": "H", "count": 2, "percent": 11.19}, …],
///   "fact": {"text": "…", "source": "PubChem CID 962 (water)"},
///   "measured": {"state": "liquid", "sublimes": false, "density": 0.997,
///                "density_unit": "g/cm³", "text": "At room temperature …",
///                "source": "CRC Handbook … via the chemicals package"} }
/// ```
///
/// `names` holds documented names only (the card's, then the table's), `[]` when none;
/// `name_kind` is `documented`, `systematic` (then `systematic_name` holds a composition
/// name such as "dinitrogen tetroxide") or `hypothetical`. The structure fields (`smiles`,
/// `text`, `svg`) are null for a formula the referee rejects or longer than 15 tiles;
/// `charged` is true for a molecule drawn with charges (CO, NO₂, N₂O). `ions` is, for a salt
/// ([`ions::salt`]), the card's sentence about its ions ("An ionic solid: Na⁺ and Cl⁻ ions…");
/// then `svg` and `text` show the ions (Na⁺ Cl⁻) and `smiles` the connected structure. Without a table
/// (`None`, before it has loaded) only card names are documented. `substances` lists each
/// documented substance with all its names (synonyms together; isomers apart); `only` is
/// `"gas-phase"` (Na₂, P₂: seen only in a spectrum) or `"alloy"` for formulas the table names
/// but that are no substance — `documented` is then false. `measured` is the fact the table's
/// measured values make (state at 25 °C, melting and boiling points, density, and their
/// tables), null without the table or for a formula that is no documented substance.
///
/// A formula judged outside a game: under the chemist's referee, by its current rules
/// ([`Edition::CURRENT`]).
pub fn explain(tiles: &[Element], mode: Mode, table: Option<&Substances>) -> Value {
    explanation(tiles, mode, Edition::CURRENT, false, table).0
}

/// [`explain`], and its drawing as markup (the same SVG as its `"svg"` text), for a page that
/// shows it: the card writes the drawing from this, never from a JSON string. In a game with
/// Ion Rules (`ions`) the formula is judged with them, and an ion adds `"charge"` and `"ion"`
/// (the documented ion's name, or null), shows its charge in `formula` ("SO₄²⁻") and has no
/// drawing (the game draws neutral molecules only). Under the chemist's referee the formula
/// is judged by the game's `edition` of its rules.
pub fn explanation(
    tiles: &[Element],
    mode: Mode,
    edition: Edition,
    ions: bool,
    table: Option<&Substances>,
) -> (Value, Option<Html>) {
    let counts = counts_of(tiles);
    let verdict = if ions {
        judge_ions(mode, edition, tiles)
    } else {
        judge(mode, edition, tiles)
    };
    let charge = verdict.as_ref().map_or(0, |a| a.charge);
    let (valid, known, reason, rule, card) = match &verdict {
        Ok(accepted) => (true, accepted.known, None, None, accepted.card),
        Err(rejection) => (
            false,
            false,
            Some(rejection.to_string()),
            Some(rejection.rule.code()),
            None,
        ),
    };
    let named = names::names(tiles, table);
    // a species seen only in a gas-phase spectrum (Na₂) or an alloy is named, but is no
    // documented substance
    let documented = named.is_substance();
    let shown_name = named.names.first().cloned();
    let molecule = if valid && charge == 0 && tiles.len() <= MAX_ATOMS {
        structure::structure(tiles)
    } else {
        None
    };
    let formula = crate::display::formula(tiles, charge);
    // a salt is drawn as its ions (NaCl: Na⁺ beside Cl⁻); `smiles` keeps the one connected
    // structure RULES §10.2 asks for; an ion (Ion Rules) is no salt
    let salt = molecule
        .as_ref()
        .filter(|_| charge == 0)
        .and_then(|_| ions::salt(tiles));
    let line = match &salt {
        Some(salt) => Some(salt.line()),
        None => molecule.as_ref().map(text::line_text),
    };
    let picture = molecule.as_ref().map(|m| {
        let title = match (&shown_name, &line) {
            (Some(name), Some(line)) => format!("{name}, {}: {line}", hill_text(tiles)),
            (None, Some(line)) => format!("{}: {line}", hill_text(tiles)),
            _ => hill_text(tiles),
        };
        match &salt {
            Some(salt) => svg::svg_of_layout(&salt.molecule(), &salt.layout(), &title),
            None => svg::svg(m, &title),
        }
    });
    let composition: Vec<Value> = mass::composition(&counts)
        .into_iter()
        .map(|share| {
            Value::object([
                ("element", share.element.symbol().into()),
                ("count", share.count.into()),
                ("percent", rounded(share.percent, 2).into()),
            ])
        })
        .collect();
    // measured properties of the most common substance: only for a documented substance
    let measured = table
        .and_then(|t| t.entry(&counts))
        .filter(|_| documented)
        .and_then(|e| facts::measured_fact(&e.measured))
        .map(|f| {
            Value::object([
                ("state", f.state.map(|s| s.word()).into()),
                ("sublimes", f.sublimes.into()),
                ("density", f.density.map(|(d, _)| d).into()),
                ("density_unit", f.density.map(|(_, unit)| unit).into()),
                ("text", f.text.into()),
                ("source", f.source.into()),
            ])
        });
    // the most common substance exists only dissolved in water (calcium bicarbonate)
    let in_solution = documented
        && table
            .and_then(|t| t.entry_in(&counts, crate::substances::LATEST_EDITION))
            .is_some_and(|e| e.in_solution);
    let fact = referee::card_index_of_multiset(tiles)
        .and_then(facts::card_fact)
        .map(|f| Value::object([("text", f.text.into()), ("source", f.source.into())]));
    let mut value = Value::object([
        ("tiles", referee::spaced(tiles).into()),
        ("formula", formula.into()),
        ("hill", hill_text(tiles).into()),
        ("valid", valid.into()),
        ("known", known.into()),
        ("reason", reason.into()),
        ("rule", rule.into()),
        ("card", card.into()),
        ("documented", documented.into()),
        (
            "names",
            if named.kind == NameKind::Documented {
                named.names.clone()
            } else {
                Vec::new()
            }
            .into(),
        ),
        ("name_kind", named.kind.code().into()),
        (
            "substances",
            Value::Array(named.substances.iter().map(|s| s.clone().into()).collect()),
        ),
        ("only", named.only.map(|o| o.code()).into()),
        (
            "systematic_name",
            (named.kind == NameKind::Systematic)
                .then(|| named.names.first().cloned())
                .flatten()
                .into(),
        ),
        ("smiles", molecule.as_ref().map(smiles::smiles).into()),
        ("text", line.into()),
        (
            "svg",
            picture.as_ref().map(|p| p.as_str().to_string()).into(),
        ),
        (
            "charged",
            (salt.is_none() && molecule.as_ref().is_some_and(|m| !m.is_neutral())).into(),
        ),
        (
            "ions",
            salt.as_ref()
                .map(|s| match in_solution {
                    true => s.describe_in_water(),
                    false => s.describe(),
                })
                .into(),
        ),
        ("molar_mass", rounded(mass::molar_mass(&counts), 3).into()),
        ("composition", composition.into()),
        ("fact", fact.into()),
        ("measured", measured.into()),
        ("in_solution", in_solution.into()),
    ]);
    if let (false, Value::Object(map)) = (charge == 0, &mut value) {
        let ion = referee::ions::ion_of_multiset(tiles).filter(|i| i.charge == charge);
        map.insert("charge".to_string(), i64::from(charge).into());
        map.insert("ion".to_string(), ion.map(|i| i.name).into());
    }
    (value, picture)
}

/// [`explain`] for a formula written as space-separated symbols ("C C O O"), as the worker
/// receives it: text longer than [`MAX_FORMULA_TEXT`] or with a symbol that is not an element
/// gives `{"tiles", "valid": false, "reason", "rule": "unknown-element" | "too-long"}`.
/// Under the chemist's referee, by its current rules ([`Edition::CURRENT`]).
pub fn explain_text(text: &str, mode: Mode, table: Option<&Substances>) -> Value {
    explanation_text(text, mode, Edition::CURRENT, false, table).0
}

/// [`explain_text`] with the drawing as markup, as [`explanation`] gives it, judged by the
/// chemist's `edition` under that referee.
pub fn explanation_text(
    text: &str,
    mode: Mode,
    edition: Edition,
    ions: bool,
    table: Option<&Substances>,
) -> (Value, Option<Html>) {
    let refuse = |reason: String, rule: &str| {
        let shown: String = text.chars().take(40).collect();
        let value = Value::object([
            (
                "tiles",
                shown
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .into(),
            ),
            ("valid", false.into()),
            ("reason", reason.into()),
            ("rule", rule.into()),
        ]);
        (value, None)
    };
    if text.len() > MAX_FORMULA_TEXT {
        return refuse(
            format!("a formula has at most {MAX_ATOMS} tiles; this text is too long to be one"),
            "too-long",
        );
    }
    match referee::parse_spaced(text) {
        Ok(tiles) => explanation(&tiles, mode, edition, ions, table),
        Err(reason) => refuse(reason, referee::Rule::UnknownElement.code()),
    }
}
