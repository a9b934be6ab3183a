//! The generator's library: generators that are pure functions of the front-end's universe (one model of the whole tree, read once), run as jobs spread over threads, and the writer that keeps `generated/` in step. The binary (`kapi-codegen`) is a thin command-line layer over this.
#![warn(missing_docs)]

pub mod cargo_features;
pub mod compat;
pub mod emit;
pub mod init;
pub mod layout;
pub mod output;

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub use kapi_frontend::diagnostics::Diagnostic;
pub use kapi_frontend::universe::{SourceTree, Universe};
pub use layout::Layout;
pub use output::{Changes, Outputs};

use emit::{Emitted, Part, Plan};

/// The generators, by name, in the order they run.
pub const GENERATORS: &[&str] = &[
    "defaults",
    "gates",
    "conversion",
    "register",
    "lifecycle",
    "proto",
    "roundtrip",
    "clientset",
    "openapi",
    "applyconfig",
    "crd",
    "validation",
];

/// The order in which generators' outputs and diagnostics are put together, and into how many
/// jobs each is cut (the generators with the most output, by package). The cut and the threads
/// change nothing in the result: parts are runs of consecutive packages, put back together in order.
const JOBS: &[(&str, usize)] = &[
    ("defaults", 1),
    ("gates", 1),
    ("conversion", 4),
    ("validation", 2),
    ("register", 1),
    ("lifecycle", 1),
    ("proto", 1),
    ("roundtrip", 1),
    ("clientset", 1),
    ("openapi", 1),
    ("applyconfig", 2),
    ("crd", 1),
];

/// Syntax trees can nest as deep as the input does (syn's parser recurses once per level; the
/// front-end rejects anything deeper than it allows): every thread that parses or emits gets a
/// large stack, so a deep definition ends in a diagnostic, not a stack overflow.
pub const STACK_BYTES: usize = 256 << 20;

/// One generator over one part of the tree.
#[derive(Debug, Clone, Copy)]
struct Job {
    generator: &'static str,
    part: Part,
}

/// How long one job took, on which thread: what `--timings` prints.
#[derive(Debug, Clone)]
pub struct Timing {
    /// The generator, with the part when it is cut (`applyconfig[3/8]`), or `load` for the time
    /// a thread took to build its universe.
    pub what: String,
    /// The thread that ran it (0 is the caller's).
    pub thread: usize,
    /// Wall-clock time.
    pub took: Duration,
    /// The time the thread ran on a core meanwhile (Linux only): what it takes on an idle machine,
    /// where wall-clock time also counts waiting for a core that other programs hold.
    pub cpu: Option<Duration>,
}

/// The time the calling thread has run on a core so far, from `/proc/thread-self/schedstat`
/// (nanoseconds on a core, then waiting for one, then time slices); `None` where there is no such file.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok().map(Duration::from_nanos)
}

/// Measures `f` in wall-clock and (where known) core time.
fn timed<T>(what: impl FnOnce() -> String, thread: usize, f: impl FnOnce() -> T) -> (T, Timing) {
    let (started, cpu) = (Instant::now(), thread_cpu_time());
    let value = f();
    let took = started.elapsed();
    let cpu = cpu.zip(thread_cpu_time()).map(|(before, after)| after.saturating_sub(before));
    (value, Timing { what: what(), thread, took, cpu })
}

/// What one job produced.
struct Done {
    emitted: Emitted,
    diagnostics: Vec<Diagnostic>,
}

/// Runs the named generators (all when `only` is empty) over a universe on the calling thread.
/// Returns every output file, or every diagnostic (the universe's own and the generators') if
/// there is any. Reads and writes no file.
pub fn generate(u: &Universe, only: &[String]) -> Result<Outputs, Vec<Diagnostic>> {
    // One job per generator: the reference that the parts of a parallel run put together match.
    let plan = Plan::new(u);
    let mut whole = jobs(only);
    whole.dedup_by_key(|j| j.generator);
    let done = whole.iter().map(|job| run_job(u, &plan, Job { part: Part::WHOLE, ..*job })).collect();
    assemble(u, only, done)
}

/// What [`generate_parallel`] returns.
pub struct Generated {
    /// The universe built on the calling thread, to render the diagnostics against.
    pub universe: Universe,
    /// The outputs, or every diagnostic: the same, in the same order, as [`generate`] returns.
    pub result: Result<Outputs, Vec<Diagnostic>>,
    /// How long each thread took to build its universe and each job took, by thread.
    pub timings: Vec<Timing>,
}

/// Runs the named generators over a tree read once, spread over `threads` threads (the caller's
/// among them). Syntax trees cannot cross threads, so each thread builds its own universe from
/// the same sources, all at once; then each takes the next job nobody has taken, the biggest
/// first, and files what it made under the job's place, so the result is what [`generate`] makes,
/// whatever the number of threads and whichever thread ran which job.
pub fn generate_parallel(tree: &SourceTree, threads: usize, only: &[String]) -> Generated {
    let jobs = jobs(only);
    let threads = threads.clamp(1, jobs.len().max(1));
    // Biggest first, so that no thread starts a long job when the others are almost done.
    let mut queue: Vec<usize> = (0..jobs.len()).collect();
    queue.sort_by_key(|&i| std::cmp::Reverse(jobs[i].weight()));
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Done>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let timings: Mutex<Vec<Timing>> = Mutex::new(Vec::new());
    let load = |thread: usize| {
        let (u, timing) = timed(|| "load".into(), thread, || Universe::from_tree(tree));
        lock(&timings).push(timing);
        u
    };
    let work = |u: &Universe, thread: usize| {
        let (plan, timing) = timed(|| "plan".into(), thread, || Plan::new(u));
        lock(&timings).push(timing);
        while let Some(&i) = queue.get(next.fetch_add(1, Ordering::Relaxed)) {
            let (done, timing) = timed(|| jobs[i].name(), thread, || run_job(u, &plan, jobs[i]));
            lock(&timings).push(timing);
            lock(&slots)[i] = Some(done);
        }
    };
    let universe = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for thread in 1..threads {
            let (load, work) = (&load, &work);
            let spawned = std::thread::Builder::new()
                .name(format!("kapi-codegen-{thread}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || work(&load(thread), thread));
            // A thread that cannot start leaves its share to the others.
            if let Ok(h) = spawned {
                handles.push(h);
            }
        }
        let u = load(0);
        work(&u, 0);
        for h in handles {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
        u
    });
    let done =
        lock(&slots).drain(..).map(|d| d.expect("every job is taken by a thread that finishes it or panics")).collect();
    let result = assemble(&universe, only, done);
    let mut timings = timings.into_inner().unwrap_or_else(|p| p.into_inner());
    timings.sort_by_key(|t| t.thread);
    Generated { universe, result, timings }
}

/// The jobs of the named generators, in the order their results are put together.
fn jobs(only: &[String]) -> Vec<Job> {
    let wanted = |g: &str| only.is_empty() || only.iter().any(|o| o == g);
    JOBS.iter()
        .filter(|(g, _)| wanted(g))
        .flat_map(|&(generator, count)| (0..count).map(move |index| Job { generator, part: Part { index, count } }))
        .collect()
}

/// Puts the jobs' results together in job order, after the universe's own diagnostics and those
/// of unknown generator names.
fn assemble(u: &Universe, only: &[String], done: Vec<Done>) -> Result<Outputs, Vec<Diagnostic>> {
    let mut diagnostics = u.diagnostics.clone();
    for name in only {
        if !GENERATORS.contains(&name.as_str()) {
            diagnostics.push(Diagnostic::global(format!(
                "unknown generator `{name}`; the generators are: {}",
                GENERATORS.join(", ")
            )));
        }
    }
    let mut outputs = Emitted::default();
    for d in done {
        outputs.append(d.emitted);
        diagnostics.extend(d.diagnostics);
    }
    if diagnostics.is_empty() { Ok(outputs.finish(only.is_empty())) } else { Err(diagnostics) }
}

/// A lock whose holder cannot leave it half-updated (each holder pushes or stores one value).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Job {
    fn name(&self) -> String {
        if self.part.count > 1 {
            format!("{}[{}/{}]", self.generator, self.part.index + 1, self.part.count)
        } else {
            self.generator.to_owned()
        }
    }

    /// How much work the job is, roughly, relative to the others (measured on the whole API).
    fn weight(&self) -> usize {
        let whole = match self.generator {
            "conversion" => 32,
            "validation" => 9,
            "applyconfig" => 5,
            "clientset" | "openapi" => 4,
            "roundtrip" => 3,
            _ => 2,
        };
        whole * 100 / self.part.count
    }
}

/// Runs one job.
fn run_job(u: &Universe, plan: &Plan, job: Job) -> Done {
    let mut emitted = Emitted::default();
    let mut diagnostics = Vec::new();
    let (out, d) = (&mut emitted, &mut diagnostics);
    match job.generator {
        "defaults" => emit::defaults::generate(u, plan, out, d),
        "gates" => emit::gates::generate(u, out),
        "conversion" => emit::conversion::generate(u, plan, job.part, out, d),
        "validation" => emit::validation::generate(u, &plan.needs_validation, job.part, out, d),
        "register" => emit::register::generate(u, plan, out, d),
        "lifecycle" => emit::lifecycle::generate(u, out, d),
        "proto" => emit::proto::generate(u, out, d),
        "roundtrip" => emit::roundtrip::generate(u, plan, out, d),
        "clientset" => emit::clientset::generate(u, out, d),
        "openapi" => emit::openapi::generate(u, out, d),
        "applyconfig" => emit::applyconfig::generate(u, job.part, out, d),
        "crd" => emit::crd::generate(u, out, d),
        other => unreachable!("`{other}` is in JOBS but has no emitter"),
    }
    Done { emitted, diagnostics }
}

/// How many threads to use by default: as many as the machine offers.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Loads the tree at `root` and runs every generator without writing anything, on every core:
/// exactly the problems `generate` would report, all of them.
pub fn check(root: &Path) -> (Universe, Result<Outputs, Vec<Diagnostic>>) {
    let g = generate_parallel(&SourceTree::read(root), default_threads(), &[]);
    (g.universe, g.result)
}

/// Loads the tree at `root` and runs the named generators on every core: the outputs, or every
/// diagnostic rendered rustc-style in position order.
pub fn generate_tree(root: &Path, only: &[String]) -> Result<Outputs, String> {
    let g = generate_parallel(&SourceTree::read(root), default_threads(), only);
    g.result.map_err(|d| g.universe.render(&d))
}
