//! Property tests: parameter parsing and L-systems never panic, whatever
//! the input, and refusals happen before any work.

use proptest::prelude::*;
use std::collections::BTreeMap;
use toml::Value;
use whalegen::internals::checked_settings;
use whalegen::internals::Animation;
use whalegen::internals::Preset;
use whalegen::internals::{parse_set, Settings};
use whalegen::internals::{LSystem, SceneKind};

fn scene() -> impl Strategy<Value = SceneKind> {
    prop::sample::select(SceneKind::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any `--set` text is parsed or refused, never a panic.
    #[test]
    fn any_set_text_is_handled(kind in scene(), key in "[a-z_]{1,14}", value in "\\PC{0,24}") {
        if let Ok(pair) = parse_set(&format!("{key}={value}")) {
            let _ = Settings::resolve(kind, &[pair]);
        }
    }

    /// Known keys with values of any type: resolved or refused by name.
    #[test]
    fn known_keys_with_any_value(
        kind in scene(),
        key in prop::sample::select(vec![
            "width", "height", "seed", "fps", "frames", "segments", "profile", "keyframes",
            "rules", "axiom", "background", "stroke", "turn", "path", "hold", "generations",
        ]),
        value in "-?[0-9]{1,12}(\\.[0-9]{1,4})?|\\[[0-9, ]{0,12}\\]|[a-z]{1,8}|\\{F=\"[F+\\-\\[\\]]{0,8}\"\\}",
    ) {
        let Ok(pair) = parse_set(&format!("{key}={value}")) else { return Ok(()) };
        if let Err(err) = Settings::resolve(kind, &[pair]) {
            prop_assert!(err.to_string().contains(key), "{err}");
        }
    }
}

fn symbols(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec!['F', 'G', 'X', 'f', '+', '-', '[', ']', '|']),
        0..max,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random L-systems draw on a tiny canvas without a panic, and the
    /// counted size and nesting depth match the walk.
    #[test]
    fn random_lsystems_draw(
        axiom in symbols(6),
        rule_f in symbols(9),
        rule_x in symbols(9),
        generations in 0u32..5,
        angle in -360.0f64..360.0,
        length in 0.0f64..50.0,
    ) {
        let rules = BTreeMap::from([("F".to_string(), rule_f), ("X".to_string(), rule_x)]);
        let Ok(system) = LSystem::new(&axiom, &rules) else {
            prop_assert!(axiom.is_empty(), "only an empty axiom is refused");
            return Ok(());
        };
        let (mut walked, mut open, mut depth) = (0u128, 0u128, 0u128);
        system.walk(generations, &mut |s| {
            walked += 1;
            match s {
                b'[' => open += 1,
                b']' => open = open.saturating_sub(1),
                _ => {}
            }
            depth = depth.max(open);
        });
        let size = system.size(generations, b"F");
        prop_assert_eq!(size.symbols, walked);
        prop_assert_eq!(size.depth, depth);

        let table: toml::Table = rules.into_iter().map(|(k, v)| (k, Value::String(v))).collect();
        let overrides = vec![
            ("axiom".to_string(), Value::String(axiom)),
            ("rules".to_string(), Value::Table(table)),
            ("generations".to_string(), Value::Integer(generations.into())),
            ("hold".to_string(), Value::Integer(1)),
            ("frames".to_string(), Value::Integer(i64::from(generations) + 1)),
            ("angle".to_string(), Value::Float(angle)),
            ("length".to_string(), Value::Float(length)),
            ("width".to_string(), Value::Integer(9)),
            ("height".to_string(), Value::Integer(7)),
        ];
        let settings = Settings::resolve(SceneKind::Tree, &overrides).unwrap();
        let mut animation = Animation::new(&settings).unwrap();
        while animation.next_frame().unwrap().is_some() {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whale and chain with odd numbers on tiny canvases: drawn or refused,
    /// never a panic.
    #[test]
    fn odd_whales_and_chains(
        width in 1i64..12,
        height in 1i64..12,
        segments in 0i64..6,
        spacing in -1.0f64..40.0,
        speed in -5.0f64..5.0,
        stiffness in -0.5f64..1.5,
        bounce in any::<bool>(),
        lissajous in any::<bool>(),
    ) {
        let n = segments.max(1) as usize;
        let whale = vec![
            ("segments".to_string(), Value::Integer(segments)),
            ("profile".to_string(), Value::Array(vec![Value::Float(spacing); n])),
            ("spacing".to_string(), Value::Float(spacing)),
            ("speed_x".to_string(), Value::Float(speed)),
            ("speed_y".to_string(), Value::Float(-speed / 2.0)),
            ("turn".to_string(), Value::String(if bounce { "bounce" } else { "steer" }.into())),
        ];
        let chain = vec![
            ("segments".to_string(), Value::Integer(segments)),
            ("spacing".to_string(), Value::Float(spacing)),
            ("stiffness".to_string(), Value::Float(stiffness)),
            ("wiggle".to_string(), Value::Float(speed)),
            ("path".to_string(), Value::String(if lissajous { "lissajous" } else { "keyframes" }.into())),
        ];
        for (kind, mut overrides) in [(SceneKind::Whale, whale), (SceneKind::Chain, chain)] {
            overrides.push(("width".to_string(), Value::Integer(width)));
            overrides.push(("height".to_string(), Value::Integer(height)));
            overrides.push(("frames".to_string(), Value::Integer(4)));
            let settings = Settings::resolve(kind, &overrides).unwrap();
            if let Ok(mut animation) = Animation::new(&settings) {
                while animation.next_frame().unwrap().is_some() {}
            }
        }
    }
}

fn preset_lines() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        Just("scene = \"tree\"".to_string()),
        Just("scene = \"whale\"".to_string()),
        Just("scene = 3".to_string()),
        "[a-z_]{1,12} = -?[0-9]{1,6}(\\.[0-9]{1,3})?",
        "[a-z_]{1,12} = \"[a-zA-Z+\\-\\[\\]]{0,10}\"",
        "[a-z_]{1,12} = \\[[0-9, .]{0,16}\\]",
        "rules = \\{ [A-Z] = \"[FGX+\\-\\[\\]]{0,8}\" \\}",
        "\\PC{0,30}",
    ];
    prop::collection::vec(line, 0..8).prop_map(|lines| lines.join("\n"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Any preset text is loaded or refused in one line naming the file, and
    /// a loaded one resolves or is refused, never a panic.
    #[test]
    fn any_preset_text_is_handled(text in preset_lines()) {
        match Preset::parse("fuzz", "fuzz.toml", &text) {
            Ok(preset) => {
                if let Ok(settings) = checked_settings(&preset, &[("frames".into(), Value::Integer(2))]) {
                    prop_assert!(settings.frames() == 2);
                }
            }
            Err(err) => {
                let message = err.to_string();
                prop_assert!(message.contains("fuzz.toml") && !message.contains('\n'), "{message}");
            }
        }
    }
}

/// A fuzz target: it takes any bytes and must not panic.
type Target = fn(&[u8]);

/// The coverage-guided targets of `fuzz/` (see tools/fuzz.sh), by name.
const TARGETS: [(&str, Target); 9] = [
    ("font", whalegen::fuzzing::font),
    ("image", whalegen::fuzzing::image),
    ("css", whalegen::fuzzing::css),
    ("xml", whalegen::fuzzing::xml),
    ("preset", whalegen::fuzzing::preset),
    ("batch", whalegen::fuzzing::batch),
    ("manifest", whalegen::fuzzing::manifest),
    ("sketch", whalegen::fuzzing::sketch),
    ("loaders", whalegen::fuzzing::loaders),
];

/// Every seed of the fuzz targets, and every input a fuzzer found that
/// once crashed or hung whalegen (`fuzz/regressions/TARGET/`), goes through
/// its target without a panic: the fuzz entry points stay built, and each
/// finding stays fixed.
#[test]
fn fuzz_seeds_and_findings_run() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let listed: Vec<String> = std::fs::read_to_string(root.join("Cargo.toml"))
        .unwrap()
        .lines()
        .filter_map(|l| {
            l.strip_prefix("name = \"")?
                .strip_suffix('"')
                .map(String::from)
        })
        .filter(|name| name != "whalegen-fuzz")
        .collect();
    let names: Vec<&str> = TARGETS.iter().map(|(name, _)| *name).collect();
    assert_eq!(listed, names, "fuzz/Cargo.toml's targets");
    for (name, target) in TARGETS {
        for folder in ["corpus", "regressions"] {
            let Ok(files) = std::fs::read_dir(root.join(folder).join(name)) else {
                continue;
            };
            for file in files {
                let path = file.unwrap().path();
                eprintln!("{}", path.display());
                target(&std::fs::read(&path).unwrap());
            }
        }
    }
}
