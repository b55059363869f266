//! The JavaScript engine a sketch runs in: QuickJS-NG, with a heap limit, a
//! time limit per call, and nothing of the machine (no files, network,
//! processes or clock) in reach.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;

use rquickjs::context::EvalOptions;
use rquickjs::function::IntoArgs;
use rquickjs::{
    CatchResultExt, CaughtError, Context, Exception, Function, Object, Persistent, Runtime, Value,
};

use super::bind::{self, Stage};
use super::context;
use super::files;
use super::image;
use super::text;
use super::xml;
use crate::check;
use crate::clock;
use crate::error::Error;
use crate::folder::Folder;
use crate::options::P5Version;

/// What QuickJS throws when the interrupt handler stops the JavaScript.
const INTERRUPTED: &str = "InternalError: interrupted";

/// The file name the prelude's frames carry in a stack, left out of reports.
const PRELUDE: &str = "whalegen-p5.js";

/// The file name of image.js's frames: the prelude's, so left out too.
const IMAGE_JS: &str = "whalegen-p5.js/image.js";
/// The file name of data.js's frames (tables, dictionaries, XML, storage
/// and the small globals): the prelude's, so left out too.
const DATA_JS: &str = "whalegen-p5.js/data.js";
/// The same for timers.js, data.js's timers (p5ref's harness runs it too).
const TIMERS_JS: &str = "whalegen-p5.js/timers.js";
/// The same for text.js, p5's text, evaluated after the prelude.
const TEXT: &str = "whalegen-p5-text.js";
/// p5.js 2's front-end over the API, evaluated last for a 2.x sketch, in
/// order: its files, named under the prelude's name (left out of reports).
const V2: [(&str, &str); 6] = [
    // Type before v2.js, whose loaders wrap text's loadFont in a promise.
    ("whalegen-p5.js/v2/text.js", include_str!("v2/text.js")),
    ("whalegen-p5.js/v2/points.js", include_str!("v2/points.js")),
    ("whalegen-p5.js/v2.js", include_str!("v2.js")),
    ("whalegen-p5.js/v2/spaces.js", include_str!("v2/spaces.js")),
    ("whalegen-p5.js/v2/colour.js", include_str!("v2/colour.js")),
    ("whalegen-p5.js/v2/shape.js", include_str!("v2/shape.js")),
];

/// The deepest the JavaScript stack may grow, in bytes: deep enough for
/// recursive sketches, far below the 8 MiB of a thread that renders.
const STACK: usize = 1 << 20;

/// How long one call into the sketch may run, and how much memory its
/// heap may take.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The longest `setup()`, or one frame's `draw()`, may run.
    pub time: Duration,
    /// The most the JavaScript heap may hold, in bytes.
    pub heap: usize,
}

impl Limits {
    /// The error of `what` (`setup()`, `draw()`) run past the time limit,
    /// its JavaScript or the drawing it queued.
    pub(super) fn time_up(&self, what: &str) -> Error {
        Error::Script(format!(
            "{what} ran longer than {} s, the time limit (an endless loop?); \
             --time-limit sets it",
            self.time.as_secs_f64()
        ))
    }
}

/// Promises rejected with no handler yet, and their reasons, in order:
/// those still unhandled once the job queue is empty are errors, as a
/// browser's `unhandledrejection`.
type Unhandled = Rc<RefCell<Vec<(Persistent<Value<'static>>, Persistent<Value<'static>>)>>>;

/// A runtime with p5's API installed and the sketch's scripts evaluated.
pub(super) struct Engine {
    // The context must go before the runtime it lives in.
    context: Context,
    runtime: Runtime,
    unhandled: Unhandled,
    limits: Limits,
    pub(super) stage: Stage,
    /// The scripts evaluated, by file name: errors quote them.
    sources: RefCell<Vec<(String, String)>>,
}

impl Engine {
    /// A fresh engine whose `Math.random` is p5's generator seeded with
    /// `seed`, with whalegen's p5 API of `version` installed.
    /// `shown` counts the lines `print()` has shown in every run of the
    /// sketch (see `bind::State`).
    /// `folder` is the sketch's: the only one its `loadJSON` and the
    /// like read from.
    pub(super) fn new(
        limits: Limits,
        version: P5Version,
        seed: u32,
        shown: Arc<AtomicUsize>,
        folder: Arc<Folder>,
    ) -> Result<Engine, Error> {
        let runtime = Runtime::new().map_err(engine_error)?;
        runtime.set_memory_limit(limits.heap);
        runtime.set_max_stack_size(STACK);
        runtime.set_interrupt_handler(Some(Box::new(clock::passed)));
        let unhandled: Unhandled = Rc::default();
        let tracked = unhandled.clone();
        runtime.set_host_promise_rejection_tracker(Some(Box::new(
            move |ctx, promise, reason, handled| {
                let mut list = tracked.borrow_mut();
                if handled {
                    list.retain(|(p, _)| p.clone().restore(&ctx).is_ok_and(|p| p != promise));
                } else {
                    list.push((
                        Persistent::save(&ctx, promise),
                        Persistent::save(&ctx, reason),
                    ));
                }
            },
        )));
        let context = Context::full(&runtime).map_err(engine_error)?;
        let stage = Stage::new(seed, shown);
        let engine = Engine {
            context,
            runtime,
            unhandled,
            limits,
            stage,
            sources: RefCell::default(),
        };
        engine.context.with(|ctx| {
            bind::install(&ctx, &engine.stage)
                .and_then(|()| files::install_files(&ctx, folder.clone()))
                .and_then(|()| xml::install_xml(&ctx, folder.clone()))
                .and_then(|()| image::install_images(&ctx, &engine.stage, folder.clone()))
                .and_then(|()| context::install_context(&ctx, &engine.stage))
                .and_then(|()| text::install_text(&ctx, &engine.stage, folder))
                .catch(&ctx)
                .map_err(|e| engine_error(e.to_string()))
        })?;
        let major = version.major();
        engine.eval(PRELUDE, &format!("globalThis.__whalegenP5 = {major};"))?;
        engine.eval(PRELUDE, include_str!("prelude.js"))?;
        // Under the prelude's name: its frames are left out of reports too.
        engine.eval(PRELUDE, include_str!("filter.js"))?;
        engine.eval(IMAGE_JS, include_str!("image.js"))?;
        // Under the prelude's name, so that a refusal names the sketch's line.
        engine.eval(PRELUDE, include_str!("context.js"))?;
        engine.eval(TEXT, include_str!("text.js"))?;
        engine.eval(TIMERS_JS, include_str!("timers.js"))?;
        engine.eval(DATA_JS, include_str!("data.js"))?;
        if version == P5Version::Two {
            for (file, code) in V2 {
                engine.eval(file, code)?;
            }
        }
        // What the API's files share is not the sketch's, nor are the
        // natives: each file took them as an argument.
        engine.eval(
            PRELUDE,
            "delete globalThis.__whalegenPrelude; delete globalThis.__native;",
        )?;
        Ok(engine)
    }

    /// Evaluates a script as the browser runs a `<script>` tag: its
    /// top-level declarations become globals. A syntax error is reported
    /// as `file:line:column: SyntaxError: ...`.
    pub(super) fn eval(&self, file: &str, code: &str) -> Result<(), Error> {
        self.sources.borrow_mut().push((file.into(), code.into()));
        self.context.with(|ctx| {
            let mut options = EvalOptions::default();
            options.global = true;
            options.strict = false;
            options.filename = Some(file.into());
            self.timed(|| {
                let result = ctx.eval_with_options::<(), _>(code, options).catch(&ctx);
                result.map_err(|e| self.read(e))
            })
            .map_err(|e| self.report(e, "the script"))
        })?;
        self.settle("the script")
    }

    /// Calls `__whalegen[name](...args)`; `what` names it in errors
    /// (`setup()`, `draw()`).
    pub(super) fn call<A>(&self, name: &str, args: A, what: &str) -> Result<(), Error>
    where
        A: for<'js> IntoArgs<'js>,
    {
        self.context.with(|ctx| {
            let run = || -> rquickjs::Result<()> {
                let hooks: Object = ctx.globals().get("__whalegen")?;
                let f: Function = hooks.get(name)?;
                f.call::<_, ()>(args)
            };
            self.timed(|| run().catch(&ctx).map_err(|e| self.read(e)))
                .map_err(|e| self.report(e, what))
        })?;
        self.settle(what)?;
        // What the call started and left unsettled: an async setup() still
        // waiting, a rejection it handed on.
        self.context.with(|ctx| {
            let run = || -> rquickjs::Result<()> {
                let hooks: Object = ctx.globals().get("__whalegen")?;
                hooks.get::<_, Function>("settled")?.call((what,))
            };
            self.timed(|| run().catch(&ctx).map_err(|e| self.read(e)))
                .map_err(|e| self.report(e, what))
        })
    }

    /// Runs the promise jobs (`then` callbacks, the rest of an `async`
    /// function after an `await`, `queueMicrotask`) until none is left, as
    /// a browser does after each script and each callback, under the same
    /// time limit as `what`. A rejection left without a handler then is
    /// an error.
    fn settle(&self, what: &str) -> Result<(), Error> {
        self.timed(|| loop {
            match self.runtime.execute_pending_job() {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(job) => {
                    return Err(job.0.with(|ctx| {
                        self.read(CaughtError::from_error(&ctx, rquickjs::Error::Exception))
                    }))
                }
            }
        })
        .map_err(|e| self.report(e, what))?;
        let first = self.unhandled.borrow_mut().drain(..).next();
        match first {
            None => Ok(()),
            Some((_, reason)) => self.context.with(|ctx| {
                let caught = match reason.restore(&ctx) {
                    Ok(value) => caught(value),
                    Err(e) => CaughtError::Error(e),
                };
                let thrown = clock::within(self.limits.time, || self.read(caught));
                Err(match self.report(thrown, what) {
                    Error::Script(m) => {
                        Error::Script(format!("{m} (a promise rejected, and nothing handled it)"))
                    }
                    other => other,
                })
            }),
        }
    }

    /// Calls `__whalegen[name]()` for a boolean.
    pub(super) fn ask(&self, name: &str) -> Result<bool, Error> {
        self.context.with(|ctx| {
            let run = || -> rquickjs::Result<bool> {
                let hooks: Object = ctx.globals().get("__whalegen")?;
                hooks.get::<_, Function>(name)?.call(())
            };
            self.timed(|| run().catch(&ctx).map_err(|e| self.read(e)))
                .map_err(|e| self.report(e, name))
        })
    }

    /// Runs `f` under the time limit, of the thread's processor time
    /// (src/clock.rs), and the drawing it queues with it: drawing
    /// stopped at the limit is an error as the JavaScript's would be, even
    /// when the JavaScript then ended.
    fn timed<T>(&self, f: impl FnOnce() -> Result<T, Thrown>) -> Result<T, Thrown> {
        clock::within(self.limits.time, || match f() {
            Ok(_) if clock::expired() => Err(Thrown {
                message: INTERRUPTED.to_string(),
                stack: String::new(),
            }),
            result => result,
        })
    }

    /// What was thrown, read while the time limit still runs: its `name`,
    /// `message` and `stack` may be getters that never end.
    fn read(&self, caught: CaughtError) -> Thrown {
        let thrown = Thrown::read(&caught);
        let late = clock::passed();
        match thrown.message.as_str() {
            INTERRUPTED => thrown,
            _ if late => Thrown {
                message: "the error thrown could not be read within the time limit (a name, \
                          message or stack getter that does not end?); --time-limit sets it"
                    .to_string(),
                stack: String::new(),
            },
            _ => thrown,
        }
    }

    /// A JavaScript exception as one line: where, what, and the stack.
    fn report(&self, thrown: Thrown, what: &str) -> Error {
        let Thrown { message, stack } = thrown;
        if message == INTERRUPTED {
            return self.limits.time_up(what);
        }
        if message == OUT_OF_MEMORY {
            return Error::Script(format!(
                "{what} threw null, as QuickJS does when memory runs out (out of memory?): \
                 the JavaScript heap may hold {} MiB; --heap sets it",
                self.limits.heap >> 20
            ));
        }
        if message.contains("out of memory") {
            return Error::Script(format!(
                "{what} ran out of memory: the JavaScript heap may hold {} MiB; --heap sets it",
                self.limits.heap >> 20
            ));
        }
        let frames = stack_frames(&stack);
        // QuickJS says "not a function" without a name: take it from the
        // sketch, at the place of the call.
        let message = match (message.strip_suffix("not a function"), frames.first()) {
            (Some(head), Some(frame)) => match self.callee(&frame.place) {
                Some(name) => format!("{head}{name} is not a function"),
                None => message,
            },
            _ => message,
        };
        let at = frames
            .first()
            .map(|f| format!("{}: ", f.place))
            .unwrap_or_default();
        let trail = if frames.len() > 1 || frames.first().is_some_and(|f| f.function.is_some()) {
            format!(" (at {})", calls(&frames))
        } else {
            String::new()
        };
        // Control characters (a terminal's escapes) shown, not sent.
        Error::Script(check::escaped(&format!("{at}{message}{trail}")))
    }
}

/// What QuickJS throws when memory runs out even for an exception (a
/// sketch's own `throw null` reads the same).
const OUT_OF_MEMORY: &str = "uncaught null";

/// The most characters of a thrown message (or name, or thrown string)
/// shown: the rest is counted, not written.
const MAX_MESSAGE: usize = 4096;

/// `text` cut to `most` characters, with how many more there were.
pub(super) fn bounded(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((cut, _)) => {
            let more = text[cut..].chars().count();
            format!("{}… ({more} more characters)", &text[..cut])
        }
        None => text.to_string(),
    }
}

/// An exception's message (`name: message`) and stack, as read.
struct Thrown {
    message: String,
    stack: String,
}

impl Thrown {
    fn read(caught: &CaughtError) -> Thrown {
        let (message, stack) = match caught {
            CaughtError::Exception(e) => {
                let name = e
                    .get::<_, Option<String>>("name")
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| "Error".into());
                let message = e.message().unwrap_or_default();
                let message = format!(
                    "{}: {}",
                    bounded(&name, MAX_MESSAGE),
                    bounded(&message, MAX_MESSAGE)
                );
                (message, e.stack().unwrap_or_default())
            }
            CaughtError::Value(v) => (format!("uncaught {}", shown_value(v)), String::new()),
            CaughtError::Error(e) => (e.to_string(), String::new()),
        };
        Thrown { message, stack }
    }
}

impl Engine {
    /// The expression called at `place` (`file:line:column`), such as
    /// `p.rect` or `noCanvass`.
    fn callee(&self, place: &str) -> Option<String> {
        let mut parts = place.rsplitn(3, ':');
        let column: usize = parts.next()?.parse().ok()?;
        let line: usize = parts.next()?.parse().ok()?;
        let file = parts.next()?;
        let sources = self.sources.borrow();
        let (_, code) = sources.iter().find(|(name, _)| name == file)?;
        let text = code.lines().nth(line.checked_sub(1)?)?;
        let from = text.char_indices().nth(column.checked_sub(1)?)?.0;
        let name: String = text[from..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.'))
            .collect();
        (!name.is_empty()).then_some(name)
    }
}

/// One line of a JavaScript stack: `at draw (sketch.js:12:5)`.
struct Frame {
    function: Option<String>,
    place: String,
}

impl Frame {
    fn shown(&self) -> String {
        match &self.function {
            Some(f) => format!("{f} {}", self.place),
            None => self.place.clone(),
        }
    }
}

/// The most calls of a stack an error shows.
const SHOWN_CALLS: usize = 6;

/// The calls of a stack, innermost first, a run of one call (a recursion)
/// shown once with its count.
fn calls(frames: &[Frame]) -> String {
    let mut shown: Vec<String> = Vec::new();
    let mut i = 0;
    while i < frames.len() && shown.len() < SHOWN_CALLS {
        let call = frames[i].shown();
        let run = frames[i..].iter().take_while(|f| f.shown() == call).count();
        shown.push(if run > 1 {
            format!("{call} x{run}")
        } else {
            call
        });
        i += run;
    }
    if i < frames.len() {
        shown.push(format!("{} more", frames.len() - i));
    }
    shown.join(", called from ")
}

/// The sketch's frames of a QuickJS stack, innermost first; the prelude's
/// and the engine's own are left out.
fn stack_frames(stack: &str) -> Vec<Frame> {
    stack
        .lines()
        .filter_map(|line| {
            let line = line.trim().strip_prefix("at ")?;
            let (function, place) = match line.rsplit_once(" (") {
                Some((f, rest)) => (Some(f.to_string()), rest.trim_end_matches(')')),
                None => (None, line),
            };
            let function = function.filter(|f| f != "<anonymous>" && f != "<eval>");
            let own = [PRELUDE, TEXT].iter().any(|file| place.starts_with(file));
            let keep = place.contains(':') && !own && place != "native";
            keep.then(|| Frame {
                function,
                place: place.to_string(),
            })
        })
        .collect()
}

/// A thrown or rejected value as QuickJS catches it.
fn caught(value: Value<'_>) -> CaughtError<'_> {
    match value.as_object().cloned().and_then(Exception::from_object) {
        Some(exception) => CaughtError::Exception(exception),
        None => CaughtError::Value(value),
    }
}

fn shown_value(v: &rquickjs::Value) -> String {
    if let Some(s) = v.as_string().and_then(|s| s.to_string().ok()) {
        return format!("{:?}", bounded(&s, MAX_MESSAGE));
    }
    if let Some(n) = v.as_number() {
        return n.to_string();
    }
    v.type_name().to_string()
}

fn engine_error(e: impl ToString) -> Error {
    Error::Script(format!("the JavaScript engine failed: {}", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stack_keeps_the_sketch_frames_only() {
        let stack = "    at fail (sketch.js:3:11)\n    at draw (sketch.js:8:3)\n    \
                     at <anonymous> (whalegen-p5.js:700:12)\n";
        let frames = stack_frames(stack);
        let shown: Vec<String> = frames.iter().map(Frame::shown).collect();
        assert_eq!(shown, ["fail sketch.js:3:11", "draw sketch.js:8:3"]);
    }

    #[test]
    fn a_recursion_is_shown_once_with_its_count() {
        let mut stack = "    at f (s.js:1:23)\n".repeat(40);
        stack += "    at setup (s.js:2:10)\n";
        assert_eq!(
            calls(&stack_frames(&stack)),
            "f s.js:1:23 x40, called from setup s.js:2:10"
        );
    }
}
