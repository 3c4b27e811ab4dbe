//! Facts: one written by us for each of the 42 reference-card formulas, and for every
//! documented substance one made from its measured properties (state, melting and boiling
//! points, density), each with its source.

use crate::referee::CARD;
use crate::substances::{Measured, Source};

/// One fact and where to read more (a PubChem compound page, by its CID and name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fact {
    pub text: &'static str,
    pub source: &'static str,
}

const fn fact(text: &'static str, source: &'static str) -> Fact {
    Fact { text, source }
}

/// In card order (RULES §4): `FACTS[i]` belongs to `CARD[i]`.
pub static FACTS: [Fact; 42] = [
    fact(
        "A water molecule is bent, with an H–O–H angle of about 104.5°; hydrogen bonds between \
         molecules give it a boiling point far above other molecules its size.",
        "PubChem CID 962 (water)",
    ),
    fact(
        "Solid carbon dioxide, dry ice, does not melt at normal pressure: at −78.5 °C it turns \
         straight into gas.",
        "PubChem CID 280 (carbon dioxide)",
    ),
    fact(
        "Table salt is sodium chloride, often with a trace of iodide added. Its crystals are \
         cubes: each sodium ion sits between six chloride ions, and each chloride between six \
         sodium ions.",
        "PubChem CID 5234 (sodium chloride)",
    ),
    fact(
        "Liquid oxygen is pale blue and clings to a magnet, because the O₂ molecule has two \
         unpaired electrons.",
        "PubChem CID 977 (oxygen)",
    ),
    fact(
        "Nitrogen is about 78% of dry air; its triple bond is one of the strongest bonds \
         between two atoms, which is why N₂ reacts so reluctantly.",
        "PubChem CID 947 (nitrogen)",
    ),
    fact(
        "Hydrogen is the lightest gas: at 0 °C a litre of it weighs about 0.09 g, a fourteenth \
         of a litre of air.",
        "PubChem CID 783 (hydrogen)",
    ),
    fact(
        "Chlorine is a yellow-green gas about 2.5 times as dense as air; since the early 1900s \
         it has kept drinking water free of germs.",
        "PubChem CID 24526 (chlorine)",
    ),
    fact(
        "Methane is most of natural gas, and molecule for molecule it traps far more heat in \
         the atmosphere than carbon dioxide.",
        "PubChem CID 297 (methane)",
    ),
    fact(
        "Most ammonia is made by the Haber–Bosch process, from nitrogen and hydrogen over an \
         iron catalyst, and most of it becomes fertiliser.",
        "PubChem CID 222 (ammonia)",
    ),
    fact(
        "HCl itself is hydrogen chloride, a colourless gas at room temperature; hydrochloric \
         acid is its solution in water. Your stomach makes it: gastric juice is dilute \
         hydrochloric acid with a pH of about 1.5 to 3.5.",
        "PubChem CID 313 (hydrogen chloride, hydrochloric acid)",
    ),
    fact(
        "Calcium carbonate is limestone, marble, chalk and seashells; acids dissolve it with a \
         fizz of carbon dioxide.",
        "PubChem CID 10112 (calcium carbonate)",
    ),
    fact(
        "Rust is iron(III) oxide with water bound in it (roughly Fe₂O₃·nH₂O, with some \
         FeO(OH)); the dry oxide is hematite, the main ore of iron, named from the Greek for \
         blood.",
        "PubChem CID 14833 (iron(III) oxide)",
    ),
    fact(
        "Lye is the everyday name of sodium hydroxide, solid or dissolved in water (potassium \
         hydroxide is lye too). It is a strong base that turns fats into soap; dissolving it \
         in water gives off a lot of heat.",
        "PubChem CID 14798 (sodium hydroxide)",
    ),
    fact(
        "Magnesium oxide is the white ash left when magnesium ribbon burns with its dazzling \
         white flame.",
        "PubChem CID 14792 (magnesium oxide)",
    ),
    fact(
        "Carbon monoxide has no colour or smell and binds to haemoglobin about 200 times more \
         strongly than oxygen, which is why it is so poisonous.",
        "PubChem CID 281 (carbon monoxide)",
    ),
    fact(
        "Nitrogen dioxide is the red-brown gas of smog; its molecule has an odd number of \
         electrons, so two of them pair up into colourless N₂O₄ when cooled.",
        "PubChem CID 3032552 (nitrogen dioxide)",
    ),
    fact(
        "Sulfur dioxide from volcanoes and burning coal makes acid rain; in tiny amounts it \
         keeps dried fruit and wine from spoiling.",
        "PubChem CID 1119 (sulfur dioxide)",
    ),
    fact(
        "Sulfur trioxide reacts violently with water to make sulfuric acid, so industry \
         absorbs it in concentrated sulfuric acid instead (the contact process).",
        "PubChem CID 24682 (sulfur trioxide)",
    ),
    fact(
        "Potassium chloride is sold as a low-sodium salt substitute and is mined as the \
         mineral sylvite.",
        "PubChem CID 4873 (potassium chloride)",
    ),
    fact(
        "Copper(II) oxide is a black powder; heated with hydrogen or carbon it gives back \
         shiny copper.",
        "PubChem CID 14829 (copper(II) oxide)",
    ),
    fact(
        "Zinc oxide is the white in many sunscreens and nappy creams: it blocks ultraviolet \
         light.",
        "PubChem CID 14806 (zinc oxide)",
    ),
    fact(
        "Calcium chloride is spread on icy roads: it draws water from the air, warms as it \
         dissolves, and its solution freezes far below 0 °C.",
        "PubChem CID 24854 (calcium chloride)",
    ),
    fact(
        "Magnesium chloride is the main part of nigari, which sets tofu; magnesium metal has \
         long been made by passing a current through it molten.",
        "PubChem CID 24584 (magnesium chloride)",
    ),
    fact(
        "Aluminium oxide is corundum, one of the hardest minerals; a trace of chromium makes \
         it ruby, of iron and titanium, blue sapphire.",
        "PubChem CID 14769 (aluminium oxide)",
    ),
    fact(
        "Silicon dioxide is quartz, the grains of most sand; melted and cooled it becomes \
         silica glass.",
        "PubChem CID 24261 (silicon dioxide)",
    ),
    fact(
        "Iron(II) oxide is black; in nature it is the rare mineral wüstite, which always lacks \
         a little iron (about Fe₀.₉₅O).",
        "PubChem CID 14945 (iron(II) oxide)",
    ),
    fact(
        "Iron(II) sulfide is the grey-black solid made by heating iron filings with sulfur, the \
         classic lesson in how a compound differs from a mixture.",
        "PubChem CID 14828 (iron(II) sulfide)",
    ),
    fact(
        "Copper(II) sulfide occurs in nature as covellite, a mineral of deep indigo blue.",
        "PubChem CID 14831 (copper(II) sulfide)",
    ),
    fact(
        "Ordinary window glass is about 13% sodium oxide by the glassmaker's count: it lowers \
         the melting point of the silica (it goes in as sodium carbonate).",
        "PubChem CID 73971 (sodium oxide)",
    ),
    fact(
        "Fertiliser bags state their potassium as 'potash' counted as K₂O, though the oxide \
         itself is not what the bag holds.",
        "PubChem CID 9989219 (potassium oxide)",
    ),
    fact(
        "Potassium hydroxide makes soft, liquid soaps and is the electrolyte in alkaline \
         batteries.",
        "PubChem CID 14797 (potassium hydroxide)",
    ),
    fact(
        "Nitric acid stains skin yellow, and mixed with hydrochloric acid as aqua regia it \
         dissolves gold.",
        "PubChem CID 944 (nitric acid)",
    ),
    fact(
        "Sulfuric acid is made in larger amounts than any other industrial chemical; \
         concentrated, it chars sugar to carbon by pulling out its water.",
        "PubChem CID 1118 (sulfuric acid)",
    ),
    fact(
        "Ammonium chloride, sal ammoniac, gives Nordic salty liquorice its bite and was long \
         used as a soldering flux.",
        "PubChem CID 25517 (ammonium chloride)",
    ),
    fact(
        "Iron(II) chloride crystallises with water as pale green crystals and is used to clean \
         waste water.",
        "PubChem CID 24458 (iron(II) chloride)",
    ),
    fact(
        "Silver chloride darkens in light as silver metal forms: the effect behind early \
         photographic paper and, with other silver halides, glasses that darken in the sun.",
        "PubChem CID 24561 (silver chloride)",
    ),
    fact(
        "Lead(II) oxide, litharge, was long used in pottery glazes and lead crystal; lead \
         compounds are poisonous.",
        "PubChem CID 14827 (lead(II) oxide)",
    ),
    fact(
        "Barium oxide coated the cathodes of radio valves, because when hot it gives off \
         electrons easily.",
        "PubChem CID 62392 (barium oxide)",
    ),
    fact(
        "Bromine is one of only two elements liquid at 25 °C (mercury is the other); its name \
         is Greek for stench.",
        "PubChem CID 24408 (bromine)",
    ),
    fact(
        "Lithium fluoride lets through ultraviolet light of shorter wavelength than almost \
         any other crystal, so it is used for UV optics.",
        "PubChem CID 224478 (lithium fluoride)",
    ),
    fact(
        "Heated in a flame, quicklime glows a brilliant white: the limelight of \
         nineteenth-century theatres.",
        "PubChem CID 14778 (calcium oxide)",
    ),
    fact(
        "Tin(IV) oxide is the mineral cassiterite, the main ore of tin.",
        "PubChem CID 29011 (tin(IV) oxide)",
    ),
];

/// The fact for the card formula at `index` in [`CARD`].
pub fn card_fact(index: usize) -> Option<&'static Fact> {
    if index < CARD.len() {
        FACTS.get(index)
    } else {
        None
    }
}

/// A substance's state at room temperature (25 °C, 1 atm), from its melting and boiling
/// points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Solid,
    Liquid,
    Gas,
}

impl State {
    pub fn word(self) -> &'static str {
        match self {
            State::Solid => "solid",
            State::Liquid => "liquid",
            State::Gas => "gas",
        }
    }
}

/// Room temperature, °C.
pub const ROOM_C: f64 = 25.0;

/// The measured fact of a documented substance: its state at room temperature, melting and
/// boiling points and density, as a sentence, and the tables they came from.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredFact {
    pub state: Option<State>,
    /// Boils below its melting point at 1 atm: it sublimes (dry ice), at the boiling point.
    pub sublimes: bool,
    /// Density in g/cm³ (solid, liquid) or g/L (gas), and which.
    pub density: Option<(f64, &'static str)>,
    pub text: String,
    pub source: String,
}

/// "−78.5", "801": °C with a true minus sign, tenths below 100 degrees, whole degrees above.
fn celsius(t: f64) -> String {
    let text = if t.abs() >= 99.95 {
        format!("{t:.0}")
    } else {
        let text = format!("{t:.1}");
        text.strip_suffix(".0").map_or(text.clone(), str::to_string)
    };
    let text = if text == "-0" { "0".to_string() } else { text };
    text.replacen('-', "\u{2212}", 1)
}

/// Three significant figures: 2.17, 0.997, 13.5, 1.80.
fn three_figures(x: f64) -> String {
    let places = (2 - x.abs().log10().floor() as i32).clamp(0, 6) as usize;
    format!("{x:.places$}")
}

/// The state at 25 °C and 1 atm that the melting point `m` and boiling point `b` imply, and
/// whether the substance sublimes (its "boiling" point below its melting point: CO₂'s
/// melting point is the triple point's, under pressure); `None` when they don't decide it.
pub fn state_at_room_temperature(m: Option<f64>, b: Option<f64>) -> (Option<State>, bool) {
    match (m, b) {
        (Some(m), Some(b)) if b < m => (
            Some(if b > ROOM_C { State::Solid } else { State::Gas }),
            true,
        ),
        (_, Some(b)) if b <= ROOM_C => (Some(State::Gas), false),
        (Some(m), _) if m > ROOM_C => (Some(State::Solid), false),
        (Some(_), Some(_)) => (Some(State::Liquid), false),
        _ => (None, false),
    }
}

/// The fact the table's measured values make, or `None` when it has none.
pub fn measured_fact(measured: &Measured) -> Option<MeasuredFact> {
    if measured.is_empty() {
        return None;
    }
    let m = measured.melting.map(|r| r.value);
    let b = measured.boiling.map(|r| r.value);
    let (state, sublimes) = state_at_room_temperature(m, b);
    let mut parts: Vec<String> = Vec::new();
    let mut cited: Vec<(&'static str, Source)> = Vec::new();
    if let Some(state) = state {
        parts.push(format!(
            "At room temperature (25 °C, 1 atm) it is a {}.",
            state.word()
        ));
    }
    match (measured.melting, measured.boiling) {
        (Some(_), Some(boiling)) if sublimes => {
            parts.push(format!(
                "At 1 atm it does not melt: it turns straight into gas (sublimes) at {} °C.",
                celsius(boiling.value)
            ));
            cited.push(("sublimation point", boiling.source));
        }
        (melting, boiling) => {
            let mut said: Vec<String> = Vec::new();
            if let Some(melting) = melting {
                said.push(format!("melts at {} °C", celsius(melting.value)));
                cited.push(("melting point", melting.source));
            }
            if let Some(boiling) = boiling {
                said.push(format!("boils at {} °C", celsius(boiling.value)));
                cited.push(("boiling point", boiling.source));
            }
            if !said.is_empty() {
                let sentence = said.join(" and ");
                let mut chars = sentence.chars();
                let first: String = chars
                    .next()
                    .map(|c| c.to_ascii_uppercase())
                    .into_iter()
                    .collect();
                // the state's sentence already says at what pressure
                let pressure = if state.is_some() { "" } else { " at 1 atm" };
                parts.push(format!("{first}{}{pressure}.", chars.as_str()));
            }
        }
    }
    // the CRC tables give a gas's density in g/L and a solid's or liquid's in kg/m³ (the
    // same unit): shown as chemists do, g/L for a gas, g/cm³ otherwise; a value that does not
    // fit the state is left out
    let density = measured.density.and_then(|d| match state {
        Some(State::Gas) if d.value < 50.0 => Some((d, d.value, "g/L")),
        Some(State::Gas) => None,
        _ if d.value >= 100.0 => Some((d, d.value / 1000.0, "g/cm³")),
        _ => None,
    });
    if let Some((reading, value, unit)) = density {
        parts.push(format!(
            "Density at 25 °C: {} {unit}.",
            three_figures(value)
        ));
        cited.push(("density", reading.source));
    }
    if parts.is_empty() {
        return None;
    }
    let source = if cited.iter().all(|(_, s)| *s == cited[0].1) {
        format!("{}, via the chemicals package", cited[0].1.name())
    } else {
        let each: Vec<String> = cited
            .iter()
            .map(|(what, s)| format!("{what}: {}", s.name()))
            .collect();
        format!("{}; via the chemicals package", each.join("; "))
    };
    Some(MeasuredFact {
        state,
        sublimes,
        density: density.map(|(_, v, unit)| (v, unit)),
        text: parts.join(" "),
        source,
    })
}
