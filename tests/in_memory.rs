//! `examples/in_memory.rs` renders a GIF into a `Vec<u8>`: what a viewer
//! shows of it is what the same render into a file shows, and its last
//! line is `GIF89a <N> bytes`.

mod common;

// The example's own items (`gif`, `summary`, `main`) at this crate's root.
include!("../examples/in_memory.rs");

use whalegen::render;

#[test]
fn a_gif_rendered_into_memory_shows_what_its_file_shows() {
    let bytes = gif().unwrap();
    assert_eq!(summary(&bytes), format!("GIF89a {} bytes", bytes.len()));
    assert!(bytes.len() > 100, "{} bytes", bytes.len());

    let dir = tempfile::tempdir().unwrap();
    let memory = dir.path().join("memory.gif");
    std::fs::write(&memory, &bytes).unwrap();
    let file = dir.path().join("file.gif");
    let options = RenderOptions {
        output: Some(file.clone()),
        frames: Frames::Count(30),
        ..RenderOptions::default()
    };
    render(
        Plan::new(Box::new(Crossing { x: 0.0 }), &options).unwrap(),
        &mut Silent,
    )
    .unwrap();
    let (shown, expected) = (common::decode(&memory), common::decode(&file));
    assert_eq!(shown.shown.len(), 30);
    assert!(shown.shown == expected.shown, "the frames differ");
    // The dot crosses: orange where it is, the grey background elsewhere.
    let at = |frame: usize, x: usize| shown.shown[frame].0[30 * 120 + x];
    let orange = |[r, g, b]: [u8; 3]| r > 230 && (160..200).contains(&g) && b < 70;
    assert!(orange(at(0, 4)) && orange(at(29, 116)), "{:?}", at(0, 4));
    assert_eq!(at(0, 100), [30, 30, 30]);
    assert_eq!(at(29, 20), [30, 30, 30]);
    // Nothing was written where the output's path points.
    assert!(!Path::new("crossing.gif").exists());
    main().unwrap();
}

use std::path::Path;
