//! The real binary, run in a temporary folder as a user would.

mod common;

use common::{command, refused, stderr, whalegen};
use std::path::Path;
use std::process::Command;
use tiny_skia::Pixmap;

#[test]
fn gif_loops_forever_with_drift_free_delays() {
    let dir = tempfile::tempdir().unwrap();
    let out = whalegen(
        dir.path(),
        &[
            "render", "--scene", "chain", "--frames", "30", "-o", "c.gif",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::fs::File::open(dir.path().join("c.gif")).unwrap())
        .unwrap();
    assert_eq!((decoder.width(), decoder.height()), (670, 240));
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        delays.push(frame.delay);
    }
    assert_eq!(decoder.repeat(), gif::Repeat::Infinite);
    assert_eq!(delays.len(), 30);
    assert_eq!(&delays[..6], &[3, 3, 4, 3, 3, 4]);
    assert_eq!(delays.iter().map(|&d| u32::from(d)).sum::<u32>(), 100);
}

#[test]
fn png_forms_write_the_same_frames() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A seamless whale loops in its frame count: the sketch's motion keeps
    // frame 0 the same whatever the count.
    let base = [
        "render",
        "--scene",
        "whale",
        "--quiet",
        "--set",
        "seamless=false",
    ];
    let run = |extra: &[&str]| {
        let out = whalegen(d, &[&base[..], extra].concat());
        assert!(out.status.success(), "{}", stderr(&out));
    };
    run(&["--frames", "3", "-o", "frames/"]);
    run(&["--frames", "3", "-o", "pattern/f%03d.png"]);
    run(&["--frames", "1", "-o", "still.png"]);
    let load = |p: &str| Pixmap::load_png(d.join(p)).unwrap();
    for i in 0..3 {
        assert_eq!(
            load(&format!("frames/frame_{i:04}.png")),
            load(&format!("pattern/f{i:03}.png"))
        );
    }
    assert!(!d.join("frames/frame_0003.png").exists());
    assert_eq!(load("still.png"), load("frames/frame_0000.png"));
    assert_eq!(load("still.png").width(), 800);
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a.gif", "b.gif"] {
        let out = whalegen(
            dir.path(),
            &["render", "--frames", "20", "--seed", "9", "-o", name],
        );
        assert!(out.status.success());
    }
    let read = |n: &str| std::fs::read(dir.path().join(n)).unwrap();
    assert_eq!(read("a.gif"), read("b.gif"));
}

/// `-o` into a folder that is not there makes it, as the default output
/// and frame patterns do; a file in its way is named.
#[test]
fn a_missing_output_folder_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["render", "--scene", "chain", "--frames", "2", "-q", "-o"];
    let out = whalegen(dir.path(), &[&args[..], &["new/sub/c.gif"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.path().join("new/sub/c.gif").is_file());
    std::fs::write(dir.path().join("afile"), "x").unwrap();
    let out = whalegen(dir.path(), &[&args[..], &["afile/c.gif"]].concat());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("can't write `afile`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_input_is_refused_in_one_line_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    refused(
        d,
        &[
            "render",
            "--set",
            "stifness=1",
            "--scene",
            "chain",
            "-o",
            "x.gif",
        ],
        "stiffness",
    );
    refused(
        d,
        &["render", "--set", "push=strong", "-o", "x.gif"],
        "`push`",
    );
    refused(
        d,
        &["render", "--set", "profile=[1,2,3]", "-o", "x.gif"],
        "profile",
    );
    refused(
        d,
        &["render", "--set", "noequals", "-o", "x.gif"],
        "KEY=VALUE",
    );
    refused(d, &["render", "--fps", "0", "-o", "x.gif"], "fps");
    refused(d, &["render", "--width", "70000", "-o", "x.gif"], "width");
    // A .png without --frame is a still; from --start, the frames run on.
    refused(
        d,
        &["render", "--start", "1", "--frames", "2", "-o", "x.png"],
        "one frame",
    );
    refused(d, &["render", "-o", "x.jpg"], ".gif");
    refused(
        d,
        &["render", "-o", "/proc/x.gif"],
        "can't write `/proc/x.gif`",
    );
    refused(
        d,
        &[
            "render",
            "--scene",
            "tree",
            "--set",
            "generations=9",
            "--frames",
            "300",
            "-o",
            "t.gif",
        ],
        "lines",
    );
    refused(
        d,
        &[
            "render",
            "--scene",
            "tree",
            "--set",
            "rules={FF=\"F\"}",
            "-o",
            "t.gif",
        ],
        "rules",
    );
}

#[test]
fn a_malformed_command_line_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = whalegen(dir.path(), &["render", "--scene", "octopus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("whale"));
}

#[test]
fn list_names_every_scene() {
    let dir = tempfile::tempdir().unwrap();
    let out = whalegen(dir.path(), &["list"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for scene in ["whale", "chain", "tree"] {
        assert!(text.lines().any(|l| l.starts_with(scene)), "{text}");
    }
}

#[test]
fn ctrl_c_sigterm_and_sighup_stop_at_once_and_keep_the_previous_output() {
    for signal in ["INT", "TERM", "HUP"] {
        stops_at_once(signal);
    }
}

fn stops_at_once(signal: &str) {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("w.gif");
    std::fs::write(&target, b"previous").unwrap();
    let mut child = command(
        dir.path(),
        &["render", "--frames", "100000", "-q", "-o", "w.gif"],
    )
    .stderr(std::process::Stdio::piped())
    .spawn()
    .unwrap();
    let temp_exists = || std::fs::read_dir(dir.path()).unwrap().count() == 2;
    let started = std::time::Instant::now();
    while !temp_exists() {
        assert!(started.elapsed().as_secs() < 30, "the render never started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let kill = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let interrupted = std::time::Instant::now();
    let status = child.wait().unwrap();
    assert!(
        interrupted.elapsed().as_secs_f64() < 1.0,
        "took {:?}",
        interrupted.elapsed()
    );
    assert_eq!(status.code(), Some(130), "SIG{signal}");
    assert_eq!(std::fs::read(&target).unwrap(), b"previous");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "SIG{signal}: a temporary file is left"
    );
}

#[test]
fn a_full_disk_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/dev/full", dir.path().join("full.gif")).unwrap();
    let out = whalegen(dir.path(), &["render", "--frames", "5", "-o", "full.gif"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// Frames are encoded a few at a time on the pool: a failure there (a full
/// disk) or before it (a folder in the way) stops the render with its error,
/// and the files in flight are finished or removed, never left under a
/// temporary name.
#[test]
fn a_failing_frame_stops_the_render_and_leaves_no_temporary_file() {
    // A folder in the way of frame 5; frame 2 on a full disk.
    let spoil = |frames: &Path, full: bool| match full {
        false => std::fs::create_dir_all(frames.join("frame_0005.png/x")).unwrap(),
        true => std::os::unix::fs::symlink("/dev/full", frames.join("frame_0002.png")).unwrap(),
    };
    for (full, needle) in [(false, "is a directory"), (true, "No space left on device")] {
        let dir = tempfile::tempdir().unwrap();
        let frames = dir.path().join("frames");
        std::fs::create_dir(&frames).unwrap();
        spoil(&frames, full);
        let out = whalegen(dir.path(), &["render", "--frames", "20", "-o", "frames/"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(needle), "{err}");
        let names: Vec<String> = std::fs::read_dir(&frames)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| n.starts_with("frame_")), "{names:?}");
        assert!(names.len() < 20, "{needle}: the render went on: {names:?}");
    }
}

#[test]
fn presets_work_from_any_folder_and_show_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = ["--frames", "12", "--set", "hold=3", "--quiet"];
    let out = whalegen(
        d,
        &[&["render", "--preset", "dragon", "-o", "a.gif"], &args[..]].concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let shown = whalegen(d, &["show", "dragon"]);
    assert!(shown.status.success(), "{}", stderr(&shown));
    std::fs::write(d.join("mine.toml"), &shown.stdout).unwrap();
    let out = whalegen(
        d,
        &[
            &["render", "--preset", "mine.toml", "-o", "b.gif"],
            &args[..],
        ]
        .concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let read = |n: &str| std::fs::read(d.join(n)).unwrap();
    assert_eq!(read("a.gif"), read("b.gif"));
    let list = String::from_utf8(whalegen(d, &["list"]).stdout).unwrap();
    assert!(list.lines().any(|l| l.starts_with("dragon ")), "{list}");
}

#[test]
fn a_bad_preset_is_refused_with_file_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let preset = d.join("bad.toml");
    std::fs::write(
        &preset,
        "scene = \"tree\"\nangle = 20\ngenerations = \"many\"\n",
    )
    .unwrap();
    let out = whalegen(d, &["render", "--preset", "bad.toml", "-o", "x.gif"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("bad.toml line 3: `generations`"), "{err}");
    assert!(!d.join("x.gif").exists());
    let out = whalegen(d, &["render", "--preset", "nope"]);
    assert!(
        stderr(&out).contains("no preset `nope`"),
        "{}",
        stderr(&out)
    );
}

/// Frames are drawn on `--threads` threads less the encoder's one; the
/// bytes must not depend on how many.
#[test]
fn the_same_bytes_on_one_thread_and_on_several() {
    let dir = tempfile::tempdir().unwrap();
    for (threads, name) in [("1", "one"), ("3", "three")] {
        for (scene, ext) in [("whale", "gif"), ("tree", "gif"), ("chain", "apng")] {
            let out = command(
                dir.path(),
                &[
                    "render",
                    "--scene",
                    scene,
                    "--frames",
                    "70",
                    "--threads",
                    threads,
                    "-q",
                    "-o",
                    &format!("{scene}-{name}.{ext}"),
                ],
            )
            .output()
            .unwrap();
            assert!(out.status.success(), "{}", stderr(&out));
        }
    }
    for file in ["whale-{}.gif", "tree-{}.gif", "chain-{}.apng"] {
        let read = |n: &str| std::fs::read(dir.path().join(file.replace("{}", n))).unwrap();
        assert!(
            read("one") == read("three"),
            "{file} differs between 1 and 3 threads"
        );
    }
}

#[test]
fn a_closed_or_full_output_stream_is_no_panic() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    // `whalegen show dragon | head -0`: the reader is gone.
    let mut child = command(dir.path(), &["show", "dragon"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    // A refusal, a warning and a batch report said to a full stderr.
    let full = || Stdio::from(std::fs::File::create("/dev/full").unwrap());
    for (args, code) in [
        (&["render", "--set", "nokey"][..], 1),
        (&["show", "dragon", "--set", "angle=x"][..], 1),
        // stdout is full too: `list` can't say its list.
        (&["list"][..], 1),
        (
            &["render", "--fps", "60", "--frames", "2", "-o", "a.gif"][..],
            0,
        ),
        (&["batch", "dragon", "-o", "out"][..], 0),
    ] {
        let out = command(dir.path(), args)
            .stdout(full())
            .stderr(full())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
}

#[test]
fn an_interrupt_says_what_was_written_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let child = command(
        dir.path(),
        &["render", "--frames", "100000", "-q", "-o", "fr/"],
    )
    .stderr(std::process::Stdio::piped())
    .spawn()
    .unwrap();
    let frames = || {
        std::fs::read_dir(dir.path().join("fr")).map_or(0, |d| {
            d.flatten()
                .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
                .count()
        })
    };
    let started = std::time::Instant::now();
    while frames() < 5 {
        assert!(started.elapsed().as_secs() < 30, "no frames written");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(130), "{err}");
    let said: usize = err
        .split("interrupted; ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of files: {err}"));
    assert!(err.contains("written before, the rest were not"), "{err}");
    // Every file said is there, whole; none is a temporary file.
    let names: Vec<String> = std::fs::read_dir(dir.path().join("fr"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names
            .iter()
            .all(|n| n.ends_with(".png") && !n.starts_with('.')),
        "{names:?}"
    );
    assert!(
        said >= 5 && said <= names.len(),
        "said {said}, found {}",
        names.len()
    );
}

#[test]
fn a_finished_render_says_what_it_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let out = whalegen(dir.path(), &["render", "--frames", "5", "-o", "w.gif"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.starts_with("whalegen: wrote w.gif: 5 frames of 800 x 600, ") && err.contains(" KB, "),
        "{err}"
    );
    let out = whalegen(
        dir.path(),
        &["render", "-q", "--frames", "5", "-o", "w.gif"],
    );
    assert!(out.stderr.is_empty(), "--quiet: {}", stderr(&out));
}
