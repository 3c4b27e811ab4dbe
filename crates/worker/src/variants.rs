//! The table variants' choices for the Play tab (manual §18, RULES §10), answered here so that
//! the page carries none of their names, descriptions or reasons: it shows them as text, one
//! checkbox each, and keeps which are ticked.
//!
//! `{"op": "variants-form", "kind": "solitaire" | "pass-and-play", "mode": "theory" |
//! "standard"}` answers `{"variants": [{"code", "name", "why", "fits"}, …]}`: every variant
//! in the manual's order, whether it fits a game of that kind and mode, and in `"why"` its
//! description where it fits, else the reason it does not.

use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;
use molscrab_engine::variants::Variant;
use molscrab_json::Value;

/// The variants for a game of this kind and mode, as the Play tab shows them.
pub fn form(kind: Kind, mode: Mode) -> Value {
    let boxes = Variant::ALL.into_iter().map(|v| {
        let fits = v.fits(kind, mode);
        let why = if fits { v.description() } else { v.misfit() };
        Value::object([
            ("code", v.code().into()),
            ("name", v.name().into()),
            ("why", why.into()),
            ("fits", fits.into()),
        ])
    });
    Value::Array(boxes.collect())
}

/// The `variants-form` question.
pub fn variants_form(request: &Value) -> Result<Value, String> {
    let kind = match request.get("kind").and_then(Value::as_str) {
        Some("solitaire") => Kind::Solitaire,
        Some("pass-and-play") => Kind::PassAndPlay,
        other => return Err(format!("no such kind: {other:?}")),
    };
    let mode: Mode = request
        .get("mode")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .parse()?;
    Ok(Value::object([("variants", form(kind, mode))]))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn boxes(kind: Kind, mode: Mode) -> Vec<(String, String, bool)> {
        let form = form(kind, mode);
        let text = |v: &Value, key| {
            v.get(key)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        form.as_array()
            .into_iter()
            .flatten()
            .map(|v| {
                (
                    text(v, "code"),
                    text(v, "why"),
                    v.get("fits") == Some(&Value::Bool(true)),
                )
            })
            .collect()
    }

    #[test]
    fn every_variant_is_offered_and_those_that_do_not_fit_say_why() {
        let shown = boxes(Kind::Solitaire, Mode::Standard);
        assert_eq!(shown.len(), 5);
        let find = |shown: &[(String, String, bool)], code: &str| {
            shown.iter().find(|(c, _, _)| c == code).cloned().unwrap()
        };
        assert!(find(&shown, "biology-bonus").2);
        let ions = find(&shown, "ion-rules");
        assert!(
            !ions.2 && ions.1.contains("Standard Mode has no ions"),
            "{ions:?}"
        );
        let organic = find(&shown, "organic");
        assert!(
            !organic.2 && organic.1.contains("Theory Mode only"),
            "{organic:?}"
        );
        let speed = find(&shown, "speed-lab");
        assert!(
            !speed.2 && speed.1.contains("not played in Solitaire"),
            "{speed:?}"
        );
        let shown = boxes(Kind::PassAndPlay, Mode::Theory);
        assert!(shown.iter().all(|(_, _, fits)| *fits), "{shown:?}");
        assert!(find(&shown, "ion-rules")
            .1
            .contains("such as OH⁻, NH₄⁺ or SO₄²⁻"));
    }

    #[test]
    fn the_question_reads_its_fields() {
        let answer =
            crate::answer(r#"{"op":"variants-form","kind":"pass-and-play","mode":"theory"}"#);
        assert!(answer.contains("\"code\":\"junior\""), "{answer}");
        assert!(answer.contains("\"name\":\"Junior Chemist\""), "{answer}");
        let answer = crate::answer(r#"{"op":"variants-form","kind":"table","mode":"theory"}"#);
        assert!(answer.contains("\"error\""), "{answer}");
    }
}
