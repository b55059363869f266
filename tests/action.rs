//! The GitHub action's steps (.github/action/run.sh), run here as a runner
//! runs them: the inputs as INPUT_* variables, the runner's files as
//! GITHUB_OUTPUT, GITHUB_PATH and GITHUB_STEP_SUMMARY. `cargo install` is
//! a stand-in that records its arguments and installs the binary under
//! test; everything after it is the real whalegen.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A runner's files, and the folder a workflow runs in.
struct Runner {
    dir: tempfile::TempDir,
}

/// What a step did.
struct Step {
    out: Output,
    /// What it added to GITHUB_OUTPUT.
    outputs: String,
    /// What it added to the job summary.
    summary: String,
}

impl Runner {
    fn new() -> Runner {
        let runner = Runner {
            dir: tempfile::tempdir().unwrap(),
        };
        for folder in ["work", "fake", "tools"] {
            std::fs::create_dir(runner.path(folder)).unwrap();
        }
        // `cargo install --root ROOT` that puts the whalegen under test in
        // ROOT/bin and says what it was asked.
        let cargo = runner.path("fake/cargo");
        std::fs::write(
            &cargo,
            format!(
                "#!/bin/sh\necho \"$@\" >> '{}'\nroot=$(echo \"$@\" | sed 's/.*--root //')\n\
                 mkdir -p \"$root/bin\" && ln -s '{}' \"$root/bin/whalegen\"\n",
                runner.path("cargo-calls").display(),
                env!("CARGO_BIN_EXE_whalegen"),
            ),
        )
        .unwrap();
        Command::new("chmod")
            .arg("+x")
            .arg(&cargo)
            .status()
            .unwrap();
        runner
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Runs `run.sh STEP` in the work folder with `inputs`, and the PATH a
    /// runner has after the steps before (GITHUB_PATH's folders first).
    fn step(&self, step: &str, inputs: &[(&str, &str)]) -> Step {
        for file in ["output", "path", "summary"] {
            std::fs::write(self.path(file), "").unwrap();
        }
        let added = std::fs::read_to_string(self.path("paths")).unwrap_or_default();
        let path = added
            .lines()
            .chain([self.path("fake").to_str().unwrap(), env!("PATH")])
            .collect::<Vec<_>>()
            .join(":");
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(".github/action/run.sh");
        let mut command = Command::new(script);
        command
            .arg(step)
            .current_dir(self.path("work"))
            .env("PATH", path)
            .env("GITHUB_ACTION_PATH", env!("CARGO_MANIFEST_DIR"))
            .env("GITHUB_OUTPUT", self.path("output"))
            .env("GITHUB_PATH", self.path("path"))
            .env("GITHUB_STEP_SUMMARY", self.path("summary"))
            .env("RUNNER_TOOL_CACHE", self.path("tools"))
            .env("RUNNER_OS", "Linux");
        for (name, value) in inputs {
            command.env(format!("INPUT_{}", name.to_uppercase()), value);
        }
        let out = command.output().unwrap();
        let path_added = std::fs::read_to_string(self.path("path")).unwrap();
        let mut paths = added;
        paths.push_str(&path_added);
        std::fs::write(self.path("paths"), paths).unwrap();
        Step {
            out,
            outputs: std::fs::read_to_string(self.path("output")).unwrap(),
            summary: std::fs::read_to_string(self.path("summary")).unwrap(),
        }
    }
}

impl Step {
    fn ok(self) -> Step {
        assert!(
            self.out.status.success(),
            "{}{}",
            String::from_utf8_lossy(&self.out.stdout),
            String::from_utf8_lossy(&self.out.stderr)
        );
        self
    }

    /// The value of `name` in GITHUB_OUTPUT.
    fn output(&self, name: &str) -> &str {
        let prefix = format!("{name}=");
        let line = self.outputs.lines().find(|l| l.starts_with(&prefix));
        line.unwrap_or_else(|| panic!("no {name} in {}", self.outputs))[prefix.len()..].trim()
    }
}

/// Two small tree renders: a batch that runs in a second.
fn write_batch(runner: &Runner, background: &str) {
    let jobs = format!(
        "[[job]]\npreset = \"tree\"\nset = {{ frames = 3, width = 60, height = 50, background = \"{background}\" }}\n\
         seeds = [1, 2]\n"
    );
    std::fs::write(runner.path("work/jobs.batch.toml"), jobs).unwrap();
}

#[test]
fn the_action_installs_once_renders_checks_and_summarises() {
    let runner = Runner::new();
    let key = runner.step("key", &[]).ok();
    let root = key.output("root").to_string();
    assert!(
        root.starts_with(runner.path("tools/whalegen").to_str().unwrap()),
        "{root}"
    );
    let version = format!("whalegen-Linux-{}-", env!("CARGO_PKG_VERSION"));
    assert!(key.output("key").starts_with(&version), "{}", key.outputs);

    // Installed from the action's own source, then found in the cache.
    runner.step("install", &[("root", &root)]).ok();
    runner.step("install", &[("root", &root)]).ok();
    let calls = std::fs::read_to_string(runner.path("cargo-calls")).unwrap();
    let expected = format!(
        "install --path {} --locked --root {root}\n",
        env!("CARGO_MANIFEST_DIR")
    );
    assert_eq!(calls, expected);

    write_batch(&runner, "#102030");
    let render = runner
        .step(
            "render",
            &[("batch", "jobs.batch.toml"), ("output", "pictures")],
        )
        .ok();
    assert_eq!(render.output("artifact"), "whalegen");
    assert_eq!(render.output("upload"), "true");
    assert!(render
        .summary
        .contains("`whalegen batch jobs.batch.toml -o pictures`"));
    assert!(
        render.summary.contains("| tree-1.gif | 3 | 60 x 50 |"),
        "{}",
        render.summary
    );
    assert!(
        render.summary.contains("| tree-2.gif | 3 | 60 x 50 |"),
        "{}",
        render.summary
    );
    assert!(runner.path("work/pictures/tree-2.gif").is_file());

    // No drift: the check passes and uploads nothing.
    let inputs = [
        ("batch", "jobs.batch.toml"),
        ("output", "pictures"),
        ("check", "true"),
    ];
    let check = runner.step("render", &inputs).ok();
    assert_eq!(check.output("upload"), "false");
    assert!(check.summary.contains("Done:") && !check.summary.contains("Drifted"));

    // Drift: the check fails, and the summary names each file.
    write_batch(&runner, "#302010");
    let drift = runner.step("render", &inputs);
    assert_eq!(drift.out.status.code(), Some(1));
    assert!(
        drift
            .summary
            .contains("Drifted from `pictures/manifest.json`"),
        "{}",
        drift.summary
    );
    assert!(
        drift.summary.contains("- changed: tree-1.gif"),
        "{}",
        drift.summary
    );
    assert!(
        drift.summary.contains("**Failed** (exit 1)"),
        "{}",
        drift.summary
    );
}

#[test]
fn the_action_renders_shares_and_merges_them() {
    let runner = Runner::new();
    let root = runner.step("key", &[]).ok().output("root").to_string();
    runner.step("install", &[("root", &root)]).ok();
    write_batch(&runner, "#102030");
    for index in ["1", "2"] {
        let output = format!("shards/whalegen-shard-{index}");
        let inputs = [
            ("batch", "jobs.batch.toml"),
            ("shard", index),
            ("total", "2"),
            ("output", &output),
        ];
        let share = runner.step("render", &inputs).ok();
        assert_eq!(share.output("artifact"), format!("whalegen-shard-{index}"));
        assert!(share.summary.contains(&format!("--shard {index}/2")));
    }
    let inputs = [("merge", "shards/whalegen-shard-*"), ("output", "merged")];
    let merge = runner.step("render", &inputs).ok();
    assert!(merge.summary.contains("| tree-1.gif |") && merge.summary.contains("| tree-2.gif |"));
    let whole = runner
        .step(
            "render",
            &[("batch", "jobs.batch.toml"), ("output", "whole")],
        )
        .ok();
    assert!(whole.summary.contains("| tree-1.gif |"));
    let manifest =
        |folder: &str| std::fs::read(runner.path(&format!("work/{folder}/manifest.json"))).unwrap();
    assert_eq!(manifest("merged"), manifest("whole"));
}

#[test]
fn a_bad_input_stops_the_step_with_one_line_naming_it() {
    let runner = Runner::new();
    let root = runner.step("key", &[]).ok().output("root").to_string();
    runner.step("install", &[("root", &root)]).ok();
    for (inputs, needle) in [
        (
            vec![("check", "yes")],
            "input 'check' is 'yes': it takes true or false",
        ),
        (
            vec![("upload", "1")],
            "input 'upload' is '1': it takes true or false",
        ),
        (
            vec![("shard", "2")],
            "inputs 'shard' and 'total' are '2' and ''",
        ),
        (
            vec![("merge", "a b"), ("check", "true")],
            "input 'merge' goes without",
        ),
    ] {
        let step = runner.step("render", &inputs);
        let stderr = String::from_utf8_lossy(&step.out.stderr);
        assert_eq!(step.out.status.code(), Some(1), "{inputs:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{inputs:?}: {stderr}");
        assert!(
            stderr.starts_with("whalegen action: ") && stderr.contains(needle),
            "{stderr}"
        );
        assert!(String::from_utf8_lossy(&step.out.stdout)
            .starts_with("::error title=whalegen action::"));
    }
}
