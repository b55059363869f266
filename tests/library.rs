//! The library as a Rust program uses it: its own sketch through the public
//! API, how often a source is built, errors that name their frame, and the
//! thread budget of a batch.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use whalegen::{render, Error, Frames, Plan, RenderOptions, Rgba, Silent, Sketch, Source, P5};

/// A dot crossing a small canvas; fails at frame `fail_at` when asked.
#[derive(Clone)]
struct Dot {
    x: f64,
    fail_at: Option<u32>,
    frame: u32,
}

impl Sketch for Dot {
    fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
        p5.create_canvas(40, 20)?;
        // Style set here stays for every frame.
        p5.no_stroke();
        p5.fill(Rgba::new(250, 200, 0, 255));
        Ok(())
    }

    fn update(&mut self, frame: u32) -> Result<(), Error> {
        self.frame = frame;
        self.x += 3.0;
        Ok(())
    }

    fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
        if self.fail_at == Some(self.frame) {
            return Err(Error::sketch("the dot fell off"));
        }
        p5.background(Rgba::grey(10));
        p5.circle(self.x, 10.0, 8.0);
        Ok(())
    }
}

/// A source that counts how often it is built.
struct Counting {
    builds: Arc<AtomicUsize>,
    fail_at: Option<u32>,
}

impl Source for Counting {
    fn build(&self) -> Result<Box<dyn Sketch>, Error> {
        self.builds.fetch_add(1, Ordering::SeqCst);
        Ok(Box::new(Dot {
            x: 0.0,
            fail_at: self.fail_at,
            frame: 0,
        }))
    }
}

fn options(output: &Path, frames: u32) -> RenderOptions {
    RenderOptions {
        output: Some(output.to_path_buf()),
        frames: Frames::Count(frames),
        ..RenderOptions::default()
    }
}

fn counted(output: &Path, frames: u32, fail_at: Option<u32>) -> (Result<(), Error>, usize) {
    let builds = Arc::new(AtomicUsize::new(0));
    let source = Counting {
        builds: Arc::clone(&builds),
        fail_at,
    };
    let result = Plan::new(Box::new(source), &options(output, frames))
        .and_then(|plan| render(plan, &mut Silent))
        .map(drop);
    (result, builds.load(Ordering::SeqCst))
}

#[test]
fn a_source_is_built_once_per_pass() {
    let dir = tempfile::tempdir().unwrap();
    // A GIF previews its colours, then writes: two passes.
    let (result, builds) = counted(&dir.path().join("dot.gif"), 10, None);
    result.unwrap();
    assert_eq!(builds, 2);
    // PNG frames and a still: one pass.
    let (result, builds) = counted(&dir.path().join("frames/"), 10, None);
    result.unwrap();
    assert_eq!(builds, 1);
    assert!(dir.path().join("frames/frame_0009.png").is_file());
    let (result, builds) = counted(&dir.path().join("one.png"), 1, None);
    result.unwrap();
    assert_eq!(builds, 1);
}

#[test]
fn a_sketch_error_names_its_frame_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["dot.gif", "dot.apng", "dot-sheet.png"] {
        let target = dir.path().join(name);
        let mut options = options(&target, 80);
        if name.ends_with("sheet.png") {
            options.sheet = Some("4x2".parse().unwrap());
        }
        let source = Counting {
            builds: Arc::default(),
            fail_at: Some(57),
        };
        let err = Plan::new(Box::new(source), &options)
            .and_then(|plan| render(plan, &mut Silent))
            .unwrap_err();
        assert_eq!(
            err.chain(),
            "frame 57: the sketch failed: the dot fell off",
            "{name}"
        );
        assert!(matches!(
            err,
            Error::InSketch {
                frame: Some(57),
                ..
            }
        ));
    }
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_clone_sketch_is_its_own_source_and_draws_with_setup_style() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("dot.png");
    let dot = Dot {
        x: 17.0,
        fail_at: None,
        frame: 0,
    };
    let options = RenderOptions {
        output: Some(target.clone()),
        frames: Frames::Single { frame: 0, of: None },
        ..RenderOptions::default()
    };
    let rendered = render(Plan::new(Box::new(dot), &options).unwrap(), &mut Silent).unwrap();
    assert_eq!((rendered.frames, rendered.size), (1, (40, 20)));
    let image = image_rgba(&target);
    // The dot, at x = 17 + 3, in the colour setup chose, without a stroke.
    assert_eq!(&image[(10 * 40 + 20) * 4..][..4], [250, 200, 0, 255]);
    assert_eq!(&image[..4], [10, 10, 10, 255]);
}

fn image_rgba(path: &Path) -> Vec<u8> {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut buf).unwrap();
    buf
}

#[test]
fn total_work_is_bounded_before_anything_is_drawn() {
    use whalegen::SceneOptions;
    let dir = tempfile::tempdir().unwrap();
    let scene = SceneOptions {
        width: Some(4000),
        height: Some(4000),
        ..SceneOptions::default()
    };
    let options = options(&dir.path().join("w.gif"), 1_000_000);
    let err = Plan::scene(&scene, &options).err().unwrap().to_string();
    assert!(
        err.contains("at most 100000000000 pixels") && err.contains("`frames`"),
        "{err}"
    );
    // A sketch's canvas is known after setup: the render refuses it then.
    #[derive(Clone)]
    struct Big;
    impl Sketch for Big {
        fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
            p5.create_canvas(10_000, 10_000)
        }
        fn draw(&mut self, _p5: &mut P5) -> Result<(), Error> {
            panic!("nothing is drawn")
        }
    }
    let err = render(Plan::new(Box::new(Big), &options).unwrap(), &mut Silent)
        .unwrap_err()
        .to_string();
    assert!(err.contains("at most 100000000000 pixels"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_canvas_resized_after_setup_is_an_error_not_a_crash() {
    #[derive(Clone)]
    struct Grows;
    impl Sketch for Grows {
        fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
            let side = p5.width() + 10;
            p5.create_canvas(side, side)
        }
    }
    let dir = tempfile::tempdir().unwrap();
    for name in ["g.gif", "g/"] {
        let options = options(&dir.path().join(name), 5);
        let err = render(Plan::new(Box::new(Grows), &options).unwrap(), &mut Silent)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("frame 0: ") && err.contains("choose its size in setup"),
            "{err}"
        );
    }
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
    assert!(left.iter().all(|e| e.path().is_dir()), "{left:?}");
}

#[test]
fn a_snapshot_that_panics_fails_the_render_and_does_not_hang() {
    use whalegen::Snapshot;
    #[derive(Clone)]
    struct Fragile;
    struct Broken;
    impl Snapshot for Broken {
        fn draw(&self, _p5: &mut P5) -> Result<(), Error> {
            panic!("a bug in the sketch")
        }
    }
    impl Sketch for Fragile {
        fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
            p5.background(Rgba::grey(0));
            Ok(())
        }
        fn repaints(&self) -> bool {
            true
        }
        fn snapshot(&self) -> Option<Box<dyn Snapshot>> {
            Some(Box::new(Broken))
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let mut options = options(&dir.path().join("f.gif"), 30);
    // Two drawing threads beside the GIF's encoder.
    options.threads = Some(3.try_into().unwrap());
    let err = render(Plan::new(Box::new(Fragile), &options).unwrap(), &mut Silent)
        .unwrap_err()
        .to_string();
    assert!(err.contains("panicked"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// Options a render cannot take are refused when the plan is made, in the
/// library's words: the options by their names, never a command-line flag.
/// (A frame count with a duration does not compile: `Frames` is one or
/// the other; a quality of 0 cannot be made.)
#[test]
fn a_wrong_combination_is_refused_when_the_plan_is_made() {
    use whalegen::{ByteSize, Frames, Quality};
    let dir = tempfile::tempdir().unwrap();
    let dot = || Dot {
        x: 0.0,
        fail_at: None,
        frame: 0,
    };
    let refused = |options: RenderOptions| {
        let err = Plan::new(Box::new(dot()), &options)
            .err()
            .unwrap()
            .to_string();
        assert!(!err.contains("--"), "{err}");
        err
    };
    let gif = options(&dir.path().join("dot.gif"), 10);
    let beyond = RenderOptions {
        frames: Frames::Single {
            frame: 5,
            of: Some(3),
        },
        ..gif.clone()
    };
    assert_eq!(
        refused(beyond),
        "`frame` = 5: expected a frame of the 3 of `frames`, 0 to 2"
    );
    let started = RenderOptions {
        frames: Frames::Single { frame: 2, of: None },
        start: 4,
        ..gif.clone()
    };
    assert!(refused(started).starts_with("`frame` = 2: expected `frame` alone"));
    let png = RenderOptions {
        output: Some(dir.path().join("dot.png")),
        quality: Quality::new(50).unwrap(),
        ..gif.clone()
    };
    assert!(refused(png).ends_with("`quality` and `max_size` apply to GIF output only"));
    assert!(Quality::new(0).is_err() && "999".parse::<ByteSize>().is_err());
    let fine = RenderOptions {
        quality: Quality::new(50).unwrap(),
        max_size: Some("2MB".parse().unwrap()),
        ..gif
    };
    assert!(Plan::new(Box::new(dot()), &fine).is_ok());
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

/// A `FrameSink` of one's own takes every frame the plan writes, in
/// order, as drawn; no file is opened.
#[test]
fn a_frame_sink_takes_every_frame_in_order() {
    use whalegen::{render_frames, Frame, FrameSink, Frames};
    struct Dots(Vec<usize>);
    impl FrameSink for Dots {
        fn frame(&mut self, frame: &Frame) -> Result<(), Error> {
            // The dot's leftmost yellow pixel on its row.
            let row = &frame.quads()[10 * 40..11 * 40];
            self.0
                .push(row.iter().position(|p| p[2] == 0).unwrap_or(99));
            Ok(())
        }
    }
    let options = RenderOptions {
        dry_run: true,
        frames: Frames::Count(4),
        ..RenderOptions::default()
    };
    let dot = Dot {
        x: 0.0,
        fail_at: None,
        frame: 0,
    };
    let mut dots = Dots(Vec::new());
    let plan = Plan::new(Box::new(dot), &options).unwrap();
    let rendered = render_frames(plan, &mut dots, &mut Silent).unwrap();
    assert_eq!(rendered.frames, 4);
    // 3 canvas units a frame: the circle of diameter 8 at x = 3, 6, 9, 12.
    assert_eq!(dots.0, [0, 2, 5, 8]);
}

/// A progress that counts what it is told.
#[derive(Default)]
struct Tallied {
    total: u64,
    advanced: u64,
    finished: bool,
}

impl whalegen::Progress for Tallied {
    fn start(&mut self, total: u64) {
        self.total = total;
    }
    fn advance(&mut self) {
        self.advanced += 1;
    }
    fn finish(&mut self) {
        self.finished = true;
    }
}

#[test]
fn the_steps_before_a_late_start_are_counted_in_the_progress() {
    // `--start 200000` steps long before its first frame: the bar must move
    // meanwhile, once per step (and per pass: a GIF previews first).
    let dir = tempfile::tempdir().unwrap();
    for (output, passes) in [("frames/", 1), ("dot.gif", 2)] {
        let options = RenderOptions {
            start: 50,
            ..options(&dir.path().join(output), 3)
        };
        let dot = Dot {
            x: 0.0,
            fail_at: None,
            frame: 0,
        };
        let mut progress = Tallied::default();
        render(Plan::new(Box::new(dot), &options).unwrap(), &mut progress).unwrap();
        assert_eq!(progress.total, 50 * passes + 3, "{output}");
        assert_eq!(progress.advanced, progress.total, "{output}");
        assert!(progress.finished, "{output}");
    }
}
