//! The README's library example is `examples/readme.rs` as it is, and
//! running it from a clone's root writes into `out/` (whose files git
//! ignores), nothing beside it.

// The example's own items, its `main` among them, at this crate's root.
include!("../examples/readme.rs");

use std::path::Path;

#[test]
fn the_readme_example_is_the_file_and_writes_into_out() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let example = std::fs::read_to_string(root.join("examples/readme.rs")).unwrap();
    let text = std::fs::read_to_string(root.join("README.md")).unwrap();
    let block = text
        .split("This is the whole of `examples/readme.rs`")
        .nth(1)
        .and_then(|after| after.split("```rust\n").nth(1))
        .and_then(|code| code.split("```").next())
        .expect("the README shows examples/readme.rs");
    assert_eq!(block, example, "the README's copy of examples/readme.rs");

    // A clone's root: out/ is there (out/README.md is tracked).
    let clone = tempfile::tempdir().unwrap();
    std::fs::create_dir(clone.path().join("out")).unwrap();
    std::env::set_current_dir(clone.path()).unwrap();
    main().unwrap();
    let root_files: Vec<_> = std::fs::read_dir(clone.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(root_files, ["out"], "written beside out/");
    assert!(clone.path().join("out/orbit.gif").is_file());
}
