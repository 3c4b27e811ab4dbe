//! A formula's card as HTML, from the engine's explanation of it: the page shows the text as it
//! is (one `inner_html`), so the card costs the page's first load nothing but a dialog.
//!
//! Written as [`Html`]: every text that comes from data (names from the substance table, facts,
//! sources) is escaped on its way in; the drawing is the engine's own SVG, itself `Html`.

use molscrab_engine::html;
use molscrab_engine::markup::Html;
use molscrab_json::Value;

/// The whole card as the page shows it: the dialog, its content and its Close button (the
/// page's one click handler closes it on `data-close`).
pub fn card_dialog(explained: &Value, picture: Option<&Html>) -> Html {
    html!(
        "<div class=\"formula-card\" role=\"dialog\" aria-modal=\"true\" aria-label=\"Formula \
         card\">{}<button class=\"btn primary\" data-close>Close</button></div>",
        card_html(explained, picture)
    )
}

fn text<'a>(explained: &'a Value, key: &str) -> Option<&'a str> {
    explained.get(key).and_then(Value::as_str)
}

/// The card's inner HTML: formula and name(s), whether the substance is documented, the
/// drawing (`picture`, the engine's own) and its one-line form, molar mass and composition, the
/// measured properties of a documented substance and the card's fact.
pub fn card_html(explained: &Value, picture: Option<&Html>) -> Html {
    let formula = text(explained, "formula").unwrap_or_default();
    // an ion (Ion Rules) is named by the ion table, never by a neutral substance's names
    let charge = explained
        .get("charge")
        .and_then(Value::as_i64)
        .filter(|&c| c != 0);
    let ion = text(explained, "ion");
    let names: Vec<&str> = match charge {
        Some(_) => ion.into_iter().collect(),
        None => explained
            .get("names")
            .and_then(Value::as_array)
            .map(|n| n.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default(),
    };
    let mut html = html!("<h2 class=\"card-title\">{}", formula);
    if let Some(first) = names.first() {
        html.push(&html!(" <span class=\"card-name\">{}</span>", first));
    }
    html.push_lit("</h2>");
    let hill = text(explained, "hill").unwrap_or_default();
    if !hill.is_empty() && hill != formula {
        html.push(&html!(
            "<p class=\"card-hill\">Written by element (Hill order): {}</p>",
            hill
        ));
    }
    let kind = match (charge, ion) {
        (Some(_), Some(_)) => "documented",
        (Some(_), None) => "hypothetical",
        _ => text(explained, "name_kind").unwrap_or("hypothetical"),
    };
    let status = match kind {
        _ if charge.is_some() => {
            let size = charge.unwrap_or(0);
            let sign = if size < 0 { "−" } else { "+" };
            let charge = format!("{sign}{}", size.unsigned_abs());
            match ion {
                Some(name) => html!(
                    "An ion of charge {}: {}, as a chemistry textbook names it (Ion Rules).",
                    charge,
                    name
                ),
                None => html!(
                    "Hypothetical ion of charge {}: its atoms join into one molecule with that \
                     many bonds too few (−) or too many (+) (Ion Rules).",
                    charge
                ),
            }
        }
        "documented" => match text(explained, "only") {
            Some("gas-phase") => html!(
                "Seen only in the gas phase: PubChem records this molecule (in a vapour, a \
                 flame or a spectrum), but it is no substance you could hold, so it does not \
                 count as documented."
            ),
            Some(_) => html!(
                "Metals only: PubChem records this as an alloy or a metal cluster, not a \
                 compound, so it does not count as documented."
            ),
            // the notebook's tags: Card, Documented, Hypothetical
            None if explained.get("card").and_then(Value::as_u64).is_some() => {
                html!("Card: on the reference card — a real substance, named in PubChem.")
            }
            None if explained.get("in_solution").and_then(Value::as_bool) == Some(true) => {
                html!(
                    "Documented: a real substance, named in PubChem, that exists only dissolved \
                     in water (no bottle holds it pure)."
                )
            }
            None => html!("Documented: a real substance, named in PubChem."),
        },
        "systematic" => html!(
            "Hypothetical: no documented substance has these atoms. Its systematic composition \
             name would be <em>{}</em>.",
            text(explained, "systematic_name").unwrap_or_default()
        ),
        _ => html!(
            "Hypothetical: no documented substance has these atoms — a molecule you could draw, \
             not one on record."
        ),
    };
    html.push(&html!("<p class=\"card-kind {}\">{}</p>", kind, status));
    // synonyms are one substance's other names; isomers are other substances
    let substances: Vec<Vec<&str>> = explained
        .get("substances")
        .filter(|_| charge.is_none())
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .filter_map(Value::as_array)
                .map(|s| s.iter().filter_map(Value::as_str).collect())
                .collect()
        })
        .unwrap_or_default();
    if let Some(first) = substances.first() {
        let others: Vec<&str> = first
            .iter()
            .copied()
            .filter(|n| Some(n) != names.first())
            .collect();
        if !others.is_empty() {
            html.push(&html!(
                "<p class=\"card-synonyms\">Also called: {}.</p>",
                others.join(", ")
            ));
        }
    }
    // an explanation without "substances" (an older engine's) lists each substance's name once
    let isomers: Vec<&str> = if charge.is_some() {
        Vec::new()
    } else if substances.is_empty() {
        names.iter().skip(1).copied().collect()
    } else {
        substances
            .iter()
            .skip(1)
            .filter_map(|s| s.first().copied())
            .collect()
    };
    if !isomers.is_empty() {
        html.push(&html!(
            "<p class=\"card-isomers\">The same atoms also make: {}.</p>",
            isomers.join(", ")
        ));
    }
    match picture {
        Some(svg) => {
            html.push(&html!("<figure class=\"card-drawing\">{}", svg));
            if let Some(line) = text(explained, "text") {
                html.push(&html!("<figcaption>{}</figcaption>", line));
            }
            html.push_lit("</figure>");
            if let Some(ions) = text(explained, "ions") {
                html.push(&html!("<p class=\"card-note card-ions\">{}</p>", ions));
            } else if explained.get("charged").and_then(Value::as_bool) == Some(true) {
                html.push_lit(
                    "<p class=\"card-note\">No neutral structure fits these atoms' usual \
                     valences: it is drawn with charges.</p>",
                );
            }
        }
        None if charge.is_some() => html.push_lit(
            "<p class=\"card-note\">The game draws neutral molecules only, so an ion has no \
             drawing.</p>",
        ),
        None => html.push_lit(
            "<p class=\"card-note\">No structure of exactly these atoms satisfies the rules, so \
             there is no drawing.</p>",
        ),
    }
    html.push_lit("<dl class=\"card-data\">");
    if let Some(mass) = explained.get("molar_mass").and_then(Value::as_f64) {
        html.push(&html!(
            "<dt>Molar mass</dt><dd>{} g/mol</dd>",
            format!("{mass:.3}")
        ));
    }
    let shares: Vec<String> = explained
        .get("composition")
        .and_then(Value::as_array)
        .map(|c| {
            c.iter()
                .filter_map(|share| {
                    let element = share.get("element")?.as_str()?;
                    let percent = share.get("percent")?.as_f64()?;
                    Some(format!("{element} {percent:.1} %"))
                })
                .collect()
        })
        .unwrap_or_default();
    if !shares.is_empty() {
        html.push(&html!("<dt>By mass</dt><dd>{}</dd>", shares.join(" · ")));
    }
    if let Some(smiles) = text(explained, "smiles") {
        html.push(&html!("<dt>SMILES</dt><dd><code>{}</code></dd>", smiles));
    }
    html.push_lit("</dl>");
    // measured properties (state at 25 °C, melting and boiling points, density) of every
    // documented substance the table has them for, with the table they came from
    if let Some(measured) = explained.get("measured").filter(|m| !m.is_null()) {
        let said = measured.get("text").and_then(Value::as_str);
        let source = measured.get("source").and_then(Value::as_str);
        if let (Some(said), Some(source)) = (said, source) {
            html.push(&html!(
                "<p class=\"card-measured\">{} <cite>Source: {}.</cite></p>",
                said,
                source
            ));
        }
    }
    if let Some(fact) = explained.get("fact").filter(|f| !f.is_null()) {
        html.push(&html!(
            "<p class=\"card-fact\">{} <cite>Source: {}</cite></p>",
            fact.get("text").and_then(Value::as_str).unwrap_or_default(),
            fact.get("source")
                .and_then(Value::as_str)
                .unwrap_or_default()
        ));
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_substance_known_only_in_solution_says_so() {
        let card = |in_solution: bool| {
            let value = molscrab_json::parse(&format!(
                r#"{{"formula":"Ca(HCO₃)₂","names":["calcium bicarbonate"],
                    "name_kind":"documented","in_solution":{in_solution}}}"#
            ))
            .expect("JSON");
            card_html(&value, None).into_string()
        };
        assert!(
            card(true).contains("exists only dissolved in water"),
            "{}",
            card(true)
        );
        assert!(!card(false).contains("dissolved"), "{}", card(false));
        assert!(card(false).contains("Documented: a real substance"));
    }

    #[test]
    fn an_ion_shows_its_charge_and_its_name() {
        let value = molscrab_json::parse(
            r#"{"formula":"SO₄²⁻","names":["persulfate radical"],"name_kind":"documented",
                "charge":-2,"ion":"sulfate"}"#,
        )
        .expect("JSON");
        let html = card_html(&value, None).into_string();
        assert!(html.contains("SO₄²⁻"), "{html}");
        assert!(html.contains("An ion of charge −2: sulfate"), "{html}");
        assert!(!html.contains("persulfate"), "{html}");
        assert!(html.contains("neutral molecules only"), "{html}");
    }

    #[test]
    fn text_from_data_cannot_open_a_tag() {
        let hostile = molscrab_json::parse(
            r#"{"formula":"H₂O","names":["<script>x</script>","ok"],"name_kind":"documented",
               "fact":{"text":"<b>","source":"\"s\""}}"#,
        )
        .unwrap();
        let html = card_html(&hostile, None).into_string();
        assert!(
            !html.contains("<script>") && !html.contains("<b>"),
            "{html}"
        );
        assert!(html.contains("&lt;script&gt;x&lt;/script&gt;"));
    }

    #[test]
    fn a_documented_formula_shows_its_name_drawing_mass_and_fact() {
        let water = molscrab_json::parse(
            r#"{"formula":"H₂O","hill":"H₂O","names":["water"],"name_kind":"documented",
               "svg":"<img src=x>","text":"H–O–H",
               "smiles":"[H][O][H]","molar_mass":18.015,
               "composition":[{"element":"H","count":2,"percent":11.19},
                              {"element":"O","count":1,"percent":88.81}],
               "fact":{"text":"Covers 71 % of the Earth.","source":"PubChem CID 962"}}"#,
        )
        .unwrap();
        let drawing = Html::lit("<svg role=\"img\"><title>water</title></svg>");
        let html = card_html(&water, Some(&drawing)).into_string();
        assert!(
            !html.contains("<img"),
            "the JSON's svg text is never markup: {html}"
        );
        for part in [
            "H₂O <span class=\"card-name\">water</span>",
            "Documented",
            "<svg role=\"img\">",
            "<figcaption>H–O–H</figcaption>",
            "18.015 g/mol",
            "H 11.2 % · O 88.8 %",
            "[H][O][H]",
            "Source: PubChem CID 962",
        ] {
            assert!(html.contains(part), "{part} in {html}");
        }
    }

    #[test]
    fn a_card_formula_says_card_as_its_notebook_tag_does() {
        let water = molscrab_json::parse(
            r#"{"formula":"H₂O","names":["water"],"name_kind":"documented","card":0}"#,
        )
        .unwrap();
        let html = card_html(&water, None).into_string();
        assert!(html.contains("Card: on the reference card"), "{html}");
        assert!(!html.contains("Documented:"), "{html}");
    }

    #[test]
    fn an_undocumented_formula_says_hypothetical_and_names_isomers_when_there_are_some() {
        let made_up = molscrab_json::parse(
            r#"{"formula":"N₂O₄","names":[],"name_kind":"systematic",
               "systematic_name":"dinitrogen tetroxide","svg":null}"#,
        )
        .unwrap();
        let html = card_html(&made_up, None).into_string();
        assert!(html.contains("Hypothetical") && html.contains("dinitrogen tetroxide"));
        assert!(html.contains("no drawing"));
        let ethanol = molscrab_json::parse(
            r#"{"formula":"C₂H₆O","names":["ethanol","dimethyl ether"],"name_kind":"documented"}"#,
        )
        .unwrap();
        assert!(card_html(&ethanol, None)
            .as_str()
            .contains("also make: dimethyl ether."));
    }

    #[test]
    fn a_salt_is_explained_as_ions() {
        let salt = molscrab_json::parse(
            r#"{"formula":"NaCl","text":"Na⁺ Cl⁻","charged":false,
               "ions":"An ionic solid: Na⁺ and Cl⁻ ions, held together by their charges, not by bonds between molecules."}"#,
        )
        .unwrap();
        let drawing = Html::lit("<svg role=\"img\"></svg>");
        let html = card_html(&salt, Some(&drawing)).into_string();
        assert!(
            html.contains("<p class=\"card-note card-ions\">An ionic solid: Na⁺ and Cl⁻ ions"),
            "{html}"
        );
        assert!(html.contains("<figcaption>Na⁺ Cl⁻</figcaption>"), "{html}");
    }

    #[test]
    fn measured_properties_show_with_their_source_and_escaped() {
        let salt = molscrab_json::parse(
            r#"{"formula":"NaCl","names":["sodium chloride"],"name_kind":"documented",
               "measured":{"state":"solid","text":"At room temperature (25 °C, 1 atm) it is a solid. Melts at 801 °C.",
                           "source":"CRC Handbook of Chemistry and Physics (95th ed.), Physical Constants of Inorganic Compounds, via the chemicals package"}}"#,
        )
        .unwrap();
        let html = card_html(&salt, None).into_string();
        assert!(
            html.contains(
                "<p class=\"card-measured\">At room temperature (25 °C, 1 atm) it is a solid. \
                 Melts at 801 °C. <cite>Source: CRC Handbook of Chemistry and Physics (95th \
                 ed.), Physical Constants of Inorganic Compounds, via the chemicals \
                 package.</cite></p>"
            ),
            "{html}"
        );
        let hostile = molscrab_json::parse(
            r#"{"formula":"X","measured":{"text":"<img src=x>","source":"</cite><script>"}}"#,
        )
        .unwrap();
        let html = card_html(&hostile, None).into_string();
        assert!(
            !html.contains("<img") && !html.contains("<script>"),
            "{html}"
        );
        assert!(html.contains("&lt;img src=x&gt;"), "{html}");
        let none = molscrab_json::parse(r#"{"formula":"X","measured":null}"#).unwrap();
        assert!(!card_html(&none, None).as_str().contains("card-measured"));
    }

    #[test]
    fn synonyms_are_one_substance_and_gas_phase_species_are_said_so() {
        let salt = molscrab_json::parse(
            r#"{"formula":"NaCl","names":["table salt","sodium chloride"],
               "name_kind":"documented",
               "substances":[["table salt","sodium chloride","halite"]]}"#,
        )
        .unwrap();
        let html = card_html(&salt, None).into_string();
        assert!(
            html.contains("Also called: sodium chloride, halite."),
            "{html}"
        );
        assert!(!html.contains("also make"), "{html}");
        let ethanol = molscrab_json::parse(
            r#"{"formula":"C₂H₆O","names":["ethanol","dimethyl ether"],
               "name_kind":"documented",
               "substances":[["ethanol","ethyl alcohol"],["dimethyl ether"]]}"#,
        )
        .unwrap();
        let html = card_html(&ethanol, None).into_string();
        assert!(html.contains("Also called: ethyl alcohol."), "{html}");
        assert!(html.contains("also make: dimethyl ether."), "{html}");
        let sodium = molscrab_json::parse(
            r#"{"formula":"Na₂","names":["disodium"],"name_kind":"documented",
               "only":"gas-phase","substances":[["disodium"]]}"#,
        )
        .unwrap();
        let html = card_html(&sodium, None).into_string();
        assert!(html.contains("Seen only in the gas phase"), "{html}");
    }
}
