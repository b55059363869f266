//! The simulation against p5.js's own state (tests/reference/*/state.json),
//! number by number, before any pixel is compared.

mod common;

use common::{reference_dir, Reference};
use whalegen::internals::{Chain, LSystem, Scene, SceneParams, Whale};

/// p5's state.json rounds to 6 decimals.
const EPS: f64 = 2e-6;

fn states(folder: &str, file: &str) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(reference_dir(folder).join(file)).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn xy(v: &serde_json::Value) -> (f64, f64) {
    (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

fn close(what: &str, frame: u64, ours: (f64, f64), p5: (f64, f64)) {
    assert!(
        (ours.0 - p5.0).abs() < EPS && (ours.1 - p5.1).abs() < EPS,
        "frame {frame} {what}: whalegen {ours:?}, p5 {p5:?}"
    );
}

fn check_whale(folder: &str) {
    let reference = Reference::load(folder, "render.json");
    let settings = reference.settings();
    let frames = settings.frames();
    let SceneParams::Whale(params) = settings.scene else {
        panic!("not a whale")
    };
    let mut whale = Whale::new(
        params,
        settings.run.width,
        settings.run.height,
        settings.run.seed,
        frames,
    );
    let mut frame = 0;
    for state in states(folder, "state.json") {
        let at = state["frame"].as_u64().unwrap();
        while frame <= at {
            whale.step(frame as u32);
            frame += 1;
        }
        close(
            "head",
            at,
            (whale.head().x, whale.head().y),
            xy(&state["head"]),
        );
        close(
            "velocity",
            at,
            (whale.velocity().x, whale.velocity().y),
            xy(&state["vel"]),
        );
        for (i, (joint, p5)) in whale
            .joints()
            .iter()
            .zip(state["joints"].as_array().unwrap())
            .enumerate()
        {
            close(
                &format!("joint {i}"),
                at,
                (joint.pos.x, joint.pos.y),
                xy(p5),
            );
            let angle = p5[2].as_f64().unwrap();
            assert!(
                (joint.angle - angle).abs() < EPS,
                "frame {at} joint {i} angle {} vs {angle}",
                joint.angle
            );
        }
        for (i, (star, p5)) in whale
            .star_positions()
            .zip(state["stars_first3"].as_array().unwrap())
            .enumerate()
        {
            close(&format!("star {i}"), at, (star.x, star.y), xy(p5));
        }
    }
}

#[test]
fn whale_state_matches_p5() {
    check_whale("whale");
}

#[test]
fn whale_bounce_state_matches_p5() {
    check_whale("whale-bounce");
}

fn check_chain(folder: &str) {
    let settings = Reference::load(folder, "render.json").settings();
    let SceneParams::Chain(params) = settings.scene else {
        panic!("not a chain")
    };
    let (width, height) = (settings.run.width, settings.run.height);
    let mut chain = Chain::new(params.clone(), width, height);
    let mut frame = 0;
    for state in states(folder, "state.json") {
        let at = state["frame"].as_u64().unwrap();
        while frame <= at {
            chain.step(frame as u32);
            frame += 1;
        }
        let pointer = params.pointer(at as u32, f64::from(width), f64::from(height));
        close("pointer", at, (pointer.x, pointer.y), xy(&state["pointer"]));
        for (i, (c, p5)) in chain
            .centres()
            .iter()
            .zip(state["xy"].as_array().unwrap())
            .enumerate()
        {
            close(&format!("circle {i}"), at, (c.x, c.y), xy(p5));
        }
    }
}

#[test]
fn chain_state_matches_p5() {
    check_chain("chain");
}

/// Other parameter values (tools/p5ref/battery.py renders them with p5.js).
#[test]
fn whale_variants_state_matches_p5() {
    for folder in [
        "whale-300x500",
        "whale-640x360",
        "whale-stars-shield",
        "whale-seg5",
        "whale-ct-0.5",
        "whale-colours",
        "whale-bounce-fast",
        "whale-seed12345",
    ] {
        check_whale(folder);
    }
}

#[test]
fn chain_variants_state_matches_p5() {
    for folder in [
        "chain-keyframes",
        "chain-wiggle",
        "chain-liss-640x360",
        "chain-seg20-taper1",
    ] {
        check_chain(folder);
    }
}

#[test]
fn tree_sizes_match_p5() {
    for (render, state) in [
        ("render.json", "state.json"),
        ("render-frame150.json", "state-frame150.json"),
    ] {
        let settings = Reference::load("tree", render).settings();
        let SceneParams::Tree(params) = settings.scene else {
            panic!("not a tree")
        };
        let system = LSystem::new(&params.axiom, &params.rules).unwrap();
        for s in states("tree", state) {
            let generation = s["generation"].as_u64().unwrap() as u32;
            let frame = s["frame"].as_u64().unwrap() as u32;
            assert_eq!(generation, (frame / params.hold).min(params.generations));
            let symbols = u128::from(s["symbols"].as_u64().unwrap());
            assert_eq!(
                system.size(generation, b"F").symbols,
                symbols,
                "generation {generation}"
            );
        }
    }
}
